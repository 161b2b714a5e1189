#!/usr/bin/env python3
"""History on a fresh account: ~/.cassandra is made as cqlsh makes it, and a statement typed at
the prompt is in ~/.cassandra/cqlbox_history afterwards (CQL_HISTORY names another file). Also
an unparseable --now is an error with exit status 2 that names the accepted formats."""
import os, pty, select, subprocess, sys, tempfile, time

binary = sys.argv[1]
failures = []

def session(env_extra):
    home = tempfile.mkdtemp()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["HOME"] = home
        os.environ.pop("CQL_HISTORY", None)
        os.environ.update(env_extra(home))
        os.execv(binary, [binary, "--no-color"])
    def read(seconds=0.5):
        end = time.time() + seconds
        while time.time() < end:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    os.read(fd, 65536)
                except OSError:
                    break
    read(1.0)
    os.write(fd, b"SELECT key FROM system.local;\n")
    read()
    os.write(fd, b"\x04")
    read()
    os.waitpid(pid, 0)
    return home

home = session(lambda h: {})
path = os.path.join(home, ".cassandra", "cqlbox_history")
if not os.path.exists(path) or "SELECT key FROM system.local;" not in open(path).read():
    failures.append(f"no history in {path} on a fresh account")
home = session(lambda h: {"CQL_HISTORY": os.path.join(h, "elsewhere", "hist")})
path = os.path.join(home, "elsewhere", "hist")
if not os.path.exists(path) or "SELECT key FROM system.local;" not in open(path).read():
    failures.append(f"CQL_HISTORY was not honoured ({path})")

run = subprocess.run([binary, "--now", "yesterday"], input=b"", capture_output=True)
if run.returncode != 2 or b"--now takes a timestamp" not in run.stderr or b"2024-01-01 00:00:00+0000" not in run.stderr:
    failures.append(f"--now yesterday: exit {run.returncode}, stderr {run.stderr!r}")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
