#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""Boot a kernel in QEMU with a prmctl simulator as its PCI device over vfio-user.

The simulator service listens on a UNIX socket (sim start NAME --vfio-user
SOCK); QEMU (tools/vm-env's 11.1, the first with vfio-user-pci) connects to
it. Guest RAM is a shared memfd, so the simulator maps what the driver hands
it for DMA. The device sits under a PCIe root port: on q35's root bus QEMU
would make it a root-complex endpoint, which has no link for the driver to
read. The guest's console is written to LOG. Everything is bounded: QEMU is
killed after --timeout seconds (exit status 1), or --end-grace seconds after
--end-text appears in LOG (a guest whose driver hangs in a command may never
finish poweroff -f; its work is done, so that is not a failure). The
simulator is stopped at the end, after its commands (--commands) and its
status (--status) are saved, and the ring its tracer wrote (--ring: the
service's tracering.trace, from $PRMCTL_SIM_DIR/NAME).

usage: boot-vu.py QEMU PRMCTL NAME KERNEL INITRD LOG [--timeout S]
       [--model M] [--mem 1G] [--smp N] [--append ARGS] [--inject FAULT]...
       [--inject-when TEXT FAULT]... [--clear-when TEXT FAULT]...
       [--end-text TEXT] [--end-grace S]
       [--commands FILE] [--status FILE] [--ring FILE] [--data FILE] [--iommu]

--inject-when injects FAULT into the running simulator once TEXT appears in
the guest's console log (a fault the driver must meet mid-probe);
--clear-when clears FAULT once TEXT appears. Each acts once, in the order
given.

--iommu puts a virtual IOMMU (intel-iommu, interrupt remapping on, caching
mode as vfio-user needs) before the device, for vfio-pci in the guest; the
guest wants intel_iommu=on iommu.strict=1 on its command line.

--data FILE gives the guest a second serial port (ttyS1) written to FILE:
a scenario's framed output (frames.sh), kept apart from kernel messages, for
boot-plain-vm.py --split-only to cut.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


def log_text(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except FileNotFoundError:
        return ""


def qemu_command(a, sock):
    dev = {"driver": "vfio-user-pci", "socket": {"path": sock, "type": "unix"},
           "bus": "rp0", "id": a.name}
    serial = ["-serial", "file:" + a.log]
    if a.data:
        serial += ["-serial", "file:" + a.data]
    return [a.qemu, "-machine", "q35,memory-backend=mem", "-accel", "tcg",
            "-cpu", "max", "-smp", str(a.smp), "-m", a.mem,
            "-object", "memory-backend-memfd,id=mem,size=%s,share=on" % a.mem,
            "-nographic", "-no-reboot", "-nodefaults"] + serial + [
            "-kernel", a.kernel, "-initrd", a.initrd,
            "-append", "console=ttyS0 panic=-1 " + a.append,
            ] + (["-device", "intel-iommu,intremap=on,caching-mode=on"] if a.iommu else []) + [
            "-device", "pcie-root-port,id=rp0,bus=pcie.0,chassis=1,slot=1",
            "-device", json.dumps(dev)]


def run_vm(a, q):
    """Wait for QEMU, injecting on cue; returns its exit status or None if killed."""
    deadline = time.monotonic() + a.timeout
    pending = [("inject", t, f) for t, f in a.inject_when] + \
        [("clear", t, f) for t, f in a.clear_when]
    ended_at = None
    while q.poll() is None:
        now = time.monotonic()
        if now >= deadline:
            q.kill()
            q.wait()
            print("boot-vu: the VM did not power off within %d s" % a.timeout, file=sys.stderr)
            return None
        seen = log_text(a.log) if pending or a.end_text else ""
        for verb, text, fault in list(pending):
            if text in seen:
                subprocess.run([a.prmctl, "sim", verb, a.name, fault],
                               stdout=subprocess.DEVNULL, check=True)
                pending.remove((verb, text, fault))
        if a.end_text and ended_at is None and a.end_text in seen:
            ended_at = now
        if ended_at is not None and now - ended_at >= a.end_grace:
            q.kill()
            q.wait()
            print("boot-vu: the guest ended but QEMU did not exit; killed", file=sys.stderr)
            return 0
        time.sleep(0.2)
    return q.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("qemu")
    ap.add_argument("prmctl")
    ap.add_argument("name")
    ap.add_argument("kernel")
    ap.add_argument("initrd")
    ap.add_argument("log")
    ap.add_argument("--timeout", type=int, default=180)
    ap.add_argument("--model", default="cx6dx")
    ap.add_argument("--mem", default="1G")
    ap.add_argument("--smp", type=int, default=2)
    ap.add_argument("--append", default="")
    ap.add_argument("--inject", action="append", default=[])
    ap.add_argument("--inject-when", nargs=2, action="append", default=[],
                    metavar=("TEXT", "FAULT"))
    ap.add_argument("--clear-when", nargs=2, action="append", default=[],
                    metavar=("TEXT", "FAULT"))
    ap.add_argument("--end-text")
    ap.add_argument("--end-grace", type=int, default=10)
    ap.add_argument("--commands")
    ap.add_argument("--status")
    ap.add_argument("--ring")
    ap.add_argument("--data")
    ap.add_argument("--iommu", action="store_true")
    a = ap.parse_args()
    a.inject_when = [tuple(x) for x in a.inject_when]
    a.clear_when = [tuple(x) for x in a.clear_when]
    for f in (a.log, a.data):
        if f and os.path.exists(f):
            os.unlink(f)    # QEMU appends to a file chardev

    # a short path: a UNIX socket's is limited to 107 bytes
    sockdir = tempfile.mkdtemp(prefix="prmctl-vu-")
    sock = os.path.join(sockdir, "sim.sock")
    start = [a.prmctl, "sim", "start", a.name, "--model", a.model, "--vfio-user", sock]
    for f in a.inject:
        start += ["--inject", f]
    if subprocess.run(start, stdout=subprocess.DEVNULL).returncode:
        shutil.rmtree(sockdir, ignore_errors=True)
        sys.exit("boot-vu: the simulator did not start")
    q = None
    rc = 1
    try:
        q = subprocess.Popen(qemu_command(a, sock), stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL)
        rc = run_vm(a, q)
        rc = 1 if rc is None else rc
    finally:
        if q is not None and q.poll() is None:
            q.kill()
            q.wait()
        if a.commands:
            with open(a.commands, "w") as f:
                subprocess.run([a.prmctl, "-j", "sim", "commands", a.name], stdout=f)
        if a.status:
            with open(a.status, "w") as f:
                subprocess.run([a.prmctl, "-j", "sim", "status", a.name], stdout=f)
        if a.ring:
            ring = os.path.join(os.environ.get("PRMCTL_SIM_DIR", ""), a.name, "tracering.trace")
            if os.path.exists(ring):
                shutil.copyfile(ring, a.ring)
        subprocess.run([a.prmctl, "sim", "stop", a.name],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(sockdir, ignore_errors=True)
    sys.exit(rc)


if __name__ == "__main__":
    main()
