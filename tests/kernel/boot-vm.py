#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""Boot a kernel in QEMU with a prmctl simulator as its PCI device.

The simulator service gets one end of a socketpair (--qemu-proxy FD), QEMU
the other (-device x-pci-proxy-dev,fd=N). The guest's console is written
to LOG. Everything is bounded: QEMU is killed after --timeout seconds.

usage: boot-vm.py PRMCTL NAME KERNEL INITRD LOG [--timeout S] [--model M]
       [--append ARGS] [--inject FAULT]... [--inject-when TEXT FAULT]

--inject-when injects FAULT into the running simulator once TEXT appears in
the guest's console log (a fault the driver must meet mid-probe).
"""
import argparse
import os
import socket
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("prmctl")
    ap.add_argument("name")
    ap.add_argument("kernel")
    ap.add_argument("initrd")
    ap.add_argument("log")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--model", default="cx6dx")
    ap.add_argument("--append", default="")
    ap.add_argument("--inject", action="append", default=[])
    ap.add_argument("--inject-when", nargs=2, metavar=("TEXT", "FAULT"))
    a = ap.parse_args()

    qemu_end, sim_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    start = [a.prmctl, "sim", "start", a.name, "--model", a.model,
             "--qemu-proxy", str(sim_end.fileno())]
    for f in a.inject:
        start += ["--inject", f]
    r = subprocess.run(start, pass_fds=[sim_end.fileno()],
                       stdout=subprocess.DEVNULL)
    sim_end.close()
    if r.returncode:
        sys.exit("boot-vm: the simulator did not start")
    cmd = ["qemu-system-x86_64", "-machine", "pc,memory-backend=mem",
           "-object", "memory-backend-memfd,id=mem,size=512M", "-m", "512M",
           "-nographic", "-no-reboot", "-nodefaults", "-serial", "file:" + a.log,
           "-kernel", a.kernel, "-initrd", a.initrd,
           "-append", "console=ttyS0 panic=-1 " + a.append,
           "-device", "x-pci-proxy-dev,id=%s,fd=%d" % (a.name, qemu_end.fileno())]
    q = subprocess.Popen(cmd, pass_fds=[qemu_end.fileno()],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    qemu_end.close()
    deadline = time.monotonic() + a.timeout
    try:
        if a.inject_when:
            while q.poll() is None and time.monotonic() < deadline:
                seen = ""
                if os.path.exists(a.log):
                    with open(a.log, errors="replace") as f:
                        seen = f.read()
                if a.inject_when[0] in seen:
                    subprocess.run([a.prmctl, "sim", "inject", a.name, a.inject_when[1]],
                                   stdout=subprocess.DEVNULL, check=True)
                    break
                time.sleep(0.2)
        rc = q.wait(timeout=max(1, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        q.kill()
        q.wait()
        sys.exit("boot-vm: the VM did not power off within %d s" % a.timeout)
    sys.exit(rc)


if __name__ == "__main__":
    main()
