#!/usr/bin/env python3
"""Check the oracle of the differential test against the plain program.

For each seed, the harness h.c (instrumented program, explicit trap checks,
arena malloc) and the plain p.c compiled with AddressSanitizer +
-fsanitize=bounds by clang and by gcc, and with MemorySanitizer by clang,
are run on the same inputs (a sample of the domain, its corners, and every
witness of the oracle: one per reachable target and iteration).  Each input must give the
same outcome: the same result, or a trap in the harness exactly when the
plain program dies (SIGFPE, SIGSEGV, a sanitizer report); MemorySanitizer
must never report a read of uninitialised memory.  A mismatch is a bug of
the generator (a missing or spurious check), not of inka-ng.

Usage: oracle_check.py [-n INPUTS] SEED [SEED...]    (DIFF_MEM as for gen.py)
Last line: "N seeds, N mismatches".
"""
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402

MAIN = r"""
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include "%s"
int main(void) {
  int in[3] = {0, 0, 0};
  for (;;) {
    for (int j = 0; j < %d; j++) if (scanf("%%d", &in[j]) != 1) return 0;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      int r = f(in[0], in[1]%s);
      printf("R %%d\n", r);
      fflush(stdout);
      _exit(0);
    }
    int st;
    waitpid(pid, &st, 0);
    if (!(WIFEXITED(st) && WEXITSTATUS(st) == 0)) printf("X %%d\n", WIFSIGNALED(st) ? -WTERMSIG(st) : WEXITSTATUS(st));
    fflush(stdout);
  }
}
"""


def run(cmd, cwd, stdin=None):
    p = subprocess.run(cmd, cwd=cwd, input=stdin, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout, p.stderr


def check(seed, ninputs, tmp):
    d = os.path.join(tmp, "s%d" % seed)
    meta = gen.write(seed, d)
    k = meta["k"]
    r = random.Random(seed)
    edge = [gen.LO, -1, 0, 1, gen.HI]
    inputs = [[r.choice(edge) for _ in range(k)] for _ in range(20)]
    inputs += [[r.randint(gen.LO, gen.HI) for _ in range(k)] for _ in range(ninputs)]
    text = "".join(" ".join(map(str, x)) + "\n" for x in inputs)
    st, out, err = run(["gcc", "-O0", "-fwrapv", "-w", "-o", "h", "h.c"], d)
    if st:
        return ["harness does not compile: " + err[-1000:]]
    # the oracle's witnesses (one input per target and iteration) too
    st, out, err = run(["./h", "all"], d)
    seen = set(map(tuple, inputs))
    for l in out.splitlines():
        f = l.split()
        if f[0] in ("t", "i", "p"):
            w = tuple(int(x) for x in f[-3:][:k])
            if w not in seen and (f[0] != "t" or int(f[2]) > 0):
                seen.add(w)
                inputs.append(list(w))
    text = "".join(" ".join(map(str, x)) + "\n" for x in inputs)
    st, hout, err = run(["./h", "check"], d, text)
    hres = [l.split()[:2] for l in hout.splitlines()]
    with open(os.path.join(d, "m.c"), "w") as fh:
        fh.write(MAIN % (os.path.join(d, "p.c"), k, ", in[2]" if k == 3 else ""))
    bad = []
    for name, cc, flags in (("asan", "clang", ["-fsanitize=address,bounds", "-fno-sanitize-recover=all"]),
                            ("msan", "clang", ["-fsanitize=memory", "-fsanitize-memory-track-origins"]),
                            ("gcc", "gcc", ["-fsanitize=address,bounds", "-fno-sanitize-recover=all"])):
        st, out, err = run([cc, "-O0", "-g", "-fwrapv", "-w"] + flags + ["-o", name, "m.c"], d)
        if st:
            return ["plain program does not compile (%s): %s" % (name, err[-1000:])]
        st, pout, perr = run(["./" + name], d, text)
        pres = [l.split() for l in pout.splitlines()]
        if len(pres) != len(inputs) or len(hres) != len(inputs):
            bad.append("%s: %d plain / %d harness answers for %d inputs" % (name, len(pres), len(hres), len(inputs)))
            continue
        for x, h, p in zip(inputs, hres, pres):
            ht = h[0] == "T"
            pt = p[0] == "X"
            if name != "asan" and ht:
                continue     # msan does not catch out-of-bounds accesses, gcc misses some
            # (MemorySanitizer stops the run at the first read of
            # uninitialised memory: a plain run that dies where the harness
            # does not trap)
            if ht != pt or (not ht and h[1] != p[1]):
                bad.append("%s: f(%s): harness %s, plain %s" % (name, ", ".join(map(str, x)), " ".join(h), " ".join(p)))
    return bad


def main():
    args = sys.argv[1:]
    n = 100
    if args[:1] == ["-n"]:
        n = int(args[1])
        args = args[2:]
    seeds = []
    for a in args:
        if "-" in a[1:]:
            lo, hi = a.split("-")
            seeds += range(int(lo), int(hi) + 1)
        else:
            seeds.append(int(a))
    tmp = tempfile.mkdtemp(prefix="inka-oracle.")
    nbad = 0
    try:
        for s in seeds:
            bad = check(s, n, tmp)
            if bad:
                nbad += 1
                print("seed %d (%s): %d mismatches" % (s, tmp, len(bad)))
                for b in bad[:5]:
                    print("  " + b)
        print("%d seeds, %d mismatches" % (len(seeds), nbad))
    finally:
        if not nbad:
            subprocess.run(["rm", "-rf", tmp])
    return 1 if nbad else 0


if __name__ == "__main__":
    sys.exit(main())
