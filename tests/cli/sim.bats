#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Simulator services from separate processes, and every fault with its message and exit code.
load helper

setup() {
	private_sims
}

# every test leaves no service behind
teardown() {
	stop_sims
	[ -z "$(ls "$PRMCTL_SIM_DIR" 2>/dev/null)" ] || return 1
	[ -z "${PERM_TOP:-}" ] || rm -rf "$PERM_TOP"
}

@test "sim start, -d sim:NAME from other processes, sim stop" {
	prm -j sim start lab --model cx6dx
	assert_success
	echo "$output" | jq -e '.name == "lab" and .device == "sim:lab" and .pid > 0 and .model == "cx6dx"'
	local pid
	pid=$(echo "$output" | jq .pid)
	kill -0 "$pid"
	prm -j -d sim:lab initseg show
	assert_success
	echo "$output" | jq -e '.fw_version == "22.39.1002" and .fields.cmd_interface_rev == 5'
	prm -j -d sim:lab reg read MTRC_CAP
	assert_success
	echo "$output" | jq -e '.register == "MTRC_CAP" and .id == 36928 and .fields.trace_to_memory == true'
	prm -j -d sim:lab cr read 0xf0014
	assert_success
	echo "$output" | jq -e '.dwords[0] % 65536 == 530'
	prm -j sim list
	echo "$output" | jq -e '.simulators[0].name == "lab" and .simulators[0].state == "running"'
	prm sim stop lab
	assert_success
	assert_ended "$pid"
	prm -d sim:lab initseg show
	assert_failure 3
	[[ $stderr == *"sim:lab: no running simulator by that name"* ]]
}

@test "the health counter advances every 10 ms in the service" {
	"$PRMCTL" sim start tick >/dev/null
	local a b
	a=$("$PRMCTL" -j -d sim:tick initseg show | jq .fields.health_counter)
	sleep 0.3
	b=$("$PRMCTL" -j -d sim:tick initseg show | jq .fields.health_counter)
	(( b - a >= 15 )) || fail "counter moved $a -> $b in 300 ms"
}

@test "several processes use one adapter at once" {
	"$PRMCTL" sim start busy >/dev/null
	local i
	for i in 1 2 3 4 5 6; do
		"$PRMCTL" -q -d sim:busy reg read MGIR > "$BATS_TEST_TMPDIR/out.$i" 2>&1 &
	done
	wait
	for i in 1 2 3 4 5 6; do
		grep -q "hw_dev_id" "$BATS_TEST_TMPDIR/out.$i" || fail "run $i: $(cat "$BATS_TEST_TMPDIR/out.$i")"
	done
}

@test "a second start of a running name fails; a crashed one is cleaned up" {
	"$PRMCTL" sim start twice >/dev/null
	prm sim start twice
	assert_failure 1
	[[ $stderr == *"already running"* ]] || fail "stderr: $stderr"
	local pid
	pid=$("$PRMCTL" -j sim list | jq '.simulators[0].pid')
	kill -9 "$pid"
	sleep 0.1
	prm -j sim list
	echo "$output" | jq -e '.simulators[0].state == "dead"'
	prm sim start twice
	assert_success
}

@test "stop of a dead service cleans up; of an unknown one exits 3" {
	"$PRMCTL" sim start gone >/dev/null
	kill -9 "$("$PRMCTL" -j sim list | jq '.simulators[0].pid')"
	sleep 0.1
	prm sim stop gone
	assert_success
	assert_output --partial "cleaned_up"
	prm sim stop nosuch
	assert_failure 3
}

@test "device-gone: all-ones is reported as gone, never decoded (exit 3)" {
	"$PRMCTL" sim start g >/dev/null
	prm sim inject g device-gone
	assert_success
	prm -d sim:g initseg show
	assert_failure 3
	[[ $stderr == *"device not responding (reads return all-ones)"* ]]
	prm -d sim:g cr read 0xf0014
	assert_failure 3
	[[ $stderr == *"reads return all-ones"* ]]
	prm -j -d sim:g device show
	echo "$output" | jq -e '.state == "pci_gone"'
	prm sim clear g device-gone
	prm -d sim:g initseg show
	assert_success
}

