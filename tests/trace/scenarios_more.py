# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""More scenarios of tracegen.py (see scenarios.py): formats, lost bits,
event ids, interleaving, consumer index, clocks, random rings, the pending
bound."""

import random

import scenarios as S
from scenarios import G, P53, _straddling_blocks, sc  # noqa: F401


# ------------------------------------------------------------------ printf

def _formats(g, cases):
    for fmt, params in cases:
        g.msg(fmt, params)
    g.fill()
    g.fill()
    g.lay(len(g.blocks))


NEG = lambda v: v & 0xFFFFFFFF  # noqa: E731


@sc("printf")
def printf_int():
    g = G("printf_int", "printf", "d i u o x X with every flag, width, precision edge (C "
          "semantics: %#o, %#x of 0, .0 of 0, 0 flag with precision, + and space on unsigned)")
    _formats(g, [
        ("d:%d|%d|%d|%d|%d", [0, 1, NEG(-1), 0x80000000, 0x7FFFFFFF]),
        ("i:%i u:%u u:%u", [NEG(-42), 0xFFFFFFFF, 0]),
        ("o:[%o][%#o][%#o][%#.0o][%.0o][%#5o]", [8, 8, 0, 0, 0, 0]),
        ("o:[%#.3o][%#05o][%-#6o][%#o]", [8, 8, 8, 0xFFFFFFFF]),
        ("x:[%x][%X][%#x][%#x][%#X][%#010x]", [0xDEADBEEF, 0xDEADBEEF, 0, 255, 255, 255]),
        ("x0:[%#.0x][%.0x][%.0d][%+.0d][% .0d][%5.0d][%#5x]", [0, 0, 0, 0, 0, 0, 0]),
        ("sign:[%+d][%+d][% d][%+ d][% +d][% d][%+i]", [5, NEG(-5), 5, 5, 5, NEG(-5), 0]),
        ("unsigned:[%+u][% u][%+x][% x][%+o][% X][%+5u]", [5, 5, 5, 5, 5, 5, 5]),
        ("pad:[%05d][%-5d][%-05d][%05.3d][%.5d][%8.5d][%-8.5x]",
         [NEG(-42), 42, 42, 7, NEG(-42), NEG(-42), 0xAB]),
        ("pad2:[%0+6d][%0 6d][%-+6d][%06x][%#06x][%#-8x][%00005d]",
         [42, 42, 42, 0xAB, 0xAB, 0xAB, 3]),
        ("quote:[%'d][%'u][%'x]", [1234567, 1234567, 1234567]),
        ("wide:[%20d][%-20u][%.12x][%012d]", [NEG(-2147483647), 4000000000, 1, NEG(-1)]),
    ])
    g.expect.update(missing_params=0, too_many_params=0)
    return g


@sc("printf")
def printf_len():
    g = G("printf_len", "printf", "length modifiers: h hh cut to 16/8 bits (signed for d), "
          "l z t 32 bits, ll j q L two dwords (first high) for d i u o x X c")
    _formats(g, [
        ("h:[%hd][%hu][%hx][%ho][%hi]", [0x12348000, 0xFFFF1234, 0xABCD1234, 0x10008, 0x1FFFF]),
        ("hh:[%hhd][%hhu][%hhx][%hhX][%hho][%hhi]", [0x180, 0x1FF, 0xABC, 0x1AB, 0x108, 0x7F]),
        ("l:[%ld][%lu][%lx][%li][%lo][%lX]", [NEG(-1), NEG(-1), 0xCAFE, NEG(-7), 8, 0xCAFE]),
        ("zt:[%zd][%zu][%td][%tx][%zx][%ti]", [NEG(-1), NEG(-1), NEG(-3), 0xF00D, 0x10, 5]),
        ("ll:[%lld][%llu][%llx]", [0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFF, 1, 2]),
        ("llmin:[%lld][%llX][%llo]", [0x80000000, 0, 0xDEAD, 0xBEEF0001, 0, 8]),
        ("ll2:[%016llx][%#llx][%lli]", [0, 0x1234, 0, 0, 0x7FFFFFFF, 0xFFFFFFFF]),
        ("jqL:[%jd][%qu][%Lx]", [0xFFFFFFFF, 0xFFFFFF9C, 1, 0, 0xAB, 0xCD]),
        ("ll3:[%+lld][%-24llu|][%.20llx]", [0, 5, 0xFFFFFFFF, 0xFFFFFFFF, 0x1, 0x2]),
        ("llc:[%llc][%jc][%hc][%hhc][%lc]", [0x41414141, 0x42, 0, 0x7A, 0x1243, 0x144, 0x45]),
    ])
    return g


@sc("printf")
def printf_star():
    g = G("printf_star", "printf", "* width and precision from parameters: negative width is - "
          "and its absolute value, negative precision is none, clamps to 512 (digits too)")
    _formats(g, [
        ("star:[%*d][%-*d][%*d]", [6, 42, 6, 42, NEG(-6), 42]),
        ("prec:[%.*d][%.*d][%*.*d]", [4, 7, NEG(-1), 7, 8, 3, 9]),
        ("zero:[%0*d][%0*x][%*x]", [5, 42, NEG(-5), 0xA, 0, 0xB]),
        ("starll:[%*lld][%.*llx]", [22, 0xFFFFFFFF, 0xFFFFFFFF, 3, 0, 1]),
        ("clamp:[%*d]", [100000, 1]),
        ("clampneg:[%*d]", [0x80000000, 2]),
        ("clampprec:[%.*d]", [5000, 3]),
        ("clampdigits:[%600d]", [4]),
        ("clampprecdigits:[%.600x]", [5]),
        ("clamphuge:[%4294967297d]", [6]),
        ("starc:[%*c][%-*c]", [3, 0x41, 3, 0x42]),
    ])
    return g


@sc("printf")
def printf_nonint_width():
    g = G("printf_nonint_width", "printf", "width, precision and flags on s p and the float "
          "conversions change nothing (their text is fixed), but a * still takes its parameter")
    _formats(g, [
        ("w:[%10s][%-12p][%8e][%.3s][%#p][%+f][%05s]", [1, 2, 3, 4, 5, 6, 7]),
        ("star:[%*s][%.*p][%*e]", [9, 0x1000, 9, 0x2000, 9, 0x3F800000]),
        ("starll:[%-*Lg]", [30, 0x40000000, 1]),
    ])
    return g


@sc("printf")
def printf_other():
    g = G("printf_other", "printf", "c (printable, escaped, padded), s and p (never followed), "
          "n e E f F g G a A with one or two dwords, %%")
    _formats(g, [
        ("c:[%c][%c][%c][%c][%c][%c][%c]", [0x41, 0x1F, 0x7F, 0x7E, 0x20, 0x80, 0xFF]),
        ("c2:[%c][%c][%c][%c][%c]", [0x12345641, 0x5C, 0x22, 0x00, 0x0A]),
        ("cpad:[%5c][%-5c][%6c][%-6c]", [0x41, 0x42, 0x01, 0xE9]),
        ("s:[%s][%p][%s][%p]", [0x20001000, 0x20001000, 0, 0xFFFFFFFF]),
        ("float:[%f][%e][%E][%F][%g][%G][%a]", [0x3F800000, 1, 2, 3, 4, 5, 6]),
        ("float2:[%A][%n][%lf][%le]", [0x40490FDB, 0x1000, 7, 8]),
        ("float64:[%Lf][%lle][%jg]", [0x3FF00000, 0, 1, 2, 3, 4]),
        ("float64q:[%qA][%LE][%llF]", [5, 6, 0, 0, 0xFFFFFFFF, 0xFFFFFFFF]),
        ("float64r:[%LG][%La]", [0x80000000, 0, 0x12345678, 0x9ABCDEF0]),
        ("lln:[%lln]", [0x12345678, 0x9ABCDEF0]),
        ("ls:[%ls][%lls][%llp][%hs]", [1, 2, 3, 4]),
        ("pct:100%% [%%d] %u%%", [9]),
        ("%%", []),
        ("quiet", []),
    ])
    return g


@sc("printf")
def printf_invalid():
    g = G("printf_invalid", "printf", "% not completing a conversion is printed as it stands up "
          "to and including the offending character and takes no parameter")
    _formats(g, [
        ("bad:[%k][%5k][%-y][%b][%C][%S]%d", [1]),
        ("bad2:[%lll]%u[%hhh]%u", [2, 3]),
        ("bad3:[%5.k][%*5d][%5-d][%I64d]%u", [4]),
        ("bad4:[%m][%w][%.-3d]%x", [0xF]),
        ("end%", []),
        ("end%-", []),
        ("end%ll", []),
        ("end%.*", []),
        ("mix %k%d %", [5]),
    ])
    return g


@sc("printf")
def printf_missing():
    g = G("printf_missing", "printf", "a conversion any of whose parameters is absent or "
          "beyond 7 prints <missing> (value, * width, * precision, either dword)")
    g.fill(2)
    g.msg("miss:[%u][%u][%u]", [1, None, 3])
    g.msg("misswidth:[%*d][%d]", [None, 5, 6])
    g.msg("missprec:[%.*x]", [4, None])
    g.msg("misslo:[%llx][%u]", [1, None, 2])
    g.msg("misshi:[%llx]", [None, 1])
    g.msg("beyond7:%u%u%u%u%u%u[%llx]", [1, 2, 3, 4, 5, 6, 7])
    g.msg("beyond7star:%u%u%u%u%u%u[%*d]", [1, 2, 3, 4, 5, 6, 7])
    g.msg("allgone %c %s %p %e", [None, None, None, None], order=[0])
    g.fill()
    g.fill()
    g.fill()
    g.lay(len(g.blocks))
    g.expect.update(missing_params=6, too_many_params=2)
    return g


@sc("printf")
def printf_cut():
    g = G("printf_cut", "printf", "1024-byte cut (a cut message ends with ... within the 1024): "
          "exactly 1024, 1025, a format longer than 1024; UTF-8 in formats, a UTF-8 sequence cut, "
          "bytes that are not UTF-8 (latin-1 code points)")
    long_fmt = b"L" * 1100 + b" %u"
    cut_utf8 = b"U" * 1020 + "€".encode() + b" %u"      # the cut keeps only \xe2
    _formats(g, [
        ("%512d%511dx", [1, 2]),                          # 1024: whole
        ("%512d%512dx", [3, 4]),                          # 1025: cut
        (long_fmt, [5]),
        (cut_utf8, [6]),
        ("naïve ✓ %u", [7]),
        (b"caf\xe9 %u \xff\x80", [8]),
        (b"half \xe2\x82 %c", [0xE9]),
        ("%*d%*d%*d", [512, 1, 512, 2, 512, 3]),
    ])
    return g


# ------------------------------------------------------------------ lost, event ids

@sc("printf")
def printf_long_pair():
    g = G("printf_long_pair", "printf", "two formats longer than 1024 bytes in a row, then a "
          "short one: each message keeps its own format (a reduction of printf_cut)")
    _formats(g, [
        (b"L" * 1100 + b" %u", [5]),
        (b"U" * 1020 + "€".encode() + b" %u", [6]),
        ("naïve ✓ %u", [7]),
    ])
    return g


@sc("lost")
def lost():
    g = G("lost", "lost", "the lost bit on raw events, a message's pointer entry, a parameter; "
          "timestamp events whose bit 63 (T bit 7) is set are not lost; entries of a skipped "
          "duplicate block are not counted", t0=0x5_0000_0040)
    g.fill(2)
    g.raw(lost=True)
    g.msg("lost ptr %u", [1], lost={0})
    g.msg("lost param %u %u", [1, 2], lost={2})
    g.msg("fine %u", [3])
    g.at(0x5_0000_0084)
    g.raw()
    t = g.ts()                          # bit 63 of the entry set
    g.fill()
    g.fill()
    b = g.blocks
    assert t.t & 0x80 and b[0].close_T() & 0x80 and b[1].close_T() & 0x80
    g.ring = [b[0], b[1], b[1].copy()]
    g.expect.update(lost_events=3, duplicate=1)
    return g


@sc("eventid")
def eventid_bounds():
    g = G("eventid_bounds", "eventid", "first_string_trace <= id < first + num are strings: ids "
          "7 and 56 are raw (the kernel's <= would take 56), 8 and 55 strings",
          first=8, num=48)
    g.fill(2)
    for eid in (0, 7, 56, 57, 0xFE):
        g.raw(eid=eid, data=0x123456789ABC + eid)
    g.msg("id 8 %u", [8], eid=8)
    g.msg("id 55 %u", [55], eid=55)
    g.msg("id 9 same tmsn %u", [9], eid=9, tmsn=0x1FFF)
    g.msg("id 10 same tmsn %u", [10], eid=10, tmsn=0x1FFF)
    g.raw(eid=0, data=0)
    g.raw(eid=1, data=0xFFFFFFFFFFFF)
    g.fill()
    g.lay(1)
    return g


@sc("eventid")
def eventid_top():
    g = G("eventid_top", "eventid", "string range reaching 0xFF (first 0xF0, num 16): 0xFF is "
          "still a timestamp event", first=0xF0, num=16)
    g.raw_eid = 0x10
    g.fill(2)
    g.raw(eid=0xEF)
    g.msg("top %u", [1], eid=0xFE)
    g.msg("bottom %u", [2], eid=0xF0)
    g.fill()
    g.lay(1)
    return g


@sc("eventid")
def eventid_zero():
    g = G("eventid_zero", "eventid", "first 0, num 1: id 0 is a string; num 0 would make none",
          first=0, num=1)
    g.raw_eid = 1
    g.fill(2)
    g.msg("zero %u", [0], eid=0, tmsn=0)
    g.fill()
    g.lay(1)
    return g


@sc("eventid")
def eventid_none():
    g = G("eventid_none", "eventid", "num_string_trace 0: every id but 0xFF is raw",
          first=8, num=0)
    g.fill(2)
    g.raw(eid=8)
    g.raw(eid=9)
    g.fill()
    g.lay(1)
    g.expect.update(strings=0)
    return g


# ------------------------------------------------------------------ interleave

def _interleave(g, rng, count, eids, fmts, span=8, lost_p=0.0, dup_p=0.0, unrel_p=0.0):
    """count messages interleaved entry by entry, at most three open, each
    whole within 24 slots (so within the next block)."""
    pending = []
    made = 0
    while made < count or pending:
        while made < count and len(pending) < 3:
            fmt, params = fmts(rng)
            eid = rng.choice(eids)
            order = [0] + rng.sample(range(1, len(params) + 1), len(params))
            lost = {i for i in range(len(order)) if rng.random() < lost_p}
            if len(params) >= 2 and rng.random() < dup_p:
                k = rng.randrange(1, len(order) - 1)   # repeated before the last one
                order.insert(k + 1, (order[k], rng.getrandbits(32)))
            m = g.newmsg(fmt, params, eid=eid, order=order, lost=lost)
            pending.append([m, 0])
            made += 1
        for p in pending:
            p[1] += 1
        r = rng.random()
        if r < 0.1:
            g.raw(lost=rng.random() < lost_p)
            continue
        if r < 0.14:
            if rng.random() < unrel_p:
                g.ts(urts=1 if g.ver else 4, bogus=rng.randrange(1, 5000))
            else:
                g.ts(urts=rng.choice([0, 2] if g.ver else [0, 1]))
            continue
        old = [p for p in pending if p[1] > span]
        p = old[0] if old else rng.choice(pending)
        g.emit(p[0], 1, dt=rng.randrange(1, 3))
        if not p[0].queue:
            pending.remove(p)


def _fmtpool(rng):
    pool = [
        ("cmd %s opcode 0x%x syndrome 0x%08x", 3),
        ("port %u: speed %u lanes %u fec %d", 4),
        ("qp 0x%06x state %u -> %u", 3),
        ("eq %u armed", 1),
        ("icm page %llx size %u", 3),
        ("temp %d.%u C", 2),
        ("%c%c%c%c", 4),
        ("fw heartbeat", 0),
        ("%-8s|%08X|%+d|%#o", 4),
        ("pci %04x:%02x:%02x.%x bw %*u", 6),
    ]
    fmt, n = rng.choice(pool)
    return fmt, [rng.getrandbits(32) if rng.random() < 0.5 else rng.randrange(0, 300)
                 for _ in range(n)]


@sc("interleave")
def interleave():
    g = G("interleave", "interleave", "messages from several event ids interleaved entry by "
          "entry, parameters out of order, tmsn values shared across ids, reused after "
          "completion, across blocks")
    rng = random.Random(7)
    g.fill(1)
    for eid in (8, 9, 20):
        g.tmsn[eid] = 0x40                           # same tmsn values on every id
    _interleave(g, rng, 60, [8, 9, 20], _fmtpool)
    for eid in (8, 9):
        g.tmsn[eid] = 0x40                           # reuse after completion
    _interleave(g, rng, 10, [8, 9], _fmtpool)
    g.fill()
    g.fill()
    g.lay(len(g.blocks))
    g.expect.update(missing_params=0, missing_pointer=0, duplicate_params=0, uncompleted=0)
    return g


# ------------------------------------------------------------------ consumer index

def _ci(name, ci, about, **expect):
    g = G(name, "consumer", about)
    g.fill(4)
    _straddling_blocks(g, 9)
    g.lay(6)                            # oldest = slot 3
    g.ci = ci
    g.expect.update(start_block=ci, **expect)
    return g


@sc("consumer")
def ci_oldest():
    return _ci("ci_oldest", 3, "--consumer-index at the oldest block: as without it",
               decoded=6, stale=0)


@sc("consumer")
def ci_newer():
    return _ci("ci_newer", 5, "--consumer-index n-1 past the oldest: the oldest two blocks come "
               "last and are stale (one skip); the start block opens with orphan parameters",
               decoded=4, stale=2)


@sc("consumer")
def ci_zero():
    return _ci("ci_zero", 0, "--consumer-index 0 on a wrapped ring: the newest lap first, then "
               "three stale blocks", decoded=3, stale=3)


@sc("consumer")
def ci_stale_wrap():
    return _ci("ci_stale_wrap", 1, "--consumer-index 1: stale blocks 3, 4, 5 make one skip, "
               "block 0 another (the wrap from n-1 to 0 starts a new item)",
               decoded=2, stale=4)


@sc("consumer")
def ci_empty():
    g = G("ci_empty", "consumer", "--consumer-index on a never-written block: empty skip first, "
          "then the written blocks from 0")
    g.fill(3)
    _straddling_blocks(g, 2)
    g.fill()
    g.lay(4)
    g.ci = 3
    g.expect.update(start_block=3, empty=1, decoded=3)
    return g


# ------------------------------------------------------------------ clock

def _clock(name, mhz, t0, about):
    g = G(name, "clock", about, t0=t0, clock=mhz)
    g.fill(3)
    g.msg("clocked %u", [1])
    g.fill()
    g.fill(10)
    g.msg("late %u", [2])
    g.close_next(urts=1)                # its items stay uncompleted: no device_ns
    g.fill()
    g.lay(2)
    return g


@sc("clock")
def clock_156():
    return _clock("clock_156", "156.25", P53 - 4000, "--clock-mhz 156.25 with times near 2^53: "
                  "device_ns = ts*1000000//156250, exact beyond 2^53")


@sc("clock")
def clock_1000():
    return _clock("clock_1000", "1000", 0x000F_0000_0000_0000 - 100, "--clock-mhz 1000: "
                  "device_ns = ts")


@sc("clock")
def clock_2500():
    return _clock("clock_2500", "2500", 0x0001_0000_0000_0000 + 7, "--clock-mhz 2500 (above "
                  "1 GHz: mstfwtrace's int(1000/MHz) would make every time 0)")


@sc("clock")
def clock_3dec():
    return _clock("clock_3dec", "644.531", 0x0000_1234_5678_9ABC, "--clock-mhz with three "
                  "decimals: ns = ts*1000000//644531")


# ------------------------------------------------------------------ random

@sc("random")
def random_clean():
    g = G("random_clean", "random", "seeded: 400 interleaved messages over 100 blocks round a "
          "64-block ring, unreliable timestamp events with wrong times, trc_ver 1", t0=0x7FFF_0000)
    rng = random.Random(1)
    g.fill(2)
    _interleave(g, rng, 400, [8, 9, 10, 11, 30], _fmtpool, unrel_p=0.3)
    while len(g.blocks) < 100:
        _interleave(g, rng, 5, [8, 9, 10, 11, 30], _fmtpool, unrel_p=0.3)
    g.cur = []
    g.lay(64)
    g.expect.update(decoded=64)
    return g


@sc("random")
def random_chaos():
    g = G("random_chaos", "random", "seeded, trc_ver 0: interleaved messages with lost bits and "
          "duplicate parameters, a torn, a stale, a duplicate and an empty block in a wrapped "
          "ring across the clock's wrap", ver=0, t0=P53 - 1000)
    rng = random.Random(2)
    g.fill(1)
    while len(g.blocks) < 40:
        _interleave(g, rng, 10, [8, 12, 13], _fmtpool, lost_p=0.05, dup_p=0.2, unrel_p=0.3)
    g.cur = []
    g.raw()
    g.ts()
    g.raw()
    part = g.partial()
    del g.blocks[40:]
    b = list(g.blocks)
    g.lay(32)                           # oldest at slot 8
    g.ring[8] = S.X.torn(part, g.ring[8], 3)
    g.ring[20] = b[10].copy()           # stale
    g.ring[25] = g.ring[24].copy()      # duplicate
    g.ring[2] = None                    # empty
    g.expect.update(start_block=8, torn=1, stale=1, duplicate=1, empty=1, decoded=28)
    return g


def _fmtpool_escaped(rng):
    """_fmtpool's formats and some whose messages need escaping in JSON or text."""
    if rng.random() < 0.3:
        fmt, n = rng.choice([('say "%u" to \\ %x', 2), ("tab\tthen %d", 1),
                             ("caf\u00e9 %u", 1), ("%c and %c", 2)])
        return fmt, [rng.randrange(0, 300) for _ in range(n)]
    return _fmtpool(rng)


