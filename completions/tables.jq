# The command table (prmctl --dump-commands) as the tables the completion
# scripts walk: one node per command path ("prmctl", "prmctl devlink region"),
# with its verbs, its options and what their arguments and its own complete to.
# $optargs, $args: completions/optargs.tsv and args.tsv, read raw.

def tsv: split("\n") | map(select(length > 0 and (startswith("#") | not)) | split("\t"))
	| map({ (.[0]): .[1] }) | add // {};

def nodes($p):
	{ path: $p, verbs: [.verbs[]? | { name: .verb, summary }], options: (.options // []),
	  args: .args },
	(.verbs[]? | nodes($p + " " + .verb));

def optkind($k):
	if .arg == null then null
	else $k["--" + .long] // $k[.arg]
		// (if (.arg | test("^[a-z0-9-]+(\\|[a-z0-9-]+)+$")) then "words:" + (.arg | split("|") | join(" "))
		    else "none" end)
	end;

($optargs | tsv) as $ok | ($args | tsv) as $ak |
[.commands[] | { name, summary }] as $cmds |
([{ path: "prmctl", verbs: ($cmds + [{ name: "help", summary: "Show the help of a command" }]),
    options: .global_options, args: null },
  { path: "prmctl help", verbs: $cmds, options: [], args: null }]
 + [.commands[] | nodes("prmctl " + .name)])
| map(. + {
	options: [.options[] | { names: (["--" + .long] + (if .short then ["-" + .short] else [] end)),
				 doc, kind: optkind($ok) }],
	argkinds: ($ak[.path | ltrimstr("prmctl ")]
		   // (if (.args // "") | test("FILE") then "files" else "" end))
  })
