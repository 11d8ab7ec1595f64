<NodesDefinition>
<node name="a" size="0x4.0"><field name="b" subnode="b" offset="0x0.0" size="0x4.0"/></node>
<node name="b" size="0x4.0"><field name="a" subnode="a" offset="0x0.0" size="0x4.0"/></node>
</NodesDefinition>
