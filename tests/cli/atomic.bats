#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl atomic: the masked-atomic rules (seed 000 §2, §4.1-4.2;
# tracer-atomics.md Part B) as people and scripts use them. Every expected
# mask, memory word and WQE byte below is worked out by hand from the rules,
# not copied from prmctl:
#   byte k of the aligned unit is byte k of the argument (network order), so a
#   semaphore of s bytes at offset k sits shifted left by 8 * (unit - k - s);
#   cs and swap masks cover exactly its bytes (swap compares nothing); fa's
#   field boundary is its most significant bit.
# jq 1.6 turns numbers above 2^53 into doubles: 64-bit values are checked in
# the text output or in the JSON text itself.
load helper

# hex strings written as dwords for reading
hexcat() { printf '%s' "$@"; }

# ---- masks ----

@test "masks: the full table, 24 rows: cs, fa, swap each 4+2+1+1 (JSON)" {
	prm -j atomic masks
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.masks | length == 24'
	for op in cs fa swap; do
		echo "$output" | jq -e --arg op "$op" '[.masks[] | select(.op == $op) | [.size, .offset]]
			== [[1,0],[1,1],[1,2],[1,3],[2,0],[2,2],[4,0],[8,0]]'
	done
	# cs: 1 byte at offset k is 0xff000000 >> 8k, both masks the same
	echo "$output" | jq -e '[.masks[] | select(.op == "cs" and .size < 8) | [.compare_mask, .swap_mask]]
		== [[4278190080,4278190080],[16711680,16711680],[65280,65280],[255,255],
		    [4294901760,4294901760],[65535,65535],[4294967295,4294967295]]'
	# swap: the same swap masks, and compares nothing
	echo "$output" | jq -e '[.masks[] | select(.op == "swap" and .size < 8) | [.compare_mask, .swap_mask]]
		== [[0,4278190080],[0,16711680],[0,65280],[0,255],[0,4294901760],[0,65535],[0,4294967295]]'
	# fa: the semaphore's top bit, 0x80 not 0xff; no compare or swap masks
	echo "$output" | jq -e '[.masks[] | select(.op == "fa" and .size < 8) | .field_boundary]
		== [2147483648,8388608,32768,128,2147483648,32768,2147483648]'
	echo "$output" | jq -e '[.masks[] | select(.op == "fa") | has("compare_mask") or has("swap_mask")] | any | not'
	echo "$output" | jq -e '[.masks[] | select(.op != "fa") | has("field_boundary")] | any | not'
	# 8 bytes: all ones, and 2^63
	[[ $output == *'{"op":"cs","size":8,"offset":0,"compare_mask":18446744073709551615,"swap_mask":18446744073709551615}'* ]]
	[[ $output == *'{"op":"fa","size":8,"offset":0,"field_boundary":9223372036854775808}'* ]]
	[[ $output == *'{"op":"swap","size":8,"offset":0,"compare_mask":0,"swap_mask":18446744073709551615}'* ]]
}

@test "masks: text, one row per operation, size and offset; atomic alone is masks" {
	prm atomic masks
	assert_success
	assert_line --index 0 --regexp '^OP +SIZE +OFFSET +COMPARE MASK +SWAP MASK +FIELD BOUNDARY$'
	[ "${#lines[@]}" -eq 25 ]
	assert_line --regexp '^cs +1 +0 +0xff000000 +0xff000000 +-$'
	assert_line --regexp '^cs +1 +1 +0x00ff0000 +0x00ff0000 +-$'
	assert_line --regexp '^cs +1 +2 +0x0000ff00 +0x0000ff00 +-$'
	assert_line --regexp '^cs +1 +3 +0x000000ff +0x000000ff +-$'
	assert_line --regexp '^cs +2 +2 +0x0000ffff +0x0000ffff +-$'
	assert_line --regexp '^cs +8 +0 +0xffffffffffffffff +0xffffffffffffffff +-$'
	assert_line --regexp '^fa +1 +1 +- +- +0x00800000$'
	assert_line --regexp '^fa +2 +2 +- +- +0x00008000$'
	assert_line --regexp '^fa +8 +0 +- +- +0x8000000000000000$'
	assert_line --regexp '^swap +1 +3 +0x00000000 +0x000000ff +-$'
	assert_line --regexp '^swap +8 +0 +0x0000000000000000 +0xffffffffffffffff +-$'
	local all=$output
	prm atomic
	assert_success
	[ "$output" = "$all" ]
}

@test "masks --op and --size narrow the table; --size 3 and --op xor are usage errors" {
	prm -j atomic masks --op fa --size 2
	assert_success
	echo "$output" | jq -e '.masks == [{"op":"fa","size":2,"offset":0,"field_boundary":2147483648},
		{"op":"fa","size":2,"offset":2,"field_boundary":32768}]'
	prm -j atomic masks --op swap
	echo "$output" | jq -e '(.masks | length) == 8 and all(.masks[]; .op == "swap")'
	prm -j atomic masks --size 1
	echo "$output" | jq -e '(.masks | length) == 12 and ([.masks[].offset] | unique) == [0,1,2,3]'
	prm -j atomic masks --size 8
	echo "$output" | jq -e '[.masks[].op] == ["cs","fa","swap"]'
	prm atomic masks --op cs --size 1
	assert_success
	assert_line --index 0 --regexp '^OP +SIZE +OFFSET +COMPARE MASK +SWAP MASK$'
	[ "${#lines[@]}" -eq 5 ]
	prm atomic masks --size 3
	assert_failure 2
	[[ $stderr == *"--size 3: the size is 1, 2, 4 or 8 bytes"* ]]
	prm -j atomic masks --size 3
	assert_failure 2
	echo "$output" | jq -e '.error.code == 2 and .error.reason == "usage"'
	prm atomic masks --op xor
	assert_failure 2
	[[ $stderr == *"--op 'xor': cs, fa or swap"* ]]
}

# ---- verify: one operation ----

