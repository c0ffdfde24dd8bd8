#!/usr/bin/env python3
"""Differential test of loop invariants over polyhedra (translate/polyhedra.c):
random loops whose locals move on two paths (an if inside the body on an
input, on the counter's parity, or on a comparison of the locals), by
different amounts (constants, or non-linear terms such as `(i * 7 + c) % 5`
that the analysis bounds by an interval), so that what survives is an inequality (u <= 2 * v,
u + v >= i, ...); sometimes by steps so large that 32-bit arithmetic wraps.
The target is guarded by a linear inequality (or equality) about the loop's
outputs and its bound.  The truth comes from running every input of the box
in Python with the C semantics (32-bit wraparound), not from any invariant:

    int f(int n, int c) {
      int i = 0, u = S0, v = S1;
      if (n < 0 || n > N) return -1;
      if (c < -3 || c > 3) return -2;
      while (i < n) {
        i += STEP;
        if (COND) { u += A0; v += A1; } else { u += B0; v += B1; }
      }
      if (x * u + y * v + z * i + w * n REL V) return 1;   (the target)
      return 0;
    }

REACHABLE must validate (the driver runs under gcov); UNREACHABLE must be
true of every input; UNKNOWN is counted, never a failure.  The solver runs
with --no-concrete: the box is small enough to run every input, which
would answer before any invariant is needed.

Typed programs (about half, by query: see typed_query) are the same
programs with n, c, the counter, u and v of random integer types (8 to 64
bits, signed and unsigned, size_t, uint64_t), u and v sometimes starting
near an edge of their type (2^63, 2^64 - 1, INT64_MAX); their truth is gcc running
f over the whole box, traps included (inttypes.oracle).

usage: polyhedra.py [COUNT] [SEED]  (env INKA, POLY_COUNT, POLY_SEED,
POLY_TIMEOUT, POLY_JOBS); prints "N passed, N failed" last.
"""
import concurrent.futures, os, random, re, sys, tempfile

from answers import Tally, ask_reach
import inttypes as it

INKA = os.environ.get("INKA", "./inka-ng")


def wrap32(v):
    return (v + 2**31) % 2**32 - 2**31


def c_div(a, b):
    """C's division: truncates towards zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def c_rem(a, b):
    """C's remainder: the sign of the dividend."""
    return a - b * c_div(a, b)


def value(step, i, c):
    """A step of u or v: a constant, or (C text, function of i and c)."""
    return step if isinstance(step, int) else step[1](i, c)


def step_text(step):
    return str(step) if isinstance(step, int) else f"({step[0]})"


