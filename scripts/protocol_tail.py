#!/usr/bin/env python3
"""Where a request's time goes, one in flight from the Node.js driver: the tail split in four.

  scripts/protocol_tail.py [--binary build-release/src/cqlbox] [--requests N]

Runs `cqlbox --listen`, then scripts/protocol_latency.js against it (node and cassandra-driver
must be installed: tests/protocol/NOTES.md), and records the system calls that bound each
request's parts with `perf record` (tracepoints: run it as root). Each request, from the
client's write to its next one, is split into:

  server wake   the client's write(2) of the request -> the server's epoll_wait returning
  server work   epoll_wait returning -> the server's sendto(2) of the response (reading,
                running the statement under the engine's lock, encoding)
  client wake   the server's sendto -> the client's epoll_pwait returning
  client work   epoll_pwait returning -> the client's next write (the driver's decoding, the
                promise, the timing, the next request's encoding)

and prints p50, p90, p99 and p99.9 of each part and of the whole. perf itself adds a few
microseconds to each part. A benchmark, never a test: docs/performance.md has its readings.
"""
import argparse
import collections
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EVENTS = "syscalls:sys_enter_write,syscalls:sys_exit_epoll_wait,syscalls:sys_enter_sendto,syscalls:sys_exit_epoll_pwait"


def percentile(sorted_values, p):
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * p))]


def parts(events, server_pid, node_pid):
    """The four parts of every request, from (time, pid, tid, event) in time order."""
    # The threads that do the work: the server's epoll loop and Node's main thread (the ones
    # that make the most of these calls in their process).
    counts = collections.Counter((pid, tid) for _, pid, tid, _ in events)
    server = max((k for k in counts if k[0] == server_pid), key=counts.get)[1]
    node = max((k for k in counts if k[0] == node_pid), key=counts.get)[1]
    rows, cur = [], {}
    for t, _, tid, event in events:
        if tid == node and event == "sys_enter_write":
            if all(k in cur for k in "WESP"):
                rows.append((cur["E"] - cur["W"], cur["S"] - cur["E"], cur["P"] - cur["S"], t - cur["P"]))
            cur = {"W": t}
        elif tid == server and event == "sys_exit_epoll_wait" and "W" in cur and "E" not in cur:
            cur["E"] = t
        elif tid == server and event == "sys_enter_sendto" and "E" in cur and "S" not in cur:
            cur["S"] = t
        elif tid == node and event == "sys_exit_epoll_pwait" and "S" in cur and "P" not in cur:
            cur["P"] = t
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, "build-release", "src", "cqlbox"))
    ap.add_argument("--requests", type=int, default=20000)
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="cqlbox-tail-")
    data = os.path.join(tmp, "perf.data")
    server = subprocess.Popen([args.binary, "--listen", "127.0.0.1:0"], stdin=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    try:
        port = server.stderr.readline().strip().rsplit(":", 1)[-1]  # "Serving … on 127.0.0.1:PORT"
        node = subprocess.Popen(["node", os.path.join(ROOT, "scripts", "protocol_latency.js"), port,
                                 str(args.requests)])
        time.sleep(0.3)  # (the script's warm-up requests run meanwhile)
        perf = subprocess.Popen(["perf", "record", "-q", "-o", data, "-p", f"{server.pid},{node.pid}", "-e", EVENTS],
                                stderr=subprocess.DEVNULL)
        if node.wait() != 0:
            sys.exit(f"protocol_latency.js exited {node.returncode}")
        perf.send_signal(2)
        perf.wait()
    finally:
        server.terminate()
        server.wait()
    script = subprocess.run(["perf", "script", "-i", data, "-F", "pid,tid,time,event"], capture_output=True,
                            text=True, check=True).stdout
    events = []
    for line in script.splitlines():
        f = line.split()
        if len(f) < 3:
            continue
        pid, tid = (int(x) for x in f[0].split("/"))
        events.append((float(f[1].rstrip(":")), pid, tid, f[2].rstrip(":").split(":")[-1]))
    events.sort()
    rows = parts(events, server.pid, node.pid)
    if not rows:
        sys.exit("no requests seen: is perf allowed to read tracepoints (run as root)?")
    print(f"{len(rows)} requests (INSERTs, then SELECTs), microseconds:")
    names = ["server wake", "server work", "client wake", "client work", "whole"]
    columns = list(zip(*rows)) + [[sum(r) for r in rows]]
    for name, values in zip(names, columns):
        v = sorted(x * 1e6 for x in values)
        print(f"  {name:12} p50 {percentile(v, .5):7.1f}  p90 {percentile(v, .9):7.1f}  "
              f"p99 {percentile(v, .99):7.1f}  p99.9 {percentile(v, .999):7.1f}")


if __name__ == "__main__":
    main()
