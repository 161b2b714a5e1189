#!/usr/bin/env python3
"""Crash safety of `cqlbox --data DIR`: kill -9 while a script is being ingested, restart, check.

  kill_test.py CQLBOX [--iterations N] [--seed S]

Each iteration creates a table in a fresh data directory, then pipes a script of INSERTs into
`cqlbox --data DIR` (batch and periodic sync in turn), each INSERT followed by a SELECT of the
row it wrote: a row printed back means its INSERT was acknowledged. After a random delay the
process gets SIGKILL. Some iterations then append garbage to the log, as a torn write would
leave. A new process replays the log, and the rows it holds must be:
  - every acknowledged row, and
  - a prefix of the script (statements apply in order), ending at most one statement past the
    last acknowledgement (the one in flight when the kill came may or may not have landed);
  - and the garbage is reported as a dropped tail.
Every 100 rows the script flushes (NODETOOL flush), so some kills land in or after a flush.
The seed fixes the delays and the choices; the exact kill points still depend on timing.
"""
import argparse, os, random, re, resource, shutil, signal, subprocess, sys, tempfile, threading, time

ROWS = 400


def run(binary, data, script, extra=()):
    return subprocess.run([binary, "--data", data, *extra], input=script, capture_output=True, text=True, timeout=120)


def disk_full_and_permissions(binary, root):
    """A commit log that cannot grow (ulimit -f, as a full disk) refuses each write with a clear
    error and applies nothing; reads go on; a restart finds exactly what was acknowledged.
    An unusable directory stops the start with a message."""
    problems = []
    data = os.path.join(root, "full")
    setup = run(binary, data, "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', "
                "'replication_factor': 1};\nCREATE TABLE ks.t (k int PRIMARY KEY, v text);\n")
    limit = os.path.getsize(os.path.join(data, "commitlog-1")) + 2000
    script = "".join(f"INSERT INTO ks.t (k, v) VALUES ({i}, '{'x' * 50}');\n" for i in range(100))
    script += "SELECT count(*) FROM ks.t;\n"
    p = subprocess.run([binary, "--data", data], input=script, capture_output=True, text=True, timeout=60,
                       preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit)))
    refused = p.stderr.count("Cannot write to the commit log")
    counts = re.findall(r"^ +(\d+)$", p.stdout, re.M)
    if setup.returncode != 0 or refused == 0 or not counts or "the statement was not applied" not in p.stderr:
        problems.append(f"disk full: expected refusals and a count, got {p.stderr[:300]!r} {p.stdout[-200:]!r}")
    else:
        applied = int(counts[-1])
        if applied + refused != 100:
            problems.append(f"disk full: {applied} applied + {refused} refused != 100")
        again = run(binary, data, "SELECT count(*) FROM ks.t;\n")
        if re.findall(r"^ +(\d+)$", again.stdout, re.M) != [str(applied)]:
            problems.append(f"disk full: after a restart {again.stdout!r}, expected {applied} rows")
    bad = subprocess.run([binary, "--data", "/proc/cqlbox-cannot-create/data"], input="", capture_output=True,
                         text=True, timeout=30)
    if bad.returncode == 0 or "Cannot create data directory" not in bad.stderr:
        problems.append(f"unusable directory: exit {bad.returncode}, {bad.stderr!r}")
    for pr in problems:
        print("FAIL " + pr)
    return len(problems)


ROUND_TRIP = """CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
USE k;
CREATE TYPE z (street text, n int);
CREATE TYPE a (home frozen<z>, tags frozen<set<text>>);
CREATE TABLE t (k int, c int, v text, s int static, l list<int>, m map<text, int>, u frozen<a>, PRIMARY KEY (k, c));
CREATE INDEX ON t (v);
CREATE TABLE cnt (k int PRIMARY KEY, n counter);
INSERT INTO t (k, c, v, s, l, m, u) VALUES (1, 1, 'a', 7, [1, 2], {'x': 1}, {home: {street: 'main', n: 3}, tags: {'p'}});
INSERT INTO t (k, c, v) VALUES (1, 2, 'b') USING TTL 5000;
UPDATE t SET l = l + [3], m['y'] = 2 WHERE k = 1 AND c = 1;
DELETE v FROM t WHERE k = 1 AND c = 2;
INSERT INTO t (k, c, v) VALUES (2, 1, 'c');
DELETE FROM t WHERE k = 2 AND c > 5;
INSERT INTO t (k, c, v) VALUES (3, 1, 'd');
DELETE FROM t WHERE k = 3;
UPDATE cnt SET n = n + 5 WHERE k = 1;
"""
ROUND_TRIP_CHECK = "USE k;\nSELECT k, c, v, s, l, m, u, writetime(v) FROM t;\nSELECT * FROM cnt;\nLIST t;\nDESCRIBE KEYSPACE k;\n"


