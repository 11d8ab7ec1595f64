# prmctl(8) CONVENTIONS, Keys: what a JSON key's name says about its value.
# A jq module: `jq -L tests/cli 'include "keys"; breaks'` reads
# {"cmd": "the command line", "doc": one JSON document it printed}, a stream,
# and prints one line per break, "COMMAND: PATH: what is wrong". A PRM
# structure decoded with the PRM's own names ("fields"; "dct_context" and
# "caps", named after theirs) is left out, as the convention says.
def iso: test("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$");
def is_time: . == "time" or endswith("_time") or . == "started" or . == "ended";
def has_unit: test("_(ns|us|ms|s|ticks|bytes|c|gts)$");
def pathstr: map(if type == "number" then "[\(.)]" else "." + . end) | join("");
def prm_decoded: ["fields", "dct_context", "caps", "diagnose", "dump"];
def outside_fields: . as $p | all(prm_decoded[]; . as $k | ($p[:-1] | index([$k])) == null);
def why($k; $v; $parent):
	if ($k | is_time) and $v != null and (($v | type) != "string" or ($v | iso | not)) then
		"a time, not an ISO 8601 UTC string: \($v | tojson)"
	elif ($k | endswith("_iso")) then
		"an _iso key: the time is \($k | rtrimstr("_iso")) itself"
	elif ($k | has_unit) and $v != null and ($v | type) != "number" then
		"names a unit but is a \($v | type): \($v | tojson)"
	elif ($v | type) == "number" and $v >= 9007199254740992 and ($k | endswith("_ns")) and
	     ($parent[$k | rtrimstr("_ns")] | type) != "string" then
		"above 2^53 without its exact ISO time beside it (\($k | rtrimstr("_ns")))"
	elif ($k == "status" or $k == "syndrome" or $k == "synd" or $k == "opcode" or $k == "op_mod") and
	     $v != null and ($v | type) != "number" then
		"a number by its name, here \($v | tojson)"
	elif $k == "error" and $v != null and ($v | type) != "object" then
		"an error is an object (code, reason, message), here \($v | tojson)"
	elif ($k | endswith("_name")) and ($parent | type) == "object" and
	     ($parent | has($k | rtrimstr("_name")) | not) then
		"a name without the number it names (\($k | rtrimstr("_name"))) beside it"
	elif ($k == "health" or $k == "access" or ($k | endswith("_name"))) and $v != null and
	     ($v | type) != "string" then
		"a string by its name, here \($v | tojson)"
	else empty end;

def breaks:
	.cmd as $cmd | .doc as $d |
	$d | paths | select(.[-1] | type == "string") | select(outside_fields) |
	. as $p | ($d | getpath($p)) as $v | ($d | getpath($p[:-1])) as $parent |
	why($p[-1]; $v; $parent) | "\($cmd): \($p | pathstr): \(.)";
