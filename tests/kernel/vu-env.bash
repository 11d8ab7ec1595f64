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