@test "fw-assert fills the health buffer like a real assert" {
	"$PRMCTL" sim start a >/dev/null
	prm sim inject a fw-assert:synd=0x7,ext_synd=0x1234,severity=2,irisc=3
	assert_success
	prm -j -d sim:a initseg show
	echo "$output" | jq -e '.fields.health_buffer.synd == 7 and .fields.health_buffer.synd_name == "irisc not responding"'
	echo "$output" | jq -e '.fields.health_buffer.ext_synd == 4660 and .fields.health_buffer.severity == 2 and .fields.health_buffer.irisc_index == 3'
	echo "$output" | jq -e '.fields.health_buffer.assert_callra != 0 and .fields.health_buffer.time > 0'
	prm sim inject a fw-assert:synd=300
	assert_failure 2
	prm sim inject a thermal
	prm -j -d sim:a initseg show
	echo "$output" | jq -e '.fields.health_buffer.synd == 16'
}

@test "health-stall stops the health counter" {
	"$PRMCTL" sim start s >/dev/null
	prm sim inject s health-stall
	local a b
	a=$("$PRMCTL" -j -d sim:s initseg show | jq .fields.health_counter)
	sleep 0.1
	b=$("$PRMCTL" -j -d sim:s initseg show | jq .fields.health_counter)
	[ "$a" = "$b" ]
	prm -j sim status s
	echo "$output" | jq -e '.faults == ["health-stall"]'
}

@test "sim status counts the commands run, those not simulated, and the event queues' work" {
	"$PRMCTL" sim start act >/dev/null
	prm -j sim status act
	local before=$output
	echo "$before" | jq -e '.command_count == 0 and .unsupported_count == 0 and .eqe_count == 0'
	# NOP runs; 0x7ff is no opcode the simulated firmware knows: bad operation, counted
	prm -d sim:act cmd NOP
	assert_success
	prm -d sim:act cmd 0x7ff
	assert_failure
	[[ $stderr == *"bad operation"* ]]
	prm -j sim status act
	echo "$output" | jq -e '.unsupported_count == 1 and .command_count > 2'
	echo "$output" | jq -e '.interrupt_count == 0 and .eq_doorbell_count == 0'	# nobody armed an EQ
	# every lock prmctl took (the gateway's for cmd's ICMD probe, if any) was given back
	echo "$output" | jq -e '.gateway_semaphore_holder == 0 and .semaphores_held == 0'
	prm -d sim:act cr read 0 8
	assert_success
	"$PRMCTL" sim inject act sem-held >/dev/null
	prm -j sim status act
	echo "$output" | jq -e '.gateway_semaphore_holder != 0 and .semaphores_held == 0'
}

@test "sem-held: a bounded wait, then 'held by ticket N, unchanged', exit 1" {
	"$PRMCTL" sim start h >/dev/null
	prm sim inject h sem-held
	local t0=$SECONDS
	prm -d sim:h cr read 0xf0014
	assert_failure 1
	[[ $stderr == *"gateway semaphore held by ticket 24301, unchanged for 2000 ms"* ]]
	(( SECONDS - t0 < 10 ))
	prm sim clear h sem-held
	prm -d sim:h cr read 0xf0014
	assert_success
}

