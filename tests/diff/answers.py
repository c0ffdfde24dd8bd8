"""What the differential tests share about one inka-ng answer: its exit
status and JSON checked against each other, and gcov's count of a line of
the program under test (p.c) (run.py, heap.py); one --reach query and the
tally of a campaign of them (loops.py, invariants.py, polyhedra.py)."""
import json
import os
import re
import subprocess

VERDICT_OF_STATUS = {0: "reachable", 1: "unreachable", 3: "unknown"}


def read_answer(q, st, out, err, kill_after, timeout):
    """Sets q.verdict (and q.fail or q.note) from one run's exit status and
    output; returns the JSON document when the answer is a verdict, else None."""
    if st is None:
        q.verdict, q.fail = "error", "inka-ng did not stop within %gs (--timeout %g): killed" % (kill_after, timeout)
        return None
    if st == 2:
        if "unsupported" in err:
            msg = err.strip().splitlines()[-1] if err.strip() else ""
            q.verdict, q.note = "unsupported", re.sub(r"^.*?error: ", "", msg)[:300]
        else:
            q.verdict, q.fail = "error", "exit 2: " + err.strip()[-1500:]
        return None
    if st not in VERDICT_OF_STATUS:
        q.verdict, q.fail = "error", "exit status %s (crash?): %s" % (st, err.strip()[-1500:])
        return None
    try:
        js = json.loads(out)
    except ValueError:
        q.verdict, q.fail = "error", "stdout is not one JSON document: %r" % out[:500]
        return None
    q.verdict = js.get("verdict")
    if VERDICT_OF_STATUS[st] != q.verdict:
        q.verdict, q.fail = "error", "exit status %d but verdict %r" % (st, js.get("verdict"))
        return None
    return js


def gcov_line(gcov_text, line):
    """The count of LINE of p.c in the output of `gcov -t` (0 if never run)."""
    src = None
    for text in gcov_text.splitlines():
        m = re.match(r"\s*(\S+):\s*(\d+):(.*)$", text)
        if not m:
            continue
        cnt, no, rest = m.groups()
        if no == "0" and rest.startswith("Source:"):
            src = rest[len("Source:"):]
            continue
        if src and os.path.basename(src) == "p.c" and int(no) == line:
            return 0 if cnt in ("-", "#####", "=====") else int(cnt.rstrip("*"))
    return 0


def ask_reach(inka, src, line, timeout, extra=()):
    """inka-ng --reach src:line --json --validate --wrapv: (the verdict, or
    what went wrong instead, and the JSON document or {}).  --wrapv: the
    scripts' truths are those of gcc -fwrapv (or of integers that wrap)."""
    cmd = [inka, "--reach", f"{src}:{line}", "--timeout", str(timeout), "--json", "--wrapv", *extra, "--validate", src]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=float(timeout) + 30)
        out = json.loads(r.stdout) if r.stdout.strip() else {}
        return out.get("verdict", f"exit {r.returncode}"), out
    except (subprocess.TimeoutExpired, ValueError, OSError) as e:
        return f"hang/garbage ({type(e).__name__})", {}


class Tally:
    """A campaign's answers against the truth: UNKNOWN passes, any other
    verdict than the truth fails (and is printed with its program)."""

    def __init__(self):
        self.count, self.passed, self.failed = {}, 0, 0

    def add(self, want, got, what, text):
        key = f"{want} -> {got}"
        self.count[key] = self.count.get(key, 0) + 1
        if got == want or got == "unknown":
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL {what}: want {want}, got {got}\n{text}")

    def so_far(self):
        return ", ".join(f"{k} {v}" for k, v in sorted(self.count.items()))

    def print_counts(self):
        for key in sorted(self.count):
            print(f"  {key}: {self.count[key]}")

    def finish(self):
        """The last line ("N passed, N failed") and the exit status."""
        print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0
