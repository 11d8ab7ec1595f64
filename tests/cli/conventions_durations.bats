#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl(8) CONVENTIONS, Durations: every duration option takes one syntax.
load helper

setup() {
	private_sims
	T=$BATS_TEST_TMPDIR
}

teardown() {
	stop_sims
}

# words before the option | the option | its unit (ms, s; S: whole seconds) | min ms | max ms | exit once parsed
# A missing device (exit 3) or a later usage error stops each command before it does anything.
YEAR=31536000000
rows() {
	cat <<ROWS
-d image:/nonexistent|--timeout|ms|1|3600000|3
-d image:/nonexistent health show|--sample-ms|ms|0|60000|3
-d image:/nonexistent health watch|--interval|ms|10|60000|3
-d image:/nonexistent health watch|--duration|s|1|$YEAR|3
-d image:/nonexistent esw watch|--interval|ms|1|3600000|3
-d image:/nonexistent esw watch|--duration|s|1|$YEAR|3
-d image:/nonexistent nvmf ns|--interval|ms|1|3600000|3
-d image:/nonexistent dct drain 0x100 --wait|--timeout|s|1|$YEAR|3
-d image:/nonexistent dct lifecycle|--timeout|s|1|$YEAR|3
-d image:/nonexistent dct watch|--duration|s|1|$YEAR|3
-d image:/nonexistent trace capture -o $T/x.trace|--duration|s|1|$YEAR|3
-d image:/nonexistent trace capture -o $T/x.trace|--interval|ms|1|10000|3
-d image:/nonexistent trace own|--wait|s|1|$YEAR|3
collect --analyze $T/none.tar.gz|--trace-seconds|S|0|600000|2
collect --analyze $T/none.tar.gz|--budget|s|1|$YEAR|2
sim start|--boot-ms|ms|0|600000|2
ROWS
}

# the command line of a row with the option's value; the global --timeout goes before a command
run_row() { # pre opt value
	if [ "$2" = --timeout ] && [[ $1 != *" dct "* ]]; then
		prm $1 "$2" "$3" device show
	else
		prm $1 "$2" "$3"
	fi
}

@test "every duration option: 500ms, 1s, 1.5s and a plain number in its unit, or a range message" {
	local pre opt unit min max ok v ms
	while IFS='|' read -r pre opt unit min max ok; do
		local plain=$([ "$unit" = ms ] && echo 20 || echo 2)
		for v in 500ms 1s 1.5s $plain 0.5m; do
			case $v in
			*ms) ms=${v%ms} ;;
			1s) ms=1000 ;;
			1.5s) ms=1500 ;;
			0.5m) ms=30000 ;;
			*) ms=$([ "$unit" = ms ] && echo $v || echo $((v * 1000))) ;;
			esac
			run_row "$pre" "$opt" "$v"
			if [ "$ms" -ge "$min" ] && [ "$ms" -le "$max" ] &&
			   { [ "$unit" != S ] || [ $((ms % 1000)) -eq 0 ]; }; then
				[ "$status" -eq "$ok" ] && [[ $stderr != *"$opt '$v'"* ]] ||
					fail "$pre $opt $v: refused (exit $status): $stderr"
			else
				[ "$status" -eq 2 ] && [[ $stderr == *"$opt '$v'"* ]] ||
					fail "$pre $opt $v: not refused by name (exit $status): $stderr"
			fi
		done
	done < <(rows)
}

@test "every duration option: past its maximum is exit 2 naming the maximum with its unit" {
	local pre opt unit min max ok hi
	while IFS='|' read -r pre opt unit min max ok; do
		if [ "$unit" = ms ]; then hi="$max ms"; else hi="$((max / 1000)) s"; fi
		run_row "$pre" "$opt" "$((max + 1))ms"
		[ "$status" -eq 2 ] || fail "$pre $opt $((max + 1))ms: exit $status"
		[[ $stderr == *"$opt '$((max + 1))ms': "*"to at most $hi"*"this is too long"* ]] ||
			fail "$pre $opt: $stderr"
		run_row "$pre" "$opt" "$((max))ms"
		[[ $stderr != *"$opt '"* ]] || fail "$pre $opt ${max}ms: $stderr"
	done < <(rows)
}

