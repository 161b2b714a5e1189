#!/usr/bin/env python3
"""CAPTURE at a colour terminal writes plain text to its file, as cqlsh does: the terminal shows
coloured headers, the file holds no escape sequence."""
import os, pty, select, sys, tempfile, time

binary = sys.argv[1]
path = os.path.join(tempfile.mkdtemp(), "capture.txt")
pid, fd = pty.fork()
if pid == 0:
    os.environ["HOME"] = "/nonexistent"
    os.execv(binary, [binary, "--now", "2024-01-01 00:00:00+0000"])  # colour: on at a tty

def read(seconds=0.5):
    out, end = b"", time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out

read(1.0)
shown = b""
for line in ["SELECT key FROM system.local;", f"CAPTURE '{path}';", "SELECT key, cluster_name FROM system.local;", "CAPTURE OFF;"]:
    os.write(fd, (line + "\n").encode())
    shown += read()
os.write(fd, b"\x04")
read()
os.waitpid(pid, 0)
failures = []
if b"\x1b[" not in shown:
    failures.append("the terminal showed no colour (the test needs it to mean anything)")
captured = open(path, "rb").read()
expected = b"\n key   | cluster_name\n-------+--------------\n local | Test Cluster\n\n(1 rows)\n"
if captured != expected:
    failures.append(f"capture file holds {captured!r}, expected {expected!r}")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
