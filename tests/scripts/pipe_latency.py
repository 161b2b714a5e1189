#!/usr/bin/env python3
"""A statement piped into cqlbox runs as soon as its line has arrived: a program that drives
cqlbox through a pipe reads each answer before it writes the next statement (issue 21: cqlbox
waited for 64 KiB or the end of input, so such a program deadlocked)."""
import subprocess, sys, time, select

binary = sys.argv[1]
p = subprocess.Popen([binary, "--no-color"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
failures = []
for i, statement in enumerate(["SELECT key FROM system.local;", "SELECT cluster_name FROM system.local;"]):
    p.stdin.write((statement + "\n").encode())
    p.stdin.flush()
    started, got = time.time(), b""
    while b"(1 rows)" not in got and time.time() - started < 5:
        if select.select([p.stdout], [], [], 0.1)[0]:
            got += p.stdout.read1(65536)
    if b"(1 rows)" not in got:
        failures.append(f"statement {i + 1} had no answer after 5 s while stdin stayed open: {got!r}")
p.stdin.close()
p.wait(timeout=10)
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