def flush_round_trip(binary, root):
    """Everything a flush writes comes back: cells, timestamps, TTLs, tombstones (LIST shows
    them), collections, counters, a UDT that uses another, an index; and the log after it."""
    data = os.path.join(root, "flush")
    problems = []
    setup = run(binary, data, ROUND_TRIP, ["--now", "2026-01-01 00:00:00+0000"])
    before = run(binary, data, ROUND_TRIP_CHECK, ["--now", "2026-01-01 00:00:10+0000"])
    flush = run(binary, data, "NODETOOL flush\n")
    after = run(binary, data, ROUND_TRIP_CHECK, ["--now", "2026-01-01 00:00:10+0000"])
    if setup.stderr or flush.stderr or after.stderr or "RowKey" not in before.stdout:
        problems.append(f"flush round trip: errors {setup.stderr!r} {flush.stderr!r} {after.stderr!r}")
    if before.stdout != after.stdout:
        problems.append("flush round trip: the data read back differs:\n" + before.stdout + "\n---\n" + after.stdout)
    if sorted(f for f in os.listdir(data)) != ["commitlog-2", "data-2.db", "lock"]:
        problems.append(f"flush round trip: files {sorted(os.listdir(data))}")
    more = run(binary, data, "UPDATE k.cnt SET n = n + 1 WHERE k = 1;\n")
    count = run(binary, data, "SELECT n FROM k.cnt WHERE k = 1;\n")
    if re.findall(r"^ +(\d+)$", count.stdout, re.M) != ["6"] or more.stderr:
        problems.append(f"flush round trip: the counter after a flush and a write: {count.stdout!r}")
    snap = run(binary, data, "NODETOOL snapshot -t s1\n")
    copy = os.path.join(data, "snapshots", "s1", "data.db")
    newest = max((f for f in os.listdir(data) if f.startswith("data-")), key=lambda f: int(f[5:-3]))
    if (snap.stdout != "Requested creating snapshot(s) for [all keyspaces] with snapshot name [s1] and options "
                       "{skipFlush=false}\nSnapshot directory: s1\n" or not os.path.exists(copy)
            or open(copy, "rb").read() != open(os.path.join(data, newest), "rb").read()):
        problems.append(f"snapshot: {snap.stdout!r} {snap.stderr!r} {sorted(os.listdir(data))}")
    clear = run(binary, data, "NODETOOL clearsnapshot -t s1\n")
    if os.path.exists(copy) or "with snapshot name [s1]" not in clear.stdout:
        problems.append(f"clearsnapshot: {clear.stdout!r} {clear.stderr!r}")
    for pr in problems:
        print("FAIL " + pr)
    return len(problems)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--seed", type=int, default=20261122)
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    root = tempfile.mkdtemp(prefix="cqlbox-kill-")
    # Every 100 rows a NODETOOL flush (a data file written, the log segments before it retired):
    # kills land inside flushes too.
    script = "".join(f"INSERT INTO ks.t (k, v) VALUES ({i}, 'value {i}');\nSELECT k FROM ks.t WHERE k = {i};\n"
                     + ("NODETOOL flush\n" if i % 100 == 99 else "") for i in range(ROWS))
    failures, killed, garbage, midway, flushed = 0, 0, 0, 0, 0
    failures += disk_full_and_permissions(args.binary, root)
    failures += flush_round_trip(args.binary, root)
    try:
        for it in range(args.iterations):
            data = os.path.join(root, f"d{it}")
            setup = run(args.binary, data, "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', "
                        "'replication_factor': 1};\nCREATE TABLE ks.t (k int PRIMARY KEY, v text);\n")
            if setup.returncode != 0:
                print(f"iteration {it}: setup failed: {setup.stderr}")
                return 1
            sync = "batch" if it % 2 == 0 else "periodic"
            p = subprocess.Popen([args.binary, "--data", data, "--commitlog-sync", sync], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            out = []
            reader = threading.Thread(target=lambda: out.append(p.stdout.read()))
            reader.start()
            delay = rnd.uniform(0, 0.04)
            feeder = threading.Thread(target=lambda: (p.stdin.write(script.encode()), p.stdin.close())
                                      if p.poll() is None else None)
            feeder.daemon = True
            feeder.start()
            time.sleep(delay)
            if p.poll() is None:
                p.send_signal(signal.SIGKILL)
                killed += 1
            p.wait()
            reader.join()
            acked = {int(m) for m in re.findall(rb"^ +(\d+)$", out[0] if out else b"", re.M)}
            segments = sorted((f for f in os.listdir(data) if f.startswith("commitlog-")), key=lambda f: int(f[10:]))
            log = os.path.join(data, segments[-1])
            torn = rnd.random() < 0.25
            if torn:
                garbage += 1
                with open(log, "ab") as f:
                    f.write(bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 40))))
            check = run(args.binary, data, "SELECT k FROM ks.t;\n")
            present = {int(m) for m in re.findall(r"^ +(\d+)$", check.stdout, re.M)}
            midway += 0 < len(present) < ROWS
            flushed += 100 <= len(present) < ROWS
            problems = []
            if not acked <= present:
                problems.append(f"acknowledged rows lost: {sorted(acked - present)[:10]}")
            if present != set(range(len(present))):
                problems.append(f"rows are not a prefix of the script: {sorted(present)[:10]}…")
            limit = (max(acked) + 2) if acked else 1
            if len(present) > limit:
                problems.append(f"{len(present)} rows present but the last acknowledged was {max(acked, default=None)}")
            if torn and "dropped" not in check.stderr:
                problems.append("the torn tail was not reported: " + check.stderr.strip())
            if problems:
                failures += 1
                print(f"FAIL iteration {it} ({sync}, killed after {delay * 1000:.1f} ms): " + "; ".join(problems))
            shutil.rmtree(data, ignore_errors=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(f"kill test: {args.iterations} runs ({killed} killed, {midway} of them with part of the script "
          f"applied, {flushed} of those past a flush, {garbage} with a torn tail), {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
