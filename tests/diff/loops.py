#!/usr/bin/env python3
"""Differential test of loop facts (issue 10): random counting loops whose
trip count an input decides (up to 10^6), with induction variables, and a
target guarded by a linear fact about the loop's outputs that is true,
false, or true for some inputs only -- decided by construction, not by
running the loop for every input.

    int f(int n, int a) {
      int i = 0, u1 = C1, u2 = a, ...;
      if (n < 0 || n > N) return -1;
      if (a < -A || a > A) return -2;
      while (i < n) { i++; u1 += k1; u2 -= k2; ... }    (or a for loop)
      if (FACT) return 1;                                (the target)
      return 0;
    }

After the loop every u_j is U_j + k_j * n (U_j a constant or the input a),
i is n.  A fact is sum(c_j * u_j) + c_i * i (== or !=) V, that is
A * n + B * a + C (== or !=) V: the oracle finds whether some n in [0, N]
and a in [-A, A] satisfies it exactly, with integer arithmetic (values stay
far from overflow).  A REACHABLE answer must also validate (the driver
runs under gcov); UNKNOWN is counted, never a failure.

Typed programs (about half, by query: see typed_query) draw every integer
type (8 to 64 bits, signed and unsigned, size_t, uint64_t) for n, a, the
counter and each u_j, with starts and the box of a near the types' edges
(2^63 and 2^64 - 1 for unsigned 64-bit): the values wrap, and the truth
comes from gcc running the program's closed form over the whole box
(inttypes.oracle), checked against f itself at sample points.  In 40% of
them the fact guards the loop's body instead (`if (FACT) return 1;` first
in every iteration: the objective inside a loop whose variables the loop
writes, what may_reach.c decides).

usage: loops.py [COUNT] [SEED]  (env INKA, LOOPS_COUNT, LOOPS_SEED,
LOOPS_TIMEOUT); prints "N passed, N failed" last.
"""
import os, random, sys, tempfile

from answers import Tally, ask_reach
import inttypes as it

INKA = os.environ.get("INKA", "./inka-ng")


def program(rng):
    nu = rng.randint(1, 3)
    big = rng.random() < 0.5
    N = rng.choice([10, 100, 1000, 10**5, 10**6]) if big else rng.randint(1, 60)
    A = rng.choice([0, 5, 1000])
    ks = [rng.choice([-9, -7, -3, -2, -1, 1, 2, 3, 5, 8]) for _ in range(nu)]
    starts = [("a" if rng.random() < 0.3 else rng.randint(-500, 500)) for _ in range(nu)]
    use_for = rng.random() < 0.5
    decl = ", ".join(["i = 0"] + [f"u{j} = {starts[j]}" for j in range(nu)])
    steps = []
    for j, k in enumerate(ks):
        steps.append(f"u{j} += {k};" if k > 0 else f"u{j} -= {-k};")
    rng.shuffle(steps)
    body = " ".join(steps)
    lines = [f"int f(int n, int a) {{",
             f"  int {decl};",
             f"  if (n < 0 || n > {N})",
             f"    return -1;",
             f"  if (a < {-A} || a > {A})",
             f"    return -2;"]
    if use_for:
        lines += [f"  for (i = 0; i < n; i++) {{ {body} }}"]
    else:
        lines += [f"  while (i < n) {{ i++; {body} }}"]
    # The fact: sum c_j u_j + ci * i  rel  V, in closed form A*n + B*a + C.
    cs = [rng.choice([0, 0, 1, -1, 2, 3]) for _ in range(nu)]
    if all(c == 0 for c in cs):
        cs[0] = 1
    ci = rng.choice([0, 0, 1, -1, -ks[0]])
    An = sum(c * k for c, k in zip(cs, ks)) + ci
    Ba = sum(c for c, s in zip(cs, starts) if s == "a")
    C = sum(c * s for c, s in zip(cs, starts) if s != "a")
    kind = rng.choice(["eq_some", "eq_none", "ne_invariant", "eq_shift", "ne_some"])
    if kind == "eq_some":            # true for some inputs (or none when out of range)
        n0 = rng.randint(0, min(N, 10**6)) if rng.random() < 0.8 else N + rng.randint(1, 5)
        a0 = rng.randint(-A, A)
        V, rel = An * n0 + Ba * a0 + C, "=="
    elif kind == "eq_none":          # off by a non-multiple of the step, usually never true
        V, rel = An * rng.randint(0, N) + C + rng.choice([1, -1, 2]), "=="
    elif kind == "ne_invariant":     # the invariant's negation: never true when the invariant holds exactly
        V, rel = None, "!="
    else:                            # ne_some / eq_shift: random constants
        V, rel = rng.randint(-2000, 2000), rng.choice(["==", "!="])
    terms = [f"{c} * u{j}" if c not in (1, -1) else ("" if c == 1 else "-") + f"u{j}"
             for j, c in enumerate(cs) if c != 0]
    if ci:
        terms.append(f"{ci} * i" if ci not in (1, -1) else ("" if ci == 1 else "-") + "i")
    lhs = " + ".join(terms).replace("+ -", "- ")
    if V is None:  # lhs - An*n - Ba*a == C always: ask lhs != that
        rhs = " + ".join(x for x in [f"{An} * n" if An else "", f"{Ba} * a" if Ba else "", str(C)] if x)
        fact = f"{lhs} != {rhs}".replace("+ -", "- ")
        facts = ("ne_inv", An, Ba, C)
    else:
        fact = f"{lhs} {rel} {V}"
        facts = (rel, An, Ba, C, V)
    lines += [f"  if ({fact})",
              f"    return 1;",
              f"  return 0;",
              f"}}"]
    return "\n".join(lines) + "\n", len(lines) - 2, facts, N, A