@sc("random")
def random_parts():
    g = G("random_parts", "random", "seeded: 1300 blocks of interleaved messages round a "
          "1200-block ring (enough for decode's two threads in parts), some formats needing "
          "escapes (quotes, a backslash, a tab, UTF-8, %c)", t0=0x7FFF_0000)
    rng = random.Random(3)
    g.fill(2)
    while len(g.blocks) < 1300:
        _interleave(g, rng, 20, [8, 9, 10, 11, 30], _fmtpool_escaped, unrel_p=0.3)
    g.cur = []
    g.lay(1200)
    g.expect.update(decoded=1200)
    return g


# ------------------------------------------------------------------ limit

@sc("limit")
def pending_limit():
    g = G("pending_limit", "limit", "reliable timestamps stop for 2199 blocks (every closing "
          "event unreliable): at most 65536 items wait, the oldest beyond that are given up "
          "(null); the rest are completed when a reliable event finally comes. Item times stay "
          "within 128 ticks of it (the closing times are the unreliable ones)",
          t0=0x1_0000_0000)
    n = 2200
    tfin = 0x1_0000_0000 + 10000
    base = tfin - 5000
    k = 0
    for b in range(n - 1):
        g.close_next(T=base + b, urts=1)
        for _ in range(31):
            g.raw(t=tfin - 1 - (k % 100))
            k += 1
    g.raw(t=tfin - 2)
    g.ts(T=tfin)
    g.close_next(T=tfin + 40)
    g.fill()
    g.lay(n)
    waiting = (n - 1) * 31 + 1
    # default reading: only items waiting for a timestamp count; with
    # TRACEGEN_PENDING_ALL=1 the timestamp events held behind them count too
    # (4682 raw events given up, from a separate simulation of that queue)
    given_up = 4682 if S.X.PENDING_COUNTS_ALL else waiting - 65536
    g.expect.update(uncompleted=given_up, unreliable_events=n - 1, decoded=n)
    return g


# ------------------------------------------------------------------ strict

@sc("strict")
def clean():
    g = G("clean", "strict", "a clean ring: nothing lost, everything completed (--strict 0)")
    g.fill(2)
    for k in range(20):
        g.msg("clean %u %x", [k, k * 7])
        g.raw()
    g.fill()
    g.fill()
    g.lay(len(g.blocks))
    g.expect.update(incomplete=0, duplicate=0, torn=0, stale=0, truncated=0, lost_events=0,
                    uncompleted=0, missing_params=0, missing_pointer=0, unknown_pointer=0,
                    unterminated=0, too_many_params=0, duplicate_params=0)
    return g