@test "every duration option: garbage is exit 2 naming the option and the forms" {
	local pre opt unit min max ok v
	while IFS='|' read -r pre opt unit min max ok; do
		for v in soon 1e3 -1 0x10 1.5.s 5x ""; do
			run_row "$pre" "$opt" "$v"
			[ "$status" -eq 2 ] || fail "$pre $opt '$v': exit $status ($stderr)"
			[[ $stderr == *"$opt '$v': "*"or with a unit (500ms, 1.5s, 2m, 1h)"* ]] ||
				fail "$pre $opt '$v': $stderr"
		done
	done < <(rows)
}

@test "every duration option's help says its unit and the forms" {
	local pre opt unit min max ok
	while IFS='|' read -r pre opt unit min max ok; do
		run_row "$pre --help" "" ""
		# the option's line, with its continuation lines, up to the next option
		local doc
		doc=$(echo "$output" | awk -v o="$opt" '
			index($0, o) && /^ +(-.,)? *--/ { on = 1 }
			on && /^ +(-.,)? *--/ && !index($0, o) { exit }
			on { print }' | tr -s ' \n' ' ')
		local name=$([ "$unit" = ms ] && echo milliseconds || echo seconds)
		[[ $doc == *"$name, or 500ms, 1.5s, 2m, 1h"* ]] || fail "$pre $opt: '$doc'"
	done < <(rows)
}

@test "trace decode --since/--until take the times decode prints" {
	"$PRMCTL" -d sim trace capture -o "$T/c.trace" --duration 0.3 >/dev/null
	prm trace decode "$T/c.trace" --device-clock
	assert_success
	local mid
	# device seconds, as the first column prints them on the device clock
	mid=$(echo "$output" | grep -E '^ *[0-9]+\.[0-9]{9} ' | sed -n '20p' | awk '{print $1}')
	[ -n "$mid" ]
	prm trace decode "$T/c.trace" --device-clock --since "$mid"
	assert_success
	[ "$(echo "$output" | grep -E '^ *[0-9]+\.[0-9]{9} ' | head -1 | awk '{print $1}')" = "$mid" ]
	prm trace decode "$T/c.trace" --device-clock --until "$mid"
	assert_success
	[ "$(echo "$output" | grep -E '^ *[0-9]+\.[0-9]{9} ' | tail -1 | awk '{print $1}')" = "$mid" ]
	# wall-clock times, as --realtime prints them
	mid=$("$PRMCTL" trace decode "$T/c.trace" --realtime | grep -E '^[0-9-]{10}T' | sed -n '20p' | awk '{print $1}')
	[[ $mid == *T*Z ]]
	prm trace decode "$T/c.trace" --realtime --since "$mid"
	assert_success
	[ "$(echo "$output" | grep -E '^[0-9-]{10}T' | head -1 | awk '{print $1}')" = "$mid" ]
	# decode's default clock for a capture with an anchor is the wall clock: its times are taken
	prm trace decode "$T/c.trace" --since "$mid"
	assert_success
	[ "$(echo "$output" | grep -E '^[0-9-]{10}T' | head -1 | awk '{print $1}')" = "$mid" ]
	prm trace decode "$T/c.trace" --device-clock --since "$mid"
	assert_failure 2
	[[ $stderr == *"need wall-clock times"* ]]
	for v in soon 62.0.1 2026-13-01T00:00:00Z -5; do
		prm trace decode "$T/c.trace" --until "$v"
		assert_failure 2
		[[ $stderr == *"--until '$v': device ticks, device seconds"* ]] || fail "'$v': $stderr"
	done
}

@test "sim cmd-slow's delay is a duration too" {
	prm -j -d sim --inject cmd-slow:NOP,0.2s cmd NOP
	assert_success
	prm -d sim --inject cmd-slow:NOP,1.5 cmd NOP
	assert_failure 2
	[[ $stderr == *"cmd-slow: bad argument '1.5'"* ]]
}

@test "sim cmd-slow past its maximum names the maximum (and so do the other faults' numbers)" {
	prm -d sim --inject cmd-slow:NOP,11m cmd NOP
	assert_failure 2
	assert_equal "$stderr" "prmctl: cmd-slow: '11m' is out of range (at most 600000 ms); usage cmd-slow:OPCODE,MS"
	prm -d sim --inject cmd-slow:NOP,600000 cmd NOP --timeout 1
	[ "$status" -ne 2 ] || fail "600000 ms is the maximum, not past it: $stderr"
	prm -d sim --inject cmd-status:NOP,0x100,1 cmd NOP
	assert_failure 2
	[[ $stderr == *"cmd-status: '0x100' is out of range (at most 255)"* ]] || fail "$stderr"
}
