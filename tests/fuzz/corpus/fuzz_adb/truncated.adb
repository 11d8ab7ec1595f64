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
	<field name="as_word" subnode="word_ext" offset="0x0.0" size="0x4.0" sel