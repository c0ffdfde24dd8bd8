#!/usr/bin/env python3
"""Random differential test of the float translation: random programs whose
integer parameters a, b, c (assumed in [-R, R]) seed float and double
computations (+ - * /, unary minus, fabs, sqrt, float <-> double and int ->
float conversions, constants that are not exact, huge and tiny), with
comparisons guarding target lines.  The oracle compiles the program with
gcc -O0 (x86-64 SSE, what inka-ng models) and runs it on every (a, b, c);
then each target is asked of inka-ng with --validate:

  REACHABLE    must validate, and the oracle must have hit the line;
  UNREACHABLE  the oracle must never have hit the line;
  UNKNOWN      allowed (counted);
  exit 2       a failure (these programs are in the supported subset).

usage: diff_float.py [INKA]   (env: FLOAT_DIFF_COUNT programs, FLOAT_DIFF_SEED)
Last line: "N passed, N failed" (one per query).
"""
import json, os, random, re, subprocess, sys, tempfile

R = 6
CONSTS_F = ["0.1f", "3.0f", "0.5f", "1e30f", "1e-30f", "16777216.0f", "-2.5f", "1.0f", "1e-45f", "7.0f"]
CONSTS_D = ["0.1", "3.0", "1e300", "1e-300", "-0.75", "1.0", "9007199254740992.0", "4.9e-324", "10.0"]


class Gen:
    def __init__(self, rnd):
        self.r = rnd
        self.lines = []
        self.targets = []   # (line number, id)
        self.fvars = ["x"]
        self.dvars = ["y"]
        self.ivars = ["a", "b", "c"]

    def leaf(self, dbl):
        r = self.r
        k = r.random()
        if k < 0.45:
            return r.choice(self.dvars if dbl else self.fvars)
        if k < 0.7:
            return r.choice(CONSTS_D if dbl else CONSTS_F)
        if k < 0.85:
            return f"({'double' if dbl else 'float'}){r.choice(self.ivars)}"
        other = r.choice(self.fvars if dbl else self.dvars)
        return f"({'double' if dbl else 'float'}){other}"

    def expr(self, dbl, depth=0):
        r = self.r
        if depth >= 2 or r.random() < 0.3:
            return self.leaf(dbl)
        k = r.random()
        if k < 0.7:
            op = r.choice("+-*/")
            return f"({self.expr(dbl, depth + 1)} {op} {self.expr(dbl, depth + 1)})"
        if k < 0.8:
            return f"-({self.leaf(dbl)})"
        fn = ("fabs" if dbl else "fabsf") if k < 0.9 else ("sqrt" if dbl else "sqrtf")
        return f"{fn}({self.expr(dbl, depth + 1)})"

    def cond(self):
        if len(self.ivars) > 3 and self.r.random() < 0.25:
            return f"{self.r.choice(self.ivars[3:])} {self.r.choice(['<', '==', '!=', '>='])} {self.r.randint(-3, 3)}"
        dbl = self.r.random() < 0.5
        op = self.r.choice(["<", "<=", ">", ">=", "==", "!="])
        c = f"{self.expr(dbl)} {op} {self.expr(dbl)}"
        if self.r.random() < 0.2:
            c = f"!({c})"
        return c

    def emit(self, text, ind):
        self.lines.append("  " * ind + text)

    def target(self, ind):
        tid = len(self.targets)
        self.emit(f"r += {tid + 1};", ind)
        self.targets.append((len(self.lines), tid))

    def block(self, ind, depth):
        scope = (len(self.fvars), len(self.dvars), len(self.ivars))   # C block scope
        self.stmts(ind, depth)
        del self.fvars[scope[0]:]
        del self.dvars[scope[1]:]
        del self.ivars[scope[2]:]

    def stmts(self, ind, depth):
        for _ in range(self.r.randint(1, 3)):
            k = self.r.random()
            if k < 0.1:   # a conversion to int: undefined (the path ends) out of range or on NaN
                name = f"i{len(self.lines)}"
                self.emit(f"int {name} = (int)({self.expr(self.r.random() < 0.5)});", ind)
                self.ivars.append(name)
            elif k < 0.35:
                dbl = self.r.random() < 0.5
                name = f"{'d' if dbl else 'f'}{len(self.lines)}"
                self.emit(f"{'double' if dbl else 'float'} {name} = {self.expr(dbl)};", ind)
                (self.dvars if dbl else self.fvars).append(name)
            elif k < 0.75 and depth < 3:
                self.emit(f"if ({self.cond()}) {{", ind)
                self.target(ind + 1)
                self.block(ind + 1, depth + 1)
                if self.r.random() < 0.4:
                    self.emit("} else {", ind)
                    self.target(ind + 1)
                self.emit("}", ind)
            else:
                self.target(ind)

    def program(self):
        self.emit("#include <math.h>", 0)
        self.emit("int f(int a, int b, int c) {", 0)
        self.emit("int r = 0;", 1)
        self.emit(f"float x = (float)a * {self.r.choice(CONSTS_F)};", 1)
        self.emit(f"double y = (double)b / {self.r.choice(CONSTS_D)} + (double)c;", 1)
        self.stmts(1, 0)
        self.emit("return r;", 1)
        self.emit("}", 0)
        return "\n".join(self.lines) + "\n"


