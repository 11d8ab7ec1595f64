# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# What the 7.x VM tests (mlx5-vfio-user.bats, beside-driver.bats) share in
# setup_file: the environment of tools/vm-env and the commands they run.

# vu_env SKIP [COMMAND...]: prints the env file of tools/vm-env; when it, a
# command (python3, cpio, gzip, modinfo and those given) or $PRMCTL is
# missing, writes the reason to the file SKIP and fails instead
vu_env() {
	local skip=$1 envf missing='' c top
	shift
	top=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	if ! envf=$(sh "$top/tools/vm-env" path 2>&1); then
		echo "needs the Linux 7.x VM environment (tools/install-deps test): $envf" > "$skip"
		return 1
	fi
	for c in python3 cpio gzip modinfo "$@"; do
		command -v "$c" >/dev/null || [ -x "/usr/sbin/$c" ] || [ -x "/sbin/$c" ] ||
			missing="$missing $c"
	done
	[ -x "$PRMCTL" ] || missing="$missing $PRMCTL (make)"
	if [ -n "$missing" ]; then
		echo "needs$missing (tools/install-deps test)" > "$skip"
		return 1
	fi
	echo "$envf"
}

# vu_scenario DIR ENVF SCENARIO NAME APPEND [BOOT-VU OPTION...]: the 7.x guest
# with prmctl ($PRMCTL, whichever build) as /usr/bin/prmctl and SCENARIO as
# /scenario.sh (vu-init.sh runs it once the probe is done; frames.sh and
# cues.sh beside it; VU_FILE=SRC=DEST one more file, as build-vu-initrd.sh
# takes it), booted with
# APPEND on its command line; its framed output cut into DIR/steps. The
# console is DIR/console.log. On a failure the reason is in DIR/broken
# (setup() fails every test with it) and the status is 1.
vu_scenario() {
	local d=$1 envf=$2 scenario=$3 name=$4 append=$5
	shift 5
	PATH=$PATH:/usr/sbin:/sbin "$BATS_TEST_DIRNAME/build-vu-initrd.sh" "$envf" \
		"$BATS_TEST_DIRNAME/vu-init.sh" "$d/initrd.gz" "$PRMCTL=/usr/bin/prmctl" \
		"$BATS_TEST_DIRNAME/frames.sh=/frames.sh" "$BATS_TEST_DIRNAME/cues.sh=/cues.sh" \
		"$BATS_TEST_DIRNAME/$scenario=/scenario.sh" ${VU_FILE:+"$VU_FILE"} 2> "$d/broken" ||
		return 1
	python3 "$BATS_TEST_DIRNAME/boot-vu.py" "$VM_QEMU" "$PRMCTL" "$name" "$VM_KERNEL" \
		"$d/initrd.gz" "$d/console.log" --timeout 400 --end-text "prmctl-vu: === end" \
		--append "$append" --data "$d/data.bin" "$@" 2> "$d/broken" || {
		echo "console: $(tail -5 "$d/console.log" 2>/dev/null)" >> "$d/broken"
		return 1
	}
	python3 "$BATS_TEST_DIRNAME/boot-plain-vm.py" - - - "$d/data.bin" --split-only \
		--split "$d/steps" 2> "$d/broken" || {
		echo "console: $(tr -d '\r' < "$d/console.log" | grep prmctl-vu | tail -5)" >> "$d/broken"
		return 1
	}
	rm -f "$d/broken"
}

# The steps of a scenario, in $S: rc_is NAME RC; jqt NAME FILTER [RC] (the
# step exited RC, 0 unless given, and FILTER is true of its JSON)
rc_is() {
	[ "$(cat "$S/$1.rc")" = "$2" ] ||
		fail "step $1 exited $(cat "$S/$1.rc"), not $2: $(head -c 600 "$S/$1.err")"
}
jqt() {
	rc_is "$1" "${3:-0}"
	jq -e "$2" "$S/$1.out" > /dev/null || fail "step $1: not ($2): $(head -c 800 "$S/$1.out")"
}

# vu_reference DIR PRMCTL...: the answers a guest's are held to, through the
# command queue of a simulator of the same model (PRMCTL: the command and
# its device options), each in DIR/NAME.out as the guest's step NAME
vu_reference() {
	local d=$1
	shift
	"$@" caps general > "$d/caps_general.out"
	"$@" caps general --max > "$d/caps_general_max.out"
	"$@" probe > "$d/probe.out"
	"$@" cmd QUERY_ADAPTER > "$d/query_adapter.out"
	"$@" esw functions > "$d/esw_functions.out"
	"$@" nvmf ns > "$d/nvmf_ns.out"
	"$@" --access cmdq reg read MGIR > "$d/reg_mgir.out"
}

# same_as_ref ACCESS NAME [JQ]: step NAME's answer (through ACCESS) equals
# the reference's in $REF/NAME.out (through the command queue), after JQ
# (both documents), device and access aside
same_as_ref() {
	local f="del(.device, .access) | ${3:-.}" g r
	jqt "$2" ".access == \"$1\""
	jq -e '.access == "cmdq"' "$REF/$2.out" > /dev/null || fail "reference $2: $(head -c 300 "$REF/$2.out")"
	g=$(jq -S "$f" "$S/$2.out") r=$(jq -S "$f" "$REF/$2.out")
	[ "$g" = "$r" ] || fail "$2 through $1 differs from the command queue's: $(diff <(echo "$r") <(echo "$g") | head -20)"
}

# In setup(): skip or fail as setup_file left it, then S (the steps) and FN
# (the function's address as the guest saw it)
vu_steps_setup() {
	local d=$BATS_FILE_TMPDIR
	[ ! -f "$d/skip" ] || skip "$(cat "$d/skip")"
	[ ! -f "$d/broken" ] || fail "the VM run did not complete: $(cat "$d/broken")"
	S=$d/steps
	FN=$(sed -n 's/^prmctl-vu: pci \([^ ]*\) .*/\1/p' "$d/console.log" | tr -d '\r' | head -1)
}

# No sanitizer report from the guest's prmctl (each step keeps its stderr)
# or from the simulator service (log_path in $BATS_FILE_TMPDIR/sanitizer*)
vu_no_sanitizer_report() {
	! grep -l "ERROR: AddressSanitizer\|runtime error:\|ERROR: LeakSanitizer" "$S"/*.err ||
		fail "$(grep -h -A20 "Sanitizer\|runtime error:" "$S"/*.err | head -40)"
	local f
	for f in "$BATS_FILE_TMPDIR"/sanitizer*; do
		[ -e "$f" ] || continue
		fail "$(head -40 "$f")"
	done
}

# In setup_file(): simulator services and sanitizer reports in the file's
# temporary directory (vu_no_sanitizer_report reads them)
vu_sanitizer_env() {
	local d=$BATS_FILE_TMPDIR
	export PRMCTL_SIM_DIR=$d/sim
	export ASAN_OPTIONS="log_path=$d/sanitizer:${ASAN_OPTIONS:-}"
	export UBSAN_OPTIONS="log_path=$d/sanitizer:print_stacktrace=1:${UBSAN_OPTIONS:-}"
}
