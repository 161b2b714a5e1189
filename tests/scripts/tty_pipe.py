#!/usr/bin/env python3
"""--tty with input from a pipe: each line is read as it came. A NUL byte in a line is an invalid
character, reported as it is without --tty (libedit's readline() used to cut the line at the NUL
and write past its copy, a rare crash). The pager's ---MORE--- takes the next line from the same
pipe, and the line after it runs."""
import os, re, subprocess, sys

binary = sys.argv[1]
failures = []
# No history file: --tty would read the user's and add these lines to it.
env = dict(os.environ, HOME="/nonexistent")
env.pop("CQL_HISTORY", None)


def run(data, *args):
    return subprocess.run([binary, *args, "--no-color"], input=data, capture_output=True, timeout=60, env=env)


def errors_of(stream):
    # The error lines without the "<stdin>:N:" and "line 1, " that a script's errors carry (at a
    # prompt, cqlsh names only the character).
    lines = stream.decode("utf-8", "replace").splitlines()
    lines = [l.split(":", 2)[2] if l.startswith("<stdin>:") else l for l in lines if l.strip()]
    return [l.replace("at line 1, char", "at char") for l in lines]


for data in [b"SHOW VERSION\n\0x\n",
             b"SELECT key FROM system.local WHERE key = 'loc\0al';\nSELECT count(*) FROM system.local;\n",
             b"INSERT INTO nosuch.t (a) VALUES (\0);\n"]:
    tty = run(data, "--tty")
    plain = run(data)
    if tty.returncode != 0:
        failures.append(f"--tty exited {tty.returncode} on {data!r}")
    # The plain run's first lines are the banner on stdout; compare the error lines only.
    got = [l for l in errors_of(tty.stdout + tty.stderr) if "Invalid" in l or "\0" in l or "^" in l]
    want = [l for l in errors_of(plain.stderr) if "Invalid" in l or "\0" in l or "^" in l]
    if got != want:
        failures.append(f"--tty on {data!r}: {got!r}, without --tty: {want!r}")
    got_rows = re.findall(rb"\(\d+ rows\)", tty.stdout)
    want_rows = re.findall(rb"\(\d+ rows\)", plain.stdout)
    if got_rows != want_rows:
        failures.append(f"--tty on {data!r} gave results {got_rows!r}, without --tty {want_rows!r}")

# More runs of the input that crashed one time in a few hundred (no longer through libedit at all,
# so a few suffice; the ASan build takes a quarter of a second a start).
for i in range(10):
    r = run(b"SHOW VERSION\n\0x\n", "--tty")
    if r.returncode != 0:
        failures.append(f"--tty exited {r.returncode} on run {i} of a NUL line")
        break

script = b"""CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
CREATE TABLE k.t (a int PRIMARY KEY);
INSERT INTO k.t (a) VALUES (1);
INSERT INTO k.t (a) VALUES (2);
INSERT INTO k.t (a) VALUES (3);
PAGING 2
SELECT a FROM k.t;
this line is the Enter that shows the second page
SELECT count(*) FROM k.t;
"""
out = run(script, "--tty").stdout.decode()
second_page = out.split("---MORE---", 1)[-1].split("(3 rows)", 1)[0]
if "---MORE---" not in out or "(3 rows)" not in out or not re.search(r"^\s*3\s*$", second_page, re.M):
    failures.append(f"the pager did not take the next line as Enter: {out[-400:]!r}")
if "this line" in out or "Invalid syntax" in out:
    failures.append(f"the pager's Enter line was run as a statement: {out[-400:]!r}")

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
