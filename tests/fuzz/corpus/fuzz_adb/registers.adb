<NodesDefinition>
<config big_endian_arr="1" />
<info source_doc_name="test" source_doc_version="Rev 9.99" />
<node name="pair_ext" descr="two halves" size="0x4.0" >
	<field name="lo" descr="low\;half" access="RO" offset="0x0.0" size="0x0.16" />
	<field name="hi" access="RW" offset="0x0.16" size="0x0.16" />
</node>
<node name="small_ext" size="0x0.8" >
	<field name="a" access="RO" offset="0x0.4" size="0x0.4" />
	<field name="b" access="RO" offset="0x0.0" size="0x0.1" />
</node>
<node name="u_ext" attr_is_union="1" size="0x4.0" >
	<field name="as_pair" subnode="pair_ext" offset="0x0.0" size="0x4.0" selected_by="PAIR" />
	<field name="as_word" subnode="word_ext" offset="0x0.0" size="0x4.0" selected_by="WORD" />
</node>
<node name="word_ext" size="0x4.0" >
	<field name="w" offset="0x0.0" size="0x4.0" />
</node>
<node name="demo_reg_ext" descr="a demo register" size="0x20.0" >
	<field name="mode" descr="mode\;0: off\;1: on" access="RW" enum="OFF=0x0,ON=0x1,AUTO=2" offset="0x0.0" size="0x0.4" />
	<field name="owner" access="RW" offset="0x0.31" size="0x0.1" />
	<field name="index" access="INDEX" offset="0x0.16" size="0x0.8" />
	<field name="op" access="OP" offset="0x0.24" size="0x0.2" />
	<field name="small" subnode="small_ext" access="RO" offset="0x0.8" size="0x0.8" />
	<field name="tag" access="RO" high_bound="7" low_bound="0" offset="0x4.24" size="0x8.0" />
	<field name="pairs" subnode="pair_ext" access="RW" high_bound="1" low_bound="0" offset="0xC.0" size="0x8.0" />
	<field name="sel" subnode="u_ext" access="RO" union_selector="$(parent).mode" offset="0x14.0" size="0x4.0" />
	<field name="nibbles" access="WO" high_bound="3" low_bound="0" offset="0x18.28" size="0x0.16" />
	<field name="data" access="RO" high_bound="VARIABLE" low_bound="0" offset="0x1C.0" size="0x4.0" />
</node>
<node name="other_reg_ext" size="0x8.0" >
	<field name="x" access="RO" offset="0x4.0" size="0x4.0" />
</node>
<node name="ctrl_ext" attr_is_union="1" size="0x4.0" >
	<field name="id" subnode="enum_entry" enum="DEMO=0x9999,OTHER=0x1234,GHOST=0x4321,WIDE=0x12345,demo=0x9998,ALIAS=0x1234" offset="0x0.0" size="0x4.0" />
</node>
<node name="enum_entry" size="0x4.0" >
</node>
<node name="summary_ext" attr_is_union="1" size="0x20" >
	<field name="demo" subnode="demo_reg_ext" offset="0x0.0" selected_by="DEMO" size="0x20" />
	<field name="other" subnode="other_reg_ext" offset="0x0.0" selected_by="OTHER" size="0x8" />
	<field name="ghost" subnode="ghost_ext" offset="0x0.0" selected_by="GHOST" size="0x8" />
	<field name="wide" subnode="word_ext" offset="0x0.0" selected_by="WIDE" size="0x4" />
	<field name="nameless" subnode="word_ext" offset="0x0.0" selected_by="NOT_IN_ENUM" size="0x4" />
	<field name="twin" subnode="word_ext" offset="0x0.0" selected_by="demo" size="0x4" />
	<field name="alias" subnode="word_ext" offset="0x0.0" selected_by="ALIAS" size="0x4" />
</node>
<node name="selector_ext" attr_is_union="1" size="0x20" >
	<field name="summary" subnode="summary_ext" offset="0x0.0" size="0x20" union_selector="$(parent).ctrl.id" />
	<field name="ctrl" subnode="ctrl_ext" offset="0x0.0" size="0x4.0" />
</node>
<node name="root" size="0x20.0" descr="" >
	<field name="selector_ext" offset="0x0.0" size="0x20.0" subnode="selector_ext" />
</node>
</NodesDefinition>