@test "verify: a correct operation is ok, exit 0 (text and JSON)" {
	# 1-byte cs at offset 1: compare 0x22, swap 0x33 shifted left 16
	prm -j atomic verify --op cs --size 1 --offset 1 --compare 0x220000 --swap 0x330000 \
		--compare-mask 0x00ff0000 --swap-mask 0x00ff0000
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.op == "cs" and .size == 1 and .offset == 1 and .ok == true and .problems == []'
	prm atomic verify --op cs --size 1 --offset 1 --compare 0x220000 --swap 0x330000 \
		--compare-mask 0x00ff0000 --swap-mask 0x00ff0000
	assert_success
	assert_line --regexp '^ok +yes$'
	# 2-byte fa at offset 2: add in the low half, boundary 0x8000
	prm -j atomic verify --op fa --size 2 --offset 2 --add 0x1234 --field-boundary 0x8000
	assert_success
	echo "$output" | jq -e '.ok == true'
	# swap of 1 byte at offset 0
	prm -j atomic verify --op swap --size 1 --swap 0x7f000000 --compare-mask 0 --swap-mask 0xff000000
	assert_success
	# 8-byte cs
	prm atomic verify --op cs --size 8 --compare 1 --swap 2 \
		--compare-mask 0xffffffffffffffff --swap-mask 0xffffffffffffffff
	assert_success
	assert_line --regexp '^ok +yes$'
}

@test "verify: the seed's unshifted 1-byte compare at offset 1 is exit 4; at offset 3 it is right" {
	prm -j atomic verify --op cs --size 1 --offset 1 --compare 0x22 --swap 0x330000 \
		--compare-mask 0x00ff0000 --swap-mask 0x00ff0000
	assert_failure 4
	assert_json_doc
	echo "$output" | jq -e '.ok == false and (.problems | length) == 1 and .problems[0].field == "compare"
		and .problems[0].got == 34 and .problems[0].want == 2228224
		and (.problems[0].rule | test("unshifted"))'
	prm atomic verify --op cs --size 1 --offset 1 --compare 0x22 --swap 0x330000 \
		--compare-mask 0x00ff0000 --swap-mask 0x00ff0000
	assert_failure 4
	assert_line --regexp '^ok +no$'
	assert_line --regexp "^compare +0x00000022 +0x00220000 +the value is left unshifted: it goes where the semaphore's bytes are in the argument$"
	# both values unshifted: both named
	prm -j atomic verify --op cs --size 1 --offset 1 --compare 0x22 --swap 0x33 \
		--compare-mask 0x00ff0000 --swap-mask 0x00ff0000
	assert_failure 4
	echo "$output" | jq -e '[.problems[] | [.field, .got, .want]] == [["compare",34,2228224],["swap",51,3342336]]'
	# the trap: the same unshifted values are exactly right at offset 3 (shift 0)
	prm -j atomic verify --op cs --size 1 --offset 3 --compare 0x22 --swap 0x33 \
		--compare-mask 0xff --swap-mask 0xff
	assert_success
	echo "$output" | jq -e '.ok == true'
}

@test "verify: fa with field boundary 0xff000000 is exit 4: the top bit, not the whole field" {
	prm -j atomic verify --op fa --size 1 --offset 0 --add 0x01000000 --field-boundary 0xff000000
	assert_failure 4
	echo "$output" | jq -e '.problems == [{"field":"field_boundary","got":4278190080,"want":2147483648,
		"rule":"field_boundary marks the field'"'"'s most significant bit (0x80...), not the whole field (0xff...)"}]'
	prm atomic verify --op fa --size 1 --offset 0 --add 0x01000000 --field-boundary 0xff000000
	assert_failure 4
	assert_line --regexp '^field_boundary +0xff000000 +0x80000000 +field_boundary marks the field'"'"'s most significant bit \(0x80\.\.\.\), not the whole field \(0xff\.\.\.\)$'
	# one bit, but not the semaphore's top one
	prm -j atomic verify --op fa --size 1 --offset 1 --add 0x10000 --field-boundary 0x80000000
	assert_failure 4
	echo "$output" | jq -e '.problems[0].want == 8388608
		and .problems[0].rule == "field_boundary has one bit: the semaphore'"'"'s most significant"'
}

@test "verify: a 2-byte operation at offset 1 is exit 4 naming natural alignment" {
	prm -j atomic verify --op cs --size 2 --offset 1 --compare 0 --swap 0 \
		--compare-mask 0x00ffff00 --swap-mask 0x00ffff00
	assert_failure 4
	echo "$output" | jq -e '.ok == false and .problems[0].field == "offset" and .problems[0].got == 1
		and .problems[0].want == null
		and .problems[0].rule == "a semaphore is naturally aligned: its offset is a multiple of its size"'
	prm atomic verify --op cs --size 2 --offset 1 --compare 0 --swap 0 \
		--compare-mask 0x00ffff00 --swap-mask 0x00ffff00
	assert_failure 4
	assert_output --partial "a semaphore is naturally aligned: its offset is a multiple of its size"
	# past the aligned dword
	prm -j atomic verify --op cs --size 1 --offset 4 --compare 0 --swap 0 --compare-mask 0 --swap-mask 0
	assert_failure 4
	echo "$output" | jq -e '.problems[0].rule | test("within its aligned 4-byte unit")'
}

@test "verify: wrong masks are named with what they should be" {
	# a swap that compares
	prm -j atomic verify --op swap --size 1 --offset 2 --swap 0x4400 --compare-mask 0xff00 --swap-mask 0xff00
	assert_failure 4
	echo "$output" | jq -e '.problems == [{"field":"compare_mask","got":65280,"want":0,
		"rule":"a swap compares nothing: compare_mask is 0"}]'
	# a compare mask one byte too wide: it compares the neighbour too
	prm -j atomic verify --op cs --size 1 --offset 2 --compare 0x1100 --swap 0x2200 \
		--compare-mask 0xffff --swap-mask 0xff00
	assert_failure 4
	echo "$output" | jq -e '.problems == [{"field":"compare_mask","got":65535,"want":65280,
		"rule":"compare_mask covers exactly the semaphore'"'"'s bytes"}]'
	# offset 0's mask on offset 3's semaphore
	prm -j atomic verify --op cs --size 1 --offset 3 --compare 1 --swap 0 \
		--compare-mask 0xff000000 --swap-mask 0xff000000
	assert_failure 4
	echo "$output" | jq -e '[.problems[] | [.field, .got, .want]]
		== [["compare_mask",4278190080,255],["swap_mask",4278190080,255]]'
}

