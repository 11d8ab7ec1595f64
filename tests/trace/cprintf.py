# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""The firmware-format rendering of doc/trace-decode.md §6, written from the
rules and from the Linux kernel's vsnprintf semantics (not Python's %, nor
C's printf, which differ for %#o, %#x of 0, precision with the 0 flag, ...).

parse(fmt) -> tokens; count(fmt) -> parameters the format takes;
render(fmt, params) -> bytes (params: {1..7: int}, missing ones absent).
"""

FLAGS = b"-+ #0'"
INT_CONV = "diouxXc"
FLOAT_CONV = "neEfFgGaA"
ALL_CONV = b"diouxXcspneEfFgGaA%"
LEN1 = b"hljztLq"
WIDE = ("ll", "j", "q", "L")
CLAMP = 512
CUT = 1024


class Conv:
    __slots__ = ("flags", "width", "prec", "length", "conv", "text")

    def __init__(self, flags, width, prec, length, conv, text):
        self.flags = flags      # set of flag characters
        self.width = width      # None, '*' or int (not yet clamped)
        self.prec = prec        # None, '*' or int (not yet clamped)
        self.length = length    # '' or the length modifier
        self.conv = conv        # conversion character
        self.text = text        # the bytes of the specification

    def nparams(self):
        if self.conv == "%":
            return 0
        n = (self.width == "*") + (self.prec == "*")
        if self.conv in INT_CONV or self.conv in FLOAT_CONV:
            n += 2 if self.length in WIDE else 1
        else:                   # s p: always one
            n += 1
        return n


def _isdigit(c):
    return 0x30 <= c <= 0x39


def parse(fmt):
    """Literal bytes and Conv objects, in order."""
    out = []
    lit = bytearray()
    i, n = 0, len(fmt)
    while i < n:
        if fmt[i] != 0x25:
            lit.append(fmt[i])
            i += 1
            continue
        j = i + 1
        flags = set()
        while j < n and fmt[j] in FLAGS:
            flags.add(chr(fmt[j]))
            j += 1
        width = None
        if j < n and fmt[j] == 0x2A:
            width = "*"
            j += 1
        elif j < n and _isdigit(fmt[j]):        # a leading 0 was a flag
            k = j
            while j < n and _isdigit(fmt[j]):
                j += 1
            width = int(fmt[k:j])
        prec = None
        if j < n and fmt[j] == 0x2E:
            j += 1
            if j < n and fmt[j] == 0x2A:
                prec = "*"
                j += 1
            else:
                k = j
                while j < n and _isdigit(fmt[j]):
                    j += 1
                # the kernel reads "." alone as no precision
                prec = int(fmt[k:j]) if j > k else None
        length = ""
        if fmt[j:j + 2] in (b"hh", b"ll"):
            length = fmt[j:j + 2].decode()
            j += 2
        elif j < n and fmt[j] in LEN1:
            length = chr(fmt[j])
            j += 1
        if j < n and fmt[j] in ALL_CONV:
            if lit:
                out.append(bytes(lit))
                lit = bytearray()
            out.append(Conv(flags, width, prec, length, chr(fmt[j]), fmt[i:j + 1]))
            i = j + 1
        else:
            # not a conversion: printed as it stands up to and including the
            # offending character (or to the end), no parameter taken
            end = min(j + 1, n)
            lit += fmt[i:end]
            i = end
    if lit:
        out.append(bytes(lit))
    return out


def count(fmt):
    return sum(t.nparams() for t in parse(fmt) if isinstance(t, Conv))


def _s32(v):
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v & 0x80000000 else v


def c_integer(conv, flags, width, prec, value):
    """An integer as the Linux kernel's vsnprintf prints it (lib/vsprintf.c
    number(), which mlx5's fw_tracer uses), the value already converted to
    its type's value (negative only for d/i). width/prec: int or None.
    Unlike C: 0 always prints a digit, # x prints 0x for 0 too, # o's 0 is
    extra to the precision, and the 0 flag holds beside a precision."""
    neg = value < 0
    a = -value if neg else value
    if conv in "diu":
        digits = str(a)
    elif conv == "o":
        digits = format(a, "o")
    elif conv == "x":
        digits = format(a, "x")
    else:
        digits = format(a, "X")
    if prec is not None:
        digits = digits.rjust(prec, "0")
    prefix = ""
    if conv in "di":
        if neg:
            prefix = "-"
        elif "+" in flags:
            prefix = "+"
        elif " " in flags:
            prefix = " "
    if "#" in flags:
        if conv in "xX":
            prefix += "0" + conv
        elif conv == "o" and a != 0:
            prefix += "0"
    body = len(prefix) + len(digits)
    if width and body < width:
        pad = width - body
        if "-" in flags:
            return prefix + digits + " " * pad
        if "0" in flags:
            return prefix + "0" * pad + digits
        return " " * pad + prefix + digits
    return prefix + digits


def c_differs(conv, flags, prec, value):
    """Where C's printf and the kernel disagree (the selftest's libc is C)."""
    if prec is not None and (value == 0 or "0" in flags or ("#" in flags and conv == "o")):
        return True
    return "#" in flags and conv in "xX" and value == 0


# The kernel's rules where C differs, each written from lib/vsprintf.c.
KERNEL = [
    ("x", "#", None, None, 0, "0x0"),
    ("X", "#", 6, None, 0, "   0X0"),
    ("x", "#0", 6, None, 0, "0x0000"),
    ("d", "", None, 0, 0, "0"),
    ("x", "", 3, 0, 0, "  0"),
    ("o", "#", None, 3, 8, "0010"),
    ("d", "0", 6, 3, 7, "000007"),
    ("d", "0", 6, 3, -7, "-00007"),
    ("d", "-0", 6, 3, 7, "007   "),
]


def _pad(text, flags, width):
    if width and len(text) < width:
        pad = width - len(text)
        return text + b" " * pad if "-" in flags else b" " * pad + text
    return text


def render_conv(c, vals):
    """vals: the parameters this conversion takes, all present."""
    vals = list(vals)
    flags = set(c.flags)
    width = c.width
    prec = c.prec
    if width == "*":
        w = _s32(vals.pop(0))
        if w < 0:
            flags.add("-")
            w = -w
        width = w
    if prec == "*":
        p = _s32(vals.pop(0))
        prec = None if p < 0 else p
    if width is not None:
        width = min(width, CLAMP)
    if prec is not None:
        prec = min(prec, CLAMP)
    cv = c.conv
    if cv == "%":
        return b"%"
    if cv in INT_CONV:
        if c.length in WIDE:
            value, bits = (vals[0] << 32) | vals[1], 64
        elif c.length == "h":
            value, bits = vals[0] & 0xFFFF, 16
        elif c.length == "hh":
            value, bits = vals[0] & 0xFF, 8
        else:
            value, bits = vals[0] & 0xFFFFFFFF, 32
        if cv == "c":
            ch = value & 0xFF
            text = bytes([ch]) if 0x20 <= ch <= 0x7E else b"\\x%02x" % ch
            return _pad(text, flags, width)
        if cv in "di" and value >> (bits - 1):
            value -= 1 << bits
        return c_integer(cv, flags, width, prec, value).encode()
    if cv == "s":
        return b"<str 0x%08x>" % vals[0]
    if cv == "p":
        return b"0x%08x" % vals[0]
    # n e E f F g G a A
    if c.length in WIDE:
        return b"<%s 0x%016x>" % (cv.encode(), (vals[0] << 32) | vals[1])
    return b"<%s 0x%08x>" % (cv.encode(), vals[0])


def render(fmt, params):
    out = bytearray()
    k = 1
    for t in parse(fmt):
        if not isinstance(t, Conv):
            out += t
            continue
        m = t.nparams()
        idx = list(range(k, k + m))
        k += m
        if any(i > 7 or params.get(i) is None for i in idx):
            out += b"<missing>"
        else:
            out += render_conv(t, [params[i] for i in idx])
    if len(out) > CUT:
        out = out[:CUT - 3] + b"..."
    return bytes(out)


def json_text(b):
    """§7: valid UTF-8 as is, any other byte as the code point of its value."""
    out = []
    i, n = 0, len(b)
    while i < n:
        c = b[i]
        if c < 0x80:
            out.append(chr(c))
            i += 1
            continue
        if 0xC2 <= c <= 0xDF:
            need, lo, hi = 1, 0x80, 0xBF
        elif c == 0xE0:
            need, lo, hi = 2, 0xA0, 0xBF
        elif 0xE1 <= c <= 0xEC or 0xEE <= c <= 0xEF:
            need, lo, hi = 2, 0x80, 0xBF
        elif c == 0xED:
            need, lo, hi = 2, 0x80, 0x9F
        elif c == 0xF0:
            need, lo, hi = 3, 0x90, 0xBF
        elif 0xF1 <= c <= 0xF3:
            need, lo, hi = 3, 0x80, 0xBF
        elif c == 0xF4:
            need, lo, hi = 3, 0x80, 0x8F
        else:
            need = 0
        ok = need > 0 and i + need < n
        if ok:
            seq = b[i:i + need + 1]
            ok = lo <= seq[1] <= hi and all(0x80 <= x <= 0xBF for x in seq[2:])
        if ok:
            out.append(seq.decode("utf-8"))
            i += need + 1
        else:
            out.append(chr(c))
            i += 1
    return "".join(out)


def _selftest():
    """Checks c_integer against the C library through ctypes where C and the
    kernel agree, and against KERNEL where they do not."""
    import ctypes
    import ctypes.util
    import itertools
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    buf = ctypes.create_string_buffer(2048)
    bad = 0
    n = 0
    values32 = [0, 1, 7, 8, 42, 255, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xFFFFFFD6, 1234567]
    values64 = [0, 1, 0x100000002, 0x8000000000000000, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFE]
    flagsets = ["", "-", "+", " ", "#", "0", "-0", "+ ", "#0", "-#", "+0", " 0", "#-0+ "]
    widths = [None, 0, 1, 5, 12]
    precs = [None, 0, 1, 3, 10]
    for conv, fl, w, p in itertools.product("diouxX", flagsets, widths, precs):
        if "#" in fl and conv in "diu":
            continue            # undefined in C
        spec = "%" + fl + ("" if w is None else str(w)) + ("" if p is None else "." + str(p))
        for length, vals, ctype in (("", values32, ctypes.c_uint), ("ll", values64, ctypes.c_ulonglong),
                                    ("h", values32, ctypes.c_uint), ("hh", values32, ctypes.c_uint)):
            for v in vals:
                libc.snprintf(buf, 2048, (spec + length + conv).encode(), ctype(v))
                want = buf.value
                bits = {"": 32, "ll": 64, "h": 16, "hh": 8}[length]
                x = v & ((1 << bits) - 1)
                if conv in "di" and x >> (bits - 1):
                    x -= 1 << bits
                if c_differs(conv, fl, p, x):
                    continue
                got = c_integer(conv, set(fl), w, p, x).encode()
                n += 1
                if got != want:
                    bad += 1
                    if bad < 20:
                        print("MISMATCH", spec + length + conv, hex(v), want, got)
    for conv, fl, w, p, v, want in KERNEL:
        got = c_integer(conv, set(fl), w, p, v)
        n += 1
        if got != want:
            bad += 1
            print("MISMATCH (kernel)", conv, fl, w, p, v, want, got)
    print("cprintf selftest: %d cases, %d mismatches" % (n, bad))
    return bad == 0