def program(rng):
    N = rng.choice([rng.randint(0, 30), rng.randint(0, 60), 1000, 3000])
    step = rng.choice([1, 1, 1, 2, 3])
    cond = rng.choice(["c > 0", "i % 2", "c > i", "u < v", "u <= 2 * v", "i < 7"])
    big = rng.random() < 0.12      # steps that wrap for long runs
    def amount():
        if rng.random() < 0.2:           # a non-linear step: an interval, not an affine image
            return nonlinear()
        return rng.choice([3000000, -3000000, 5000001]) if big and rng.random() < 0.5 else rng.randint(-3, 4)

    def nonlinear():
        K, C, M, D = rng.randint(1, 9), rng.randint(-5, 5), rng.randint(2, 9), rng.randint(0, 4)
        form = rng.choice(["rem", "rem_c", "mul_c", "div"])
        if form == "rem":
            return (f"(i * {K} + {C}) % {M} - {D}", lambda i, c: wrap32(c_rem(wrap32(wrap32(i * K) + C), M) - D))
        if form == "rem_c":
            return (f"(i * {K} + c) % {M}", lambda i, c: c_rem(wrap32(wrap32(i * K) + c), M))
        if form == "mul_c":
            return (f"c * (i % {M})", lambda i, c: wrap32(c * c_rem(i, M)))
        return (f"i / {M} % 3 - 1", lambda i, c: c_rem(c_div(i, M), 3) - 1)
    A = (amount(), amount())
    B = (amount(), amount())
    S = (rng.randint(-20, 20), rng.randint(-20, 20))

    # sometimes a search loop: a break right after the counter moves
    brk = (rng.randint(1, 9), rng.randint(2, 13), None) if rng.random() < 0.25 else None
    if brk:
        brk = (brk[0], brk[1], rng.randint(0, brk[1] - 1))

    def breaks(i, c):
        return brk is not None and c_rem(wrap32(wrap32(i * brk[0]) + c), brk[1]) == brk[2]

    # sometimes a trap in the body (a division by zero when i reaches T): the
    # run ends there; and sometimes u is then halved toward v (a quotient)
    trap = rng.randint(1, 40) if rng.random() < 0.2 else None
    halve = (rng.choice(["+", "-"]), rng.randint(2, 4)) if rng.random() < 0.25 else None

    def run(c):
        """The states at each check of the condition for a bound that never
        stops it, and the break (the head it left from, its state) if any."""
        i, u, v = 0, S[0], S[1]
        heads = [(i, u, v)]
        while i < N:
            i = wrap32(i + step)
            if breaks(i, c):
                return heads, (len(heads) - 1, (i, u, v))
            if trap is not None and i == trap:
                return heads, None          # the iteration from the last head traps
            take = {"c > 0": c > 0, "i % 2": i % 2 != 0, "c > i": c > i, "u < v": u < v,
                    "u <= 2 * v": u <= wrap32(2 * v), "i < 7": i < 7}[cond]
            d = A if take else B
            u, v = wrap32(u + value(d[0], i, c)), wrap32(v + value(d[1], i, c))
            if halve:
                u = c_div(wrap32(u + v if halve[0] == "+" else u - v), halve[1])
            heads.append((i, u, v))
        return heads, None

    x, y = rng.randint(-2, 2), rng.randint(-2, 2)
    z, w = rng.choice([0, 0, 1, -1, 2]), rng.choice([0, 0, 1, -1])
    rel = rng.choice(["<", "<=", ">", ">=", "<", ">", "==", "even", "odd"])  # parities: translate/parity.c
    V = rng.randint(-8, 8) + (x * S[0] + y * S[1] if rng.random() < 0.5 else 0)

    def holds(n, i, u, v):
        lhs = wrap32(wrap32(x * u) + wrap32(y * v))
        lhs = wrap32(lhs + wrap32(z * i))
        lhs = wrap32(lhs + wrap32(w * n))
        return {"<": lhs < V, "<=": lhs <= V, ">": lhs > V, ">=": lhs >= V, "==": lhs == V,
                "even": lhs % 2 == 0, "odd": lhs % 2 != 0}[rel]

    truth = False
    for c in range(-3, 4):           # the heads of one long run serve every n
        heads, broke = run(c)
        k = 0
        for n in range(0, N + 1):
            while k < len(heads) and heads[k][0] < n:
                k += 1
            if k == len(heads) and not broke:  # the run trapped before its check for n
                break
            if broke and broke[0] < k:   # still running at the head it broke from
                truth = truth or holds(n, *broke[1])
            else:
                truth = truth or holds(n, *heads[k])
            if truth:
                break
        if truth:
            break

    body = (f"    i += {step};\n" +
            (f"    if ((i * {brk[0]} + c) % {brk[1]} == {brk[2]})\n      break;\n" if brk else "") +
            (f"    v += 100 / (i - {trap}) * 0;\n" if trap is not None else "") +
            f"    if ({cond}) {{ u += {step_text(A[0])}; v += {step_text(A[1])}; }} else {{ u += {step_text(B[0])}; v += {step_text(B[1])}; }}\n" +
            (f"    u = (u {halve[0]} v) / {halve[1]};\n" if halve else ""))
    text = (f"int f(int n, int c) {{\n"
            f"  int i = 0, u = {S[0]}, v = {S[1]};\n"
            f"  if (n < 0 || n > {N})\n"
            f"    return -1;\n"
            f"  if (c < -3 || c > 3)\n"
            f"    return -2;\n"
            f"  while (i < n) {{\n" + body + "  }\n" +
            (f"  if ({x} * u + {y} * v + {z} * i + {w} * n {rel} {V})\n" if rel not in ("even", "odd") else
             f"  if (({x} * u + {y} * v + {z} * i + {w} * n) % 2 {'==' if rel == 'even' else '!='} 0)\n") +
            f"    return 1;\n"
            f"  return 0;\n"
            f"}}\n")
    line = text.split("\n").index("    return 1;") + 1
    return text, line, truth