def typed_query(seed, q):
    """Whether query q is a typed program (a draw of its own, so that the
    plain programs stay those of before)."""
    return random.Random(f"{seed}:{q}:typed").random() < 0.5


def typed_program(rng):
    """A program of the same shape over random integer types; returns its
    text, the target line, and the oracle's main body (sets found)."""
    nu = rng.randint(1, 3)
    N = rng.choice([10, 100, 1000, 10**5, 10**6]) if rng.random() < 0.5 else rng.randint(1, 60)
    A = rng.choice([0, 5, 1000]) if N <= 1000 else rng.choice([0, 5])
    tn, ti = it.pick_holding(rng, 0, N), it.pick_holding(rng, 0, N)
    ta = it.pick(rng)
    alo = ta.lo if ta.hi - ta.lo < 2 * A else max(ta.lo, min(it.edge_value(rng, ta) - A, ta.hi - 2 * A))
    ahi = min(ta.hi, alo + 2 * A)
    us = [it.pick(rng) for _ in range(nu)]
    ks = [rng.choice([-9, -7, -3, -2, -1, 1, 2, 3, 5, 8]) for _ in range(nu)]
    starts = [("a" if rng.random() < 0.3 else it.edge_value(rng, us[j])) for j in range(nu)]
    use_for = rng.random() < 0.5
    steps = [f"u{j} += {k};" if k > 0 else f"u{j} -= {-k};" for j, k in enumerate(ks)]
    rng.shuffle(steps)
    body = " ".join(steps)
    decls = [f"  {ti.name} i = 0;"] + [f"  {us[j].name} u{j} = {'a' if s == 'a' else it.literal(s)};"
                                      for j, s in enumerate(starts)]
    n_guard = f"n < 0 || n > {N}" if tn.signed else f"n > {N}"
    lines = it.HEADERS.splitlines() + [f"int f({tn.name} n, {ta.name} a) {{", *decls,
                                       f"  if ({n_guard})", f"    return -1;",
                                       f"  if (a < {it.literal(alo)} || a > {it.literal(ahi)})", f"    return -2;"]
    inside = rng.random() < 0.4   # the fact guards the loop's body: a check of every iteration
    loop_at = len(lines)
    if not inside:
        lines += [f"  for (i = 0; i < n; i++) {{ {body} }}"] if use_for else [f"  while (i < n) {{ i++; {body} }}"]
    cs = [rng.choice([0, 0, 1, -1, 2, 3]) for _ in range(nu)]
    if all(c == 0 for c in cs):
        cs[0] = 1
    ci = rng.choice([0, 0, 1, -1, -ks[0]])
    terms = [(c, f"u{j}", us[j]) for j, c in enumerate(cs) if c] + ([(ci, "i", ti)] if ci else [])

    def lhs_at(n, a):
        """(type, value) of the fact's left side after the loop, in C."""
        val = {"i": n}
        for j in range(nu):
            base = us[j].wrap(a) if starts[j] == "a" else starts[j]
            val[f"u{j}"] = us[j].wrap(base + ks[j] * n)
        t, v = None, None
        for c, name, ty in terms:
            pt, pv = it.c_binary("*", it.INT, c, ty, val[name])
            t, v = (pt, pv) if t is None else it.c_binary("+", t, v, pt, pv)
        return t, v

    rel = rng.choice(["==", "==", "!=", "<", ">="])
    if rng.random() < 0.6:   # a value the left side takes at some point of the box (or just past it)
        n0 = rng.randint(0, N) if rng.random() < 0.85 else N + rng.randint(1, 5)
        t, v = lhs_at(n0, rng.randint(alo, ahi))
        V = v + rng.choice([0, 0, 0, 1, -1])
    else:
        V = it.edge_value(rng, it.pick(rng))
    lhs = " + ".join(f"{c} * {name}" if c not in (1, -1) else ("" if c == 1 else "-") + name
                     for c, name, _ in terms).replace("+ -", "- ")
    fact = f"{lhs} {rel} {it.literal(V)}"
    if inside:
        lines += [f"  for (i = 0; i < n; i++) {{" if use_for else "  while (i < n) {",
                  f"    if ({fact})", f"      return 1;", f"    {body}" if use_for else f"    i++; {body}", "  }",
                  f"  return 0;", f"}}"]
        target = loop_at + 3
    else:
        lines += [f"  if ({fact})", f"    return 1;", f"  return 0;", f"}}"]
        target = len(lines) - 2
    # The oracle: the closed form of the loop's outputs over the whole box,
    # and f itself at sample points (the closed form must agree with it).
    closed = "".join(f"      {us[j].name} u{j} = ({us[j].name})((unsigned long long)({us[j].name})"
                     f"({'a' if s == 'a' else it.literal(s)}) + (unsigned long long)({ks[j]}LL) * n);\n"
                     for j, s in enumerate(starts))
    # inside: nn is the iteration t < N whose check sees the closed form at t
    # (f(t + 1, a) runs it); the sample check compares f with the fact after
    # the loop only
    check = "0 &&" if inside else ""
    calls = (f"  for (unsigned long long nn = 0; nn + {int(inside)} <= {N}ULL; nn++)\n"
             f"    for (unsigned long long d = 0; d <= {ahi - alo}ULL; d++) {{\n"
             f"      {tn.name} n = ({tn.name})nn;\n"
             f"      {ta.name} a = ({ta.name})((unsigned long long){it.literal(alo)} + d);\n"
             f"      {ti.name} i = ({ti.name})n;\n" + closed +
             f"      int fact = ({fact});\n"
             f"      if (fact) found = 1;\n"
             f"      if ({check} (nn * 7919 + d * 104729) % {max(1, (N + 1) * (ahi - alo + 1) // 40)} == 0 && (f(n, a) == 1) != fact)\n"
             f"        printf(\"MISMATCH n=%llu d=%llu\\n\", nn, d);\n"
             f"    }}\n")
    return "\n".join(lines) + "\n", target, calls


