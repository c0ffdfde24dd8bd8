"""inttypes.py - the C integer types the differential generators draw from (8 to 64
bits, signed and unsigned, the <stdint.h>/<stddef.h> names among them),
their values as C computes them, literals that mean exactly a value of a
type, and the compiled oracle: the program itself run by gcc over a box of
inputs (loops.py, invariants.py).

The semantics of the model is gcc's with -fwrapv (signed overflow wraps);
ORACLE_CFLAGS and INKA_FLAGS are the one place to change when the tool's
default changes (INKA_FLAGS would then hold its option for wrapping)."""
import os
import random
import subprocess

ORACLE_CFLAGS = ["-O0", "-fwrapv", "-w"]
INKA_FLAGS = []          # extra inka-ng options every typed query passes

HEADERS = "#include <stddef.h>\n#include <stdint.h>\n"


class CType:
    def __init__(self, name, bits, signed):
        self.name, self.bits, self.signed = name, bits, signed
        self.lo = -(1 << (bits - 1)) if signed else 0
        self.hi = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1

    def wrap(self, v):
        """v converted to this type (modulo 2^bits, as gcc does)."""
        v %= 1 << self.bits
        return v - (1 << self.bits) if self.signed and v > self.hi else v

    def __repr__(self):
        return self.name


TYPES = [CType("signed char", 8, True), CType("unsigned char", 8, False),
         CType("short", 16, True), CType("unsigned short", 16, False),
         CType("int", 32, True), CType("unsigned", 32, False),
         CType("long long", 64, True), CType("unsigned long long", 64, False),
         CType("size_t", 64, False), CType("uint64_t", 64, False),
         CType("int64_t", 64, True), CType("uint32_t", 32, False),
         CType("int8_t", 8, True), CType("uint16_t", 16, False)]
INT = TYPES[4]


def by_name(name):
    return next(t for t in TYPES if t.name == name)


def pick(rng, wide_bias=0.5):
    """A type; with probability wide_bias one of 64 bits (the class that
    hides values above INT64_MAX)."""
    if rng.random() < wide_bias:
        return rng.choice([t for t in TYPES if t.bits == 64])
    return rng.choice(TYPES)


def pick_holding(rng, lo, hi, wide_bias=0.5):
    """A type every value of [lo, hi] fits in."""
    for _ in range(100):
        t = pick(rng, wide_bias)
        if t.lo <= lo and hi <= t.hi:
            return t
    return by_name("long long") if lo < 0 else by_name("size_t")


def literal(v):
    """A C constant expression whose value is v (any value of a 64-bit type
    or smaller); of type int, long long or unsigned long long.  A v outside
    every 64-bit type (a value near 2^64 moved a little further) is taken
    modulo 2^64."""
    if not -(1 << 63) <= v < (1 << 64):
        v %= 1 << 64
    if -(1 << 31) <= v < (1 << 31):
        return str(v) if v >= 0 else "(%d)" % v if v != -(1 << 31) else "(-2147483647 - 1)"
    if 0 <= v < (1 << 64) and v > (1 << 63) - 1:
        return "%dULL" % v
    if v == -(1 << 63):
        return "(-9223372036854775807LL - 1)"
    assert -(1 << 63) < v < (1 << 63), v
    return "%dLL" % v if v >= 0 else "(%dLL)" % v


def edge_value(rng, t):
    """A value of t near one of its edges or wrap points (0, 2^63 for 64-bit
    unsigned types, the ends), or a small one."""
    k = rng.random()
    if k < 0.3:
        return t.wrap(rng.randint(-20, 20))
    if k < 0.55:
        return t.hi - rng.randint(0, 20)
    if k < 0.7:
        return t.lo + rng.randint(0, 20)
    if k < 0.9 and t.bits == 64 and not t.signed:
        return (1 << 63) + rng.randint(-20, 20)
    return t.wrap(rng.randint(-(1 << 40), 1 << 40))


U64, I64, U32 = CType("unsigned long long", 64, False), CType("long long", 64, True), TYPES[5]


def promoted(t):
    """The integer promotion of t (narrower than int: int)."""
    return INT if t.bits < 32 else t


def common(t1, t2):
    """The usual arithmetic conversions of C on x86-64 for two types (by
    width and signedness, which decide every value)."""
    a, b = promoted(t1), promoted(t2)
    if a.bits != b.bits:
        wide, narrow = (a, b) if a.bits > b.bits else (b, a)
        return wide   # (a wider signed type holds every value of a narrower unsigned one)
    return a if not a.signed else b


def c_binary(op, t1, v1, t2, v2):
    """(type, value) of v1 op v2 in C with -fwrapv, op in + - * == != < <= > >=."""
    t = common(t1, t2)
    x, y = t.wrap(v1), t.wrap(v2)
    if op in "+-*":
        return t, t.wrap({"+": x + y, "-": x - y, "*": x * y}[op])
    return INT, int({"==": x == y, "!=": x != y, "<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y}[op])


ORACLE_PRELUDE = """
#include <stdio.h>
#include <setjmp.h>
#include <signal.h>
static sigjmp_buf oracle_env;
static void oracle_trap(int sig) { (void)sig; siglongjmp(oracle_env, 1); }
/* f(n, c) of a two-parameter program, or -1000 when the run traps */
#define ORACLE_TRY(call) do { if (sigsetjmp(oracle_env, 1)) oracle_result = -1000; else oracle_result = (call); } while (0)
"""


def oracle(text, calls, workdir, tag="o"):
    """Compiles the program text with a main that evaluates `calls` (C
    statements that set `int found` and may print lines starting with
    MISMATCH; ORACLE_TRY(f(...)) sets oracle_result to f's result, -1000 when
    the run traps), runs it; returns (found, mismatch lines)."""
    src = os.path.join(workdir, tag + ".c")
    exe = os.path.join(workdir, tag)
    with open(src, "w") as f:
        f.write(ORACLE_PRELUDE + text + "int main(void) {\n  int found = 0;\n  volatile int oracle_result = 0;\n"
                "  struct sigaction sa = {0};\n  sa.sa_handler = oracle_trap;\n  sa.sa_flags = SA_NODEFER;\n"
                "  sigaction(SIGFPE, &sa, 0);\n  (void)oracle_result;\n" + calls +
                "\n  printf(\"found %d\\n\", found);\n  return 0;\n}\n")
    subprocess.run(["gcc", *ORACLE_CFLAGS, "-o", exe, src], check=True)
    out = subprocess.run([exe], capture_output=True, text=True, timeout=600).stdout
    lines = out.splitlines()
    mismatch = [ln for ln in lines if ln.startswith("MISMATCH")]
    return lines[-1] == "found 1", mismatch


__all__ = ["CType", "TYPES", "INT", "pick", "pick_holding", "literal", "edge_value", "oracle",
           "HEADERS", "ORACLE_CFLAGS", "INKA_FLAGS", "by_name", "random", "promoted", "common",
           "c_binary", "U64", "I64"]
