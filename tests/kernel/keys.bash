# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# For the VM tests whose scenarios run prmctl in the guest (devlink.bats,
# beside-driver.bats): its JSON held to prmctl(8)'s Keys convention.

# keys_follow DOCS FILE...: the JSON of each step output FILE (empty ones
# skipped) goes into DOCS as {cmd: NAME, doc: ...} lines, at least 20 of
# them, and tests/cli/keys.jq finds nothing wrong in any
keys_follow() {
	local docs=$1 f n
	shift
	: > "$docs"
	for f in "$@"; do
		[ -s "$f" ] || continue
		n=$(basename "$f" .out)
		jq -c --arg c "$n" '{cmd: $c, doc: .}' "$f" >> "$docs" || fail "$n: not JSON"
	done
	[ "$(wc -l < "$docs")" -ge 20 ] || fail "only $(wc -l < "$docs") documents"
	run jq -r -L "$BATS_TEST_DIRNAME/../cli" 'include "keys"; breaks' "$docs"
	assert_success
	[ -z "$output" ] || fail "$output"
}
