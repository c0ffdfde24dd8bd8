#!/usr/bin/env python3
"""macros_gen.py SEED - a random C function whose operators hide in macros.

Used by tests/frontend/macros_diff.sh: the program's IR must be the IR of
its own `clang -E` output.  Function-like macros get random bodies (their
parameters in parentheses or not, so precedence across the expansion
matters too), some use earlier macros, some are operators alone
(`#define OP3 +`), some are statements (do-while, for); invocations nest.
"""
import random
import sys

rng = random.Random(int(sys.argv[1]))
BIN = ["*", "/", "%", "+", "-", "<<", ">>", "<", ">", "<=", ">=", "==", "!=", "&", "^", "|", "&&", "||"]
UN = ["-", "+", "~", "!"]
VARS = ["a", "b", "c", "r"]
macros = []  # (name, nparams, kind)  kind: expr | op | lvalue | stmt


def lit():
    return str(rng.randint(1, 9))


def expr(depth, params):
    """A random expression over params (macro bodies) or the variables."""
    leaves = params if params else VARS
    k = rng.random()
    if depth <= 0 or k < 0.25:
        return rng.choice(leaves + [lit()]) if rng.random() < 0.8 else lit()
    if k < 0.55:
        op = rng.choice(BIN)
        rhs = lit() if op in ("/", "%", "<<", ">>") else expr(depth - 1, params)
        return "(%s %s %s)" % (expr(depth - 1, params), op, rhs)
    if k < 0.65:
        return "%s(%s)" % (rng.choice(UN), expr(depth - 1, params))
    if k < 0.75:
        return "(%s ? %s : %s)" % (expr(depth - 1, params), expr(depth - 1, params), expr(depth - 1, params))
    usable = [m for m in macros if m[2] in ("expr", "op")]
    if not usable:
        return expr(depth - 1, params)
    name, n, kind = rng.choice(usable)
    if kind == "op":
        return "(%s %s %s)" % (expr(depth - 1, params), name, expr(depth - 1, params))
    return "%s(%s)" % (name, ", ".join(expr(depth - 1, params) for _ in range(n)))


def param_use(p):
    return "(%s)" % p if rng.random() < 0.7 else p


lines = []
for i in range(rng.randint(4, 8)):
    name = "M%d" % i
    k = rng.random()
    if k < 0.15:
        op = rng.choice([o for o in BIN if o not in ("/", "%", "<<", ">>")])
        lines.append("#define %s %s" % (name, op))
        macros.append((name, 0, "op"))
        continue
    if k < 0.25:
        lines.append("#define %s(x) (%s(x))" % (name, rng.choice(["++", "--"])) if rng.random() < 0.5
                     else "#define %s(x) ((x)%s)" % (name, rng.choice(["++", "--"])))
        macros.append((name, 1, "lvalue"))
        continue
    if k < 0.35:
        lines.append("#define %s(x, y) do { int t_ = (x); (x) %s= (y); (y) = t_; } while (0)"
                     % (name, rng.choice(["+", "-", "*", "&", "|", "^", ""])))
        macros.append((name, 2, "stmt"))
        continue
    n = rng.randint(1, 3)
    params = ["p%d" % j for j in range(n)]
    body = expr(2, [param_use(p) for p in params])
    lines.append("#define %s(%s) (%s)" % (name, ", ".join(params), body))
    macros.append((name, n, "expr"))

lines.append("int f(int a, int b, int c) {")
lines.append("  int r = %s;" % expr(2, []))
for _ in range(rng.randint(3, 8)):
    k = rng.random()
    lvalues = [m for m in macros if m[2] == "lvalue"]
    stmts = [m for m in macros if m[2] == "stmt"]
    if k < 0.2 and lvalues:
        lines.append("  r += %s(%s);" % (rng.choice(lvalues)[0], rng.choice(VARS)))
    elif k < 0.35 and stmts:
        x, y = rng.sample(VARS, 2)
        lines.append("  %s(%s, %s);" % (rng.choice(stmts)[0], x, y))
    elif k < 0.5:
        lines.append("  for (int i = 0; i < %s; i++) r = r + %s;" % (lit(), expr(2, [])))
    elif k < 0.75:
        lines.append("  if (%s)" % expr(3, []))
        lines.append("    r = %s;" % expr(3, []))
    else:
        lines.append("  r = %s;" % expr(3, []))
lines.append("  return r;")
lines.append("}")
print("\n".join(lines))
