#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""Boot a kernel in QEMU with no device of ours: the guest's console (ttyS0)
is written to CONSOLE_LOG, its second serial port (ttyS1) to DATA_OUT.

A raw 16550 moves about 300 KB/s under software emulation, byte-exact,
which is plenty for the devlink scenario (about 0.5 MB); 9p or virtio would
need more modules in the initramfs. Everything is bounded: QEMU is killed
after --timeout seconds and the exit status is then nonzero.

--split DIR then cuts DATA_OUT (devlink-scenario.sh's frames) into
DIR/NAME.out, NAME.err and NAME.rc, and fails unless the stream ran to its
"=== END" line. --split-only skips the boot (DATA_OUT already there).

usage: boot-plain-vm.py KERNEL INITRD CONSOLE_LOG DATA_OUT [--timeout S]
       [--mem 512M] [--append ARGS] [--split DIR] [--split-only]
"""
import argparse
import os
import re
import subprocess
import sys

HEADER = re.compile(rb"=== STEP ([A-Za-z0-9_.-]+) rc=(-?\d+) bytes=(\d+)(?: t=\S+)?\n")
STDERR = re.compile(rb"\n--- stderr bytes=(\d+)\n")
END = re.compile(rb"=== END steps=(\d+)\n")


def split(data, outdir):
    """The frames of DATA into OUTDIR; returns the step names in order."""
    os.makedirs(outdir, exist_ok=True)
    names, pos = [], 0
    while True:
        end = END.match(data, pos)
        if end:
            if int(end.group(1)) != len(names):
                raise ValueError("END says %s steps, the stream has %d"
                                 % (end.group(1).decode(), len(names)))
            return names
        h = HEADER.match(data, pos)
        if not h and b"\n" not in data[pos:]:
            raise ValueError("the stream ends after %s, without its END line"
                             % (names[-1] if names else "nothing"))
        if not h:
            raise ValueError("no step frame at byte %d (after %s): %r"
                             % (pos, names[-1] if names else "the start",
                                data[pos:pos + 60]))
        name = h.group(1).decode()
        if name in names:
            raise ValueError("step %s twice" % name)
        pos = h.end()
        out = data[pos:pos + int(h.group(3))]
        pos += len(out)
        e = STDERR.match(data, pos)
        if len(out) != int(h.group(3)) or not e:
            raise ValueError("step %s: the stream is cut short" % name)
        pos = e.end()
        err = data[pos:pos + int(e.group(1))]
        pos += len(err)
        if len(err) != int(e.group(1)) or data[pos:pos + 1] != b"\n":
            raise ValueError("step %s: the stream is cut short" % name)
        pos += 1
        for ext, content in (("out", out), ("err", err),
                             ("rc", h.group(2) + b"\n")):
            with open(os.path.join(outdir, "%s.%s" % (name, ext)), "wb") as f:
                f.write(content)
        names.append(name)


def boot(a):
    for f in (a.console, a.data):
        if os.path.exists(f):
            os.unlink(f)	# QEMU appends to a file chardev
    cmd = ["qemu-system-x86_64", "-m", a.mem, "-nographic", "-no-reboot",
           "-nodefaults", "-serial", "file:" + a.console,
           "-serial", "file:" + a.data,
           "-kernel", a.kernel, "-initrd", a.initrd,
           "-append", "console=ttyS0 panic=-1 " + a.append]
    q = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    try:
        return q.wait(timeout=a.timeout)
    except subprocess.TimeoutExpired:
        q.kill()
        q.wait()
        sys.exit("boot-plain-vm: the VM did not power off within %d s" % a.timeout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kernel")
    ap.add_argument("initrd")
    ap.add_argument("console")
    ap.add_argument("data")
    ap.add_argument("--timeout", type=int, default=240)
    ap.add_argument("--mem", default="512M")
    ap.add_argument("--append", default="")
    ap.add_argument("--split", metavar="DIR")
    ap.add_argument("--split-only", action="store_true")
    a = ap.parse_args()

    if not a.split_only:
        rc = boot(a)
        if rc:
            sys.exit("boot-plain-vm: QEMU exited with %d" % rc)
    if a.split:
        with open(a.data, "rb") as f:
            data = f.read()
        try:
            names = split(data, a.split)
        except ValueError as e:
            sys.exit("boot-plain-vm: %s: %s" % (a.data, e))
        with open(os.path.join(a.split, "steps"), "w") as f:
            f.write("\n".join(names) + "\n")


if __name__ == "__main__":
    main()
