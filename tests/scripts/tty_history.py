#!/usr/bin/env python3
"""History on a fresh account: ~/.cassandra is made as cqlsh makes it, and a statement typed at
the prompt is in ~/.cassandra/cqlbox_history afterwards (CQL_HISTORY names another file). Also
an unparseable --now is an error with exit status 2 that names the accepted formats. And the
session keeps the latest 1,000 entries: HISTORY numbers them from the first ever typed."""
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

# 1,005 entries through --tty (the terminal loop, input from a pipe; a fresh HOME each): HISTORY
# 2 shows the last two with their numbers since the start, and HISTORY 2000 the 1,000 kept.
lines = "".join(f"SELECT {i} FROM system.local WHERE key = 'x';\n" for i in range(1, 1006))
def fresh_home():
    env = dict(os.environ, HOME=tempfile.mkdtemp())
    env.pop("CQL_HISTORY", None)
    return env
run = subprocess.run([binary, "--tty", "--no-color"], input=(lines + "HISTORY 2\n").encode(), capture_output=True,
                     env=fresh_home())
out = run.stdout.decode()
if "  1004  SELECT 1004 FROM" not in out or "  1005  SELECT 1005 FROM" not in out:
    failures.append(f"HISTORY 2 after 1,005 entries: {out[-300:]!r}")
run = subprocess.run([binary, "--tty", "--no-color"], input=(lines + "HISTORY 2000\n").encode(), capture_output=True,
                     env=fresh_home())
shown = [l for l in run.stdout.decode().splitlines() if l.startswith("  ") and "  SELECT " in l]
if len(shown) != 1000 or not shown[0].startswith("  6  SELECT 6 FROM"):
    failures.append(f"HISTORY 2000 showed {len(shown)} statements, first {shown[:1]!r}")

run = subprocess.run([binary, "--now", "yesterday"], input=b"", capture_output=True)
if run.returncode != 2 or b"--now takes a timestamp" not in run.stderr or b"2024-01-01 00:00:00+0000" not in run.stderr:
    failures.append(f"--now yesterday: exit {run.returncode}, stderr {run.stderr!r}")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
