#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Includes run one way (tools/check-layers): the tree as it is, then copies
# of it with one include added, which the checker must name by file, line
# and rule, and nothing else new (so one wrong include in the tree fails the
# first test only). Needs no prmctl binary.
load helper

CHECK=$TOP/tools/check-layers

setup() {
	T=$BATS_TEST_TMPDIR/tree
	mkdir "$T"
	cp -R "$TOP/lib" "$TOP/cmd" "$T/"
	# what the copy breaks already (the first test's business): not counted below
	BEFORE=$(sh "$CHECK" "$T" | grep -v '^check-layers: ' || true)
}

# the copy's FILE with LINE at its end, which is then line LINENO_ADDED
add_line() { # file line
	mkdir -p "$(dirname "$T/$1")"
	printf '%s\n' "$2" >> "$T/$1"
	LINENO_ADDED=$(wc -l < "$T/$1")
}

# the findings on the copy that were not there before it was changed
new_findings() {
	run sh "$CHECK" "$T"
	NEW=$(printf '%s\n' "${lines[@]}" | grep -v '^check-layers: ' |
		grep -vxF -e "$BEFORE" || true)
}

# the checker on the copy fails with this finding and no other new one
assert_only_finding() { # file message
	new_findings
	assert_failure 1
	assert_equal "$NEW" "$1:$LINENO_ADDED: $2"
	assert_line --regexp '^check-layers: [0-9]+ of [0-9]+ includes in [0-9]+ files break the layers$'
}

@test "layers: every include in lib/ and cmd/ runs one way" {
	run sh "$CHECK"
	assert_success
	assert_output --regexp '^check-layers: [0-9]+ includes in [0-9]+ files run one way$'
	# from anywhere, and on an untouched copy
	cd "$BATS_TEST_TMPDIR"
	run sh "$CHECK" "$T"
	assert_success
}

@test "layers: lib/prm including lib/dev is named" {
	add_line lib/prm/health.c '#include "lib/dev/dev.h"'
	assert_only_finding lib/prm/health.c \
		'includes "lib/dev/dev.h": lib/prm may not include lib/dev (lib/prm -> lib/util)'
}

@test "layers: lib/util includes nothing of ours" {
	add_line lib/util/err.h '#include "lib/nl/fmsg.h"'
	assert_only_finding lib/util/err.h \
		'includes "lib/nl/fmsg.h": lib/util may not include lib/nl (lib/util -> nothing of ours)'
}

@test "layers: lib/nl may not include lib/prm, however it is written" {
	add_line lib/nl/fmsg.c '  #  include <lib/prm/health.h>'
	assert_only_finding lib/nl/fmsg.c \
		'includes "lib/prm/health.h": lib/nl may not include lib/prm (lib/nl -> lib/util)'
}

@test "layers: nothing in lib/ includes cmd/" {
	add_line lib/out/out.c '#include "cmd/core/cmd.h"'
	assert_only_finding lib/out/out.c 'includes "cmd/core/cmd.h": nothing in lib/ includes cmd/'
}

@test "layers: lib/dev reaches lib/sim only through its seam" {
	add_line lib/dev/dev.c '#include "lib/sim/adapter.h"'
	assert_only_finding lib/dev/dev.c \
		'includes "lib/sim/adapter.h": lib/dev reaches lib/sim only through lib/sim/seam.h'
}

@test "layers: lib/sim may not include lib/dev" {
	add_line lib/sim/adapter.c '#include "lib/dev/dev.h"'
	assert_only_finding lib/sim/adapter.c \
		'includes "lib/dev/dev.h": lib/sim may not include lib/dev (lib/sim -> lib/prm lib/util)'
}

@test "layers: lib/ops reaches dev, prm and util, not nl" {
	add_line lib/ops/probe.c '#include "lib/dev/dev.h"'
	add_line lib/ops/probe.c '#include "lib/prm/health.h"'
	new_findings
	assert_equal "$NEW" ""
	add_line lib/ops/probe.c '#include "lib/nl/fmsg.h"'
	assert_only_finding lib/ops/probe.c \
		'includes "lib/nl/fmsg.h": lib/ops may not include lib/nl (lib/ops -> lib/dev lib/prm lib/util)'
}

@test "layers: includes are written from the top" {
	add_line lib/prm/trace.c '#include "../util/err.h"'
	assert_only_finding lib/prm/trace.c \
		'includes "../util/err.h": write includes from the top, lib/... or cmd/...'
}

@test "layers: a directory of lib/ that is no layer is named" {
	add_line lib/misc/x.c '#include "lib/util/err.h"'
	assert_only_finding lib/misc/x.c \
		'"lib/misc/x.c" is in no layer (lib/util, lib/nl, lib/prm, lib/sim, lib/out, lib/dev, lib/ops, cmd)'
}

@test "layers: nothing to check is an error, not a pass" {
	run sh "$CHECK" "$BATS_TEST_TMPDIR/nowhere"
	assert_failure 2
	mkdir "$BATS_TEST_TMPDIR/empty"
	run sh "$CHECK" "$BATS_TEST_TMPDIR/empty"
	assert_failure 2
	assert_output --partial 'no lib/ and cmd/'
}
