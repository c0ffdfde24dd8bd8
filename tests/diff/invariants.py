#!/usr/bin/env python3
"""Differential test of loop invariants and elimination (issue 10): random
loops whose locals move on two paths (an if inside the body, on an input,
on the counter's parity, or on both), sometimes in proportion (a relation
a*u + b*v survives every iteration), sometimes not; a target guarded by a
linear fact about the loop's outputs.  The truth comes from running every
input of the box in Python with the C semantics (32-bit wraparound, which
the small constants never reach), not from any invariant:

    int f(int n, int c) {
      int i = 0, u0 = S0, u1 = S1;
      if (n < 0 || n > N) return -1;
      if (c < -3 || c > 3) return -2;
      while (i < n) {
        i += STEP;
        if (COND) { u0 += A0; u1 += A1; } else { u0 += B0; u1 += B1; }
      }
      if (FACT) return 1;                                (the target)
      return 0;
    }

REACHABLE must validate (the driver runs under gcov); UNREACHABLE must be
true of every input; UNKNOWN is counted, never a failure.

Typed programs (about half, by query: see typed_query) draw every integer
type (8 to 64 bits, signed and unsigned, size_t, uint64_t) for n, c, the
counter and u0, u1, starting near the types' edges (2^63 and 2^64 - 1 for
unsigned 64-bit); their truth is gcc running f over the whole box
(inttypes.oracle).

usage: invariants.py [COUNT] [SEED]  (env INKA, INV_COUNT, INV_SEED,
INV_TIMEOUT); prints "N passed, N failed" last.
"""
import os, random, sys, tempfile

from answers import Tally, ask_reach
import inttypes as it

INKA = os.environ.get("INKA", "./inka-ng")


def wrap32(v):
    return (v + 2**31) % 2**32 - 2**31


def program(rng):
    N = rng.choice([rng.randint(0, 40), rng.randint(0, 40), 1000])
    step = rng.choice([1, 1, 2, 3])
    cond = rng.choice(["c > 0", "i % 2", "c > i", "i < 5"])
    p, q = rng.choice([(1, 2), (1, -1), (2, 3), (3, -1), (1, 0), (0, 1)])
    if rng.random() < 0.6:   # both paths move (u0, u1) along (p, q): a relation q*u0 - p*u1 survives
        m1, m2 = rng.choice([1, 2, -1, 3]), rng.choice([1, 2, -2, 3])
        A, B = (m1 * p, m1 * q), (m2 * p, m2 * q)
    else:
        A = (rng.randint(-4, 4), rng.randint(-4, 4))
        B = (rng.randint(-4, 4), rng.randint(-4, 4))
    S = (rng.randint(-50, 50), rng.randint(-50, 50))

    def run(n, c):
        """The states at each check of the condition, for the bound n."""
        i, u0, u1 = 0, S[0], S[1]
        heads = [(i, u0, u1)]
        while i < n:
            i = wrap32(i + step)
            take = {"c > 0": c > 0, "i % 2": i % 2 != 0, "c > i": c > i, "i < 5": i < 5}[cond]
            d = A if take else B
            u0, u1 = wrap32(u0 + d[0]), wrap32(u1 + d[1])
            heads.append((i, u0, u1))
        return heads

    # the fact: x*u0 + y*u1 + z*i  rel  V
    if rng.random() < 0.6:
        x, y = q, -p
    else:
        x, y = rng.randint(-3, 3), rng.randint(-3, 3)
    z = rng.choice([0, 0, 1, -1])
    base = x * S[0] + y * S[1]
    V = base + rng.choice([0, 0, 1, -1, 2, 5])
    rel = rng.choice(["==", "!="])

    def holds(i, u0, u1):
        lhs = wrap32(wrap32(x * u0) + wrap32(y * u1))
        lhs = wrap32(lhs + wrap32(z * i))
        return lhs == V if rel == "==" else lhs != V

    truth = False
    for c in range(-3, 4):           # the heads of one long run serve every n
        heads = run(N, c)
        k = 0
        for n in range(0, N + 1):
            while heads[k][0] < n:
                k += 1
            truth = truth or holds(*heads[k])

    body = (f"    i += {step};\n"
            f"    if ({cond}) {{ u0 += {A[0]}; u1 += {A[1]}; }} else {{ u0 += {B[0]}; u1 += {B[1]}; }}\n")
    text = (f"int f(int n, int c) {{\n"
            f"  int i = 0, u0 = {S[0]}, u1 = {S[1]};\n"
            f"  if (n < 0 || n > {N})\n"
            f"    return -1;\n"
            f"  if (c < -3 || c > 3)\n"
            f"    return -2;\n"
            f"  while (i < n) {{\n" + body + "  }\n"
            f"  if ({x} * u0 + {y} * u1 + {z} * i {rel} {V})\n"
            f"    return 1;\n"
            f"  return 0;\n"
            f"}}\n")
    return text, 12, truth