def harness(prog, ntargets):
    """The program with each target statement recording its hit, same lines."""
    body = re.sub(r"r \+= (\d+);", r"{ hits[\1] = 1; r += \1; }", prog)
    body = body.replace("(int)(", "TOI(")   # float -> int, ending the run where undefined
    return (f"#include <setjmp.h>\nstatic jmp_buf env;\nstatic int hits[{ntargets + 2}];\n"
            "static int TOI(double v) { if (!(v > -2147483649.0 && v < 2147483648.0)) longjmp(env, 1);"
            " return (int)v; }\n" + body +
            "#include <stdio.h>\nint main(void) {\n"
            f"  for (int a = -{R}; a <= {R}; a++) for (int b = -{R}; b <= {R}; b++)"
            f" for (int c = -{R}; c <= {R}; c++) if (!setjmp(env)) f(a, b, c);\n"
            f"  for (int i = 1; i <= {ntargets}; i++) printf(\"%d\\n\", hits[i]);\n  return 0;\n}}\n")


def main():
    inka = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "./inka-ng")
    count = int(os.environ.get("FLOAT_DIFF_COUNT", "25"))
    seed0 = int(os.environ.get("FLOAT_DIFF_SEED", "1"))
    passed = failed = unknown = reach = unreach = 0
    with tempfile.TemporaryDirectory(prefix="inka-fdiff-") as tmp:
        for seed in range(seed0, seed0 + count):
            g = Gen(random.Random(seed))
            prog = g.program()
            p = os.path.join(tmp, "p.c")
            with open(p, "w") as f:
                f.write(prog)
            with open(os.path.join(tmp, "h.c"), "w") as f:
                f.write(harness(prog, len(g.targets)))
            subprocess.run(["gcc", "-O0", "-w", "-o", "h", "h.c", "-lm"], cwd=tmp, check=True)
            hits = [int(x) for x in subprocess.run(["./h"], cwd=tmp, capture_output=True, text=True,
                                                   check=True).stdout.split()]
            for line, tid in g.targets:
                cmd = [inka, "--reach", f"p.c:{line}", "--timeout", "10", "--validate"]
                for v in "abc":
                    cmd += ["--assume", f"{v} >= -{R} && {v} <= {R}"]
                cmd.append("p.c")
                r = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True)
                out = (r.stdout + r.stderr).strip()
                bad = None
                reach += r.returncode == 0
                unreach += r.returncode == 1
                if r.returncode == 0:
                    if "  validated" not in out:
                        bad = "REACHABLE but not validated"
                    elif not hits[tid]:
                        bad = "REACHABLE but the oracle never hit the line"
                elif r.returncode == 1:
                    if hits[tid]:
                        bad = "UNREACHABLE but the oracle hit the line"
                elif r.returncode == 3:
                    unknown += 1
                else:
                    bad = f"exit {r.returncode}"
                if bad:
                    failed += 1
                    print(f"FAIL seed {seed} line {line}: {bad}\n  {out[:300]}")
                    print(prog)
                else:
                    passed += 1
    print(f"float differential: {reach} reachable, {unreach} unreachable, {unknown} unknown",
          file=sys.stderr)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
