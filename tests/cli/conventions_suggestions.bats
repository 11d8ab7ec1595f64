#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl(8) CONVENTIONS, Suggestions: every kind of name a user types, misspelt,
# is a usage error (exit 2) naming the closest known name.
load helper

setup() {
	private_sims
}

teardown() {
	stop_sims
}

# kind | command line (words split on spaces) | what stderr must say
CASES=(
	"command|helth|unknown command 'helth'; did you mean 'health'?"
	"verb|-d sim health shwo|unknown verb 'shwo'; did you mean 'show'?"
	"verb of a verb group|-d sim devlink regoin|unknown verb 'regoin'; did you mean 'region'?"
	"register (swapped letters)|-d sim reg read MGRI|unknown register 'MGRI'; did you mean 'MGIR'?"
	"register (case)|-d sim reg read mgri|did you mean 'MGIR'?"
	"register not in the database|-d sim reg read DOTR|unknown register 'DOTR'; did you mean 'DTOR'?"
	"register without a database|-d sim --adb /nonexistent reg read MGRI|PRMCTL_ADB; did you mean 'MGIR'?"
	"PRM command|-d sim cmd query_hca_cpa|unknown command 'query_hca_cpa'; did you mean 'QUERY_HCA_CAP'?"
	"opcode of a fault|-d sim --inject cmd-status:query_hca_cpa,1,2 caps|'query_hca_cpa' is not a command; did you mean 'QUERY_HCA_CAP'?"
	"fault|-d sim --inject helth-stall health|unknown fault 'helth-stall'; did you mean 'health-stall'?"
	"layout|decode health_bufer /dev/null|unknown layout 'health_bufer'; did you mean 'health_buffer'?"
	"capability page|-d sim caps genral|unknown capability page 'genral'; did you mean 'general'?"
	"capability field|-d sim caps general log_max_qpp|unknown field 'log_max_qpp'; did you mean 'log_max_qp'?"
	"another verb's option|-d sim health --interval 1|unknown option '--interval'; did you mean 'health watch --interval'?"
	"a sibling verb's option|-d sim health show --interval 1|unknown option '--interval'; did you mean 'health watch --interval'?"
	"option|-d sim health watch --intreval 1|unknown option '--intreval'; did you mean '--interval'?"
	"global option|--jsno health|unknown option '--jsno'; did you mean '--json'?"
	"access path|-d sim --access icdm reg read MGIR|unknown access path 'icdm'; did you mean 'icmd'?"
	"simulated model|-d sim --model cx7x health|unknown simulated model 'cx7x'; did you mean 'cx7'?"
	"register field|-d sim --write reg write MTRC_CONF trace_mdoe=1|no field 'trace_mdoe'; did you mean 'trace_mode'?"
	"nested field|-d sim --write reg write MGIR fw_info.yeer=1|no field 'yeer' (in 'fw_info.yeer'); did you mean 'year'?"
	"trace filter key|trace decode --filter evnt_id=3 /dev/null|(!= and !~ keep the events that do not match); did you mean 'event_id'?"
	"trace filter type|trace decode --filter type!=strng /dev/null|type is string, raw or timestamp; did you mean 'string'?"
)

@test "suggestions: every kind of name, a typo -> the closest name, exit 2" {
	local c kind line want
	for c in "${CASES[@]}"; do
		IFS='|' read -r kind line want <<<"$c"
		# shellcheck disable=SC2086
		prm $line
		[ "$status" -eq 2 ] || fail "$kind ($line): exit $status, not 2: $stderr"
		[[ $stderr == *"$want"* ]] || fail "$kind ($line): stderr lacks \"$want\": $stderr"
	done
}

@test "suggestions: in JSON mode the same message, in one error object" {
	local c kind line want
	for c in "${CASES[@]}"; do
		IFS='|' read -r kind line want <<<"$c"
		# shellcheck disable=SC2086
		prm -j $line
		[ "$status" -eq 2 ] || fail "$kind ($line): exit $status, not 2"
		echo "$output" | jq -e --arg w "$want" \
			'.error.code == 2 and .error.reason != null and (.error.message | contains($w))' \
			>/dev/null || fail "$kind ($line): $output"
	done
}

@test "suggestions: a fault to a running simulator, injected and cleared" {
	"$PRMCTL" sim start sg >/dev/null
	prm sim inject sg helth-stall
	assert_failure 2
	[[ $stderr == *"unknown fault 'helth-stall'; did you mean 'health-stall'?"* ]]
	prm sim clear sg fw-asert
	assert_failure 2
	[[ $stderr == *"unknown fault 'fw-asert'; did you mean 'fw-assert'?"* ]]
}

@test "suggestions: nothing close is no guess" {
	prm -d sim reg read ZZZZZZZZ
	assert_failure 2
	[[ $stderr != *"did you mean"* ]]
	prm -d sim cmd NO_SUCH_THING_AT_ALL
	assert_failure 2
	[[ $stderr != *"did you mean"* ]]
	prm -d sim health watch --zzzzzzzz
	assert_failure 2
	[[ $stderr != *"did you mean"* ]]
}
