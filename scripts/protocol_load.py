#!/usr/bin/python3
"""Load test of `cqlbox --listen`: N concurrent driver sessions, each its own Cluster, each
running a fixed number of prepared INSERTs and single-row SELECTs; prints throughput, p50/p99
latency and the server's CPU time per request (user + system, from /proc/PID/stat, over the
timed part only), and stops by itself.

  scripts/protocol_load.py BINARY [--sessions 50] [--ops 400]

Run by `scripts/bench --only protocol`; uses Debian's python3-cassandra. Not a test.
"""
import argparse, os, socket, statistics, subprocess, sys, threading, time, warnings

warnings.filterwarnings("ignore", category=DeprecationWarning)
from cassandra.cluster import Cluster  # noqa: E402
from cassandra.policies import WhiteListRoundRobinPolicy  # noqa: E402


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid):
    """User + system CPU seconds the process has used."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--sessions", type=int, default=50)
    ap.add_argument("--ops", type=int, default=400, help="operations per session (half writes)")
    args = ap.parse_args()
    port = free_port()
    server = subprocess.Popen([args.binary, "--listen", f"127.0.0.1:{port}"], stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                time.sleep(0.05)

        def cluster():
            return Cluster(["127.0.0.1"], port=port, protocol_version=4,
                           load_balancing_policy=WhiteListRoundRobinPolicy(["127.0.0.1"]))
        setup = cluster()
        s = setup.connect()
        s.execute("CREATE KEYSPACE load WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")
        s.execute("CREATE TABLE load.kv (k int, c int, v text, PRIMARY KEY (k, c))")

        latencies, errors = [], []
        lock = threading.Lock()
        ready = threading.Barrier(args.sessions + 1)

        def worker(n):
            c = cluster()
            try:
                sess = c.connect()
                ins = sess.prepare("INSERT INTO load.kv (k, c, v) VALUES (?, ?, ?)")
                sel = sess.prepare("SELECT v FROM load.kv WHERE k = ? AND c = ?")
                ready.wait()
                mine = []
                for i in range(args.ops // 2):
                    t0 = time.perf_counter()
                    sess.execute(ins, (n, i, "value %d" % i))
                    t1 = time.perf_counter()
                    row = sess.execute(sel, (n, i)).one()
                    t2 = time.perf_counter()
                    if row is None or row.v != "value %d" % i:
                        raise AssertionError(f"session {n}: read back {row!r}")
                    mine += [t1 - t0, t2 - t1]
                with lock:
                    latencies.extend(mine)
            except Exception as e:  # reported below; the barrier must not hang the others
                with lock:
                    errors.append(repr(e))
                try:
                    ready.abort()
                except Exception:
                    pass
            finally:
                c.shutdown()

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(args.sessions)]
        for t in threads:
            t.start()
        ready.wait()
        start, cpu_start = time.perf_counter(), cpu_seconds(server.pid)
        for t in threads:
            t.join()
        took, cpu = time.perf_counter() - start, cpu_seconds(server.pid) - cpu_start
        setup.shutdown()
        if errors:
            sys.exit(f"protocol load: {len(errors)} sessions failed, first: {errors[0]}")
        latencies.sort()
        pct = lambda p: latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000
        print(f"protocol load: {args.sessions} sessions x {args.ops} ops = {len(latencies)} requests in {took:.2f} s: "
              f"{len(latencies) / took:.0f} req/s, p50 {pct(0.50):.2f} ms, p99 {pct(0.99):.2f} ms; "
              f"server CPU {cpu * 1e6 / max(len(latencies), 1):.1f} us per request")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
