#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl(8) CONVENTIONS, Traces: trace decode and trace analyze text for people
# (a header, the wall clock when there is an anchor, timestamp events hidden,
# nothing that arrived dropped, --filter with negation, the kernel's printf),
# analyze within 120 columns with --top in every table. Each table row is one
# input (a capture with an anchor, raw rings with and without a clock).
load helper

GEN=$BATS_TEST_DIRNAME/../trace/tracegen.py

setup_file() {
	export D=$BATS_FILE_TMPDIR
	"$PRMCTL" -d sim trace capture -o "$D/c.trace" --duration 0.4 >/dev/null
	python3 "$GEN" --out "$D/gen" random_clean printf_int >/dev/null
}

# the input options of a generated ring, one word a line in its args file
ring_args() { # name
	mapfile -t RING < "$D/gen/$1/args"
	RING+=("$D/gen/$1/ring.bin")
}

# input | extra options | the header line | what every event's time looks like
CLOCKS=(
	"capture||TIME (UTC)                     ID   L MESSAGE|20[0-9]{2}-[01][0-9]-[0-3][0-9]T[0-9:]{8}\.[0-9]{9}Z"
	"capture|--realtime|TIME (UTC)                     ID   L MESSAGE|20[0-9]{2}-[01][0-9]-[0-3][0-9]T[0-9:]{8}\.[0-9]{9}Z"
	"capture|--device-clock|     DEVICE TIME (s) ID   L MESSAGE| *[0-9]+\.[0-9]{9}"
	"ring|--clock-mhz 1000|     DEVICE TIME (s) ID   L MESSAGE| *[0-9]+\.[0-9]{9}"
	"ring||               TICKS ID   L MESSAGE| *[0-9]+"
)

# the command line of an input: capture, or the clean generated ring
input() { # capture|ring
	if [ "$1" = capture ]; then
		IN=("$D/c.trace")
	else
		ring_args random_clean
		IN=("${RING[@]}")
	fi
}

