#!/usr/bin/env python3
"""Random differential test of signed overflow: ISO C (default) and --wrapv.

Each seed makes a function `T f(T a, T b)` (T int or long) of a few
statements over + - * / % << and unary minus, ++ and compound assignments,
conversions to short and unsigned arithmetic, with targets `return K;`
guarded by conditions that often need an overflow (`x < a` after `x = a +
b` with b > 0).  The inputs range over small windows at the edges of T
(--assume), so that overflows are common.  Every target is asked in both
semantics and checked against a compiler at -O0, running every input of
the windows, each in a forked child:

  ISO C     clang, UBSan's signed-overflow and shift checks trapping: an
            input reaches target K iff f returns K without a trap (gcc's
            front end simplifies x - (x + b) to -b even at -O0, and the
            overflow with it, so it cannot judge ISO C);
  --wrapv   gcc -fwrapv, UBSan's shift-exponent check trapping.

A division by zero and MIN / -1 trap natively (SIGFPE) in both.  A verdict
that contradicts the truth is WRONG; a REACHABLE witness is run again alone
and must return K (so under ISO C it is UBSan-clean).  UNKNOWN is counted,
not failed.  The last line is 'N passed, N failed' (one per query).

usage: overflow.py [--seeds A-B] [--count N] [--timeout S] [--keep DIR] [--verbose]
"""
import argparse, json, os, random, shutil, subprocess, sys, tempfile

INKA = os.environ.get("INKA", "./inka-ng")
TYPES = {"int": (32, "unsigned"), "long": (64, "unsigned long")}
WINDOW = 12   # values per edge window


def tmin(bits): return -(1 << (bits - 1))
def tmax(bits): return (1 << (bits - 1)) - 1


