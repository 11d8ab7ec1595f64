<NodesDefinition>
<config big_endian_arr="1" />
<node name="good" size="0x4.0" >
	<field name="x" offset="0x0.0" size="0x4.0" />
</node>
<node name="unknown_type" size="0x4.0" >
	<field name="f" subnode="no_such_node" offset="0x0.0" size="0x4.0" />
</node>
<node name="beyond" size="0x4.0" >
	<field name="f" offset="0x4.0" size="0x4.0" />
</node>
<node name="loop_a" size="0x4.0" >
	<field name="b" subnode="loop_b" offset="0x0.0" size="0x4.0" />
</node>
<node name="loop_b" size="0x4.0" >
	<field name="a" subnode="loop_a" offset="0x0.0" size="0x4.0" />
</node>
<node name="holds_loop" size="0x8.0" >
	<field name="g" subnode="good" offset="0x0.0" size="0x4.0" />
	<field name="l" subnode="loop_a" offset="0x4.0" size="0x4.0" />
</node>
<node name="overlap" size="0x4.0" >
	<field name="a" offset="0x0.0" size="0x0.16" />
	<field name="b" offset="0x0.8" size="0x0.16" />
</node>
<node name="dup_field" size="0x4.0" >
	<field name="a" offset="0x0.0" size="0x0.8" />
	<field name="a" offset="0x0.8" size="0x0.8" />
</node>
<node name="good" size="0x8.0" >
</node>
<node name="huge" size="0xffffffff.0" >
</node>
<node name="bad_number" size="0x4.0" >
	<field name="f" offset="zero" size="0x4.0" />
</node>
<node name="overflow" size="0x4.0" >
	<field name="f" offset="0x99999999999999999999.0" size="0x4.0" />
</node>
<node name="bad_enum" size="0x4.0" >
	<field name="f" enum="A=1,B" offset="0x0.0" size="0x4.0" />
</node>
<node name="crosses" size="0x8.0" >
	<field name="f" offset="0x0.16" size="0x0.24" />
</node>
<node name="self" size="0x4.0" >
	<field name="me" subnode="self" offset="0x0.0" size="0x4.0" />
</node>
<node name="wrong_width" size="0x8.0" >
	<field name="g" subnode="good" offset="0x0.0" size="0x8.0" />
</node>
<node name="uneven_array" size="0x4.0" >
	<field name="f" high_bound="2" low_bound="0" offset="0x0.0" size="0x4.0" />
</node>
<node name="zero" size="0x0.0" >
</node>
<node name="wide_leaf" size="0x10.0" >
	<field name="f" offset="0x0.0" size="0x10.0" />
</node>
<node name="dotted" size="0x4.0" >
	<field name="a.b" offset="0x0.0" size="0x4.0" />
</node>
</NodesDefinition>