@test "icmd-busy: timeout, exit 5; SIGINT during the wait frees the semaphores" {
	"$PRMCTL" sim start i >/dev/null
	prm sim inject i icmd-busy
	prm -d sim:i reg read MGIR
	assert_failure 5
	[[ $stderr == *"ICMD interface: still busy"* ]]
	# interrupted mid-wait: the next prmctl must get the semaphores at once
	"$PRMCTL" -d sim:i reg read MGIR 2> "$BATS_TEST_TMPDIR/int.err" &
	local pid=$!
	sleep 0.3
	kill -INT "$pid"
	local st=0
	wait "$pid" || st=$?
	[ "$st" -eq 1 ] || fail "exit $st: $(cat "$BATS_TEST_TMPDIR/int.err")"
	grep -q "interrupted" "$BATS_TEST_TMPDIR/int.err"
	prm sim clear i icmd-busy
	local t0=$SECONDS
	prm -d sim:i reg read MGIR
	assert_success
	(( SECONDS - t0 < 2 ))
}

@test "unknown fault and unknown register are clear errors" {
	"$PRMCTL" sim start u >/dev/null
	prm sim inject u meltdown
	assert_failure 2
	[[ $stderr == *"unknown fault 'meltdown'"* ]]
	prm -d sim:u reg read 0x9999 --len 16
	assert_failure 1
	[[ $stderr == *"status 0x4 (register not supported)"* ]]
	prm -d sim:u reg read 0x9999
	assert_failure 2
	[[ $stderr == *"give its size with --len"* ]]
}

@test "sim start takes the global --model and --inject; names cannot start with '.'" {
	prm -j --model cx5 --inject health-stall sim start g2
	assert_success
	echo "$output" | jq -e '.model == "cx5"'
	prm -j sim status g2
	echo "$output" | jq -e '.faults == ["health-stall"] and .model == "cx5"'
	prm sim start ..
	assert_failure 2
	[[ $stderr == *"not starting with '.'"* ]]
}

@test "a foreground start that cannot run says why" {
	"$PRMCTL" sim start fg >/dev/null
	prm sim start fg --foreground
	assert_failure 1
	[[ $stderr == *"already running"* ]]
}