@test "verify: masks are required; fa and cs options do not mix" {
	prm atomic verify --op cs --size 1 --compare 1 --swap 2
	assert_failure 2
	[[ $stderr == *"verify checks the masks as sent: give --compare-mask and --swap-mask"* ]]
	prm atomic verify --op fa --size 1 --add 1
	assert_failure 2
	[[ $stderr == *"give --field-boundary"* ]]
	prm atomic verify --op fa --size 1 --add 1 --field-boundary 0x80000000 --compare 1
	assert_failure 2
	[[ $stderr == *"fa takes --add and --field-boundary, not compare or swap fields"* ]]
	prm atomic verify --op swap --size 1 --swap 1 --compare 1 --compare-mask 0 --swap-mask 0xff000000
	assert_failure 2
	[[ $stderr == *"swap compares nothing: no --compare"* ]]
	prm atomic verify --compare 1
	assert_failure 2
	[[ $stderr == *"which operation? --op cs|fa|swap --size 1|2|4|8"* ]]
}

# ---- verify: a table ----

@test "verify --table: the JSON atomic masks prints, and its masks array alone, are right (exit 0)" {
	"$PRMCTL" -j atomic masks > "$BATS_TEST_TMPDIR/masks.json"
	prm -j atomic verify --table "$BATS_TEST_TMPDIR/masks.json"
	assert_success
	assert_json_doc
	echo "$output" | jq -e --arg f "$BATS_TEST_TMPDIR/masks.json" \
		'.table == $f and .rows == 24 and .rows_wrong == 0 and .ok == true and .problems == []'
	prm atomic verify --table "$BATS_TEST_TMPDIR/masks.json"
	assert_success
	assert_line --regexp '^rows +24$'
	assert_line --regexp '^rows_wrong +0$'
	assert_line --regexp '^ok +yes$'
	# the array alone, cut out as text (jq would round the 64-bit masks)
	sed 's/^{"schema":"prmctl\/1","masks"://; s/}$//' "$BATS_TEST_TMPDIR/masks.json" > "$BATS_TEST_TMPDIR/arr.json"
	prm -j atomic verify --table "$BATS_TEST_TMPDIR/arr.json"
	assert_success
	echo "$output" | jq -e '.rows == 24 and .ok == true'
}