def c_const(v, t):
    """v as a C expression of type t with no overflow in it."""
    bits = TYPES[t][0]
    if v == tmin(bits):
        return f"({tmin(bits) + 1}{'L' if t == 'long' else ''} - 1)"
    return f"{v}{'L' if t == 'long' else ''}"


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.t = self.r.choice(["int", "int", "long"])
        self.bits = TYPES[self.t][0]
        self.vars = ["a", "b"]
        self.lines = []
        self.targets = []   # (line number, id)

    def leaf(self, var=False):
        r = self.r.random()
        if var or r < 0.6:
            return self.r.choice(self.vars)
        if r < 0.85:
            return str(self.r.choice([0, 1, 2, 3, 5, 7, 100, -1, -2]))
        return c_const(self.r.choice([tmax(self.bits), tmin(self.bits), tmax(self.bits) - 1]), self.t)

    def expr(self, depth=0):
        """An expression that reads a variable: gcc folds an operation on
        constants alone at compile time, wrapping (with a warning), and
        UBSan never sees its overflow, which ISO C (and inka-ng) count as
        undefined: such an oracle could not judge it."""
        if depth >= 2 or self.r.random() < 0.3:
            return self.leaf(var=True)
        k = self.r.random()
        if k < 0.1:
            return f"-({self.expr(depth + 1)})"
        if k < 0.2:
            count = self.r.choice(["1", "2", str(self.bits - 2), str(self.bits - 1), f"({self.r.choice(self.vars)} & {self.bits - 1})"])
            return f"({self.expr(depth + 1)} << {count})"
        if k < 0.27:
            return f"({self.expr(depth + 1)} {self.r.choice(['/', '%'])} {self.operand(depth + 1)})"
        # conversions of leaves only: gcc rewrites a conversion of signed
        # arithmetic, (unsigned)(a - b) or (short)(a + b), into arithmetic in
        # the narrower or unsigned type, which hides the overflow from UBSan
        if k < 0.32:   # unsigned arithmetic converted back: wraps in both semantics
            u = TYPES[self.t][1]
            return f"({self.t})(({u}){self.leaf(var=True)} + ({u}){self.leaf()})"
        if k < 0.36:   # a narrowing conversion: implementation-defined, wraps
            return f"({self.t})(short)({self.leaf(var=True)})"
        op = self.r.choice(["+", "+", "-", "-", "*"])
        left, right = self.expr(depth + 1), self.operand(depth + 1)
        return f"({right} {op} {left})" if self.r.random() < 0.5 else f"({left} {op} {right})"

    def operand(self, depth):
        """The other operand: a constant (edges included) or an expression."""
        return self.leaf() if self.r.random() < 0.5 else self.expr(depth)

    def cond(self):
        k = self.r.random()
        v = self.r.choice(self.vars)
        if k < 0.35:   # a result on the wrong side of an operand: an overflow under -fwrapv
            return f"{v} {self.r.choice(['<', '>'])} {self.r.choice(self.vars)} && {self.r.choice(['a', 'b'])} {self.r.choice(['>', '<'])} 0"
        if k < 0.55:
            return f"{v} {self.r.choice(['<', '>=', '==', '!='])} {self.leaf()}"
        if k < 0.7:   # an operation C evaluates only when the left operand says so: of
            # variables only (gcc folds 'a * C > D' and 'a + C > D' into a test
            # of a, and the overflow with them)
            x, y, z = (self.r.choice(self.vars) for _ in range(3))
            return (f"{v} {self.r.choice(['<=', '>'])} 0 {self.r.choice(['&&', '||'])} "
                    f"{x} {self.r.choice(['+', '-', '*'])} {y} {self.r.choice(['<', '>'])} {z}")
        return f"{v} {self.r.choice(['<', '>', '<=', '>='])} 0"

    def emit(self, text):
        self.lines.append(text)

    def stmt(self):
        k = self.r.random()
        fresh = f"x{len(self.vars) - 1}"
        if k < 0.4 or len(self.vars) < 3:
            self.emit(f"  {self.t} {fresh} = {self.expr()};")
            self.vars.append(fresh)
        elif k < 0.6:
            v = self.r.choice(self.vars[2:])
            self.emit(f"  {v}{self.r.choice(['++', '--'])};")
        elif k < 0.8:
            v = self.r.choice(self.vars[2:])
            self.emit(f"  {v} {self.r.choice(['+=', '-=', '*='])} {self.expr(1)};")
        else:
            self.emit(f"  if ({self.cond()})")
            self.emit(f"    return {len(self.targets) + 1};")
            self.targets.append((len(self.lines) + 1, len(self.targets) + 1))   # +1: the signature line

    def program(self):
        for _ in range(self.r.randint(3, 6)):
            self.stmt()
        while len(self.targets) < 2:
            self.emit(f"  if ({self.cond()})")
            self.emit(f"    return {len(self.targets) + 1};")
            self.targets.append((len(self.lines) + 1, len(self.targets) + 1))
        self.emit("  return 0;")
        body = "\n".join(self.lines)
        return f"{self.t} f({self.t} a, {self.t} b) {{\n{body}\n}}\n"

    def windows(self):
        out = []
        for _ in range(2):
            lo = self.r.choice([tmin(self.bits), tmax(self.bits) - WINDOW + 1, -(WINDOW // 2), 1 << (self.bits // 2 - 1)])
            out.append((lo, lo + WINDOW - 1))
        return out


HARNESS = r"""
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include "p.c"
/* each input in a child: its exit status is f's value, a signal a trap */
static int one(T a, T b) {
  pid_t pid = fork();
  if (pid == 0) _exit((int)f(a, b) & 0x7f);
  int st;
  waitpid(pid, &st, 0);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}
int main(int argc, char **argv) {
  if (argc == 3) { printf("%d\n", one((T)strtoll(argv[1], 0, 10), (T)strtoll(argv[2], 0, 10))); return 0; }
  long long alo = strtoll(argv[1], 0, 10), ahi = strtoll(argv[2], 0, 10);
  long long blo = strtoll(argv[3], 0, 10), bhi = strtoll(argv[4], 0, 10);
  int hit[128] = {0};
  for (long long a = alo;; a++) {
    for (long long b = blo;; b++) {
      int k = one((T)a, (T)b);
      if (k >= 0) hit[k] = 1;
      if (b == bhi) break;
    }
    if (a == ahi) break;
  }
  for (int k = 1; k < 128; k++) if (hit[k]) printf("%d\n", k);
  return 0;
}
"""

# ISO C is judged by clang: gcc's front end simplifies even at -O0
# (x - (x + b) becomes -b, a * C > D a test of a), and the overflow goes
# with it, where clang -O0 evaluates what the source says.
COMPILER = {"iso": "clang", "wrapv": "gcc"}
FLAGS = {
    "iso": ["-fsanitize=signed-integer-overflow,shift", "-fsanitize-trap=signed-integer-overflow,shift"],
    "wrapv": ["-fwrapv", "-fsanitize=shift-exponent", "-fsanitize-undefined-trap-on-error"],
}


def build(d, t, mode):
    exe = os.path.join(d, f"h_{mode}")
    with open(os.path.join(d, "h.c"), "w") as f:
        f.write(f"typedef {t} T;\n" + HARNESS)
    r = subprocess.run([COMPILER[mode], "-O0", "-w", *FLAGS[mode], "-o", exe, "h.c"], cwd=d, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("oracle does not compile: " + r.stderr[:400])
    return exe


def run_case(seed, timeout, keep, verbose):
    g = Gen(seed)
    src = g.program()
    (alo, ahi), (blo, bhi) = g.windows()
    d = tempfile.mkdtemp(prefix="inka-ovf-")
    results = []
    try:
        prog = os.path.join(d, "p.c")
        with open(prog, "w") as f:
            f.write(src)
        assume = f"a >= {c_const(alo, g.t)} && a <= {c_const(ahi, g.t)} && b >= {c_const(blo, g.t)} && b <= {c_const(bhi, g.t)}"
        for mode in ("iso", "wrapv"):
            exe = build(d, g.t, mode)
            out = subprocess.run([exe, str(alo), str(ahi), str(blo), str(bhi)], capture_output=True, text=True, timeout=120)
            truth = {int(x) for x in out.stdout.split()}
            for line, k in g.targets:
                cmd = [INKA, "--json", "--timeout", str(timeout), "--function", "f", "--reach", f"{prog}:{line}",
                       "--assume", assume] + (["--wrapv"] if mode == "wrapv" else []) + [prog]
                try:
                    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 30)
                    verdict = json.loads(r.stdout)["verdict"] if r.stdout.strip() else "crash"
                except (subprocess.TimeoutExpired, ValueError, KeyError):
                    verdict, r = "crash", None
                status, why = "ok", ""
                if verdict == "crash" or verdict == "error":
                    status, why = "FAIL", (r.stderr.strip()[:200] if r else "ran past its timeout")
                elif verdict == "unreachable" and k in truth:
                    status, why = "WRONG", "gcc reaches it"
                elif verdict == "reachable":
                    inp = {i["name"]: i["value"] for i in json.loads(r.stdout).get("inputs", [])}
                    if k not in truth:
                        status, why = "WRONG", f"gcc never reaches it (witness {inp})"
                    else:
                        again = subprocess.run([exe, str(inp.get("a")), str(inp.get("b"))], capture_output=True, text=True)
                        if again.stdout.strip() != str(k):
                            status, why = "WRONG", f"witness {inp} gives {again.stdout.strip()} under gcc ({mode})"
                elif verdict == "unknown":
                    status = "unknown"
                results.append((mode, line, k in truth, verdict, status, why))
                if verbose or status in ("WRONG", "FAIL"):
                    print(f"seed {seed} {mode} line {line}: truth {'reachable' if k in truth else 'unreachable'}, "
                          f"got {verdict} {status} {why}")
        if keep and any(s in ("WRONG", "FAIL") for *_, s, _ in results):
            os.makedirs(keep, exist_ok=True)
            shutil.copy(prog, os.path.join(keep, f"overflow_{seed}.c"))
            with open(os.path.join(keep, f"overflow_{seed}.txt"), "w") as f:
                f.write(f"--assume '{assume}'\n")
    finally:
        shutil.rmtree(d, ignore_errors=True)
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", default="1-10")
    ap.add_argument("--timeout", type=float, default=10)
    ap.add_argument("--keep")
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    lo, hi = (int(x) for x in a.seeds.split("-"))
    passed = failed = 0
    tally = {}
    for seed in range(lo, hi + 1):
        for mode, line, truth, verdict, status, why in run_case(seed, a.timeout, a.keep, a.verbose):
            key = (mode, "reachable" if truth else "unreachable", verdict)
            tally[key] = tally.get(key, 0) + 1
            if status in ("WRONG", "FAIL"):
                failed += 1
            else:
                passed += 1
    for (mode, truth, verdict), n in sorted(tally.items()):
        print(f"  {mode:5} truth {truth:11} -> {verdict:11} {n}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
