#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""compare.py ACTUAL EXPECTED: JSON Lines, object by object, in order.

Every line of both files is parsed as JSON; the objects must have the same
keys and the same values (true is not 1, 1 is not 1.0, numbers compare
exactly) and come in the same order. Prints the first difference with both
line numbers and both objects, then exits 1; 0 when they are the same;
2 when a file cannot be read. --all prints every differing line pair
(stopping after 20) instead of only the first.
"""

import json
import signal
import sys


def same(a, b):
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def no_dup_keys(pairs):
    d = {}
    for k, v in pairs:
        if k in d:
            raise ValueError("key %r twice in one object" % k)
        d[k] = v
    return d


def load(path):
    out = []
    with open(path, "rb") as f:
        for n, raw in enumerate(f, 1):
            text = raw.decode("utf-8", errors="replace").rstrip("\n")
            if not text.strip():
                out.append((n, None, "empty line"))
                continue
            try:
                out.append((n, json.loads(text, object_pairs_hook=no_dup_keys), None))
            except ValueError as e:
                out.append((n, text, "not JSON: %s" % e))
    return out


def show(o):
    return o if isinstance(o, str) else json.dumps(o, sort_keys=True, ensure_ascii=False)


def explain(a, b):
    if not (isinstance(a, dict) and isinstance(b, dict)):
        return ""
    notes = []
    for k in sorted(a.keys() - b.keys()):
        notes.append("  key %r only in the output" % k)
    for k in sorted(b.keys() - a.keys()):
        notes.append("  key %r missing from the output" % k)
    for k in sorted(a.keys() & b.keys()):
        if not same(a[k], b[k]):
            notes.append("  %s: output %s, expected %s" % (k, show(a[k]), show(b[k])))
    return "\n".join(notes)


def main(argv):
    args = [a for a in argv[1:] if a != "--all"]
    every = "--all" in argv[1:]
    if len(args) != 2:
        print("usage: compare.py [--all] ACTUAL.jsonl EXPECTED.jsonl", file=sys.stderr)
        return 2
    try:
        got = load(args[0])
        want = load(args[1])
    except OSError as e:
        print("compare.py: %s" % e, file=sys.stderr)
        return 2
    shown = 0
    for (na, a, ea), (nb, b, _) in zip(got, want):
        if ea or not same(a, b):
            print("difference at line %d of %s / line %d of %s:" % (na, args[0], nb, args[1]))
            if ea:
                print("  output line is %s" % ea)
            print("  output:   %s" % show(a))
            print("  expected: %s" % show(b))
            why = explain(a, b)
            if why:
                print(why)
            shown += 1
            if not every or shown >= 20:
                return 1
    if len(got) != len(want):
        k = min(len(got), len(want))
        if len(got) > k:
            print("the output has %d lines, expected %d; first extra output line %d: %s"
                  % (len(got), len(want), got[k][0], show(got[k][1])))
        else:
            print("the output has %d lines, expected %d; first missing expected line %d: %s"
                  % (len(got), len(want), want[k][0], show(want[k][1])))
        return 1
    return 1 if shown else 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main(sys.argv))
