#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl(8) CONVENTIONS, Values: fields decode as the PRM defines them. BCD fields
# (MGIR's firmware date and time) are their decimal value in text and JSON,
# from every command that prints MGIR.
load helper

setup() {
	MGIR=$BATS_TEST_TMPDIR/mgir.bin
	zero_file "$MGIR" 160
	# fw_info at 0x20: month 0x12, day 0x31, year 0x2026 (+0x08); hour 0x1743 (+0x0e)
	put_bytes "$MGIR" 0x28 12 31 20 26
	put_bytes "$MGIR" 0x2e 17 43
}

# command line ($MGIR: the file above) | month day year hour it must show
CASES=(
	"decode mgir \$MGIR|12 31 2026 1743"
	"decode --hex mgir \$HEX|12 31 2026 1743"
	"-d sim reg read MGIR|11 1 2026 1200"
	"-d sim --access cmdq reg read MGIR|11 1 2026 1200"
	"-d sim reg read 0x9020|11 1 2026 1200"
)

@test "values: BCD date fields are decimal, in text and JSON, from every command that prints MGIR" {
	local c line want m d y h
	HEX=$BATS_TEST_TMPDIR/mgir.hex
	od -An -tx1 -v "$MGIR" > "$HEX"
	for c in "${CASES[@]}"; do
		IFS='|' read -r line want <<<"$c"
		line=${line//\$MGIR/$MGIR}
		line=${line//\$HEX/$HEX}
		read -r m d y h <<<"$want"
		# shellcheck disable=SC2086
		prm -j $line
		[ "$status" -eq 0 ] || fail "$line: exit $status: $stderr"
		echo "$output" | jq -e --argjson m "$m" --argjson d "$d" --argjson y "$y" --argjson h "$h" '
			(.fields.fw_info // .fw_info) as $f |
			$f.month == $m and $f.day == $d and $f.year == $y and $f.hour == $h' >/dev/null ||
			fail "$line: $(echo "$output" | jq -c '(.fields.fw_info // .fw_info) | {month, day, year, hour}')"
		# shellcheck disable=SC2086
		prm $line
		[ "$status" -eq 0 ] || fail "$line (text): exit $status"
		for pair in "month $m" "day $d" "year $y" "hour $h"; do
			echo "$output" | grep -Eq "^ *${pair% *} +${pair#* }\$" ||
				fail "$line (text): no '${pair}' line: $output"
		done
	done
}

@test "values: a BCD field holding a nibble above 9 is shown raw" {
	put_bytes "$MGIR" 0x2a 20 fa
	prm decode mgir "$MGIR"
	assert_success
	echo "$output" | grep -Eq '^ *year +0x20fa$' || fail "$output"
	prm -j decode mgir "$MGIR"
	echo "$output" | jq -e '(.fields.fw_info // .fw_info).year == 8442'
}
