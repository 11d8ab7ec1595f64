<NodesDefinition>
<config big_endian_arr="1" />
<node name="a_ext" size="0x8.0" >
	<field name="v" access="RO" enum="X=0x1,Y=0x2" offset="0x0.0" size="0x0.4" />
	<field name="arr" access="RW" high_bound="3" low_bound="0" offset="0x4.24" size="0x4.0" />
</node>
<node name="u" attr_is_union="1" size="0x8.0" >
	<field name="a" subnode="a_ext" offset="0x0.0" size="0x8.0" selected_by="A" />
</node>
<node name="tiny" size="0x0.8" >
	<field name="t" offset="0x0.2" size="0x0.3" />
</node>
<node name="top" size="0x10.0" >
	<field name="u" subnode="u" union_selector="$(parent).k" offset="0x0.0" size="0x8.0" />
	<field name="k" subnode="tiny" offset="0x8.16" size="0x0.8" />
	<field name="var" high_bound="VARIABLE" low_bound="0" offset="0xC.0" size="0x4.0" />
</node>
</NodesDefinition>
