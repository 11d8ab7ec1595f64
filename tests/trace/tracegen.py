#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""tracegen: firmware-tracer rings built from scenarios, with the output
`prmctl trace decode --json` must print for them (doc/trace-decode.md).

A scenario plays the firmware: it emits raw events, string messages (a
format placed in a strings DB and parameter values) and timestamp events,
each at a full 53-bit time, into 256-byte blocks (32 big-endian entries,
entry 31 a closing timestamp event) written round a ring; then the ring is
manipulated (torn, stale, duplicated, empty, incomplete blocks, trailing
bytes). The expected output is known from the construction: item times are
the times the firmware used, messages are their formats rendered with the
values that were emitted, block kinds are what the scenario made them. The
doc's rules (which block is visited first, which timestamp event completes
an item, how entries group into messages and when a message is finalised)
are modelled here on the logical entries, never by decoding the bytes, and
every message the scenario emitted whole is checked to come out exactly as
it was built.

usage:
  tracegen.py --list                       scenario names and families
  tracegen.py --out DIR [--family F] [NAME...]
        writes DIR/NAME/{ring.bin, strings-K.bin, args, expected.jsonl,
        strict, about} for every scenario asked (all by default) and prints
        the names. args: one command-line argument a line, to go between
        `prmctl trace decode --json` and the ring file. strict: the exit
        status --strict must give (0 or 4).
  tracegen.py --selftest                   checks the C printf model against libc

