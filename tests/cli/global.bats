#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Command line: help, version, dispatch, errors, the command table, man pages, completions.
load helper

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
	echo "$output" | jq -e '.commands[] | select(.name == "device") | [.verbs[].verb] == ["list", "show"]'
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
	assert_line --index 1 "list show"
	assert_line --index 2 "sim"
	assert_line --index 3 "health_buffer"
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
