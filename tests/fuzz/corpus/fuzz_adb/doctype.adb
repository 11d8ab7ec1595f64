<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;">
]>
<NodesDefinition><node name="&lol2;" size="0x4.0"/></NodesDefinition>