def typed_query(seed, k):
    """Whether query k is a typed program (a draw of its own, so that the
    plain programs stay those of before)."""
    return random.Random(f"{seed}:{k}:typed").random() < 0.5


def typed(text, rng, d, tag):
    """The program text with its parameters and locals given random integer
    types: (new text, target line, truth from gcc running f on the box)."""
    lines = text.split("\n")
    N = int(lines[2].split("n > ")[1].rstrip(")"))
    step = int(next(ln for ln in lines if ln.startswith("    i += ")).split("+= ")[1].rstrip(";"))
    tn, tc = it.pick_holding(rng, 0, N), it.pick(rng)
    ti, tu, tv = it.pick_holding(rng, 0, N + step), it.pick(rng), it.pick(rng)
    starts = dict(part.split(" = ") for part in lines[1].strip().rstrip(";")[len("int "):].split(", "))
    lines[0] = f"int f({tn.name} n, {tc.name} c) {{"
    for name, ty in (("u", tu), ("v", tv)):   # sometimes near an edge of the type: the steps wrap
        if rng.random() < 0.4:
            starts[name] = it.literal(it.edge_value(rng, ty))
    lines[1:2] = [f"  {ti.name} i = 0;", f"  {tu.name} u = {starts['u']};", f"  {tv.name} v = {starts['v']};"]
    text = it.HEADERS + "\n".join(lines)
    line = text.split("\n").index("    return 1;") + 1
    calls = (f"  for (unsigned long long nn = 0; nn <= {N}ULL; nn++)\n"
             f"    for (int d = -3; d <= 3; d++) {{\n"
             f"      ORACLE_TRY(f(({tn.name})nn, ({tc.name})d));\n"
             f"      if (oracle_result == 1) found = 1;\n"
             f"    }}\n")
    # gcc folds `100 / (i - T) * 0` to 0 (a division by zero is no side
    # effect to it), where the model ends the path: the oracle traps itself
    oracle_text = re.sub(r"v \+= 100 / \(i - (\d+)\) \* 0;", r"if (i - \1 == 0) oracle_trap(SIGFPE);", text)
    truth, _ = it.oracle(oracle_text, calls, d, tag)
    return text, line, truth


def ask(inka, d, timeout, seed, k):
    rng = random.Random(seed * 100003 + k)
    text, line, truth = program(rng)
    extra = ()
    if typed_query(seed, k):
        text, line, truth = typed(text, rng, d, f"o{k}")
        extra = tuple(it.INKA_FLAGS)
    want = "reachable" if truth else "unreachable"
    src = os.path.join(d, f"p{k}.c")
    with open(src, "w") as f:
        f.write(text)
    got, out = ask_reach(inka, src, line, timeout, ("--stats", "--no-concrete") + extra)
    poly = out.get("stats", {}).get("reasoning", {}).get("polyhedra", 0)
    return k, text, want, got, poly


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else int(os.environ.get("POLY_COUNT", "40"))
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else int(os.environ.get("POLY_SEED", "1"))
    timeout = os.environ.get("POLY_TIMEOUT", "10")
    jobs = int(os.environ.get("POLY_JOBS", "1"))
    inka = os.path.abspath(INKA)
    tally, proofs_with_poly = Tally(), 0
    with tempfile.TemporaryDirectory(prefix="inka-poly.") as d:
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            for k, text, want, got, poly in pool.map(lambda k: ask(inka, d, timeout, seed, k), range(count)):
                if got == "unreachable" and poly:
                    proofs_with_poly += 1
                tally.add(want, got, f"query {k} (seed {seed})", text)
    tally.print_counts()
    print(f"  proofs with a polyhedral invariant posted: {proofs_with_poly}")
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main())