def reachable(facts, N, A):
    """Is the fact true for some n in [0, N], a in [-A, A]?"""
    if facts[0] == "ne_inv":
        return False
    rel, An, Ba, C, V = facts
    if rel == "!=":
        # false only when the left side takes one value, V, over the whole box
        single = (An == 0 or N == 0) and (Ba == 0 or A == 0)
        return not single or C != V
    # An*n + Ba*a == V - C for some n, a in the box
    t = V - C
    for a in ([0] if Ba == 0 else range(-A, A + 1)):
        r = t - Ba * a
        if An == 0:
            if r == 0:
                return True
        elif r % An == 0 and 0 <= r // An <= N:
            return True
    return False


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else int(os.environ.get("LOOPS_COUNT", "100"))
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else int(os.environ.get("LOOPS_SEED", "1"))
    timeout = os.environ.get("LOOPS_TIMEOUT", "10")
    inka = os.path.abspath(INKA)
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="inka-loops.") as d:
        for q in range(count):
            rng = random.Random(seed * 100003 + q)
            extra = ()
            if typed_query(seed, q):
                text, line, calls = typed_program(rng)
                found, mismatch = it.oracle(text, calls, d)
                if mismatch:
                    tally.add("oracle", "mismatch " + mismatch[0], f"query {q} (seed {seed})", text)
                    continue
                want, extra = ("reachable" if found else "unreachable"), tuple(it.INKA_FLAGS)
            else:
                text, line, facts, N, A = program(rng)
                want = "reachable" if reachable(facts, N, A) else "unreachable"
            src = os.path.join(d, f"l{q}.c")
            with open(src, "w") as f:
                f.write(text)
            got, _ = ask_reach(inka, src, line, timeout, extra)
            tally.add(want, got, f"query {q} (seed {seed})", text)
            if (q + 1) % 250 == 0:  # progress, so that a long campaign cut short still says something
                print(f"  after {q + 1}: " + tally.so_far(), file=sys.stderr, flush=True)
    tally.print_counts()
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main())