@test "verify --table: a hand-written table with one wrong row is exit 4 naming the row" {
	local t=$BATS_TEST_TMPDIR/t.json
	# the 1-byte cs rows, fa and swap rows as the rules give them; row 3
	# (offset 3) carries offset 0's masks: the seed's lock-byte mistake
	cat > "$t" <<-'EOF'
	[
	 {"op":"cs","size":1,"offset":0,"compare_mask":4278190080,"swap_mask":4278190080},
	 {"op":"cs","size":1,"offset":1,"compare_mask":16711680,"swap_mask":16711680},
	 {"op":"cs","size":1,"offset":2,"compare_mask":65280,"swap_mask":65280},
	 {"op":"cs","size":1,"offset":3,"compare_mask":4278190080,"swap_mask":255},
	 {"op":"fa","size":1,"offset":3,"field_boundary":128},
	 {"op":"fa","size":2,"offset":0,"field_boundary":2147483648},
	 {"op":"swap","size":2,"offset":2,"compare_mask":0,"swap_mask":65535},
	 {"op":"cs","size":4,"offset":0,"compare_mask":4294967295,"swap_mask":4294967295}
	]
	EOF
	prm -j atomic verify --table "$t"
	assert_failure 4
	echo "$output" | jq -e '.rows == 8 and .rows_wrong == 1 and .ok == false
		and .problems == [{"row":3,"op":"cs","size":1,"offset":3,"field":"compare_mask",
			"got":4278190080,"want":255,"rule":"compare_mask covers exactly the semaphore'"'"'s bytes"}]'
	prm atomic verify --table "$t"
	assert_failure 4
	assert_line --regexp '^ROW +OP +SIZE +OFFSET +FIELD +GOT +WANT +RULE$'
	assert_line --regexp '^3 +cs +1 +3 +compare_mask +0xff000000 +0x000000ff +compare_mask covers'
	assert_line --regexp '^rows_wrong +1$'
	# the same row as {"masks": [...]} with fa made 0xff: two rows wrong
	{ printf '{"masks":'; sed 's/"field_boundary":128/"field_boundary":255/' "$t"; printf '}'; } > "$t.2"
	prm -j atomic verify --table "$t.2"
	assert_failure 4
	echo "$output" | jq -e '.rows_wrong == 2 and [.problems[].row] == [3,4]
		and .problems[1].want == 128 and (.problems[1].rule | test("not the whole field"))'
}

@test "verify --table: broken JSON is exit 2 with line and column; a missing file is exit 2" {
	local t=$BATS_TEST_TMPDIR/broken.json
	printf '{"masks": [\n {"op":"cs","size":1,"offset":0,\n  "compare_mask": 0xff000000, "swap_mask": 4278190080}\n]}\n' > "$t"
	prm atomic verify --table "$t"
	assert_failure 2
	[[ $stderr =~ "$t: line 3, column "[0-9]+": " ]] || fail "no line/column: $stderr"
	prm -j atomic verify --table "$t"
	assert_failure 2
	echo "$output" | jq -e '.error.code == 2 and .error.reason == "bad_table" and (.error.message | test("line 3, column [0-9]+"))'
	# well-formed JSON that is no table
	echo '{"rows": []}' > "$t"
	prm atomic verify --table "$t"
	assert_failure 2
	[[ $stderr == *"no \"masks\" array (the JSON of 'atomic masks')"* ]]
	echo '[{"op":"cs","size":1,"offset":0,"compare_mask":255}]' > "$t"
	prm atomic verify --table "$t"
	assert_failure 2
	[[ $stderr == *"row 0: no swap_mask"* ]]
	echo '[{"op":"xor","size":1,"offset":0}]' > "$t"
	prm atomic verify --table "$t"
	assert_failure 2
	[[ $stderr == *'row 0: op is "cs", "fa" or "swap"'* ]]
	# missing
	prm atomic verify --table "$BATS_TEST_TMPDIR/nosuch.json"
	assert_failure 2
	[[ $stderr == *"$BATS_TEST_TMPDIR/nosuch.json: No such file or directory"* ]]
	prm -j atomic verify --table "$BATS_TEST_TMPDIR/nosuch.json"
	assert_failure 2
	echo "$output" | jq -e '.error.code == 2 and .error.reason == "not_found"'
	# a table or an operation
	prm atomic verify --table "$t" --op cs --size 1
	assert_failure 2
	[[ $stderr == *"either --table FILE or one operation, not both"* ]]
}

# ---- emulate ----

@test "emulate: the seed's lock byte at offset 3 in memory 00 00 00 01" {
	# held (1): taking it (compare 0, swap 1) fails, memory untouched
	prm -j atomic emulate --op cs --size 1 --offset 3 --compare 0 --swap 1 --mem 00000001
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.wire == {"swap":1,"compare":0,"compare_mask":255,"swap_mask":255}
		and .memory_before == "00000001" and .memory_after == "00000001"
		and .response == 1 and .semaphore == 1 and .swapped == false'
	# releasing it (compare 1, swap 0) works
	prm -j atomic emulate --op cs --size 1 --offset 3 --compare 1 --swap 0 --mem 00000001
	assert_success
	echo "$output" | jq -e '.memory_after == "00000000" and .semaphore == 1 and .swapped == true'
	# free, with busy neighbours: only byte 3 changes
	prm atomic emulate --op cs --size 1 --offset 3 --compare 0 --swap 1 --mem aabbcc00
	assert_success
	assert_line --regexp '^memory_before +aabbcc00$'
	assert_line --regexp '^memory_after +aabbcc01$'
	assert_line --regexp '^response +0xaabbcc00$'
	assert_line --regexp '^semaphore +0x00$'
	assert_line --regexp '^swapped +yes$'
	assert_line --regexp '^  compare_mask +0x000000ff$'
	# the same lock at offset 1: the values go 16 bits up
	prm -j atomic emulate --op cs --size 1 --offset 1 --compare 1 --swap 0 --mem 00010000
	assert_success
	echo "$output" | jq -e '.wire == {"swap":0,"compare":65536,"compare_mask":16711680,"swap_mask":16711680}
		and .memory_after == "00000000" and .semaphore == 1 and .swapped == true'
}

@test "emulate: the seed's unshifted release at offset 1 never releases" {
	# the wire of the bug: compare 0x00000001 (unshifted) under offset 1's
	# masks; offset 3's values are the unshifted ones
	prm -j atomic emulate --op cs --size 1 --offset 3 --compare 1 --swap 0 \
		--compare-mask 0x00ff0000 --swap-mask 0x00ff0000 --mem 00010000
	assert_success
	echo "$output" | jq -e '.wire.compare == 1 and .wire.compare_mask == 16711680
		and .memory_after == "00010000" and .swapped == false'
}

@test "emulate: a wrong mask given explicitly changes the wrong byte" {
	# 1-byte cs at offset 1 with offset 0's swap mask: the lock byte stays,
	# its neighbour at offset 0 is overwritten with the swap value's zeros
	prm -j atomic emulate --op cs --size 1 --offset 1 --compare 0x22 --swap 0x33 \
		--swap-mask 0xff000000 --mem 11223344
	assert_success
	echo "$output" | jq -e '.wire.swap_mask == 4278190080 and .wire.compare_mask == 16711680
		and .memory_before == "11223344" and .memory_after == "00223344" and .swapped == true'
	# the same with the rules' masks
	prm -j atomic emulate --op cs --size 1 --offset 1 --compare 0x22 --swap 0x33 --mem 11223344
	echo "$output" | jq -e '.memory_after == "11333344" and .semaphore == 34 and .response == 287454020'
}

@test "emulate: fa wraps inside its byte and leaves the neighbours alone" {
	prm -j atomic emulate --op fa --size 1 --offset 1 --add 1 --mem 11ff3344
	assert_success
	echo "$output" | jq -e '.wire == {"add":65536,"field_boundary":8388608}
		and .memory_after == "11003344" and .response == 301937476 and .semaphore == 255
		and (has("swapped") | not)'
	prm atomic emulate --op fa --size 1 --offset 1 --add 1 --mem 11ff3344
	assert_line --regexp '^  add +0x00010000$'
	assert_line --regexp '^  field_boundary +0x00800000$'
	assert_line --regexp '^memory_after +11003344$'
	refute_line --regexp '^swapped'
	# 2 bytes at offset 2: 0xffff + 2 = 0x0001, the high half untouched
	prm -j atomic emulate --op fa --size 2 --offset 2 --add 2 --mem 1122ffff
	echo "$output" | jq -e '.memory_after == "11220001" and .semaphore == 65535'
	# without a boundary the carry runs into byte 0
	prm -j atomic emulate --op fa --size 1 --offset 1 --add 1 --field-boundary 0 --mem 11ff3344
	echo "$output" | jq -e '.memory_after == "12003344"'
	# 0xff instead of 0x80: every carry inside the byte is dropped, 0x0f + 1 = 0x0e
	prm -j atomic emulate --op fa --size 1 --add 1 --field-boundary 0xff000000 --mem 0f000000
	echo "$output" | jq -e '.memory_after == "0e000000"'
	prm -j atomic emulate --op fa --size 1 --add 1 --mem 0f000000
	echo "$output" | jq -e '.memory_after == "10000000"'
}

@test "emulate: swap, and 8-byte cs and fa" {
	prm -j atomic emulate --op swap --size 2 --offset 2 --swap 0xbeef --mem 11223344
	assert_success
	echo "$output" | jq -e '.wire == {"swap":48879,"compare":0,"compare_mask":0,"swap_mask":65535}
		and .memory_after == "1122beef" and .semaphore == 13124 and .swapped == true'
	# 8 bytes: the whole unit, compared and swapped
	prm atomic emulate --op cs --size 8 --compare 0x0102030405060708 --swap 0xa1a2a3a4a5a6a7a8 \
		--mem 0102030405060708
	assert_success
	assert_line --regexp '^  compare_mask +0xffffffffffffffff$'
	assert_line --regexp '^memory_after +a1a2a3a4a5a6a7a8$'
	assert_line --regexp '^response +0x0102030405060708$'
	assert_line --regexp '^semaphore +0x0102030405060708$'
	assert_line --regexp '^swapped +yes$'
	prm -j atomic emulate --op cs --size 8 --compare 0x0102030405060709 --swap 0 --mem 0102030405060708
	echo "$output" | jq -e '.memory_after == "0102030405060708" and .swapped == false'
	# 8-byte add carries across the dword
	prm -j atomic emulate --op fa --size 8 --add 1 --mem 00000000ffffffff
	echo "$output" | jq -e '.memory_after == "0000000100000000"'
	prm -j atomic emulate --op fa --size 8 --add 1 --mem ffffffffffffffff
	echo "$output" | jq -e '.memory_after == "0000000000000000"'
}

@test "emulate: --mem of the wrong length and bad operations are usage errors" {
	prm atomic emulate --op cs --size 8 --compare 1 --swap 2 --mem 00000001
	assert_failure 2
	[[ $stderr == *"--mem '00000001': 16 hex digits"* ]]
	prm atomic emulate --op cs --size 1 --compare 1 --swap 2 --mem 0000000001
	assert_failure 2
	[[ $stderr == *"8 hex digits"* ]]
	prm -j atomic emulate --op cs --size 1 --compare 1 --swap 2 --mem 0000zz01
	assert_failure 2
	echo "$output" | jq -e '.error.code == 2'
	prm atomic emulate --op cs --size 1 --compare 1 --swap 2
	assert_failure 2
	[[ $stderr == *"emulate needs the memory: --mem HEX"* ]]
	prm atomic emulate --op cs --size 1 --compare 1 --mem 00000000
	assert_failure 2
	[[ $stderr == *"cs needs --compare and --swap"* ]]
	prm atomic emulate --op cs --size 1 --compare 0x100 --swap 0 --mem 00000000
	assert_failure 2
	[[ $stderr == *"a 1-byte value is at most 0xff"* ]]
	prm atomic emulate --op cs --size 2 --offset 1 --compare 1 --swap 0 --mem 00000000
	assert_failure 2
	[[ $stderr == *"naturally aligned"* ]]
}

# ---- selftest ----

@test "selftest: every operation, size and offset agrees with the byte-wise model" {
	prm -j atomic selftest
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.cases > 90000 and .mismatches == 0 and .first_mismatches == [] and .ok == true'
	prm atomic selftest --seed 12345
	assert_success
	assert_line --regexp '^cases +[0-9]{5,}$'
	assert_line --regexp '^mismatches +0$'
	assert_line --regexp '^ok +yes$'
}

# ---- check-write ----

@test "check-write: a write inside one max_atomic_size window is atomic, exit 0" {
	prm -j atomic check-write --addr 0x1000 --len 8 --max-atomic-size 8 --atomic-writes-enabled
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.addr == 4096 and .len == 8 and .max_atomic_size == 8
		and .atomic_writes_enabled == true and .atomic == true and .why == null
		and (has("nearest_atomic_addr") | not) and (has("pieces") | not)'
	prm atomic check-write --addr 0x1000 --len 8 --max-atomic-size 8 --atomic-writes-enabled
	assert_success
	assert_line --regexp '^atomic +yes$'
	# (0x1004 % 8) + 4 = 8 <= 8; (0x1038 % 64) + 8 = 64 <= 64
	prm atomic check-write --addr 0x1004 --len 4 --max-atomic-size 8 --atomic-writes-enabled
	assert_success
	prm atomic check-write --addr 0x1038 --len 8 --max-atomic-size 64 --atomic-writes-enabled
	assert_success
}

@test "check-write: crossing a boundary is exit 4 with why and the nearest atomic address" {
	# (0x1004 % 8) + 8 = 12 > 8; 0x1000 and 0x1008 are 4 away: the lower one
	prm -j atomic check-write --addr 0x1004 --len 8 --max-atomic-size 8 --atomic-writes-enabled
	assert_failure 4
	echo "$output" | jq -e '.atomic == false and .why == "it crosses a max_atomic_size boundary"
		and .nearest_atomic_addr == 4096'
	prm atomic check-write --addr 0x1004 --len 8 --max-atomic-size 8 --atomic-writes-enabled
	assert_failure 4
	assert_line --regexp '^atomic +no$'
	assert_line --regexp '^why +it crosses a max_atomic_size boundary$'
	assert_line --regexp '^nearest_atomic_addr +0x1000$'
	# (0x1001 % 8) + 8 = 9: down to 0x1000 (1 away), not up to 0x1008 (7)
	prm -j atomic check-write --addr 0x1001 --len 8 --max-atomic-size 8 --atomic-writes-enabled
	assert_failure 4
	echo "$output" | jq -e '.nearest_atomic_addr == 4096'
	# (0x1007 % 8) + 4 = 11: up to 0x1008 (1 away), not down to 0x1004 (3)
	prm -j atomic check-write --addr 0x1007 --len 4 --max-atomic-size 8 --atomic-writes-enabled
	assert_failure 4
	echo "$output" | jq -e '.nearest_atomic_addr == 4104'
}

@test "check-write: longer than max_atomic_size is exit 4 with the pieces it takes" {
	# 0x1004..0x1067 spans the 64-byte windows at 0x1000 and 0x1040
	prm -j atomic check-write --addr 0x1004 --len 100 --max-atomic-size 64 --atomic-writes-enabled
	assert_failure 4
	echo "$output" | jq -e '.atomic == false and .why == "it is longer than max_atomic_size"
		and .pieces == 2 and (has("nearest_atomic_addr") | not)'
	prm atomic check-write --addr 0x1000 --len 256 --max-atomic-size 64 --atomic-writes-enabled
	assert_failure 4
	assert_line --regexp '^pieces +4$'
}

@test "check-write: atomic writes not enabled is exit 4; a max that is no power of two is exit 2" {
	prm -j atomic check-write --addr 0x1000 --len 8 --max-atomic-size 8
	assert_failure 4
	echo "$output" | jq -e '.atomic_writes_enabled == false and .atomic == false
		and .why == "the receiving QP does not enable atomic writes"'
	prm atomic check-write --addr 0x1000 --len 8 --max-atomic-size 12 --atomic-writes-enabled
	assert_failure 2
	[[ $stderr == *"max_atomic_size is a power of two"* ]]
	prm -j atomic check-write --addr 0x1000 --len 8 --max-atomic-size 0 --atomic-writes-enabled
	assert_failure 2
	echo "$output" | jq -e '.error.code == 2 and .error.reason == "usage"'
	prm atomic check-write --addr 0x1000 --len 0 --max-atomic-size 8
	assert_failure 2
	prm atomic check-write --addr 0x1000 --len 8
	assert_failure 2
	[[ $stderr == *"check-write needs --addr, --len and --max-atomic-size"* ]]
}

# ---- wqe ----

@test "wqe: 1-byte cs at offset 1, masked opcode 0x14 opmod 0x08, 64 bytes by hand" {
	# ctrl: opmod 0x08 | wqe index 5 | opcode 0x14; qpn 0x1234 << 8 | ds 4
	# raddr: be64 0x7f001000, rkey; masked cs32: swap, compare, swap_mask,
	# compare_mask, the values 16 bits up; data: byte_count 4, lkey, addr
	local want
	want=$(hexcat 08000514 00123404 00000000 00000000 \
		00000000 7f001000 12345678 00000000 \
		00cd0000 00ab0000 00ff0000 00ff0000 \
		00000004 00009abc 00000000 00002000)
	prm -j atomic wqe --op cs --size 1 --offset 1 --compare 0xab --swap 0xcd \
		--raddr 0x7f001000 --rkey 0x12345678 --laddr 0x2000 --lkey 0x9abc --qpn 0x1234 --wqe-index 5
	assert_success
	assert_json_doc
	echo "$output" | jq -e --arg h "$want" '.op == "cs" and .size == 1 and .offset == 1
		and .opcode == 20 and .opmod == 8 and .ds == 4 and .bytes == 64 and .hex == $h'
	echo "$output" | jq -e '[.segments[] | [.segment, .layout, .offset]]
		== [["ctrl","wqe_ctrl_seg",0],["raddr","wqe_raddr_seg",16],
		    ["atomic","wqe_masked_cs32_seg",32],["data","wqe_data_seg",48]]'
	echo "$output" | jq -e '.segments[0].fields | .opmod == 8 and .wqe_index == 5 and .opcode == 20
		and .opcode_name == "ATOMIC_MASKED_CS" and .qpn == 4660 and .ds == 4'
	echo "$output" | jq -e '.segments[2].fields == {"swap":13434880,"compare":11206656,
		"swap_mask":16711680,"compare_mask":16711680}'
	echo "$output" | jq -e '.segments[3].fields == {"byte_count":4,"lkey":39612,"addr":8192}'
	echo "$output" | jq -e --arg h "$want" '[.segments[].hex] | add == $h'
	prm atomic wqe --op cs --size 1 --offset 1 --compare 0xab --swap 0xcd \
		--raddr 0x7f001000 --rkey 0x12345678 --laddr 0x2000 --lkey 0x9abc --qpn 0x1234 --wqe-index 5
	assert_success
	assert_line --regexp '^opcode +0x14$'
	assert_line --regexp '^opmod +0x08$'
	assert_line --regexp '^ds +4$'
	assert_line --regexp "^hex +$want\$"
	assert_line --regexp '^    opcode +0x14 \(ATOMIC_MASKED_CS\)$'
	assert_line --regexp '^    compare_mask +0x00ff0000$'
	# without --laddr: no data segment, ds 3
	prm -j atomic wqe --op cs --size 1 --offset 1 --compare 0xab --swap 0xcd --raddr 0x7f001000 --rkey 0x12345678
	echo "$output" | jq -e '.ds == 3 and .bytes == 48 and (.segments | length) == 3
		and (.hex | startswith("0800001400000003"))'
}

@test "wqe: 8-byte cs standard (0x11, opmod 0), and --masked (opmod 0x09, 32-byte cs64 segment)" {
	local want
	want=$(hexcat 00000011 00000004 00000000 00000000 \
		00000000 00010000 00000100 00000000 \
		11121314 15161718 01020304 05060708 \
		00000008 00000200 00000000 00003000)
	prm -j atomic wqe --op cs --size 8 --compare 0x0102030405060708 --swap 0x1112131415161718 \
		--raddr 0x10000 --rkey 0x100 --laddr 0x3000 --lkey 0x200
	assert_success
	echo "$output" | jq -e --arg h "$want" '.opcode == 17 and .opmod == 0 and .ds == 4 and .bytes == 64
		and .hex == $h and .segments[2].layout == "wqe_atomic_seg"
		and .segments[0].fields.opcode_name == "ATOMIC_CS" and .segments[3].fields.byte_count == 8'
	want=$(hexcat 09000014 00000005 00000000 00000000 \
		00000000 00010000 00000100 00000000 \
		11121314 15161718 01020304 05060708 \
		ffffffff ffffffff ffffffff ffffffff \
		00000008 00000200 00000000 00003000)
	prm -j atomic wqe --op cs --size 8 --masked --compare 0x0102030405060708 --swap 0x1112131415161718 \
		--raddr 0x10000 --rkey 0x100 --laddr 0x3000 --lkey 0x200
	assert_success
	echo "$output" | jq -e --arg h "$want" '.opcode == 20 and .opmod == 9 and .ds == 5 and .bytes == 80
		and .hex == $h and [.segments[] | [.segment, .layout, .offset]]
		== [["ctrl","wqe_ctrl_seg",0],["raddr","wqe_raddr_seg",16],
		    ["atomic","wqe_masked_cs64_seg",32],["data","wqe_data_seg",64]]'
	prm atomic wqe --op cs --size 8 --masked --compare 0x0102030405060708 --swap 0x1112131415161718 \
		--raddr 0x10000 --rkey 0x100
	assert_line --regexp '^opmod +0x09$'
	assert_line --regexp '^    swap_mask +0xffffffffffffffff$'
	assert_line --regexp '^    compare +0x0102030405060708$'
}

@test "wqe: swap of 8 bytes is always masked; fa of 1 and 8 bytes; swap of 2" {
	# swap compares nothing: masked cs64, compare and compare_mask 0
	prm -j atomic wqe --op swap --size 8 --swap 0x1112131415161718 --raddr 0x10000 --rkey 0x100
	assert_success
	echo "$output" | jq -e --arg h "$(hexcat 09000014 00000004 00000000 00000000 \
		00000000 00010000 00000100 00000000 \
		11121314 15161718 00000000 00000000 \
		ffffffff ffffffff 00000000 00000000)" \
		'.opcode == 20 and .opmod == 9 and .ds == 4 and .hex == $h'
	# 1-byte fa at offset 1: masked fa32, add 5 << 16, boundary bit 23, 8 bytes reserved
	prm -j atomic wqe --op fa --size 1 --offset 1 --add 5 --raddr 0x10000 --rkey 0x100
	assert_success
	echo "$output" | jq -e --arg h "$(hexcat 08000015 00000003 00000000 00000000 \
		00000000 00010000 00000100 00000000 \
		00050000 00800000 00000000 00000000)" \
		'.opcode == 21 and .opmod == 8 and .ds == 3 and .hex == $h
		and .segments[2].layout == "wqe_masked_fa32_seg"'
	# 8-byte fa: standard 0x12 with compare 0; --masked: 0x15/0x09, boundary bit 63
	prm -j atomic wqe --op fa --size 8 --add 5 --raddr 0x10000 --rkey 0x100
	echo "$output" | jq -e --arg h "$(hexcat 00000012 00000003 00000000 00000000 \
		00000000 00010000 00000100 00000000 \
		00000000 00000005 00000000 00000000)" '.opcode == 18 and .opmod == 0 and .hex == $h'
	prm -j atomic wqe --op fa --size 8 --masked --add 5 --raddr 0x10000 --rkey 0x100
	echo "$output" | jq -e --arg h "$(hexcat 09000015 00000003 00000000 00000000 \
		00000000 00010000 00000100 00000000 \
		00000000 00000005 80000000 00000000)" \
		'.opcode == 21 and .opmod == 9 and .hex == $h and .segments[2].layout == "wqe_masked_fa64_seg"'
	# 2-byte swap at offset 2: the low half
	prm -j atomic wqe --op swap --size 2 --offset 2 --swap 0xbeef --raddr 0x10000 --rkey 0x100
	echo "$output" | jq -e '.segments[2].hex == "0000beef000000000000ffff00000000"'
}

@test "wqe: an unaligned --raddr, masks given, and --masked under 8 bytes are usage errors" {
	prm atomic wqe --op cs --size 1 --offset 1 --compare 1 --swap 2 --raddr 0x10001 --rkey 0x100
	assert_failure 2
	[[ $stderr == *"--raddr 0x10001: the remote address is the aligned dword's: a multiple of 4 (the semaphore's place in it is --offset)"* ]]
	prm -j atomic wqe --op cs --size 8 --compare 1 --swap 2 --raddr 0x10004 --rkey 0x100
	assert_failure 2
	echo "$output" | jq -e '.error.code == 2 and (.error.message | test("a multiple of 8"))'
	prm atomic wqe --op cs --size 1 --offset 1 --compare 1 --swap 2 --compare-mask 0xff0000 \
		--raddr 0x10000 --rkey 0x100
	assert_failure 2
	[[ $stderr == *"wqe builds the masks from the rules; check yours with 'atomic verify'"* ]]
	prm atomic wqe --op fa --size 1 --add 1 --field-boundary 0x80000000 --raddr 0x10000 --rkey 0x100
	assert_failure 2
	[[ $stderr == *"wqe builds the masks from the rules"* ]]
	prm atomic wqe --op cs --size 4 --masked --compare 1 --swap 2 --raddr 0x10000 --rkey 0x100
	assert_failure 2
	[[ $stderr == *"--masked is for 8-byte operations"* ]]
	prm atomic wqe --op cs --size 1 --compare 1 --swap 2 --raddr 0x10000
	assert_failure 2
	[[ $stderr == *"where to? --raddr A --rkey K"* ]]
	prm atomic wqe --op cs --size 1 --compare 1 --swap 2 --raddr 0x10000 --rkey 1 --laddr 0x2000
	assert_failure 2
	[[ $stderr == *"--laddr and --lkey come together"* ]]
	prm atomic wqe --op cs --size 1 --compare 1 --swap 2 --raddr 0x10000 --rkey 0x100000000
	assert_failure 2
	[[ $stderr == *"keys are 32 bits"* ]]
	prm atomic wqe --op cs --size 2 --offset 1 --compare 1 --swap 2 --raddr 0x10000 --rkey 1
	assert_failure 2
	[[ $stderr == *"naturally aligned"* ]]
}

@test "wqe -d: built only when the device's atomic capabilities allow it on QPs" {
	local plain
	prm -j atomic wqe --op cs --size 1 --offset 1 --compare 1 --swap 2 --raddr 0x10000 --rkey 0x100
	plain=$output
	prm -j -d sim atomic wqe --op cs --size 1 --offset 1 --compare 1 --swap 2 --raddr 0x10000 --rkey 0x100
	assert_success
	[ "$output" = "$plain" ]
	# no extended operations: 1, 2 and 4 bytes cannot be carried
	prm -d sim --inject cap:atomic.atomic_operations=0x3 atomic wqe --op cs --size 1 --offset 1 \
		--compare 1 --swap 2 --raddr 0x10000 --rkey 0x100
	assert_failure 3
	[[ $stderr == *"sim: 1-byte cs as an extended (masked) atomic is not supported on its QPs: the atomic capabilities lack EXTENDED_CMP_SWAP in atomic_operations"* ]]
	prm -j -d sim --inject cap:atomic.atomic_operations=0x3 atomic wqe --op fa --size 2 --add 1 \
		--raddr 0x10000 --rkey 0x100
	assert_failure 3
	echo "$output" | jq -e '.error.code == 3 and (.error.message | test("EXTENDED_FETCH_ADD"))'
	# the standard 8-byte opcodes need only CMP_SWAP and FETCH_ADD
	prm -j -d sim --inject cap:atomic.atomic_operations=0x3 atomic wqe --op cs --size 8 \
		--compare 1 --swap 2 --raddr 0x10000 --rkey 0x100
	assert_success
	echo "$output" | jq -e '.opcode == 17 and .opmod == 0'
	# QPs take only 8-byte operands (DCs all): 4 bytes refused
	prm -d sim --inject cap:atomic.atomic_size_qp=0x8 atomic wqe --op cs --size 4 \
		--compare 1 --swap 2 --raddr 0x10000 --rkey 0x100
	assert_failure 3
	[[ $stderr == *"sim: 4-byte cs as an extended (masked) atomic is not supported on its QPs: the atomic capabilities lack 4-byte operands in atomic_size_qp"* ]]
	# standard 8-byte opcodes missing: refused, with the extended form named
	prm -d sim --inject cap:atomic.atomic_operations=0xc atomic wqe --op cs --size 8 \
		--compare 1 --swap 2 --raddr 0x10000 --rkey 0x100
	assert_failure 3
	[[ $stderr == *"lack CMP_SWAP in atomic_operations (--masked builds the extended form)"* ]]
	prm -j -d sim --inject cap:atomic.atomic_operations=0xc atomic wqe --op cs --size 8 --masked \
		--compare 1 --swap 2 --raddr 0x10000 --rkey 0x100
	assert_success
	echo "$output" | jq -e '.opcode == 20 and .opmod == 9'
	# no atomics at all
	prm -d sim --inject cap:general.atomic=0 atomic wqe --op cs --size 8 \
		--compare 1 --swap 2 --raddr 0x10000 --rkey 0x100
	assert_failure 3
	[[ $stderr == *"lack the general page's atomic bit"* ]]
}

@test "wqe -d: an 8-byte swap and --masked ride the extended cs/fa, which the device must have" {
	# swap and --masked are opcode 0x14/0x15 with opmod 0x09: EXTENDED_* in atomic_operations
	prm -d sim --inject cap:atomic.atomic_operations=0x3 atomic wqe --op swap --size 8 \
		--swap 2 --raddr 0x10000 --rkey 0x100
	assert_failure 3
	[[ $stderr == *"EXTENDED_CMP_SWAP"* ]]
	prm -d sim --inject cap:atomic.atomic_operations=0x3 atomic wqe --op fa --size 8 --masked \
		--add 2 --raddr 0x10000 --rkey 0x100
	assert_failure 3
	[[ $stderr == *"EXTENDED_FETCH_ADD"* ]]
}

# ---- caps ----

@test "caps -d sim: every row supported, the 8-byte reply big-endian (text and JSON)" {
	prm -j -d sim atomic caps
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.device == "sim" and .caps.atomic_operations == 15
		and .caps.atomic_req_8B_endianness_mode == 0'
	echo "$output" | jq -e '[.operations[] | [.op, .size]]
		== [["cs",1],["cs",2],["cs",4],["cs",8],["fa",1],["fa",2],["fa",4],["fa",8]]'
	echo "$output" | jq -e 'all(.operations[]; .qp and .dc and .missing == null)'
	echo "$output" | jq -e 'all(.operations[] | select(.size < 8); .reply == "big-endian"
		and (.carried_as | test("opmod 0x08")))'
	echo "$output" | jq -e 'all(.operations[] | select(.size == 8); .reply | startswith("big-endian"))'
	echo "$output" | jq -e '(.operations[] | select(.op == "cs" and .size == 1) | .carried_as | test("opcode 0x14"))
		and (.operations[] | select(.op == "fa" and .size == 2) | .carried_as | test("opcode 0x15"))
		and (.operations[] | select(.op == "cs" and .size == 8) | .carried_as | test("opcode 0x11"))
		and (.operations[] | select(.op == "fa" and .size == 8) | .carried_as | test("opcode 0x12"))'
	prm -d sim atomic caps
	assert_success
	assert_line --regexp '^  atomic_operations +0xf$'
	assert_line --regexp '^OP +SIZE +QP +DC +CARRIED AS +REPLY +MISSING$'
	assert_line --regexp '^cs +1 +yes +yes +4-byte masked compare-and-swap .* big-endian +-$'
	assert_line --regexp '^fa +8 +yes +yes +standard fetch-and-add \(opcode 0x12\) +big-endian \(atomic_req_8B_endianness_mode 0\) +-$'
}

