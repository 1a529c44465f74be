#!/usr/bin/env python3
"""cpu_times.py - the CPU seconds (user + system, the test and every process
it waited for) that each ctest test of a build tree takes.

Wall-clock times from ctest say little on a shared machine: a test waits
for the CPU as long as its neighbours hold it.  CPU time does not, so this
runs the tests ctest lists (ctest --show-only=json-v1: the same command,
environment and working directory) and reads each one's resource usage
from wait4.  It prints one line per test, slowest first, and the total
and the sum that `ctest -jN` would take at best on N cores (the total
over N, or the slowest test, whichever is more).

    tests/cpu_times.py BUILD_DIR [-j N] [-L LABEL] [-R REGEX]

-L and -R are handed to ctest to select tests, as in ctest itself.
Exit status 1 when a test failed (its line says so).
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor


def listed(build, labels, regex):
    cmd = ["ctest", "--show-only=json-v1"]
    for label in labels:
        cmd += ["-L", label]
    if regex:
        cmd += ["-R", regex]
    out = subprocess.run(cmd, cwd=build, check=True, capture_output=True, text=True).stdout
    return json.loads(out)["tests"]


def run(test):
    props = {p["name"]: p["value"] for p in test.get("properties", [])}
    env = dict(os.environ)
    for pair in props.get("ENVIRONMENT", []):
        key, _, value = pair.partition("=")
        env[key] = value
    skip = props.get("SKIP_RETURN_CODE")
    start = time.monotonic()
    with open(os.devnull, "wb") as null:
        # SIGINT back to its default: a runner started in the background
        # inherits it ignored, and tests that interrupt a program need it.
        proc = subprocess.Popen(test["command"], cwd=props.get("WORKING_DIRECTORY"),
                                env=env, stdout=null, stderr=null,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.monotonic() - start
    code = proc.returncode
    verdict = "ok" if code == 0 else "skipped" if skip is not None and code == skip else \
        "FAILED (%d)" % code
    labels = ",".join(props.get("LABELS", []))
    return test["name"], usage.ru_utime + usage.ru_stime, wall, verdict, labels


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("build")
    ap.add_argument("-j", type=int, default=1, help="tests run at once")
    ap.add_argument("-L", action="append", default=[], help="only tests with this label")
    ap.add_argument("-R", help="only tests whose name matches")
    args = ap.parse_args()
    tests = listed(args.build, args.L, args.R)
    with ThreadPoolExecutor(max_workers=args.j) as pool:
        rows = list(pool.map(run, tests))
    rows.sort(key=lambda r: -r[1])
    print("%-22s %9s %9s  %-10s %s" % ("test", "cpu s", "wall s", "result", "labels"))
    for name, cpu, wall, verdict, labels in rows:
        print("%-22s %9.1f %9.1f  %-10s %s" % (name, cpu, wall, verdict, labels))
    total = sum(r[1] for r in rows)
    slowest = max((r[1] for r in rows), default=0.0)
    print("%d tests, %.1f CPU s in all; on 2 cores at best %.1f s" %
          (len(rows), total, max(total / 2, slowest)))
    return 1 if any(r[3].startswith("FAILED") for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
