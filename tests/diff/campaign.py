"""What the random differential tests (heap.py, unions.py) share: a frozen
copy of the binary under test, and the programs of a seed range run on a
thread pool that stops cleanly on an interrupt."""
import concurrent.futures
import os
import shutil
import tempfile


def freeze_binary(inka, prefix):
    """(tmp dir, path of a copy of inka in it): others may relink ./inka-ng meanwhile."""
    tmp = tempfile.mkdtemp(prefix=prefix)
    shutil.copy2(inka, os.path.join(tmp, "inka-ng"))
    return tmp, os.path.join(tmp, "inka-ng")


def run_seeds(run_program, seeds, jobs, stop):
    """[run_program(s) for s in seeds] on `jobs` threads; on an exception or
    an interrupt, sets the Event `stop`, waits for the running ones, re-raises."""
    ex = concurrent.futures.ThreadPoolExecutor(jobs)
    try:
        futures = [ex.submit(run_program, s) for s in seeds]
        results = [f.result() for f in futures]
    except BaseException:
        stop.set()
        ex.shutdown(wait=True, cancel_futures=True)
        raise
    ex.shutdown()
    return results