@test "caps: without the extended operations, 1, 2 and 4 bytes are not supported" {
	prm -j -d sim --inject cap:atomic.atomic_operations=0x3 atomic caps
	assert_success
	echo "$output" | jq -e '.caps.atomic_operations == 3'
	echo "$output" | jq -e 'all(.operations[] | select(.size < 8); (.qp or .dc) | not)'
	echo "$output" | jq -e '[.operations[] | select(.size < 8) | .missing] | unique
		== ["EXTENDED_CMP_SWAP in atomic_operations","EXTENDED_FETCH_ADD in atomic_operations"]'
	echo "$output" | jq -e 'all(.operations[] | select(.size == 8); .qp and .dc and .missing == null)'
	prm -d sim --inject cap:atomic.atomic_operations=0x3 atomic caps
	assert_line --regexp '^cs +2 +no +no +.* EXTENDED_CMP_SWAP in atomic_operations$'
	assert_line --regexp '^fa +4 +no +no +.* EXTENDED_FETCH_ADD in atomic_operations$'
}

@test "caps without -d and without devices exits 3" {
	[ "$(lspci -n -d 15b3: 2>/dev/null | wc -l)" -eq 0 ] || skip "this machine has ConnectX functions"
	prm atomic caps
	assert_failure 3
	[[ $stderr == *"no ConnectX device found"* ]]
	prm -j atomic caps
	assert_failure 3
	echo "$output" | jq -e '.error.code == 3 and .error.reason == "not_found"'
}
