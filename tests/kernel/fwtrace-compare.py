#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""The kernel's mlx5_fw trace events against prmctl's decode of the same ring.

    fwtrace-compare.py [--prmctl PRMCTL] TRACE RING

TRACE: the guest's /sys/kernel/tracing/trace (lines with "mlx5_fw: ").
RING: the blocks the simulator wrote into the kernel's ring, as a capture file
(the service's tracering.trace, prmctl-sim(8)). prmctl decodes RING (decode -j
for the messages, analyze -j for their formats) and every message the kernel
printed must be one prmctl decoded, in the same order for its event id:

- text: what drivers/net/ethernet/mellanox/mlx5/core/diag/fw_tracer.c makes
  of the format and the parameters. mlx5_tracer_get_num_of_params rewrites
  every "%llx" to "%x%x" (two parameters printed unpadded, high then low) and
  vsnprintf does the rest; a format mlx5_tracer_validate_params refuses
  (anything but d i u x X c and %% after digits, '#', '.', 'l') prints
  "BAD_FORMAT: <format>". Without "%llx" the kernel's text must be prmctl's
  msg byte for byte; with it, prmctl's rendering of the rewritten format.
  "%lld"/"%llu" are read by vsnprintf as one 64-bit vararg from a 32-bit int
  (firmware does not write them; the simulator keeps them on event id 12):
  their text is not checked, and the parameters the kernel did not count can
  come back as raw "0x%08x%08x" lines on that id, which are allowed there.
- lost bit and event id: equal.
- timestamp: prmctl completes a message from the first reliable timestamp
  event after its first entry (doc/trace-decode.md §3), the kernel from the
  one that flushes its ready list after the message's last parameter, T,
  with (mlx5_tracer_handle_timestamp_trace): ts7 < T & 0x7f: (T & ~0x7f) |
  ts7, else ((T - 1) & ~0x7f) | ts7. When ts7 is above T's low bits the
  message is in T's previous 128-tick window, and that second formula puts
  it in T's own window: the kernel prints prmctl's time + 128 (and - 128
  when T's low bits are 0 and ts7 is 0). The kernel's T is not in decode's
  output, so the formula must hold for one of the reliable timestamp events
  between the message and the first one after the next non-timestamp item
  (the simulator writes a message's entries before the next item's).

Messages the kernel never printed are allowed before the first message it
printed and after its last (the trace was switched on after the probe, off
before the end), not between; that window is taken in prmctl's ticks of the
messages matched, not in the kernel's stamps (up to 128 ticks later). Exit 0 when all holds, 1 otherwise; the counts are printed either way
(ts_kernel_formula: how many times differ from prmctl's, by the formula above).

In the guest: a trace buffer that holds every line (buffer_size_kb), the
mlx5:mlx5_fw event on as soon as mlx5_core is loaded and off before the trace
is read, and the trace file copied out whole (a second serial port is quick);
on the host, the service's tracering.trace copied before 'sim stop'.
Checked against Linux 6.1.0-57 (Debian), whose fw_tracer.c has the upstream
format checks of December 2025 (BAD_FORMAT, %% skipped); upstream's newer
fw_tracer.c parses the ring the same way. A kernel without those checks
counts %% as a parameter (such a message never completes) and passes %s a
dword as a pointer.
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "trace"))
import cprintf  # noqa: E402  (the project's model of the kernel's vsnprintf)

LINE = re.compile(rb"mlx5_fw: \S+ \[0x([0-9a-f]+)\] (\d+) \[0x([0-9a-f]+)\] (.*)$")
RAW = re.compile(rb"^0x[0-9a-f]{16}$")
MASK_52_7 = 0x1FFFFFFFFFFF80
ODD_EVENT_ID = 12


def kernel_valid(fmt):
    """mlx5_tracer_validate_params."""
    i = fmt.find(b"%")
    while i >= 0:
        j = i + 1
        while j < len(fmt) and (fmt[j:j + 1].isdigit() or fmt[j:j + 1] in (b"#", b".", b"l")):
            j += 1
        if j >= len(fmt) or fmt[j:j + 1] not in (b"x", b"X", b"d", b"i", b"u", b"c", b"%"):
            return False
        i = fmt.find(b"%", i + 2 if fmt[i + 1:i + 2] == b"%" else i + 1)
    return True


def kernel_count(fmt):
    """mlx5_tracer_get_num_of_params, after the %llx rewrite."""
    n, i = 0, fmt.find(b"%")
    while i >= 0:
        if fmt[i + 1:i + 2] != b"%":
            n += 1
            i = fmt.find(b"%", i + 1)
        else:
            i = fmt.find(b"%", i + 2)
    return n


def kernel_ts(ts7, t):
    if ts7 < (t & 0x7F):
        return (t & MASK_52_7) | ts7
    return ((t - 1) & MASK_52_7) | ts7