@test "decode text: a header naming the columns and the clock, every event's time in that clock" {
	local row in opts header time bad=()
	for row in "${CLOCKS[@]}"; do
		IFS='|' read -r in opts header time <<< "$row"
		input "$in"
		# shellcheck disable=SC2086
		run "$PRMCTL" trace decode "${IN[@]}" $opts
		[ "$status" -eq 0 ] || { bad+=("$in $opts: exit $status"); continue; }
		[ "${lines[0]}" = "$header" ] || bad+=("$in $opts: header '${lines[0]}', want '$header'")
		n=$(printf '%s\n' "${lines[@]:1}" | grep -vcE "^($time) 0x[0-9a-f]{2} [-L] |^type=(summary|skip) |^ *\?\+[0-9]+ 0x" || true)
		[ "$n" = 0 ] || bad+=("$in $opts: $n lines not in the header's clock")
		[ "${#lines[@]}" -gt 10 ] || bad+=("$in $opts: only ${#lines[@]} lines")
	done
	[ ${#bad[@]} -eq 0 ] || fail "$(printf '%s\n' "${bad[@]}")"
	# the two clocks contradict each other
	run "$PRMCTL" trace decode "$D/c.trace" --device-clock --realtime
	assert_failure 2
	assert_output --partial "--device-clock and --realtime"
}

# input | options | how many 0xff lines text shows: none, or all of JSON's timestamp events
TIMESTAMPS=(
	"capture||none"
	"capture|--timestamps|all"
	"capture|--filter type=timestamp|all"
	"capture|--device-clock|none"
	"ring||none"
	"ring|--timestamps|all"
	"ring|--filter type!=raw|none"
)

@test "decode text: timestamp events only when asked; JSON and the summary keep them all" {
	local row in opts want bad=()
	for row in "${TIMESTAMPS[@]}"; do
		IFS='|' read -r in opts want <<< "$row"
		input "$in"
		# shellcheck disable=SC2086
		json=$("$PRMCTL" -j trace decode "${IN[@]}" $opts)
		all=$(echo "$json" | jq -s '[.[] | select(.type == "timestamp")] | length')
		summary=$(echo "$json" | tail -1 | jq .timestamps)
		# shellcheck disable=SC2086
		text=$(echo "$("$PRMCTL" trace decode "${IN[@]}" $opts)" | grep -c ' 0xff . timestamp' || true)
		[ "$want" = none ] && w=0 || w=$all
		[ "$all" -gt 0 ] && [ "$summary" -ge "$all" ] || bad+=("$in $opts: JSON has $all, summary $summary")
		[ "$text" = "$w" ] || bad+=("$in $opts: text shows $text timestamp events, want $w")
	done
	[ ${#bad[@]} -eq 0 ] || fail "$(printf '%s\n' "${bad[@]}")"
}

@test "decode text: messages without a format keep their parameters, as JSON's params" {
	local problem
	# no strings at all: every message's pointer is unknown; a ring with missing pointers
	for problem in unknown_pointer missing_pointer; do
		if [ $problem = unknown_pointer ]; then
			IN=("$D/c.trace" --strings-db 900000:/dev/null)
		else
			ring_args random_clean
			IN=("${RING[@]}")
		fi
		want=$("$PRMCTL" -j trace decode "${IN[@]}" | jq -r --arg p $problem '
			select(.problem == $p and (.params | length) > 0) |
			"params=" + ([.params[] | if . == null then "-" else "0x" + (. as $v |
				[range(7; -1; -1) | ($v / pow(16; .) | floor) % 16 |
				 "0123456789abcdef"[.:.+1]] | join("") | sub("^0+(?=.)"; "")) end] | join(","))')
		got=$("$PRMCTL" trace decode "${IN[@]}" | grep "problem=$problem" | grep -o 'params=[^ ]*')
		[ -n "$want" ] || fail "$problem: no such message with parameters to compare"
		[ "$got" = "$want" ] || fail "$problem: text $(echo "$got" | head -3) ... JSON $(echo "$want" | head -3) ..."
	done
}

# a filter | its negation: together they print every event, once
FILTERS=(
	"event_id=9|event_id!=9"
	"tmsn=3|tmsn!=3"
	"type=raw|type!=raw"
	"type=string|type!=string"
	"msg~^health:|msg!~^health:"
	"msg~[0-9]{5}|msg!~[0-9]{5}"
)

@test "--filter: each expression and its negation (!= !~) split the events between them" {
	local row pos neg bad=()
	total=$("$PRMCTL" -j trace decode "$D/c.trace" | jq -s '[.[] | select(.type != "summary")] | length')
	for row in "${FILTERS[@]}"; do
		IFS='|' read -r pos neg <<< "$row"
		p=$("$PRMCTL" -j trace decode "$D/c.trace" --filter "$pos" | jq -s '[.[] | select(.type != "summary")] | length')
		n=$("$PRMCTL" -j trace decode "$D/c.trace" --filter "$neg" | jq -s '[.[] | select(.type != "summary")] | length')
		both=$("$PRMCTL" -j trace decode "$D/c.trace" --filter "$pos" --filter "$neg" | jq -s '[.[] | select(.type != "summary")] | length')
		[ "$p" -gt 0 ] && [ "$n" -gt 0 ] && [ $((p + n)) = "$total" ] && [ "$both" = 0 ] ||
			bad+=("$pos: $p, $neg: $n, both: $both, of $total")
	done
	[ ${#bad[@]} -eq 0 ] || fail "$(printf '%s\n' "${bad[@]}")"
}

# a bad expression: exit 2 and a message naming it
BAD_FILTERS=(
	"type!=timestmp|--filter 'type!=timestmp': type is string, raw or timestamp"
	"msg!=PCI|--filter 'msg!=PCI': expected event_id=N"
	"event_id~9|--filter 'event_id~9': expected event_id=N"
	"colour!=red|--filter 'colour!=red': expected"
	"tmsn!=9000|--filter 'tmsn!=9000': expected"
	"msg!~(|--filter 'msg!~(':"
	"event_id!|--filter 'event_id!': expected"
)

@test "--filter: a bad expression or negation is exit 2 naming it" {
	local row expr msg bad=()
	for row in "${BAD_FILTERS[@]}"; do
		IFS='|' read -r expr msg <<< "$row"
		run "$PRMCTL" trace decode "$D/c.trace" --filter "$expr"
		[ "$status" -eq 2 ] && [[ "$output" == *"$msg"* ]] || bad+=("$expr: exit $status: $output")
	done
	[ ${#bad[@]} -eq 0 ] || fail "$(printf '%s\n' "${bad[@]}")"
}

# the start of a line of tests/trace's printf_int scenario | what the kernel's vsnprintf prints
PRINTF=(
	"x:|x:[deadbeef][DEADBEEF][0x0][0xff][0XFF][0x000000ff]"
	"x0:|x0:[0x0][0][0][+0][ 0][    0][  0x0]"
	"o:[1|o:[10][010][0][0][0][    0]"
	"o:[0|o:[0010][00010][010   ][037777777777]"
	"pad:|pad:[-0042][42   ][42   ][00007][-00042][  -00042][000ab   ]"
	"sign:|sign:[+5][-5][ 5][+5][+5][-5][+0]"
)

@test "formats render as the kernel's vsnprintf (fw_tracer), not C's printf: #, 0, precision" {
	local row start want bad=()
	ring_args printf_int
	run "$PRMCTL" trace decode "${RING[@]}"
	assert_success
	for row in "${PRINTF[@]}"; do
		IFS='|' read -r start want <<< "$row"
		got=$(printf '%s\n' "${lines[@]}" | awk -v s="$start" '
			{ m = substr($0, index($0, " - ") + 3) } substr(m, 1, length(s)) == s { print m; exit }')
		[ "$got" = "$want" ] || bad+=("'$start': got '$got', want '$want'")
	done
	[ ${#bad[@]} -eq 0 ] || fail "$(printf '%s\n' "${bad[@]}")"
}

# input | --top N
ANALYZE=(
	"capture|1"
	"capture|3"
	"capture|10"
	"capture|1000"
	"ring|2"
	"ring|1000"
)

@test "analyze text: within 120 columns, shares in percent, seconds, --top rows in every table" {
	local row in top bad=()
	for row in "${ANALYZE[@]}"; do
		IFS='|' read -r in top <<< "$row"
		input "$in"
		run "$PRMCTL" trace analyze "${IN[@]}" --top "$top"
		[ "$status" -eq 0 ] || { bad+=("$in --top $top: exit $status"); continue; }
		wide=$(printf '%s\n' "${lines[@]}" | awk 'length($0) > 120' | head -1)
		[ -z "$wide" ] || bad+=("$in --top $top: wider than 120: $wide")
		# each table: its header, then its rows up to a blank, a note or the next header
		for head in '^EVENT ID ' '^POINTER ' '^RANK '; do
			rows=$(printf '%s\n' "${lines[@]}" | awk -v h="$head" '
				$0 ~ h { on = 1; next } on && ($0 ~ /^(\(|EVENT ID |POINTER |RANK )/ || $0 == "") { on = 0 }
				on { n++ } END { print n + 0 }')
			[ "$rows" -ge 1 ] && [ "$rows" -le "$top" ] || bad+=("$in --top $top: table $head has $rows rows")
		done
		printf '%s\n' "${lines[@]}" | grep -E '^(0x[0-9a-f]{2} |[0-9]+ )' | grep -vqE ' [0-9]+\.[0-9]%  ' &&
			bad+=("$in --top $top: a row without a share in percent")
	done
	[ ${#bad[@]} -eq 0 ] || fail "$(printf '%s\n' "${bad[@]}")"
	# seconds with the clock, ticks without
	run "$PRMCTL" trace analyze "$D/c.trace"
	assert_line --regexp '^EVENT ID +TYPE +COUNT +SHARE +LOST +FIRST S +LAST S +GAP MIN S +GAP AVG S +GAP MAX S$'
	assert_line --regexp '^0x[0-9a-f]{2} +string +[0-9]+ +[0-9.]+% +[0-9]+ +[0-9]+\.[0-9]{6} +[0-9]+\.[0-9]{6} +[0-9]+\.[0-9]{9} '
	ring_args random_clean
	run "$PRMCTL" trace analyze "${RING[@]}"
	assert_line --regexp '^EVENT ID +TYPE +COUNT +SHARE +LOST +FIRST +LAST +GAP MIN +GAP AVG +GAP MAX$'
	# more rows than --top: a line says how many more
	run "$PRMCTL" trace analyze "$D/c.trace" --top 1
	assert_line --regexp '^\([0-9]+ more formats; --top [0-9]+ shows them all\)$'
}
