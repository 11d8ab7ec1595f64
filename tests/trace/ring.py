# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""The firmware side of tracegen.py: entries, blocks, strings sections,
messages, and Gen, which a scenario drives to write a ring the way the
firmware would (see tracegen.py)."""

import os
import random
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cprintf  # noqa: E402,F401

M53 = (1 << 53) - 1
P52 = 1 << 52
P53 = 1 << 53


def after(a, b):
    """§2: a is after b (circular 53-bit order)."""
    d = (a - b) & M53
    return 0 < d < P52


def window_complete(T, ts7):
    """§3, written out as the rule says."""
    if ts7 < (T & 0x7F):
        return (T & ~0x7F & M53) | ts7
    return ((((T >> 7) - 1) % (1 << 46)) << 7) | ts7


# ---------------------------------------------------------------- entries

class Ent:
    """One 8-byte entry. kind: ts, raw, str, word (arbitrary bits)."""
    __slots__ = ("kind", "t", "lost", "eid", "data", "tmsn", "tdsn", "param",
                 "urts", "msg", "value", "uid")
    _uid = 0

    def __init__(self, kind, **kw):
        self.kind = kind
        self.t = kw.get("t", 0)
        self.lost = kw.get("lost", False)
        self.eid = 0xFF if kind == "ts" else kw.get("eid", 0)
        self.data = kw.get("data", 0)
        self.tmsn = kw.get("tmsn", 0)
        self.tdsn = kw.get("tdsn", 0)
        self.param = kw.get("param", 0)
        self.urts = kw.get("urts", 0)
        self.msg = kw.get("msg", None)
        self.value = kw.get("value", 0)
        Ent._uid += 1
        self.uid = Ent._uid

    def word(self):
        if self.kind == "ts":
            T = self.t
            return ((T & 0xFF) << 56) | (0xFF << 48) | ((self.urts & 7) << 45) | \
                (((T >> 40) & 0x1FFF) << 32) | ((T >> 8) & 0xFFFFFFFF)
        if self.kind == "raw":
            return (int(self.lost) << 63) | ((self.t & 0x7F) << 56) | (self.eid << 48) | \
                (self.data & 0xFFFFFFFFFFFF)
        if self.kind == "str":
            return (int(self.lost) << 63) | ((self.t & 0x7F) << 56) | (self.eid << 48) | \
                ((self.tmsn & 0x1FFF) << 35) | ((self.tdsn & 7) << 32) | (self.param & 0xFFFFFFFF)
        return self.value

    @property
    def ts7(self):
        return self.t & 0x7F


def zero():
    return Ent("word", value=0)


class Block:
    def __init__(self, ents, lap=0):
        assert len(ents) == 32
        self.ents = list(ents)
        self.lap = lap

    def complete(self):
        return self.ents[31].kind == "ts"

    def close_T(self):
        return self.ents[31].t

    def is_empty(self):
        return all(e.word() == 0 for e in self.ents)

    def bytes(self):
        return b"".join(e.word().to_bytes(8, "big") for e in self.ents)

    def copy(self):
        return Block(self.ents, self.lap)


def empty_block():
    return Block([zero() for _ in range(32)])


# ---------------------------------------------------------------- strings DB

class Section:
    def __init__(self, base, data=b""):
        self.base = base
        self.data = bytearray(data)

    def add(self, text, nul=True):
        ptr = self.base + len(self.data)
        self.data += text + (b"\0" if nul else b"")
        return ptr


class Msg:
    """A string message as the firmware emitted it."""

    def __init__(self, g, fmt, ptr, kind, params, eid, tmsn, order, lost, broken):
        self.fmt = fmt          # the format bytes (kind ok), else None
        self.ptr = ptr          # None: no tdsn 0 is emitted
        self.kind = kind        # ok unknown unterminated missing
        self.params = params    # {tdsn: value} as meant
        self.eid = eid
        self.tmsn = tmsn
        self.broken = broken    # the scenario means it not to come out whole
        self.ents = []
        self.queue = []
        for n, o in enumerate(order):
            if isinstance(o, tuple):
                tdsn, val = o
                assert 0 <= tdsn <= 7
            else:
                tdsn = o
                val = ptr if o == 0 else params.get(o, 0)
            self.queue.append(Ent("str", eid=eid, tmsn=tmsn, tdsn=tdsn, param=val,
                                  lost=n in lost, msg=self))


# ---------------------------------------------------------------- the firmware

class Gen:
    def __init__(self, name, family, about, ver=1, first=8, num=48, t0=0x2000, clock=None):
        self.name = name
        self.family = family
        self.about = about
        self.ver = ver
        self.first = first
        self.num = num
        self.t = t0 & M53
        self.clock = clock
        self.ci = None
        self.blocks = []        # closed blocks, in write order
        self.cur = []
        self.next_urts = 0
        self.next_T = None
        self.sections = []
        self.msgs = []
        self.raws = []
        self.tmsn = {}
        self.ring = None
        self.trailing = b""
        self.expect = {}        # summary counters the construction fixes
        self.raw_eid = 2
        self.rawn = 0

    # ---- strings DB
    def section(self, base, junk=b""):
        s = Section(base, junk)
        self.sections.append(s)
        return s

    def fmt(self, text, sec=None):
        if isinstance(text, str):
            text = text.encode()
        if sec is None:
            if not self.sections:
                self.section(0x00100000, b"\0fw\0")
            sec = self.sections[0]
        return sec.add(text)

    # ---- clock
    def tick(self, dt=1):
        self.t = (self.t + dt) & M53
        return self.t

    def at(self, t):
        self.t = t & M53

    # ---- writing
    def slot(self):
        return len(self.cur)

    def put(self, e, dt=1, t=None):
        if e.kind != "ts" or t is not None:
            e.t = (t & M53) if t is not None else self.tick(dt)
            if t is not None:
                self.t = e.t
        self.cur.append(e)
        if len(self.cur) == 31:
            self.close()
        return e

    def close(self, T=None, urts=None, dt=1):
        assert len(self.cur) == 31
        if T is None:
            T = self.next_T
        if urts is None:
            urts = self.next_urts
        self.next_T = None
        self.next_urts = 0
        if T is None:
            T = self.tick(dt)
        else:
            self.t = T & M53
        self.cur.append(Ent("ts", t=T & M53, urts=urts))
        self.blocks.append(Block(self.cur))
        self.cur = []

    def close_next(self, urts=0, T=None):
        """How the block being written will be closed."""
        self.next_urts = urts
        self.next_T = T

    def raw(self, data=None, eid=None, lost=False, dt=1, t=None):
        eid = self.raw_eid if eid is None else eid
        assert eid != 0xFF and not (self.first <= eid < self.first + self.num), eid
        if data is None:
            self.rawn += 1
            data = 0xA00000000000 | self.rawn
        e = Ent("raw", eid=eid, data=data, lost=lost)
        self.raws.append(e)
        return self.put(e, dt, t)

    def ts(self, urts=0, T=None, dt=1, bogus=None):
        """A mid-block timestamp event; bogus: an unreliable one whose T is
        that many ticks behind the clock (the clock does not move)."""
        if bogus is not None:
            e = Ent("ts", t=(self.t - bogus) & M53, urts=urts)
            self.cur.append(e)
            if len(self.cur) == 31:
                self.close()
            return e
        T = self.tick(dt) if T is None else T & M53
        self.t = T
        e = Ent("ts", t=T, urts=urts)
        return self.put(e, t=T)

    def fill(self, n=None, dt=1):
        """Raw events until the block closes (or n of them)."""
        if n is None:
            n = 31 - len(self.cur)
        for _ in range(n):
            self.raw(dt=dt)

    def pad_to(self, slot, dt=1):
        """Raw events until the next entry lands at `slot` of a block."""
        while len(self.cur) != slot:
            self.raw(dt=dt)

    def new_tmsn(self, eid):
        v = self.tmsn.get(eid, 0x100 + eid * 7)
        self.tmsn[eid] = (v + 1) & 0x1FFF
        return v

    def newmsg(self, fmt=None, params=(), eid=None, tmsn=None, order=None, lost=(),
               ptr=None, kind=None, broken=False, sec=None):
        eid = self.first if eid is None else eid
        assert self.first <= eid < self.first + self.num and eid != 0xFF
        if isinstance(fmt, str):
            fmt = fmt.encode()
        if kind is None:
            kind = "ok" if fmt is not None else "missing"
        if kind == "ok" and ptr is None:
            ptr = self.fmt(fmt, sec)
        if tmsn is None:
            tmsn = self.new_tmsn(eid)
        pd = {i + 1: v for i, v in enumerate(params) if v is not None}
        assert all(1 <= k <= 7 for k in pd), "tdsn has 3 bits"
        if order is None:
            order = ([0] if kind != "missing" else []) + sorted(pd)
        m = Msg(self, fmt, ptr if kind != "missing" else None, kind, pd, eid, tmsn,
                order, set(lost), broken)
        self.msgs.append(m)
        return m

    def emit(self, m, k=None, dt=1):
        k = len(m.queue) if k is None else k
        for _ in range(k):
            e = m.queue.pop(0)
            m.ents.append(e)
            self.put(e, dt)

    def msg(self, *a, dt=1, **kw):
        m = self.newmsg(*a, **kw)
        self.emit(m, dt=dt)
        return m

    def partial(self):
        """The block being written, as the ring holds it now (rest zero)."""
        ents = self.cur + [zero() for _ in range(32 - len(self.cur))]
        return Block(ents)

    # ---- the ring
    def lay(self, n, first_slot=0, blocks=None):
        """Blocks in write order round an n-block ring starting at
        first_slot; later laps overwrite earlier ones; None = never written."""
        blocks = self.blocks if blocks is None else blocks
        ring = [None] * n
        for w, b in enumerate(blocks):
            b.lap = (first_slot + w) // n
            ring[(first_slot + w) % n] = b
        self.ring = ring
        return ring


def torn(new, old, k):
    """First k entries from the newer block, the rest old."""
    return Block(new.ents[:k] + old.ents[k:])


# ---------------------------------------------------------------- the rules