def typed_query(seed, k):
    """Whether query k is a typed program (a draw of its own, so that the
    plain programs stay those of before)."""
    return random.Random(f"{seed}:{k}:typed").random() < 0.5


def typed_program(rng):
    """The same shape over random integer types: (text, target line, the
    oracle's main body)."""
    N = rng.choice([rng.randint(0, 40), rng.randint(0, 40), 1000])
    step = rng.choice([1, 1, 2, 3])
    cond = rng.choice(["c > 0", "i % 2", "c > i", "i < 5"])
    tn, ti, tc = it.pick_holding(rng, 0, N), it.pick_holding(rng, 0, N + step), it.pick(rng)
    t0, t1 = it.pick(rng), it.pick(rng)
    p, q = rng.choice([(1, 2), (1, -1), (2, 3), (3, -1), (1, 0), (0, 1)])
    if rng.random() < 0.6:
        m1, m2 = rng.choice([1, 2, -1, 3]), rng.choice([1, 2, -2, 3])
        A, B = (m1 * p, m1 * q), (m2 * p, m2 * q)
    else:
        A = (rng.randint(-4, 4), rng.randint(-4, 4))
        B = (rng.randint(-4, 4), rng.randint(-4, 4))
    S = (it.edge_value(rng, t0), it.edge_value(rng, t1))
    clo = -3 if tc.signed else rng.choice([0, tc.hi - 6])
    x, y = (q, -p) if rng.random() < 0.6 else (rng.randint(-3, 3), rng.randint(-3, 3))
    z = rng.choice([0, 0, 1, -1])
    tt, base = it.c_binary("*", it.INT, x, t0, S[0])
    tt, base = it.c_binary("+", tt, base, *it.c_binary("*", it.INT, y, t1, S[1]))
    V = base + rng.choice([0, 0, 1, -1, 2, 5]) if rng.random() < 0.8 else it.edge_value(rng, it.pick(rng))
    rel = rng.choice(["==", "!=", "<", ">="])
    n_guard = f"n < 0 || n > {N}" if tn.signed else f"n > {N}"
    text = (it.HEADERS +
            f"int f({tn.name} n, {tc.name} c) {{\n"
            f"  {ti.name} i = 0;\n"
            f"  {t0.name} u0 = {it.literal(S[0])};\n"
            f"  {t1.name} u1 = {it.literal(S[1])};\n"
            f"  if ({n_guard})\n"
            f"    return -1;\n"
            f"  if (c < {it.literal(clo)} || c > {it.literal(clo + 6)})\n"
            f"    return -2;\n"
            f"  while (i < n) {{\n"
            f"    i += {step};\n"
            f"    if ({cond}) {{ u0 += {A[0]}; u1 += {A[1]}; }} else {{ u0 += {B[0]}; u1 += {B[1]}; }}\n"
            f"  }}\n"
            f"  if ({x} * u0 + {y} * u1 + {z} * i {rel} {it.literal(V)})\n"
            f"    return 1;\n"
            f"  return 0;\n"
            f"}}\n")
    calls = (f"  for (unsigned long long nn = 0; nn <= {N}ULL; nn++)\n"
             f"    for (unsigned long long d = 0; d <= 6; d++)\n"
             f"      if (f(({tn.name})nn, ({tc.name})((unsigned long long){it.literal(clo)} + d)) == 1) found = 1;\n")
    return text, 16, calls


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else int(os.environ.get("INV_COUNT", "60"))
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else int(os.environ.get("INV_SEED", "1"))
    timeout = os.environ.get("INV_TIMEOUT", "10")
    inka = os.path.abspath(INKA)
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="inka-inv.") as d:
        for k in range(count):
            rng = random.Random(seed * 100003 + k)
            extra = ()
            if typed_query(seed, k):
                text, line, calls = typed_program(rng)
                truth, _ = it.oracle(text, calls, d)
                extra = tuple(it.INKA_FLAGS)
            else:
                text, line, truth = program(rng)
            want = "reachable" if truth else "unreachable"
            src = os.path.join(d, f"v{k}.c")
            with open(src, "w") as f:
                f.write(text)
            got, _ = ask_reach(inka, src, line, timeout, extra)
            tally.add(want, got, f"query {k} (seed {seed})", text)
    tally.print_counts()
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main())
