# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""The scenarios of tracegen.py. Each builds a ring as the firmware would
have written it (then damages it) and says what it made: g.expect holds the
summary counters fixed by the construction, Msg(broken=True) marks a
message the scenario deliberately splits (its parts follow the rules)."""

import random

LIST = []
X = None        # the tracegen module


def sc(family):
    def reg(fn):
        LIST.append((family, fn))
        return fn
    return reg


def register_all(scenario, mod):
    global X
    X = mod
    import scenarios_more  # noqa: F401  (its scenarios join LIST)
    for fam, fn in LIST:
        scenario(fam)(fn)


P53 = 1 << 53
P52 = 1 << 52


def G(name, family, about, **kw):
    return X.Gen(name, family, about, **kw)


# ------------------------------------------------------------------ window

@sc("window")
def ts_window():
    g = G("ts_window", "window", "timestamp completion at every edge of the 128-tick window: "
          "ts7 equal to, just below, just above T[6:0]; T[6:0] = 0, 1, 0x7F; completing "
          "by a mid-block and by the closing timestamp event")
    W = 0x0001_2345_6789_A000          # T[6:0] = 0 here
    g.at(W - 40)
    g.fill(4)
    g.ts()
    f1 = "window item %c"
    # T[6:0] = 0x40
    TA = W + 0x240
    g.raw(t=TA - 128)                  # ts7 0x40 == T[6:0]: previous window
    g.at(TA - 128)
    g.msg(f1, [ord("A")])              # first entry TA-127: ts7 0x41, just above
    g.raw(t=TA - 0x41)                 # ts7 0x7F
    g.raw(t=TA - 0x40)                 # ts7 0: below
    g.raw(t=TA - 1)                    # ts7 0x3F: just below
    g.ts(T=TA)
    # T[6:0] = 0
    TB = TA + 0x2C0
    assert TB & 0x7F == 0
    g.raw(t=TB - 128)                  # ts7 0 == T[6:0]
    g.at(TB - 2)
    g.msg("window item %u", [2])       # TB-1: ts7 0x7F
    g.ts(T=TB)
    # T[6:0] = 1
    TC = TB + 0x101
    g.raw(t=TC - 128)                  # ts7 1: equal
    g.raw(t=TC - 2)                    # 0x7F
    g.raw(t=TC - 1)                    # 0: below
    g.ts(T=TC)
    # T[6:0] = 0x7F
    TD = TC + 0x17E
    assert TD & 0x7F == 0x7F
    g.raw(t=TD - 128)                  # 0x7F equal
    g.raw(t=TD - 127)                  # 0
    g.at(TD - 2)
    g.msg("window item %x", [0x7E])    # TD-1: 0x7E just below
    g.ts(T=TD)
    g.fill()
    # completed by the closing timestamp event, T[6:0] = 0x10
    TE = ((g.t + 400) & ~0x7F) | 0x10
    g.at(TE - 200)
    g.pad_to(26)
    g.ts()                             # completes the padding
    g.close_next(T=TE)
    g.raw(t=TE - 128)                  # 0x10 equal
    g.raw(t=TE - 127)                  # 0x11 just above
    g.raw(t=TE - 17)                   # 0x7F
    g.raw(t=TE - 1)                    # 0x0F just below: slot 30, then the closing event
    g.fill()
    g.lay(3)
    g.expect.update(decoded=3, uncompleted=0)
    return g


@sc("window")
def ts_window_wrap():
    g = G("ts_window_wrap", "window", "T[52:7] = 0: items completed by T = 0 and T = 5 belong "
          "to the window before the 53-bit clock wrapped; the ring's closing times cross the "
          "wrap so the start block needs the 2^52 rule")
    g.at(P53 - 232)
    g.fill()                            # closes at 2^53 - 200
    assert g.blocks[0].close_T() == P53 - 200
    g.at(P53 - 140)
    g.raw(t=P53 - 128)                  # ts7 0 with T = 0: equal
    g.at(P53 - 2)
    g.msg("before the wrap %u", [1])    # 2^53-1: ts7 0x7F
    g.ts(T=0)
    g.raw(t=P53 - 123)                  # ts7 5 == T[6:0] of T = 5
    g.raw(t=P53 - 3)                    # ts7 0x7D
    g.raw(t=2)                          # same window
    g.at(3)
    g.msg("after the wrap %u", [2])     # 4
    g.ts(T=5)
    g.fill()
    g.fill()
    g.lay(3, first_slot=1)              # slots: B2, B0, B1
    g.expect.update(start_block=1, decoded=3, stale=0)
    return g


# ------------------------------------------------------------------ unreliable

def _unreliable(name, ver, bad, good):
    g = G(name, "unreliable", "trc_ver %d: unreliable timestamp events (urts %s, their T "
          "deliberately wrong) complete nothing; a later reliable one (urts %s) does, also "
          "across a block whose closing event is unreliable" % (ver, bad, good), ver=ver)
    g.fill(3)
    g.raw()
    g.msg("link %u: state %s", [1, 0x20001000])
    g.ts(urts=bad[0], bogus=500)
    g.raw()
    g.ts(urts=bad[1], bogus=700)
    g.ts(urts=bad[2], bogus=900)
    g.ts(urts=bad[3], bogus=300)
    g.raw()
    g.ts(urts=good[0])                 # completes everything before it
    g.raw()
    g.ts(urts=good[1])
    g.raw()
    g.ts(urts=good[2])
    g.pad_to(27)
    g.close_next(urts=bad[0])          # closing event unreliable: they wait
    g.msg("pages %x %x", [0x1000, 0x20])   # entries 27..29
    g.raw()
    g.raw()                            # B1 slot 0
    g.ts(urts=bad[1], bogus=50)
    g.raw()
    g.ts(urts=good[0])                 # completes B0 slots 27..31 and these
    g.fill()
    g.fill()
    g.lay(3)
    g.expect.update(unreliable_events=6, uncompleted=0, decoded=3)
    return g


@sc("unreliable")
def unreliable_v0():
    return _unreliable("unreliable_v0", 0, [4, 5, 6, 7], [1, 3, 2])


@sc("unreliable")
def unreliable_v1():
    return _unreliable("unreliable_v1", 1, [1, 3, 5, 7], [4, 6, 2])


# ------------------------------------------------------------------ uncompleted

@sc("uncompleted")
def uncompleted_gap():
    g = G("uncompleted_gap", "uncompleted", "items after the last reliable timestamp event when "
          "the ring runs into never-written blocks: timestamp null with ts7; a message open at "
          "the discontinuity is finalised with what it holds")
    g.fill()
    g.pad_to(10)
    g.ts()
    g.fill(17)                          # slots 11..27
    g.close_next(urts=1)
    g.msg("queue %u depth %u", [3, None], order=[0, 1])   # 28, 29
    g.raw(lost=True)                    # 30
    assert len(g.blocks) == 2
    g.lay(4)
    g.expect.update(uncompleted=19, empty=2, missing_params=1, lost_events=1)
    return g


@sc("uncompleted")
def uncompleted_end():
    g = G("uncompleted_end", "uncompleted", "trc_ver 0: the last block closes with an unreliable "
          "event; items after the last reliable one stay uncompleted at the end of input",
          ver=0)
    g.fill()
    g.fill()
    g.pad_to(20)
    g.ts(urts=3)                        # reliable in version 0
    g.fill(8)                           # 21..28
    g.close_next(urts=4)
    g.msg("last words %u %u", [7, None], order=[0, 1])
    g.lay(3)
    g.expect.update(uncompleted=9, missing_params=1)
    return g


# ------------------------------------------------------------------ wrap

def _straddling_blocks(g, blocks, fmt="blk %u: %u/%u", at=29):
    """Every block ends with a message whose last two parameters land in the
    next block."""
    for k in range(blocks):
        g.pad_to(at)
        g.msg(fmt, [k, k * 3, k * 5])


@sc("wrap")
def wrap():
    g = G("wrap", "wrap", "ring written 1.5 times round: the oldest block is in the middle; "
          "messages straddle every block boundary including the ring's end; the first visited "
          "block starts with parameters whose pointer was overwritten (missing pointer)")
    g.fill(5)
    _straddling_blocks(g, 9)
    g.lay(6)                            # slots 0..2 = blocks 6..8
    g.expect.update(start_block=3, decoded=6, missing_pointer=1, missing_params=1)
    return g


@sc("wrap")
def clockwrap():
    g = G("clockwrap", "wrap", "ring and 53-bit clock both wrap: closing times 2^53-118 .. 42; "
          "start by the 2^52 rule; items before the wrap completed by timestamps after it",
          t0=P53 - 150)
    for k in range(6):
        g.fill(7)
        g.msg("tick %u of %x", [k, 0xC0C0])
        g.pad_to(29)
        g.msg("edge %u", [k], order=[0, 1])
    g.lay(4)                            # slots: B4 B5 B2 B3
    assert g.ring[0].close_T() < 100 and g.ring[2].close_T() > P53 - 100
    g.expect.update(start_block=2, decoded=4, stale=0)
    return g


@sc("wrap")
def clock_mid():
    g = G("clock_mid", "wrap", "closing times straddle 2^52 without wrapping (span 64): no "
          "2^53 is added; start is the plainly oldest block", t0=P52 - 60)
    for k in range(3):
        g.fill()
    g.lay(3, first_slot=1)
    g.expect.update(start_block=1, decoded=3)
    return g


@sc("wrap")
def start_tie():
    g = G("start_tie", "wrap", "two complete blocks share the oldest closing time: the lower "
          "index starts; the other one is then stale")
    g.fill()
    g.fill()
    a, b = g.blocks
    g.ring = [a.copy(), b, a]
    g.expect.update(start_block=0, decoded=2, stale=1)
    return g


@sc("wrap")
def single_block():
    g = G("single_block", "wrap", "a ring of one block")
    g.fill(10)
    g.msg("only %u", [1])
    g.fill()
    g.lay(1)
    g.expect.update(decoded=1, blocks=1)
    return g


@sc("wrap")
def after_edge():
    g = G("after_edge", "wrap", "the exact edges of 'after' (0 < (a-b) mod 2^53 < 2^52), from "
          "--consumer-index 0: a closing time 2^52-1 ahead is accepted, 2^52 ahead is stale; a "
          "mid-block event 2^52 ahead of its closing one is not torn, 2^52-1 ahead is (both "
          "unreliable: unreliable events count for torn too)", t0=0x1000)
    g.fill()                                    # B0
    T0 = g.blocks[0].close_T()
    g.at(T0 + P52 - 1 - 40)
    g.close_next(T=T0 + P52 - 1)
    g.fill()                                    # B1: 2^52 - 1 after B0
    T1 = g.blocks[1].close_T()
    g.at(T1 + P52 - 40)
    g.close_next(T=T1 + P52)
    g.fill()                                    # B2: 2^52 after B1: stale
    g.at(T1 + 100)
    g.fill(5)
    g.ts(urts=1, T=T1 + 100 + 40 + P52)         # 2^52 after B3's closing event
    g.at(T1 + 106)
    g.close_next(T=T1 + 140)
    g.fill()                                    # B3 accepted
    g.fill(5)
    g.ts(urts=1, T=T1 + 180 + P52 - 1)          # 2^52 - 1 after B4's closing event
    g.at(T1 + 146)
    g.close_next(T=T1 + 180)
    g.fill()                                    # B4 torn
    g.at(T1 + 200)
    g.fill()                                    # B5 accepted
    g.lay(6)
    g.ci = 0
    g.expect.update(start_block=0, stale=1, torn=1, decoded=4)
    return g


# ------------------------------------------------------------------ skips

@sc("skips")
def torn_start():
    g = G("torn_start", "skips", "the writer is part-way into the oldest block (a newer "
          "timestamp event among its first entries): torn, visited first and skipped")
    g.fill(3)
    _straddling_blocks(g, 6)
    # block 6 being written over slot 2 (block 2)
    g.pad_to(2)
    g.ts()
    g.raw()
    new = g.partial()
    g.lay(4)
    old = g.ring[2]
    g.ring[2] = X.torn(new, old, 4)
    g.expect.update(start_block=2, torn=1, decoded=3, missing_pointer=1, missing_params=1)
    return g


@sc("skips")
def torn_mid():
    g = G("torn_mid", "skips", "a torn block mid-ring: pending messages finalised, waiting items "
          "uncompleted, one skip; the block after starts with parameters of a lost message")
    g.fill(3)
    _straddling_blocks(g, 5)
    g.fill(2)
    g.ts()
    g.fill()
    g.lay(6)
    b1 = g.blocks[1]
    # block 1 closes unreliably: its last items wait and are cut off
    b1.ents[31].urts = 1
    g.ring = g.ring[:5] + [None]
    g.ring[2] = X.torn(g.blocks[5], g.blocks[2], 6)
    g.expect.update(torn=1, decoded=4, empty=1, missing_pointer=1, missing_params=2)
    return g


@sc("skips")
def stale():
    g = G("stale", "skips", "two blocks left from an earlier lap mid-ring: one skip of 2 stale "
          "blocks")
    g.fill(1)
    _straddling_blocks(g, 8)
    g.lay(8, first_slot=3)
    g.ring[0] = g.blocks[1].copy()
    g.ring[1] = g.blocks[2].copy()
    g.expect.update(start_block=3, stale=2, decoded=6, missing_pointer=1, missing_params=2)
    return g


@sc("skips")
def duplicate():
    g = G("duplicate", "skips", "duplicated blocks: right after the original, and after an "
          "empty block (still equal to the last accepted one)")
    g.fill(2)
    _straddling_blocks(g, 4)
    g.fill()
    b = g.blocks
    g.ring = [b[0], b[1], b[1].copy(), b[2], None, b[2].copy(), b[3]]
    g.expect.update(duplicate=2, empty=1, decoded=4, missing_pointer=2, missing_params=3)
    return g


@sc("skips")
def skip_order():
    g = G("skip_order", "skips", "the order of the checks: duplicate before torn, torn before "
          "stale, incomplete before duplicate; different reasons in a row are separate skips")
    g.fill(4)
    _straddling_blocks(g, 5)
    g.fill()
    b = g.blocks
    x = b[1].copy()                     # equal closing T and a newer mid-block event
    x.ents = list(x.ents)
    x.ents[3] = X.Ent("ts", t=(b[1].close_T() + 1000), urts=0)
    y = b[0].copy()                     # older (stale) and torn
    y.ents = list(y.ents)
    y.ents[2] = X.Ent("ts", t=(b[0].close_T() + 5), urts=0)
    z = b[3].copy()                     # a duplicate whose closing entry is not a timestamp
    z.ents = list(z.ents)
    z.ents[31] = X.Ent("word", value=0x0002000000000001)
    w = b[3].copy()
    g.ring = [b[0], b[1], x, b[2], y, b[3], z, w, b[4]]
    g.expect.update(start_block=0, duplicate=2, torn=1, incomplete=1, decoded=5)
    return g


@sc("skips")
def incomplete_tail():
    g = G("incomplete_tail", "skips", "ring not wrapped yet: the block being written "
          "(entries after it zero) is incomplete, then never-written blocks")
    g.fill(2)
    _straddling_blocks(g, 3)
    g.fill(3)
    g.ts()
    g.fill(5)
    part = g.partial()
    g.lay(6)
    g.ring[3] = part
    g.expect.update(incomplete=1, empty=2, decoded=3, missing_params=1)
    return g


@sc("skips")
def incomplete_mid():
    g = G("incomplete_mid", "skips", "two incomplete blocks in a row (closing entry a raw event, "
          "closing entry zero) make one skip")
    g.fill(2)
    _straddling_blocks(g, 4)
    g.fill()
    b = g.blocks
    i1 = b[1].copy()
    i1.ents = list(i1.ents)
    i1.ents[31] = X.Ent("word", value=0x7F02123456789ABC)
    i2 = b[2].copy()
    i2.ents = list(i2.ents)
    i2.ents[31] = X.zero()
    g.ring = [b[0], i1, i2, b[3], b[4]]
    g.expect.update(incomplete=2, decoded=3)
    return g


@sc("skips")
def empty_tail():
    g = G("empty_tail", "skips", "a ring only partly written: one skip for two empty blocks")
    g.fill(2)
    _straddling_blocks(g, 2)
    g.fill()
    g.lay(5)
    g.expect.update(empty=2, decoded=3, missing_params=0)
    return g


@sc("skips")
def empty_mid():
    g = G("empty_mid", "skips", "an empty block between two written ones is a discontinuity")
    g.fill(2)
    _straddling_blocks(g, 2)
    g.fill()
    b = g.blocks
    g.ring = [b[0], b[1], None, b[2]]
    g.expect.update(empty=1, decoded=3)
    return g


@sc("skips")
def empty_wrap():
    g = G("empty_wrap", "skips", "empty blocks on both sides of the ring's end: the wrap from "
          "n-1 to 0 starts a new skip item (block 4 alone, then blocks 0-1)")
    g.fill(2)
    _straddling_blocks(g, 2)
    g.lay(5, first_slot=2)
    g.expect.update(start_block=2, empty=3, decoded=2)
    return g


@sc("skips")
def no_complete():
    g = G("no_complete", "skips", "no complete block at all: start at 0; an incomplete block, "
          "then two empty ones")
    g.fill(12)
    part = g.partial()
    g.ring = [part, None, None]
    g.expect.update(start_block=0, incomplete=1, empty=2, decoded=0)
    return g


@sc("skips")
def all_empty():
    g = G("all_empty", "skips", "a ring never written: one empty skip, nothing decoded")
    g.ring = [None, None]
    g.expect.update(empty=2, decoded=0, events=0)
    return g


@sc("truncated")
def truncated():
    g = G("truncated", "truncated", "100 trailing bytes after three whole blocks: one truncated "
          "skip after all blocks (block n, blocks 0, offset n*256)")
    g.fill(4)
    _straddling_blocks(g, 3)
    g.lay(3)
    g.trailing = bytes((i * 37 + 1) & 0xFF for i in range(100))
    g.expect.update(truncated=1, decoded=3)
    return g


@sc("truncated")
def truncated_ci():
    g = G("truncated_ci", "truncated", "trailing bytes of a ring visited from the middle: the "
          "truncated skip still comes after all blocks")
    g.fill(4)
    _straddling_blocks(g, 6)
    g.lay(4)
    g.trailing = b"\x5a" * 17
    g.expect.update(start_block=2, truncated=1, decoded=4)
    return g


@sc("truncated")
def truncated_255():
    g = G("truncated_255", "truncated", "255 trailing bytes after one block")
    g.fill()
    g.lay(1)
    g.trailing = b"\xff" * 255
    g.expect.update(truncated=1, decoded=1)
    return g


# ------------------------------------------------------------------ straddle

@sc("straddle")
def straddle():
    g = G("straddle", "straddle", "messages across block boundaries: complete within the next "
          "block; finalised incomplete when the next block ends (late parameters then open "
          "missing-pointer messages); a reused key finalises the open message")
    g.fill(2)
    g.pad_to(29)
    g.msg("m1 %u+%u", [11, 12])                       # B0 29,30 | B1 0
    g.pad_to(5)
    m2 = g.newmsg("m2 %u %u %u", [21, 22, 23])
    g.emit(m2, 2)                                     # B1 5,6
    m3 = g.newmsg("m3 %d,%d", [31, 32], broken=True)
    g.pad_to(10)
    g.emit(m3, 2)                                     # B1 10,11
    g.fill()
    g.pad_to(20)
    m4 = g.newmsg(None, [41, 42, 43], kind="unknown", ptr=0x0BAD0000, broken=True)
    g.emit(m4, 2)                                     # B2 20,21
    m5 = g.newmsg(None, [51, 52, 53], broken=True)
    g.pad_to(25)
    g.emit(m5, 1)                                     # B2 25
    g.pad_to(29)
    g.emit(m2, 2)                                     # B2 29, 30: in time
    g.pad_to(2)
    g.emit(m3, 1)                                     # B3 2: late
    g.pad_to(5)
    g.emit(m4, 1)                                     # B3 5
    g.pad_to(7)
    g.emit(m5, 1)                                     # B3 7
    g.pad_to(12)
    g.msg("m6 %x", [], tmsn=0x77, order=[0])          # 12: never gets its parameter
    g.raw()
    g.msg("m7 %x", [0x7777], tmsn=0x77)               # 14: same key
    g.fill()
    g.pad_to(1)
    g.emit(m4, 1)                                     # B4 1: late
    g.pad_to(3)
    g.emit(m5, 1)                                     # B4 3: late
    g.fill()
    g.lay(5)
    g.expect.update(decoded=5, missing_params=2, missing_pointer=4, unknown_pointer=1)
    return g


# ------------------------------------------------------------------ strings

@sc("strings")
def strings():
    g = G("strings", "strings", "the strings DB and message assembly: pointer at a section's "
          "base, inside a string, one past the end, before it, outside; first matching section; "
          "unterminated; missing pointer; too many parameters; duplicate, extra and late "
          "parameters; a format needing none")
    s0 = g.section(0x00100000, b"fw strings v1\0")
    s1 = g.section(0x00200000)
    s1.add(b"section one %u")
    tail = s1.add(b"tail without nul %u %u", nul=False)
    s2 = g.section(s1.base + len(s1.data) - 8)        # overlaps the last 8 bytes of s1
    s2.add(b"overlap %u")
    sec2 = s2.add(b"second section %x")
    hello = g.fmt("hello %u world")
    g.fill(2)
    g.msg(b"fw strings v1", [], ptr=s0.base)                     # pointer == base
    g.msg(b"%u world", [5], ptr=hello + 6)                       # inside a string
    g.msg(b"second section %x", [0xABC], ptr=sec2)               # only in s2
    g.msg(None, [1], kind="unterminated", ptr=s2.base)           # s1 first: unterminated
    g.msg(None, [2, 3], kind="unterminated", ptr=tail)
    g.msg(None, [], kind="unterminated", ptr=s1.base + len(s1.data) - 1)
    end = s2.base + len(s2.data)
    g.msg(None, [4], kind="unknown", ptr=end)                    # one past the last section
    g.msg(None, [], kind="unknown", ptr=s0.base - 1)
    g.msg(None, [5, 6], kind="unknown", ptr=0xDEADBEEF)
    g.fill()
    g.msg(None, [0x11, 0x22])                                    # missing pointer
    g.msg("eight %d %d %d %d %d %d %d %d", [1, 2, 3, 4, 5, 6, 7])    # too many
    g.msg("wide a%llx b%llx c%llx d%llx", [0, 1, 0, 2, 0, 3, 0xF])   # too many (8)
    g.msg("dup %u %u", [1, 2], order=[0, 1, (1, 99), 2])         # duplicate kept first
    g.msg("extra %u", [8, 9], order=[0, 2, 1])                   # beyond N before completion
    m = g.msg("done %u", [10])
    g.msg(None, [0x55], eid=m.eid, tmsn=m.tmsn)                  # after completion
    m = g.msg("no parameters", [])
    g.msg(None, [0x66, 0x67], eid=m.eid, tmsn=m.tmsn)            # opens a missing-pointer one
    g.msg("first %u %u", [1, None], tmsn=0x155, order=[0, 1])
    g.msg("second %u", [2], tmsn=0x155)                          # finalises the first
    g.fill()
    g.msg("nine %u %u %u %u %u %u %u %u %u", [1, 2, 3, 4, 5, None])  # too many but missing
    g.fill()
    g.fill()
    g.lay(len(g.blocks))
    g.expect.update(unterminated=3, unknown_pointer=3, missing_pointer=3, too_many_params=2,
                    duplicate_params=1, missing_params=2)
    return g


@sc("strings")
def strings_dup2():
    g = G("strings_dup2", "strings", "two repeats of one parameter count 2 duplicate_params "
          "(each repeat counts)")
    g.fill(3)
    g.msg("dup2 %u %u", [1, 2], order=[0, 1, (1, 7), (1, 8), 2])
    g.fill()
    g.lay(1)
    g.expect.update(duplicate_params=2)
    return g


@sc("strings")
def strings_dup_lost():
    g = G("strings_dup_lost", "strings", "a repeated parameter with the lost bit: it is one of "
          "the message's entries, so the message is lost")
    g.fill(3)
    g.msg("duplost %u %u", [1, 2], order=[0, 1, (1, 7), 2], lost={2})
    g.fill()
    g.lay(1)
    g.expect.update(duplicate_params=1, lost_events=1)
    return g


@sc("strings")
def strings_unknown_held():
    g = G("strings_unknown_held", "strings", "an unknown-pointer message stays open until the end "
          "of the next block while formats with more than 7 parameters, a duplicate and an early "
          "parameter go by: it must still print as an unknown pointer (a reduction of `strings`)")
    g.section(0x00100000, b"fw strings v1\0")
    s1 = g.section(0x00200000)
    s1.add(b"section one %u")
    s1.add(b"tail without nul %u %u", nul=False)
    s2 = g.section(s1.base + len(s1.data) - 8)
    s2.add(b"overlap %u")
    s2.add(b"second section %x")
    g.fmt("hello %u world")
    g.fill(2)
    g.msg(None, [5, 6], kind="unknown", ptr=0xDEADBEEF)
    g.fill()
    g.msg("eight %d %d %d %d %d %d %d %d", [1, 2, 3, 4, 5, 6, 7])
    g.msg("wide a%llx b%llx c%llx d%llx", [0, 1, 0, 2, 0, 3, 0xF])
    g.msg("dup %u %u", [1, 2], order=[0, 1, (1, 99), 2])
    g.msg("extra %u", [8, 9], order=[0, 2, 1])
    g.msg("second %u", [2], tmsn=0x155)
    g.fill()
    g.fill()
    g.lay(len(g.blocks))
    g.expect.update(unknown_pointer=1, too_many_params=2, duplicate_params=1)
    return g
