#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Command line: help, version, dispatch, errors, the command table, man pages, completions.
load helper

# a test's own simulator services (private_sims) end with it, passed or not
teardown() {
	if [[ ${PRMCTL_SIM_DIR:-} == "$BATS_TEST_TMPDIR"/* ]]; then stop_sims; fi
}

@test "--help lists every command and exits 0" {
	prm --help
	assert_success
	assert_output --partial "Usage: prmctl"
	for c in $("$PRMCTL" --dump-commands | jq -r '.commands[].name'); do
		assert_output --partial "  $c "
	done
}

@test "-V prints the version" {
	prm -V
	assert_success
	assert_output --regexp '^prmctl [0-9]+\.[0-9]+\.[0-9]+$'
}

@test "no command is a usage error" {
	prm
	assert_failure 2
	[[ $stderr == *"no command given"* ]]
}

@test "unknown command exits 2 with a suggestion" {
	prm devcie list
	assert_failure 2
	[[ $stderr == *"unknown command 'devcie'; did you mean 'device'?"* ]]
}

@test "unknown command in JSON mode prints one error object" {
	prm -j frobnicate
	assert_failure 2
	echo "$output" | jq -e '.schema == "prmctl/1" and .error.code == 2 and .error.reason == "usage"'
	[[ $stderr == *"unknown command 'frobnicate'"* ]]
}

@test "ambiguous prefix is an error naming the candidates" {
	prm de
	assert_failure 2
	[[ $stderr == *"'de' is ambiguous: decode, device"* ]]
}

@test "unique prefixes of commands and verbs work" {
	prm devi sh -d sim
	assert_success
	assert_output --partial "ConnectX-7"
}

@test "unknown verb exits 2 with a suggestion" {
	prm device lsit
	assert_failure 2
	[[ $stderr == *"unknown verb 'lsit'; did you mean 'list'?"* ]]
}

@test "unknown option exits 2" {
	prm device list --bogus
	assert_failure 2
	[[ $stderr == *"--bogus"* ]]
}

@test "unknown option in JSON mode still gives a JSON error" {
	prm -j device list --bogus
	assert_failure 2
	echo "$output" | jq -e '.error.code == 2'
}

@test "global options are accepted after the command and the verb" {
	prm device show -j -d sim
	assert_success
	assert_json_doc
	prm device -j show --device=sim
	assert_success
	assert_json_doc
}

@test "-p indents JSON" {
	prm -j -p -d sim device show
	assert_success
	[ "${lines[1]}" = '  "schema": "prmctl/1",' ]
}

@test "help COMMAND and COMMAND --help print the command's help" {
	prm help decode
	assert_success
	assert_output --partial "Usage: prmctl decode"
	prm device --help
	assert_success
	assert_output --partial "list"
	assert_output --partial "show"
	prm device show --help
	assert_success
	assert_output --partial "Usage: prmctl device show"
	prm help nosuch
	assert_failure 2
}

@test "--dump-commands is the command table as JSON" {
	prm --dump-commands
	assert_success
	echo "$output" | jq -e '.schema == "prmctl/1" and (.commands | length) >= 2'
	echo "$output" | jq -e '[.commands[].name] | index("device") != null'
	echo "$output" | jq -e '.commands[] | select(.name == "device") | [.verbs[].verb] == ["list", "show", "bind"]'
	echo "$output" | jq -e '[.global_options[].long] | index("device") != null and index("json") != null'
}

@test "every command in the table has its man page, and prmctl(8) exists" {
	[ -f "$TOP/man/prmctl.8.scd" ]
	for c in $("$PRMCTL" --dump-commands | jq -r '.commands[].name'); do
		[ -f "$TOP/man/prmctl-$c.8.scd" ] || fail "man/prmctl-$c.8.scd missing"
	done
}

@test "prmctl-decode(8) lists every layout decode --list knows" {
	local n
	for n in $("$PRMCTL" -j decode --list | jq -r '.layouts[].name'); do
		grep -q "^|  $n\$" "$TOP/man/prmctl-decode.8.scd" || fail "prmctl-decode.8 lacks layout $n"
	done
}

@test "man pages document every global option and exit status" {
	for o in $("$PRMCTL" --dump-commands | jq -r '.global_options[].long'); do
		grep -q -- "--$o" "$TOP/man/prmctl.8.scd" || fail "prmctl.8 does not document --$o"
	done
	for s in 0 1 2 3 4 5; do
		grep -q "^\*$s\*" "$TOP/man/prmctl.8.scd" || fail "prmctl.8 lacks exit status $s"
	done
}

@test "bash completion is generated from the table and completes commands and verbs" {
	local comp="$TOP/build/completions/prmctl.bash"
	[ -f "$comp" ] || fail "completions not built (make completions)"
	run bash -c "
		prmctl() { '$PRMCTL' \"\$@\"; }
		source '$comp'
		COMP_WORDS=(prmctl devi); COMP_CWORD=1; _prmctl; echo \"\${COMPREPLY[*]}\"
		COMP_WORDS=(prmctl device ''); COMP_CWORD=2; _prmctl; echo \"\${COMPREPLY[*]}\"
		COMP_WORDS=(prmctl -d s); COMP_CWORD=2; _prmctl; echo \"\${COMPREPLY[*]}\"
		COMP_WORDS=(prmctl decode health); COMP_CWORD=2; _prmctl; echo \"\${COMPREPLY[*]}\"
	"
	assert_success
	assert_line --index 0 "device"
	assert_line --index 1 "list show bind"
	assert_line --index 2 "sim"
	assert_line --index 3 "health_buffer"
}

# What TAB offers after WORDS... (the last one the word being completed), one
# line; in bash, and in zsh with compadd and _describe replaced by printers of
# the names they were given that match the word being completed
complete_bash() {
	bash -c '
		prmctl() { "$PRMCTL" "$@"; }
		source "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _prmctl
		echo "${COMPREPLY[*]}"' _ "$TOP/build/completions/prmctl.bash" "$@"
}

complete_zsh() {
	zsh -c '
		prmctl() { "$PRMCTL" "$@" }
		compadd() { while [[ $1 != -- ]]; do shift; done; shift
			local w; for w; [[ ${(L)w} == ${(L)PREFIX}* ]] && print -r -- $w }
		_describe() { local e; for e in ${(P)4}; [[ ${e%%:*} == $PREFIX* ]] && print -r -- ${e%%:*} }
		_files() { print -r -- "<files>" }
		compset() { PREFIX=${PREFIX#*=} }
		words=(prmctl); CURRENT=2; PREFIX=
		source "$1" >/dev/null; shift
		words=("$@"); CURRENT=$#; PREFIX=$words[CURRENT]
		print -r -- ${(f)"$(_prmctl)"}' _ "$TOP/build/completions/_prmctl" "$@"
}

@test "completions know every level of verbs and the device's vocabulary, in bash and zsh" {
	[ -f "$TOP/build/completions/prmctl.bash" ] || fail "completions not built (make completions)"
	command -v zsh >/dev/null || fail "zsh not installed (tools/install-deps test)"
	private_sims
	"$PRMCTL" sim start comptest >/dev/null
	local sh words want got row
	# words before the cursor | the word typed | what TAB offers
	local -a table=(
		"prmctl|devi|device"
		"prmctl help|dev|device devlink"
		"prmctl devlink|reg|region"
		"prmctl devlink region|sn|snapshot"
		"prmctl devlink region snapshot|--k|--keep"
		"prmctl trace strings|s|save"
		"prmctl trace strings save|--ou|--output"
		"prmctl trace decode|--strings-|--strings-db"
		"prmctl reg read|MTRC_C|MTRC_CAP MTRC_CONF MTRC_CTRL"
		"prmctl -d sim reg describe|PPCN|PPCNT"
		"prmctl reg write|mgi|MGIR"
		"prmctl cmd|QUERY_HCA_C|QUERY_HCA_CAP"
		"prmctl cmd|query_adap|QUERY_ADAPTER"
		"prmctl sim inject comptest|fw-|fw-assert"
		"prmctl sim clear comptest|dct-|dct-key-violation dct-drain-stuck"
		"prmctl --inject|link|link-degraded"
		"prmctl decode|health|health_buffer"
		"prmctl decode|paos_r|paos_reg_ext"
		"prmctl caps|gen|general general_2"
		"prmctl caps|tr|tracer"
		"prmctl sim stop|comp|comptest"
		"prmctl -d|sim:|sim:comptest"
		"prmctl --model|cx6|cx6dx"
		"prmctl sim start lab --model|cx7|cx7"
		"prmctl --access|dev|devlink"
		"prmctl atomic masks --op|s|swap"
	)
	for sh in bash zsh; do
		for row in "${table[@]}"; do
			IFS='|' read -r words cur want <<< "$row"
			got=$(complete_$sh $words "$cur")
			[ "$got" = "$want" ] || fail "$sh: '$words $cur' offers '$got', not '$want'"
		done
	done
	"$PRMCTL" sim stop comptest >/dev/null
}

@test "make install honours DESTDIR and PREFIX" {
	local d=$BATS_TEST_TMPDIR/root
	run make -s -C "$TOP" install DESTDIR="$d" PREFIX=/opt/prm
	assert_success
	[ -x "$d/opt/prm/sbin/prmctl" ]
	[ -f "$d/opt/prm/share/man/man8/prmctl.8" ]
	[ -f "$d/opt/prm/share/man/man8/prmctl-decode.8" ]
	[ -f "$d/opt/prm/share/bash-completion/completions/prmctl" ]
	[ -f "$d/opt/prm/share/zsh/vendor-completions/_prmctl" ]
	grep -q '^\.TH "prmctl" "8"' "$d/opt/prm/share/man/man8/prmctl.8"
	local unit=$d/opt/prm/lib/systemd/system/prmctl-health@.service
	grep -q '^ExecStart=/opt/prm/sbin/prmctl -d %I health watch' "$unit"
	! grep -q '@BINDIR@' "$unit"
}

@test "the zsh completion is valid zsh" {
	command -v zsh >/dev/null || fail "zsh not installed (tools/install-deps test)"
	run zsh -n "$TOP/build/completions/_prmctl"
	assert_success
}

@test "a failed write of the output is exit 1 with a message" {
	[ -w /dev/full ] || skip "no /dev/full"
	run --separate-stderr bash -c "'$PRMCTL' decode --list > /dev/full"
	assert_failure 1
	[[ $stderr == *"error writing output: No space left on device"* ]]
	run --separate-stderr bash -c "'$PRMCTL' -j -d sim device show > /dev/full"
	assert_failure 1
}