def prmctl_json(prmctl, *args):
    out = subprocess.run([prmctl, "-j", "trace", *args], check=True, capture_output=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def main(argv):
    prmctl = "prmctl"
    if len(argv) > 2 and argv[1] == "--prmctl":
        prmctl = argv[2]
        argv = argv[:1] + argv[3:]
    if len(argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    trace, ring = argv[1], argv[2]

    items = [d for d in prmctl_json(prmctl, "decode", ring) if d["type"] != "summary"]
    formats = {f["pointer"]: f["format"].encode("latin-1")
               for f in prmctl_json(prmctl, "analyze", ring)[0]["formats"]}
    # the reliable timestamp candidates of each message (see above)
    per_eid = {}
    for i, d in enumerate(items):
        if d["type"] != "string" or d.get("problem") or d["ticks"] is None:
            continue
        cands, j, passed = [], i + 1, False
        while j < len(items):
            e = items[j]
            if e["type"] == "timestamp" and not e["unreliable"]:
                cands.append(e["ticks"])
                if passed:
                    break
            elif e["type"] in ("string", "raw"):
                passed = True
            j += 1
        d["cands"] = cands
        per_eid.setdefault(d["event_id"], []).append(d)

    kern = {}
    with open(trace, "rb") as f:
        for line in f:
            m = LINE.search(line.rstrip(b"\r\n"))
            if m:
                kern.setdefault(int(m.group(3), 16), []).append(
                    (int(m.group(1), 16), m.group(2) == b"1", m.group(4)))

    c = dict.fromkeys(("kernel_lines", "matched", "text_same", "text_llx_rule", "bad_format",
                       "text_unchecked", "ts_same", "ts_kernel_formula", "before", "after",
                       "missing", "raw_leftovers", "unmatched"), 0)
    problems = []
    deltas = {}

    def expect(d):
        if "want" not in d:
            d["want"] = expect_text(d)
        return d["want"]

    def expect_text(d):
        fmt = formats.get(d["pointer"])
        if fmt is None:
            return None, "no format"
        if not kernel_valid(fmt):
            return b"BAD_FORMAT: " + fmt, "bad_format"
        kfmt = fmt.replace(b"%llx", b"%x%x")
        if re.search(rb"%[0-9#.]*ll", kfmt):
            return fmt.split(b"%")[0], "text_unchecked"
        params = {k + 1: v for k, v in enumerate(d["params"][:kernel_count(kfmt)]) if v is not None}
        text = cprintf.render(kfmt, params)
        if kfmt == fmt:
            if text != d["msg"].encode("latin-1"):
                return None, "model differs from prmctl: %r" % text
            return text, "text_same"
        return text, "text_llx_rule"

    def matches(d, k):
        ts, lost, text = k
        want, how = expect(d)
        if how.startswith("model") or how == "no format":
            return None
        if want is None or (text != want if how != "text_unchecked" else
                                not text.startswith(want)):
            return None
        if lost != d["lost"]:
            return None
        if ts == d["ticks"]:
            tsk = "ts_same"
        elif any(kernel_ts(d["ticks"] & 0x7F, t) == ts for t in d["cands"]):
            tsk = "ts_kernel_formula"
            deltas[ts - d["ticks"]] = deltas.get(ts - d["ticks"], 0) + 1
        else:
            return None
        return how, tsk

    # the messages the kernel did not print, judged once the window is known
    pending, printed = [], []

    def unprinted(eid, msgs):
        pending.extend((eid, d) for d in msgs)

    def judge_unprinted():
        """Outside the kernel's window, or missing. The window is the span of the
        messages it printed, in prmctl's ticks: the kernel stamps some 128 ticks
        later, so its own times would take in messages it never meant to print
        (those ready before the trace event was switched on)."""
        lo, hi = (min(printed), max(printed)) if printed else (0, -1)
        for eid, d in pending:
            if d["ticks"] < lo:
                c["before"] += 1
            elif d["ticks"] > hi:
                c["after"] += 1
            else:
                c["missing"] += 1
                if len(problems) < 10:
                    problems.append("event id %#x: not printed by the kernel: [%#x] %r" % (
                        eid, d["ticks"], d["msg"]))

    for eid in sorted(set(kern) | set(per_eid)):
        msgs, lines = per_eid.get(eid, []), kern.get(eid, [])
        j, first = 0, True
        for k in lines:
            c["kernel_lines"] += 1
            hit = None
            for jj in range(j, len(msgs) if first else min(len(msgs), j + 64)):
                hit = matches(msgs[jj], k)
                if hit:
                    break
            if not hit:
                if eid == ODD_EVENT_ID and RAW.match(k[2]):
                    c["raw_leftovers"] += 1
                    continue
                c["unmatched"] += 1
                if len(problems) < 10:
                    near = msgs[j] if j < len(msgs) else None
                    problems.append("event id %#x: kernel [%#x] %d %r; prmctl's next: %s" % (
                        eid, k[0], k[1], k[2],
                        near and "[%#x] %s %r %s" % (near["ticks"], near["lost"], near["msg"],
                                                     expect(near)[1])))
                continue
            unprinted(eid, msgs[j:jj])
            printed.append(msgs[jj]["ticks"])
            first = False
            c["matched"] += 1
            c[hit[0]] += 1
            c[hit[1]] += 1
            j = jj + 1
        unprinted(eid, msgs[j:])
    judge_unprinted()

    print(" ".join("%s=%d" % kv for kv in c.items()))
    if deltas:
        print("kernel time - prmctl's, where they differ: " +
              ", ".join("%+d ticks: %d" % kv for kv in sorted(deltas.items())))
    for p in problems:
        print(p)
    ok = c["matched"] > 0 and not c["unmatched"] and not c["missing"]
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main(sys.argv)