Environment: TRACEGEN_PENDING_ALL=1 counts every item not yet emitted against
the 65536-item limit of doc/trace-decode.md §3 (default: only the items waiting
for a reliable timestamp); only the pending_limit scenario depends on it.
"""

import argparse
import collections
import json
import os
import random
import sys
from decimal import Decimal

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cprintf  # noqa: E402

SCHEMA = "prmctl/1"
MAX_PENDING = 65536     # TRACE_MAX_PENDING
# Which items count against MAX_PENDING (doc/trace-decode.md §3 "At most 65536 items
# wait"): False = the items waiting for a reliable timestamp (raw events and string
# messages, §3's sense of "waiting"); True = every item not yet emitted (§5), timestamp
# events held behind them included. Environment TRACEGEN_PENDING_ALL=1 sets True.
PENDING_COUNTS_ALL = os.environ.get("TRACEGEN_PENDING_ALL") == "1"
M53 = (1 << 53) - 1
P52 = 1 << 52
P53 = 1 << 53


from ring import *  # noqa: E402,F401,F403
from ring import window_complete, after  # noqa: E402,F401


class Item:
    __slots__ = ("type", "ents", "first", "ts", "obj", "msgstate", "gaveup")

    def __init__(self, type_, first):
        self.type = type_
        self.first = first
        self.ents = [first]
        self.ts = None          # completed time
        self.obj = None
        self.msgstate = None
        self.gaveup = False     # uncompletable (discontinuity, end, MAX_PENDING)

    def ready(self):
        """§5: may leave (once every earlier item has)."""
        done = self.ts is not None or self.gaveup
        return done and (self.type != "string" or self.obj is not None)


class MsgState:
    def __init__(self, key, item, pos, ptr, fmt, problem0):
        self.key = key
        self.item = item
        self.pos = pos          # visit position of the block of its first entry
        self.ptr = ptr
        self.fmt = fmt          # bytes when known
        self.problem0 = problem0
        self.params = {}
        self.high = 0
        self.lost = False
        self.N = cprintf.count(fmt) if fmt is not None else 0


class Model:
    def __init__(self, g):
        self.g = g
        self.ring = [b if b is not None else empty_block() for b in g.ring]
        self.n = len(self.ring)
        self.out = []           # Item or dict (skip)
        self.c = dict.fromkeys(
            ("blocks decoded empty incomplete duplicate torn stale overrun truncated "
             "start_block events strings raws timestamps unreliable_events lost_events uncompleted "
             "missing_params missing_pointer unknown_pointer unterminated too_many_params "
             "duplicate_params").split(), 0)
        self.open = {}
        self.waiting = collections.deque()
        self.unsent = collections.deque()      # §5: items not emitted yet
        self.processed = {}
        self.run_of = {}
        self.runs = 0           # discontinuities so far
        self.khz = None
        if g.clock is not None:
            k = Decimal(g.clock) * 1000
            assert k == int(k) and k > 0
            self.khz = int(k)

    def kind(self, e):
        w = e.word()
        eid = (w >> 48) & 0xFF
        if eid == 0xFF:
            k = "ts"
        elif self.g.first <= eid < self.g.first + self.g.num:
            k = "str"
        else:
            k = "raw"
        assert e.kind == k, (self.g.name, e.kind, k, eid)
        return k

    def unreliable(self, e):
        return bool(e.urts >> 2) if self.g.ver == 0 else bool(e.urts & 1)

    def lookup(self, ptr):
        for s in self.g.sections:
            if s.base <= ptr < s.base + len(s.data):
                off = ptr - s.base
                end = s.data.find(b"\0", off)
                if end < 0:
                    return None, "unterminated"
                return bytes(s.data[off:end]), None
        return None, "unknown_pointer"

    def start(self):
        if self.g.ci is not None:
            return self.g.ci
        comp = [(i, b.close_T()) for i, b in enumerate(self.ring) if b.complete()]
        if not comp:
            return 0
        vals = [T for _, T in comp]
        wrapped = max(vals) - min(vals) > P52
        key = (lambda T: T + P53 if wrapped and T < P52 else T)
        return min(comp, key=lambda x: (key(x[1]), x[0]))[0]

    def classify(self, b, last):
        if b.is_empty():
            return "empty"
        if not b.complete():
            return "incomplete"
        T = b.close_T()
        if last is not None and T == last:
            return "duplicate"
        if any(e.kind == "ts" and after(e.t, T) for e in b.ents[:31]):
            return "torn"
        if last is not None and not after(T, last):
            return "stale"
        return None

    # ---- messages
    def finalise(self, ms):
        del self.open[ms.key]
        it = ms.item
        N = ms.N
        top = min(7, max(N, ms.high))
        params = [ms.params.get(i) for i in range(1, top + 1)]
        if ms.problem0 == "missing_pointer":
            problem, text = "missing_pointer", b"<missing string pointer>"
        elif ms.problem0 == "unknown_pointer":
            problem, text = "unknown_pointer", b"<unknown string pointer 0x%08x>" % ms.ptr
        elif ms.problem0 == "unterminated":
            problem, text = "unterminated", b"<unterminated string at 0x%08x>" % ms.ptr
        else:
            text = cprintf.render(ms.fmt, ms.params)
            if any(ms.params.get(i) is None for i in range(1, min(N, 7) + 1)):
                problem = "missing_params"
            elif N > 7:
                problem = "too_many_params"
            else:
                problem = None
        if problem:
            self.c[problem] += 1
        it.obj = {"tmsn": ms.key[1], "pointer": ms.ptr, "msg": cprintf.json_text(text),
                  "params": params, "lost": ms.lost, "problem": problem,
                  "text": text}

    def complete_known(self, ms):
        if ms.fmt is None:
            return False
        return all(i in ms.params for i in range(1, min(ms.N, 7) + 1))

    def discontinuity(self):
        self.runs += 1
        for ms in list(self.open.values()):
            self.finalise(ms)
        for w in self.waiting:
            w.gaveup = True     # they stay null
        self.waiting.clear()
        self.unsent.clear()

    def give_up(self, old):
        old.gaveup = old.ts is None
        if self.waiting and self.waiting[0] is old:
            self.waiting.popleft()
        ms = old.msgstate
        if ms is not None and self.open.get(ms.key) is ms:
            self.finalise(ms)

    def held(self, it):
        """Every item joins the emission queue; PENDING_COUNTS_ALL limits it."""
        self.unsent.append(it)
        if PENDING_COUNTS_ALL:
            while len(self.unsent) > MAX_PENDING:
                self.give_up(self.unsent.popleft())
                self.leave()

    def leave(self):
        while self.unsent and self.unsent[0].ready():
            self.unsent.popleft()

    def wait(self, it):
        """§3: at most MAX_PENDING items wait for a timestamp; beyond that the
        oldest is given up (null), an open message finalised as it stands."""
        self.waiting.append(it)
        while not PENDING_COUNTS_ALL and len(self.waiting) > MAX_PENDING:
            self.give_up(self.waiting[0])

    def entry(self, e, pos):
        self.processed[e.uid] = self.processed.get(e.uid, 0) + 1
        self.run_of[e.uid] = self.runs
        k = self.kind(e)
        if k == "ts":
            it = Item("timestamp", e)
            it.ts = e.t
            self.out.append(it)
            if self.unreliable(e):
                self.c["unreliable_events"] += 1
            else:
                for w in self.waiting:
                    got = window_complete(e.t, w.first.ts7)
                    assert got == w.first.t, (self.g.name, "a time the window rule cannot give back",
                                              hex(w.first.t), hex(e.t))
                    w.ts = got
                self.waiting.clear()
                self.leave()
            self.held(it)       # completes first: a timestamp event itself never waits
            return
        if e.lost:
            self.c["lost_events"] += 1
        if k == "raw":
            it = Item("raw", e)
            self.out.append(it)
            self.held(it)
            self.wait(it)
            return
        key = (e.eid, e.tmsn)
        if e.tdsn == 0:
            if key in self.open:
                self.finalise(self.open[key])
            it = Item("string", e)
            self.out.append(it)
            self.held(it)
            self.wait(it)
            fmt, prob = self.lookup(e.param)
            ms = MsgState(key, it, pos, e.param, fmt, prob)
            ms.lost = e.lost
            it.msgstate = ms
            self.open[key] = ms
            if self.complete_known(ms):
                self.finalise(ms)
            return
        ms = self.open.get(key)
        if ms is None:
            it = Item("string", e)
            self.out.append(it)
            self.held(it)
            self.wait(it)
            ms = MsgState(key, it, pos, None, None, "missing_pointer")
            it.msgstate = ms
            self.open[key] = ms
        else:
            ms.item.ents.append(e)
        ms.lost = ms.lost or e.lost
        if e.tdsn in ms.params:
            self.c["duplicate_params"] += 1
        else:
            ms.params[e.tdsn] = e.param
        ms.high = max(ms.high, e.tdsn)
        if self.complete_known(ms):
            self.finalise(ms)

    def run(self):
        n = self.n
        s = self.start()
        self.c["start_block"] = s
        self.c["blocks"] = n
        last = None
        prev_skip = None
        for pos in range(n):
            idx = (s + pos) % n
            b = self.ring[idx]
            why = self.classify(b, last)
            if why:
                self.c[why] += 1
                self.discontinuity()
                if prev_skip is not None and prev_skip["reason"] == why and \
                        prev_skip["block"] + prev_skip["blocks"] == idx:
                    prev_skip["blocks"] += 1
                else:
                    prev_skip = {"type": "skip", "reason": why, "block": idx, "blocks": 1,
                                 "offset": idx * 256}
                    self.out.append(prev_skip)
                continue
            prev_skip = None
            last = b.close_T()
            self.c["decoded"] += 1
            self.c["events"] += 32
            for e in b.ents:
                self.entry(e, pos)
                self.leave()
            for ms in list(self.open.values()):
                if ms.pos == pos - 1:
                    self.finalise(ms)
        self.discontinuity()
        if self.g.trailing:
            self.c["truncated"] = 1
            self.out.append({"type": "skip", "reason": "truncated", "block": n, "blocks": 0,
                             "offset": n * 256})
        self.json = self.lines()
        return self

    # ---- JSON
    def lines(self):
        res = []
        for it in self.out:
            if isinstance(it, dict):
                res.append(dict(it, schema=SCHEMA))
                continue
            e = it.first
            o = {"schema": SCHEMA, "type": it.type, "ticks": it.ts, "event_id": e.eid}
            if it.type == "timestamp":
                o["lost"] = False
                o["unreliable"] = self.unreliable(e)
                o["urts"] = e.urts
                self.c["timestamps"] += 1
            elif it.type == "raw":
                o["lost"] = e.lost
                o["data"] = e.data
                self.c["raws"] += 1
            else:
                m = it.obj
                o["lost"] = m["lost"]
                o["tmsn"] = m["tmsn"]
                o["pointer"] = m["pointer"]
                o["msg"] = m["msg"]
                o["params"] = m["params"]
                if m["problem"]:
                    o["problem"] = m["problem"]
                self.c["strings"] += 1
            if it.ts is None:
                o["ts7"] = e.ts7
                self.c["uncompleted"] += 1
            elif self.khz:
                o["device_ns"] = it.ts * 1000000 // self.khz
            res.append(o)
        summ = {"schema": SCHEMA, "type": "summary"}
        summ.update(self.c)
        res.append(summ)
        return res

    def strict(self):
        keys = ("incomplete duplicate torn stale overrun truncated lost_events uncompleted "
                "missing_params missing_pointer unknown_pointer unterminated too_many_params "
                "duplicate_params").split()
        return 4 if any(self.c[k] for k in keys) else 0

    # ---- the construction, checked
    def check(self):
        g = self.g
        for k, v in g.expect.items():
            assert self.c[k] == v, (g.name, "summary", k, self.c[k], "built", v)
        items = {}
        for it in self.out:
            if isinstance(it, Item) and it.type == "string":
                items[it.ents[0].uid] = it
        for m in g.msgs:
            if m.broken or m.queue:
                continue
            if not all(self.processed.get(e.uid) == 1 for e in m.ents):
                continue        # some of it was in a block that was skipped or is gone
            if len({self.run_of[e.uid] for e in m.ents}) > 1:
                continue        # a skip went through it
            it = items.get(m.ents[0].uid)
            assert it is not None and [e.uid for e in it.ents] == [e.uid for e in m.ents], \
                (g.name, "message not whole", m.fmt, m.tmsn)
            vals = {}
            for e in m.ents:
                if e.tdsn and e.tdsn not in vals:
                    vals[e.tdsn] = e.param
            N = cprintf.count(m.fmt) if m.kind == "ok" else 0
            top = min(7, max([N] + list(vals)))
            want = {"tmsn": m.tmsn, "pointer": m.ptr,
                    "params": [vals.get(i) for i in range(1, top + 1)],
                    "lost": any(e.lost for e in m.ents)}
            if m.kind == "ok":
                want["text"] = cprintf.render(m.fmt, vals)
                miss = [i for i in range(1, min(N, 7) + 1) if i not in vals]
                want["problem"] = "missing_params" if miss else ("too_many_params" if N > 7 else None)
            else:
                want["problem"] = {"missing": "missing_pointer", "unknown": "unknown_pointer",
                                   "unterminated": "unterminated"}[m.kind]
            for k, v in want.items():
                assert it.obj[k] == v, (g.name, "message", m.fmt, k, it.obj[k], "built", v)
        return self


# ---------------------------------------------------------------- output

def write(g, outdir):
    d = os.path.join(os.path.abspath(outdir), g.name)
    os.makedirs(d, exist_ok=True)
    if not g.sections:
        g.section(0x00100000, b"fw\0")
    model = Model(g).run().check()
    with open(os.path.join(d, "ring.bin"), "wb") as f:
        for b in g.ring:
            f.write((b or empty_block()).bytes())
        f.write(g.trailing)
    args = []
    for k, s in enumerate(g.sections):
        p = os.path.join(d, "strings-%d.bin" % k)
        with open(p, "wb") as f:
            f.write(s.data)
        args += ["--strings-db", "0x%x:%s" % (s.base, p)]
    args += ["--first-string-trace", str(g.first), "--num-string-trace", str(g.num),
             "--trc-ver", str(g.ver)]
    if g.ci is not None:
        args += ["--consumer-index", str(g.ci)]
    if g.clock is not None:
        args += ["--clock-mhz", g.clock]
    with open(os.path.join(d, "args"), "w") as f:
        f.write("".join(a + "\n" for a in args))
    with open(os.path.join(d, "expected.jsonl"), "w") as f:
        for o in model.json:
            f.write(json.dumps(o) + "\n")
    with open(os.path.join(d, "strict"), "w") as f:
        f.write("%d\n" % model.strict())
    with open(os.path.join(d, "about"), "w") as f:
        f.write("%s (%s): %s\n" % (g.name, g.family, g.about))
    return d


SCENARIOS = []


def scenario(family):
    def reg(fn):
        SCENARIOS.append((fn.__name__, family, fn))
        return fn
    return reg


from scenarios import register_all  # noqa: E402

register_all(scenario, sys.modules[__name__])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--selftest", action="store_true")
    ap.add_argument("--out")
    ap.add_argument("--family", action="append")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    if a.selftest:
        return 0 if cprintf._selftest() else 1
    if a.list:
        for name, fam, fn in SCENARIOS:
            print(name, fam)
        return 0
    if not a.out:
        ap.error("--out DIR is needed")
    known = {n for n, _, _ in SCENARIOS}
    for n in a.names:
        if n not in known:
            ap.error("no scenario %s" % n)
    for name, fam, fn in SCENARIOS:
        if a.names and name not in a.names:
            continue
        if a.family and fam not in a.family:
            continue
        g = fn()
        assert g.name == name and g.family == fam
        try:
            write(g, a.out)
        except AssertionError as e:
            print("tracegen: scenario %s: %s" % (name, e), file=sys.stderr)
            return 1
        print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