@test "a service's directory is 0700 and every file in it 0600, whatever the umask" {
	(umask 000 && "$PRMCTL" sim start m >/dev/null)
	(umask 000 && "$PRMCTL" -d sim:m cmd NOP >/dev/null)	# a client's files too
	[ "$(stat -c %a "$PRMCTL_SIM_DIR")" = 700 ] || fail "rundir $(stat -c %a "$PRMCTL_SIM_DIR")"
	[ "$(stat -c %a "$PRMCTL_SIM_DIR/m")" = 700 ] || fail "service dir $(stat -c %a "$PRMCTL_SIM_DIR/m")"
	local f n=0
	for f in "$PRMCTL_SIM_DIR"/m/*; do
		[ "$(stat -c %a "$f")" = 600 ] || fail "$(stat -c '%a %n' "$f")"
		n=$((n + 1))
	done
	# bar0 hostmem sock lock pid cmdq.lock tracelog.jsonl
	(( n >= 7 )) || fail "only $n files: $(ls "$PRMCTL_SIM_DIR/m")"
}

@test "a run directory another user made is refused, not trusted" {
	[ "$(id -u)" -eq 0 ] || skip "needs root to make a directory of another user"
	mkdir -p "$PRMCTL_SIM_DIR"
	chown 65534:65534 "$PRMCTL_SIM_DIR"
	chmod 0700 "$PRMCTL_SIM_DIR"
	prm sim start o
	assert_failure 1
	[[ $stderr == *"$PRMCTL_SIM_DIR is not a directory of ours"* ]] || fail "stderr: $stderr"
	[ -z "$(ls "$PRMCTL_SIM_DIR")" ]
	rmdir "$PRMCTL_SIM_DIR"
}

@test "four starts of one name at once: one wins, the others name its pid" {
	local round i win pid p n
	# rounds 3 and 4 start over what a killed service left (its pid file too)
	for round in 1 2 3 4; do
		for i in 1 2 3 4; do
			"$PRMCTL" -j sim start race > "$BATS_TEST_TMPDIR/o.$i" 2> "$BATS_TEST_TMPDIR/e.$i" &
		done
		wait || true
		win=0
		for i in 1 2 3 4; do
			if p=$(jq -e .pid "$BATS_TEST_TMPDIR/o.$i" 2>/dev/null); then
				pid=$p win=$((win + 1))
				kill -0 "$pid" || fail "round $round: winner pid $pid is not alive"
			fi
		done
		[ "$win" -eq 1 ] || fail "round $round: $win winners: $(cat "$BATS_TEST_TMPDIR"/e.*)"
		for i in 1 2 3 4; do
			jq -e .pid "$BATS_TEST_TMPDIR/o.$i" >/dev/null 2>&1 && continue
			grep -qF "sim:race is already running (pid $pid)" "$BATS_TEST_TMPDIR/e.$i" ||
				fail "round $round, start $i (winner $pid): $(cat "$BATS_TEST_TMPDIR/e.$i")"
		done
		"$PRMCTL" -j sim list | jq -e ".simulators == [{\"name\":\"race\",\"state\":\"running\",\"pid\":$pid,\"model\":\"cx7\"}]"
		# the losers left the winner's files alone
		"$PRMCTL" -q -d sim:race cmd NOP >/dev/null
		if [ "$round" = 2 ] || [ "$round" = 3 ]; then
			kill -9 "$pid"
			for n in $(seq 100); do
				"$PRMCTL" -j sim list | jq -e '.simulators[0].state == "dead"' >/dev/null && break
				sleep 0.01
			done
			continue
		fi
		"$PRMCTL" sim stop race >/dev/null
		"$PRMCTL" -j sim list | jq -e '.simulators == []'
	done
}

@test "a lock held before its pid is written: a dead process's pid is not named" {
	mkdir -p -m 0700 "$PRMCTL_SIM_DIR/z"
	# a zombie (a child its parent never reaps), as a killed service is where init does not reap
	sh -c 'sleep 0 & echo $! > "$1"; exec sleep 30' sh "$BATS_TEST_TMPDIR/zpid" &
	local parent=$! zpid="" n
	for n in $(seq 200); do
		zpid=$(cat "$BATS_TEST_TMPDIR/zpid" 2>/dev/null) &&
			[ "$(awk '{print $3}' "/proc/$zpid/stat" 2>/dev/null)" = Z ] && break
		sleep 0.01
	done
	[ "$(awk '{print $3}' "/proc/$zpid/stat")" = Z ] || fail "no zombie"
	echo "$zpid" > "$PRMCTL_SIM_DIR/z/pid"
	exec 9>"$PRMCTL_SIM_DIR/z/lock"
	flock -x 9
	prm sim start z
	exec 9>&-
	kill "$parent"
	assert_failure 1
	[[ $stderr == *"sim:z is already running (its lock $PRMCTL_SIM_DIR/z/lock is held, its pid not written)"* ]] ||
		fail "stderr: $stderr"
}

# prmctl as nobody, against a root service in a directory nobody may traverse to
as_nobody() {
	run --separate-stderr setpriv --reuid=65534 --regid=65534 --clear-groups "$PRMCTL" "$@"
}

@test "another user is told 'permission denied' with the path, exit 3" {
	[ "$(id -u)" -eq 0 ] || skip "needs root to run prmctl as another user"
	command -v setpriv >/dev/null || skip "needs setpriv (util-linux)"
	local top
	top=$(mktemp -d /tmp/prmctl-perm.XXXXXX)
	PERM_TOP=$top	# removed by teardown
	chmod 0711 "$top"
	export PRMCTL_SIM_DIR=$top/sim
	"$PRMCTL" sim start p >/dev/null
	local pid
	pid=$("$PRMCTL" -j sim list | jq '.simulators[0].pid')

	as_nobody -d sim:p initseg show
	assert_failure 3
	[[ $stderr == *"sim:p: $top/sim/p/sock: permission denied"* ]] || fail "stderr: $stderr"
	as_nobody sim status p
	assert_failure 3
	[[ $stderr == *"permission denied"* ]] || fail "stderr: $stderr"
	as_nobody sim stop p
	assert_failure 3
	[[ $stderr == *"sim:p: $top/sim"*": permission denied"* ]] || fail "stderr: $stderr"
	kill -0 "$pid"
	as_nobody sim list
	assert_failure 3
	[[ $stderr == *"$top/sim: permission denied"* ]] || fail "stderr: $stderr"

	# a run directory others may read: the service's own directory still keeps them out
	chmod 0755 "$PRMCTL_SIM_DIR"
	as_nobody -d sim:p reg read MGIR
	assert_failure 3
	[[ $stderr == *"sim:p: $top/sim/p/sock: permission denied"* ]] || fail "stderr: $stderr"
	as_nobody -j sim list
	assert_success
	echo "$output" | jq -e '.simulators == [{"name":"p","state":"inaccessible","pid":null,"model":null}]'
	as_nobody sim stop p
	assert_failure 3
	[[ $stderr == *"sim:p: $top/sim/p/lock: permission denied"* ]] || fail "stderr: $stderr"
	kill -0 "$pid"
}

@test "a service of another user in a run directory it made is not trusted" {
	[ "$(id -u)" -eq 0 ] || skip "needs root to play two other users"
	command -v setpriv >/dev/null || skip "needs setpriv (util-linux)"
	local top
	top=$(mktemp -d /tmp/prmctl-perm.XXXXXX)
	PERM_TOP=$top	# removed by teardown
	chmod 0711 "$top"
	# uid 65533 gets there first and opens its service to all
	install -d -o 65533 -g 65533 -m 0755 "$top/shared"
	export PRMCTL_SIM_DIR=$top/shared
	setpriv --reuid=65533 --regid=65533 --clear-groups "$PRMCTL" sim start fake >/dev/null
	chmod 0755 "$top/shared/fake"
	chmod 0777 "$top/shared/fake/sock"
	as_nobody -d sim:fake initseg show
	assert_failure 3
	[[ $stderr == *"sim:fake: $top/shared/fake/sock is served by uid 65533, not by us: not trusting it"* ]] ||
		fail "stderr: $stderr"
	as_nobody sim start mine
	assert_failure 1
	[[ $stderr == *"$top/shared is not a directory of ours"* ]] || fail "stderr: $stderr"
}

@test "a relative PRMCTL_SIM_DIR means the directory it names where prmctl started" {
	mkdir -p "$BATS_TEST_TMPDIR/here"
	cd "$BATS_TEST_TMPDIR/here"
	PRMCTL_SIM_DIR=rel prm -j sim start r
	assert_success
	echo "$output" | jq -e --arg d "$BATS_TEST_TMPDIR/here/rel/r" '.pid > 0 and .directory == $d'
	PRMCTL_SIM_DIR=rel prm -d sim:r cr read 0xf0014
	assert_success
	PRMCTL_SIM_DIR=rel prm sim stop r
	assert_success
	[ ! -e /rel ]
}

@test "sim inject --help names every fault the service knows" {
	"$PRMCTL" sim start h >/dev/null
	prm sim inject h meltdown
	assert_failure 2
	local list f
	list=$(sed -n "s/.*unknown fault 'meltdown' (\(.*\))\$/\1/p" <<< "$stderr")
	[ -n "$list" ] || fail "no list in: $stderr"
	prm sim inject --help
	assert_success
	for f in ${list//,/ }; do
		[[ $output == *"$f"* ]] || fail "--help does not name $f"
	done
}

@test "sim list: a run directory with only stray files has no services, and says so" {
	mkdir -p -m 700 "$PRMCTL_SIM_DIR"
	touch "$PRMCTL_SIM_DIR/stray"
	prm sim list
	assert_success
	assert_equal "$output" "No simulator services."
	prm -j sim list
	echo "$output" | jq -e '.simulators == []'
	rm "$PRMCTL_SIM_DIR/stray"
}
