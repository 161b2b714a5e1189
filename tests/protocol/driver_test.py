#!/usr/bin/python3
"""Integration tests of `cqlbox --listen` (CQL native protocol v4) with a real client.

Uses Debian's python3-cassandra (the DataStax python driver 3.25, the driver cqlsh bundles) and,
for the robustness and event tests, raw sockets. Usage:

    python3 tests/protocol/driver_test.py --binary build/src/cqlbox [-k SUBSTR]... [--skip SUBSTR]...

It picks a free port, starts `BINARY --listen 127.0.0.1:PORT` (stdin /dev/null, so the server
serves until killed), waits for the port (10 s), runs every `test_*` function in file order
(each prints `ok NAME`, `skip NAME: why` or `FAIL NAME: traceback`), SIGTERMs the server (that
it exits is checked as one more test), prints `driver tests: N passed, M failed` and exits 1 on
any failure (77, meson's "skipped", when the driver package is missing).

Every test is independent: it opens its own Cluster(s) and creates its own keyspace
(SimpleStrategy, RF 1). If the server dies during a test, the test fails with the server's exit
status and the tail of its log, and a fresh server is started for the tests that follow.
tests/protocol/NOTES.md says what the driver sends and needs; read it before changing a test.
"""

import os
import sys

# `python3` on PATH may be a pyenv interpreter without Debian's dist-packages: re-run under the
# system interpreter, which has python3-cassandra.
try:
    import cassandra  # noqa: F401
except ImportError:
    if os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3") and os.path.exists("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    print("driver tests: python3-cassandra is not installed (apt-get install python3-cassandra); skipped")
    sys.exit(77)

import argparse
import contextlib
import datetime
import decimal
import ipaddress
import logging
import re
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import threading
import time
import traceback
import uuid
import warnings

warnings.filterwarnings("ignore", category=DeprecationWarning)  # asyncore on 3.11

from cassandra import (AlreadyExists, ConsistencyLevel, InvalidRequest, ProtocolVersion,  # noqa: E402
                       cqltypes)
from cassandra.cluster import (EXEC_PROFILE_DEFAULT, Cluster, ExecutionProfile,  # noqa: E402
                               NoHostAvailable)
from cassandra.concurrent import execute_concurrent_with_args  # noqa: E402
from cassandra.policies import (ConstantReconnectionPolicy, DCAwareRoundRobinPolicy,  # noqa: E402
                                TokenAwarePolicy, WhiteListRoundRobinPolicy)
from cassandra.protocol import SyntaxException  # noqa: E402
from cassandra.query import (UNSET_VALUE, BatchStatement, BatchType,  # noqa: E402
                             SimpleStatement, dict_factory)
from cassandra.util import Date, Duration, OrderedMapSerializedKey, SortedSet, Time  # noqa: E402

BINARY = None          # path of the cqlbox binary
SERVER = None          # the running Server
CONN_CLASS = None      # driver connection class (reactor)
OPEN_CLUSTERS = []     # Clusters opened by the current test; shut down after it
VERBOSE = False
SENTINEL_KS = "pt_sentinel"


class Skip(Exception):
    """Raised by a test that cannot run here (printed as `skip NAME: why`)."""


# --------------------------------------------------------------------------------------------
# The server under test
# --------------------------------------------------------------------------------------------

def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_open(port, host="127.0.0.1", timeout=0.5):
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


class Server:
    def __init__(self, binary):
        self.binary = binary
        self.proc = None
        self.port = None
        self.log_path = None

    def start(self, port=None, wait=10.0):
        self.cleanup()
        self.port = port or free_port()
        fd, self.log_path = tempfile.mkstemp(prefix="cqlbox-listen-", suffix=".log")
        with os.fdopen(fd, "w") as log:
            self.proc = subprocess.Popen([self.binary, "--listen", f"127.0.0.1:{self.port}"],
                                         stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.time() + wait
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with status {self.proc.returncode} before listening:\n{self.tail()}")
            if port_open(self.port):
                return
            time.sleep(0.05)
        raise RuntimeError(f"server did not accept connections on 127.0.0.1:{self.port} within {wait} s:\n{self.tail()}")

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def rss_kib(self):
        try:
            with open(f"/proc/{self.proc.pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return None

    def tail(self, n=30):
        try:
            with open(self.log_path, errors="replace") as f:
                lines = f.readlines()
            return "".join(lines[-n:]) or "(server log empty)"
        except (OSError, TypeError):
            return "(no server log)"

    def stop(self, sig=signal.SIGTERM, wait=5.0):
        """Sends sig; returns (exited_in_time, returncode). SIGKILLs if it does not exit."""
        if self.proc is None or self.proc.poll() is not None:
            return True, (self.proc.returncode if self.proc else None)
        self.proc.send_signal(sig)
        try:
            self.proc.wait(wait)
            return True, self.proc.returncode
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return False, self.proc.returncode

    def cleanup(self):
        if self.log_path and os.path.exists(self.log_path):
            os.unlink(self.log_path)
        self.log_path = None


def start_server():
    global SERVER
    if SERVER is not None:
        SERVER.cleanup()
    SERVER = Server(BINARY)
    SERVER.start()
    write_sentinel()


SENTINEL_ERROR = None  # why the sentinel row could not be written, if it could not


# --------------------------------------------------------------------------------------------
# Driver helpers
# --------------------------------------------------------------------------------------------

def connect(keyspace=None, protocol_version=5, policy="whitelist", port=None, **kw):
    """A new Cluster (registered for shutdown after the test) and its Session.

    policy: "whitelist" (only 127.0.0.1, what cqlsh does), "default" (the driver's default,
    TokenAware(DCAware)), or a policy object. protocol_version=None lets the driver negotiate."""
    if policy == "whitelist":
        lbp = WhiteListRoundRobinPolicy(["127.0.0.1"])
    elif policy == "default":
        lbp = TokenAwarePolicy(DCAwareRoundRobinPolicy(local_dc="datacenter1"))
    else:
        lbp = policy
    args = dict(contact_points=["127.0.0.1"], port=port or SERVER.port,
                execution_profiles={EXEC_PROFILE_DEFAULT: ExecutionProfile(load_balancing_policy=lbp,
                                                                           request_timeout=30)},
                connect_timeout=5, control_connection_timeout=5, connection_class=CONN_CLASS,
                schema_event_refresh_window=0, topology_event_refresh_window=0,
                max_schema_agreement_wait=5)
    if protocol_version is not None:
        args["protocol_version"] = protocol_version
    wait_pools = kw.pop("wait_for_all_pools", False)
    args.update(kw)
    cluster = Cluster(**args)
    OPEN_CLUSTERS.append(cluster)
    session = cluster.connect(keyspace, wait_for_all_pools=wait_pools)
    return cluster, session


def shutdown_clusters():
    while OPEN_CLUSTERS:
        c = OPEN_CLUSTERS.pop()
        try:
            c.shutdown()
        except Exception:
            pass


def create_keyspace(session, name, rf=1):
    session.execute(f"CREATE KEYSPACE {name} WITH replication = "
                    f"{{'class': 'SimpleStrategy', 'replication_factor': {rf}}}")
    return name


def write_sentinel():
    """Writes a row that the robustness tests check is still there. A server that cannot do this
    yet (driver connect broken) still gets its raw-socket tests run: the failure is printed
    once and the health checks fall back to raw queries."""
    global SENTINEL_ERROR
    c = None
    try:
        c, s = connect()
        create_keyspace(s, SENTINEL_KS)
        s.execute(f"CREATE TABLE {SENTINEL_KS}.kv (k int PRIMARY KEY, v text)")
        s.execute(f"INSERT INTO {SENTINEL_KS}.kv (k, v) VALUES (1, 'still here')")
        SENTINEL_ERROR = None
    except Exception as e:  # noqa: BLE001
        SENTINEL_ERROR = f"{type(e).__name__}: {e}"
        print(f"    note: could not write the sentinel row through the driver ({SENTINEL_ERROR}); "
              "health checks use raw queries only", flush=True)
    finally:
        if c is not None:
            OPEN_CLUSTERS.remove(c)
            c.shutdown()


def assert_healthy(what=""):
    """A new driver connection works and the data written at start-up is still there."""
    assert SERVER.alive(), f"server died {what} (status {SERVER.proc.returncode}):\n{SERVER.tail()}"
    with RawConn() as conn:
        conn.startup()
        f = conn.query("SELECT release_version FROM system.local")
        assert f.opcode == OP_RESULT, f"raw query {what}: {f!r}"
    if SENTINEL_ERROR:
        return
    c, s = connect()
    try:
        row = s.execute(f"SELECT v FROM {SENTINEL_KS}.kv WHERE k = 1").one()
        assert row is not None and row.v == "still here", f"sentinel row lost {what}: {row!r}"
    finally:
        OPEN_CLUSTERS.remove(c)
        c.shutdown()


@contextlib.contextmanager
def quiet_driver_logs():
    """Silences the driver's logging of expected failures (tracebacks of refused connections,
    failed PREPAREs, protocol downgrades) unless -v."""
    logger = logging.getLogger("cassandra")
    old = logger.level
    if not VERBOSE:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        logger.setLevel(old)


def expect_error(exc_type, fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except exc_type as e:
        return e
    raise AssertionError(f"expected {exc_type.__name__}, nothing raised")


def eq(actual, expected, what=""):
    assert actual == expected, f"{what}: expected {expected!r}, got {actual!r}"


def shell_errors(script):
    """Runs the cqlbox shell (non-tty) on `script`; returns {line number: error text} from
    stderr, the `<stdin>:N:` prefix removed, e.g. {2: "SyntaxException: line 1:0 ..."}."""
    p = subprocess.run([BINARY], input=script, capture_output=True, text=True, timeout=60)
    out = {}
    for line in p.stderr.splitlines():
        m = re.match(r"^<stdin>:(\d+):(.*)$", line)
        if m:
            out.setdefault(int(m.group(1)), m.group(2))
    return out


# --------------------------------------------------------------------------------------------
# Raw protocol helpers (no driver)
# --------------------------------------------------------------------------------------------

OP_ERROR, OP_STARTUP, OP_READY, OP_AUTHENTICATE, OP_OPTIONS, OP_SUPPORTED = 0x00, 0x01, 0x02, 0x03, 0x05, 0x06
OP_QUERY, OP_RESULT, OP_PREPARE, OP_EXECUTE, OP_REGISTER, OP_EVENT, OP_BATCH = 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D
ERR_PROTOCOL = 0x000A
RESULT_VOID, RESULT_ROWS, RESULT_SET_KEYSPACE, RESULT_PREPARED, RESULT_SCHEMA_CHANGE = 1, 2, 3, 4, 5


def p_short(n):
    return struct.pack(">H", n)


def p_int(n):
    return struct.pack(">i", n)


def p_string(s):
    b = s.encode()
    return p_short(len(b)) + b


def p_long_string(s):
    b = s.encode()
    return p_int(len(b)) + b


def p_string_list(items):
    return p_short(len(items)) + b"".join(p_string(i) for i in items)


def p_string_map(d):
    return p_short(len(d)) + b"".join(p_string(k) + p_string(v) for k, v in d.items())


def p_short_bytes(b):
    return p_short(len(b)) + b


def query_body(cql, consistency=ConsistencyLevel.ONE, flags=0):
    return p_long_string(cql) + p_short(consistency) + bytes([flags])


class Reader:
    def __init__(self, data):
        self.data, self.pos = data, 0

    def take(self, n):
        assert self.pos + n <= len(self.data), f"body too short: need {n} bytes at {self.pos} of {len(self.data)}"
        b = self.data[self.pos:self.pos + n]
        self.pos += n
        return b

    def byte(self):
        return self.take(1)[0]

    def short(self):
        return struct.unpack(">H", self.take(2))[0]

    def int(self):
        return struct.unpack(">i", self.take(4))[0]

    def string(self):
        return self.take(self.short()).decode()

    def long_string(self):
        return self.take(self.int()).decode()

    def bytes(self):
        n = self.int()
        return None if n < 0 else self.take(n)

    def short_bytes(self):
        return self.take(self.short())

    def string_list(self):
        return [self.string() for _ in range(self.short())]

    def string_multimap(self):
        return {self.string(): self.string_list() for _ in range(self.short())}

    def option(self):
        """A type [option]; returns a compact description, e.g. 'int', 'list<text>', 'custom:Cls'."""
        names = {0x01: "ascii", 0x02: "bigint", 0x03: "blob", 0x04: "boolean", 0x05: "counter", 0x06: "decimal",
                 0x07: "double", 0x08: "float", 0x09: "int", 0x0A: "text(0x000A: Cassandra sends 0x000D)", 0x0B: "timestamp", 0x0C: "uuid", 0x0D: "text",
                 0x0E: "varint", 0x0F: "timeuuid", 0x10: "inet", 0x11: "date", 0x12: "time", 0x13: "smallint",
                 0x14: "tinyint", 0x15: "duration"}
        tid = self.short()
        if tid == 0x0000:
            return "custom:" + self.string()
        if tid in names:
            return names[tid]
        if tid in (0x20, 0x22):
            return ("list<%s>" if tid == 0x20 else "set<%s>") % self.option()
        if tid == 0x21:
            return "map<%s, %s>" % (self.option(), self.option())
        if tid == 0x30:
            ks, name = self.string(), self.string()
            fields = [(self.string(), self.option()) for _ in range(self.short())]
            return "udt:%s.%s(%s)" % (ks, name, ", ".join(f"{n} {t}" for n, t in fields))
        if tid == 0x31:
            return "tuple<%s>" % ", ".join(self.option() for _ in range(self.short()))
        raise AssertionError(f"unknown type id 0x{tid:04x}")


class Frame:
    def __init__(self, version, flags, stream, opcode, body):
        self.version, self.flags, self.stream, self.opcode, self.body = version, flags, stream, opcode, body

    def reader(self):
        r = Reader(self.body)
        if self.flags & 0x02:   # tracing id
            r.take(16)
        if self.flags & 0x08:   # warnings
            r.string_list()
        if self.flags & 0x04:   # custom payload
            for _ in range(r.short()):
                r.string()
                r.bytes()
        return r

    def error(self):
        """(code, message) of an ERROR frame."""
        assert self.opcode == OP_ERROR, f"expected an ERROR frame, got opcode 0x{self.opcode:02x}"
        r = self.reader()
        return r.int(), r.string()

    def __repr__(self):
        return (f"Frame(version=0x{self.version:02x}, flags=0x{self.flags:02x}, stream={self.stream}, "
                f"opcode=0x{self.opcode:02x}, body={self.body[:80]!r}{'...' if len(self.body) > 80 else ''})")


def parse_rows(frame):
    """(column names, column types, rows of raw bytes, paging_state) of a RESULT Rows frame."""
    assert frame.opcode == OP_RESULT, f"expected RESULT, got {frame!r}"
    r = frame.reader()
    kind = r.int()
    assert kind == RESULT_ROWS, f"expected a Rows result, got kind {kind}"
    flags, ncols = r.int(), r.int()
    paging = r.bytes() if flags & 0x02 else None
    names, types = [], []
    if not flags & 0x04:
        glob = flags & 0x01
        if glob:
            r.string(), r.string()
        for _ in range(ncols):
            if not glob:
                r.string(), r.string()
            names.append(r.string())
            types.append(r.option())
    rows = [[r.bytes() for _ in range(ncols)] for _ in range(r.int())]
    assert r.pos == len(r.data), f"{len(r.data) - r.pos} trailing bytes after the rows"
    return names, types, rows, paging


def parse_schema_change(r):
    """The SCHEMA_CHANGE fields (change type, target, keyspace, [name, [arg types]])."""
    change, target, ks = r.string(), r.string(), r.string()
    out = [change, target, ks]
    if target != "KEYSPACE":
        out.append(r.string())
        if target in ("FUNCTION", "AGGREGATE"):
            out.append(r.string_list())
    return out


class RawConn:
    def __init__(self, port=None, timeout=5.0, host="127.0.0.1"):
        self.sock = socket.create_connection((host, port or SERVER.port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = b""

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def send_raw(self, data):
        self.sock.sendall(data)

    @staticmethod
    def encode(opcode, body=b"", stream=0, version=4, flags=0, length=None):
        n = len(body) if length is None else length
        if version >= 3:
            return struct.pack(">BBhBI", version, flags, stream, opcode, n) + body
        return struct.pack(">BBbBI", version, flags, stream, opcode, n) + body

    def send(self, opcode, body=b"", stream=0, version=4, flags=0):
        self.send_raw(self.encode(opcode, body, stream, version, flags))

    def _fill(self, n, deadline):
        while len(self.buf) < n:
            self.sock.settimeout(max(0.01, deadline - time.time()))
            chunk = self.sock.recv(65536)
            if not chunk:
                return False
            self.buf += chunk
        return True

    def recv(self, timeout=5.0):
        """The next frame; None when the server closed the connection first. Raises
        socket.timeout when nothing complete arrives in time."""
        deadline = time.time() + timeout
        try:
            if not self._fill(1, deadline):
                return None
            version = self.buf[0]
            hlen = 9 if (version & 0x7F) >= 3 else 8
            if not self._fill(hlen, deadline):
                return None
            if hlen == 9:
                _, flags, stream, opcode, length = struct.unpack(">BBhBI", self.buf[:9])
            else:
                _, flags, stream, opcode, length = struct.unpack(">BBbBI", self.buf[:8])
            if not self._fill(hlen + length, deadline):
                return None
        except ConnectionResetError:
            return None
        body = self.buf[hlen:hlen + length]
        self.buf = self.buf[hlen + length:]
        return Frame(version, flags, stream, opcode, body)

    def closed_by_server(self, timeout=5.0):
        """True when the server closes (EOF or reset) within timeout, skipping frames."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                if self.recv(max(0.05, deadline - time.time())) is None:
                    return True
            except socket.timeout:
                return False
            except OSError:
                return True
        return False

    def request(self, opcode, body=b"", stream=1, timeout=10.0):
        self.send(opcode, body, stream)
        while True:
            f = self.recv(timeout)
            assert f is not None, f"server closed the connection instead of answering opcode 0x{opcode:02x}"
            if f.stream == stream:
                return f
            assert f.stream < 0, f"response on unexpected stream: {f!r}"   # an EVENT: skip it

    def startup(self, cql_version=None):
        f = self.request(OP_OPTIONS, stream=0)
        assert f.opcode == OP_SUPPORTED, f"OPTIONS answered by {f!r}"
        supported = f.reader().string_multimap()
        version = cql_version or supported["CQL_VERSION"][0]
        f = self.request(OP_STARTUP, p_string_map({"CQL_VERSION": version}), stream=0)
        assert f.opcode == OP_READY, f"STARTUP answered by {f!r}"
        return supported

    def query(self, cql, stream=1, timeout=10.0):
        return self.request(OP_QUERY, query_body(cql), stream, timeout)


def expect_protocol_error_or_close(conn, what, timeout=5.0, codes=(ERR_PROTOCOL,)):
    """The server answers an ERROR frame with one of `codes`, or closes. Returns the error
    (code, message, frame) or None if it closed without one. Fails if it stays silent."""
    try:
        f = conn.recv(timeout)
    except socket.timeout:
        raise AssertionError(f"{what}: no ERROR frame and no close within {timeout} s")
    except OSError:
        return None
    if f is None:
        return None
    code, msg = f.error()
    assert code in codes, f"{what}: error code 0x{code:04x} ({msg!r}), expected one of {[hex(c) for c in codes]}"
    return code, msg, f


# ============================================================================================
# Tests. Plain functions, run in file order.
# ============================================================================================

# --- connection and cluster metadata ---------------------------------------------------------

def test_connect_and_system_local():
    c, s = connect()
    eq(c.protocol_version, 5, "protocol version")
    row = s.execute("SELECT release_version FROM system.local").one()
    assert isinstance(row.release_version, str) and row.release_version.startswith("5.0"), row
    local = s.execute("SELECT * FROM system.local WHERE key = 'local'").one()
    for col in ("cluster_name", "data_center", "rack", "partitioner", "release_version", "host_id",
                "schema_version", "tokens", "rpc_address"):
        assert getattr(local, col, None) is not None, f"system.local.{col} is null or missing"
    eq(c.metadata.cluster_name, "Test Cluster", "metadata.cluster_name")
    eq(c.metadata.partitioner, "org.apache.cassandra.dht.Murmur3Partitioner", "metadata.partitioner")
    assert c.metadata.token_map is not None and len(c.metadata.token_map.ring) > 0, "no token map was built"
    host = c.metadata.get_host("127.0.0.1")
    assert host is not None, f"no host 127.0.0.1 in {c.metadata.all_hosts()}"
    eq(host.datacenter, "datacenter1", "datacenter")
    eq(host.rack, "rack1", "rack")
    assert host.release_version.startswith("5.0"), host.release_version
    assert isinstance(host.host_id, uuid.UUID), host.host_id
    for ks in ("system", "system_schema", "system_auth", "system_distributed", "system_traces"):
        assert ks in c.metadata.keyspaces, f"keyspace {ks} missing from metadata: {sorted(c.metadata.keyspaces)}"
    assert "tables" in c.metadata.keyspaces["system_schema"].tables
    assert c.metadata.keyspaces["system_schema"].tables["tables"]._exc_info is None
    if "system_virtual_schema" in c.metadata.keyspaces:
        assert c.metadata.keyspaces["system_virtual_schema"].virtual


def test_negotiates_v5():
    # No protocol_version: the driver starts at DSE_V2 (0x42), then DSE_V1 (0x41), each refused
    # with ProtocolError "Invalid or unsupported protocol version (N); ...", then 5, as against
    # Cassandra 5.0.
    with quiet_driver_logs():
        c, s = connect(protocol_version=None)
    eq(c.protocol_version, ProtocolVersion.V5, "negotiated protocol version")
    assert s.execute("SELECT release_version FROM system.local").one().release_version.startswith("5.0")


def test_explicit_v6_is_refused():
    # 5.0 has v6 only as a beta; cqlbox has no v6. The server's own words, read at raw level:
    with RawConn() as conn:
        conn.send(OP_OPTIONS, stream=0, version=6)
        f = conn.recv()
        assert f is not None, "v6 OPTIONS: connection closed without an ERROR"
        code, msg = f.error()
        eq(code, ERR_PROTOCOL, "error code")
        eq(msg, "Invalid or unsupported protocol version (6); supported versions are (3/v3, 4/v4, 5/v5)", "message")
        assert (f.version & 0x7F) == 4, f"error frame version 0x{f.version:02x} (v4: the node driver retries with it)"
        assert f.version & 0x80, "response frames carry the direction bit 0x80"


def test_protocol_v4_supported():
    c, s = connect(protocol_version=4)
    eq(c.protocol_version, 4, "protocol version")
    ks = create_keyspace(s, "pt_v4")
    s.execute(f"CREATE TABLE {ks}.dur (k int PRIMARY KEY, d duration)")
    p = s.prepare(f"INSERT INTO {ks}.dur (k, d) VALUES (?, ?)")
    s.execute(p, (1, Duration(1, 2, 3)))
    eq(s.execute(f"SELECT d FROM {ks}.dur WHERE k = 1").one().d, Duration(1, 2, 3), "duration over v4")


def test_v5_prepared_metadata_changes():
    # v5: an EXECUTE names the result metadata it holds; after ALTER TABLE ADD the server sends
    # the new columns with Metadata_changed, and the driver reads the new column.
    c, s = connect(protocol_version=5)
    ks = create_keyspace(s, "pt_v5meta")
    s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v text, d duration)")
    s.execute(f"INSERT INTO {ks}.t (k, v, d) VALUES (1, 'a', 1h30m)")
    q = s.prepare(f"SELECT * FROM {ks}.t WHERE k = ?")
    eq(s.execute(q, (1,)).one().d, Duration(0, 0, 5400 * 10**9), "duration (native id 0x15 in v5)")
    s.execute(f"ALTER TABLE {ks}.t ADD w int")
    s.execute(f"UPDATE {ks}.t SET w = 7 WHERE k = 1")
    eq(s.execute(q, (1,)).one().w, 7, "the column added after PREPARE")
    # A value bigger than a segment (128 KiB) goes out in several segments, and comes back.
    big = "x" * 300000
    s.execute(s.prepare(f"INSERT INTO {ks}.t (k, v) VALUES (?, ?)"), (2, big))
    eq(len(s.execute(q, (2,)).one().v), len(big), "a 300 kB value over v5 segments")


def test_v5_read_failure_reason_map():
    # Past tombstone_failure_threshold a read fails; v5 names the failed replica and its reason
    # (READ_TOO_MANY_TOMBSTONES, 1) where v4 gave a count.
    from cassandra import ReadFailure
    for version in (5, 4):
        c, s = connect(protocol_version=version)
        ks = create_keyspace(s, f"pt_rf{version}")
        s.execute(f"CREATE TABLE {ks}.q (k int, c int, s set<int>, PRIMARY KEY (k, c))")
        s.execute(s.prepare(f"UPDATE {ks}.q SET s = s - ? WHERE k = 1 AND c = 1"), (set(range(100001)),))
        e = expect_error(ReadFailure, s.execute, f"SELECT * FROM {ks}.q WHERE k = 1")
        eq(e.failures, 1, f"v{version} failures")
        if version == 5:
            eq(list(e.error_code_map.values()), [1], "v5 reason map: READ_TOO_MANY_TOMBSTONES")
            assert list(e.error_code_map)[0].startswith("127.0.0."), e.error_code_map
        else:
            eq(e.error_code_map, None, "v4 has no reason map")


def test_listen_without_address_uses_cqlsh_env():
    # `--listen` alone serves where cqlsh would connect: $CQLSH_HOST:$CQLSH_PORT.
    port = free_port()
    env = dict(os.environ, CQLSH_HOST="127.0.0.1", CQLSH_PORT=str(port))
    proc = subprocess.Popen([BINARY, "--listen"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    try:
        deadline = time.time() + 10
        while not port_open(port) and time.time() < deadline:
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.05)
        with RawConn(port=port) as conn:
            conn.send(OP_OPTIONS, stream=0, version=5)
            eq(conn.recv().opcode, OP_SUPPORTED, "SUPPORTED from the server at $CQLSH_PORT")
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    assert f"Serving CQL native protocol v3/v4/v5 on 127.0.0.1:{port}" in err.decode(), err


def v5_segment(payload, self_contained=True):
    from cassandra.segment import compute_crc24, compute_crc32, CRC32_INITIAL
    header = len(payload) | ((1 << 17) if self_contained else 0)
    h = header.to_bytes(3, "little")
    return (h + compute_crc24(header, 3).to_bytes(3, "little") + payload
            + compute_crc32(payload, CRC32_INITIAL).to_bytes(4, "little"))


def test_raw_v5_framing():
    startup = p_string_map({"CQL_VERSION": "3.0.0"})
    with RawConn() as conn:
        conn.send(OP_STARTUP, startup, stream=1, version=5)   # STARTUP itself is unframed
        f = conn.recv()
        eq(f.opcode, OP_READY, "READY to a v5 STARTUP")
        eq(f.version, 0x85, "READY's version")
        # From here on, segments: a QUERY inside one, its answer inside one.
        query = struct.pack(">i", len(b"SELECT key FROM system.local")) + b"SELECT key FROM system.local"
        query += struct.pack(">Hi", 1, 0)   # consistency ONE, flags: an [int] in v5
        conn.send_raw(v5_segment(RawConn.encode(OP_QUERY, query, stream=2, version=5)))
        deadline = time.time() + 5
        assert conn._fill(6, deadline), "no answer to a framed QUERY"
        header = int.from_bytes(conn.buf[:3], "little")
        length = header & 0x1FFFF
        assert header & (1 << 17), "the answer is a self-contained segment"
        assert conn._fill(6 + length + 4, deadline)
        envelope = conn.buf[6:6 + length]
        conn.buf = conn.buf[10 + length:]
        eq(envelope[0], 0x85, "the envelope inside is v5")
        eq(envelope[4], 0x08, "RESULT")
        # A damaged segment: ProtocolError, then the connection closes.
        bad = bytearray(v5_segment(RawConn.encode(OP_OPTIONS, b"", stream=3, version=5)))
        bad[-1] ^= 0xFF
        conn.send_raw(bytes(bad))
        assert conn._fill(6, time.time() + 5), "no answer to a damaged segment"
        length = int.from_bytes(conn.buf[:3], "little") & 0x1FFFF
        assert conn._fill(10 + length, time.time() + 5)
        envelope = conn.buf[6:6 + length]
        eq(envelope[4], 0x00, "ERROR")
        msg_len = struct.unpack(">H", envelope[13:15])[0]
        msg = envelope[15:15 + msg_len].decode()
        assert msg.startswith("Payload CRC mismatch"), msg
        conn.buf = conn.buf[10 + length:]
        assert conn.closed_by_server(3), "connection left open after a damaged segment"
    with RawConn() as conn:   # one version per connection
        conn.send(OP_STARTUP, startup, stream=1, version=4)
        eq(conn.recv().opcode, OP_READY, "READY")
        conn.send(OP_OPTIONS, stream=2, version=3)
        code, msg = conn.recv().error()
        eq(msg, "Invalid message version. Got v3 but previous messages on this connection had version v4", "message")
    assert_healthy("after v5 framing")


def test_protocol_v3_supported():
    c, s = connect(protocol_version=3)
    eq(c.protocol_version, 3, "protocol version")
    ks = create_keyspace(s, "pt_v3")
    s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, sm smallint, ti tinyint, d date, tm time, v text)")
    ps = s.prepare(f"INSERT INTO {ks}.t (k, sm, ti, d, tm, v) VALUES (?, ?, ?, ?, ?, ?)")
    s.execute(ps, (1, -5, 7, datetime.date(2020, 5, 17), Time(3723000000001), "v3"))
    # In v3 the date/time/smallint/tinyint types go over the wire as CUSTOM types (their class
    # names); the driver maps them back.
    row = s.execute(f"SELECT * FROM {ks}.t WHERE k = 1").one()
    eq((row.sm, row.ti, row.d.date(), row.tm, row.v),
       (-5, 7, datetime.date(2020, 5, 17), Time(3723000000001), "v3"), "v3 row")


def test_heartbeat_options_on_live_connection():
    c, s = connect(idle_heartbeat_interval=1, idle_heartbeat_timeout=5)
    time.sleep(3.5)   # >= 2 heartbeats (OPTIONS after STARTUP) on every idle connection
    host = c.metadata.get_host("127.0.0.1")
    assert host.is_up, "host marked down after heartbeats"
    assert s.execute("SELECT release_version FROM system.local").one() is not None


def test_advertised_peers_are_reachable():
    """Every peer the server advertises must be a real endpoint of this server: drivers connect
    to (native_address, native_port) of each system.peers_v2 row (python) or (rpc_address,
    port) of each system.peers row (node). Passes trivially when no peers are advertised."""
    c, s = connect()
    peers = list(s.execute("SELECT * FROM system.peers_v2"))
    local = s.execute("SELECT host_id FROM system.local").one()
    bad = []
    for p in peers:
        addr, port = str(p.native_address), p.native_port
        try:
            conn = RawConn(port=port, timeout=2, host=addr)
        except OSError as e:
            bad.append(f"{addr}:{port} ({e})")
            continue
        with conn:
            conn.startup()
            names, _, rows, _ = parse_rows(conn.query("SELECT host_id FROM system.local"))
            got = uuid.UUID(bytes=rows[0][0])
            if got != p.host_id:
                bad.append(f"{addr}:{port} answers as host {got}, but peers_v2 says {p.host_id}")
            _, _, prow, _ = parse_rows(conn.query("SELECT peer FROM system.peers_v2"))
            seen = {str(ipaddress.ip_address(r[0])) for r in prow}
            if "127.0.0.1" not in seen:
                bad.append(f"{addr}:{port}: its system.peers_v2 {sorted(seen)} does not list 127.0.0.1")
    assert not bad, (f"advertised peers not served (local host {local.host_id}): {bad}. Either serve every "
                     "simulated node on its own address (system.local/peers as seen from that node) or "
                     "advertise no peers over the protocol; see NOTES.md")


def test_default_policy_all_hosts_up():
    c, s = connect(policy="default", wait_for_all_pools=True)
    down = [str(h) for h in c.metadata.all_hosts() if not h.is_up]
    assert not down, f"hosts the driver could not connect to: {down}"
    ks = create_keyspace(s, "pt_default_lbp")
    s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v int)")
    ps = s.prepare(f"INSERT INTO {ks}.t (k, v) VALUES (?, ?)")
    for i in range(50):
        s.execute(ps, (i, i))
    eq(s.execute(f"SELECT count(*) FROM {ks}.t").one()[0], 50, "rows")


# --- schema and metadata ---------------------------------------------------------------------

def test_ddl_and_schema_metadata():
    c, s = connect()
    ks = "pt_meta"
    t0 = time.time()
    rs = s.execute(f"CREATE KEYSPACE {ks} WITH replication = {{'class': 'SimpleStrategy', 'replication_factor': 1}}")
    assert rs.response_future.is_schema_agreed, "driver saw no schema agreement after CREATE KEYSPACE"
    s.execute(f"CREATE TYPE {ks}.addr (street text, zip int)")
    s.execute(f"""CREATE TABLE {ks}.t (p1 int, p2 text, c1 timestamp, c2 int, v text, s int static,
                  l list<int>, m map<text, int>, st set<text>, tp tuple<int, text>, a frozen<addr>,
                  PRIMARY KEY ((p1, p2), c1, c2)) WITH CLUSTERING ORDER BY (c1 DESC, c2 ASC)""")
    s.execute(f"CREATE INDEX t_v_idx ON {ks}.t (v)")
    s.execute(f"CREATE TABLE {ks}.cnt (k int PRIMARY KEY, n counter)")
    elapsed = time.time() - t0
    assert elapsed < 4, f"5 DDL statements took {elapsed:.1f} s (schema agreement waits?)"
    assert c.control_connection.wait_for_schema_agreement() is True, "wait_for_schema_agreement"

    ksm = c.metadata.keyspaces.get(ks)
    assert ksm is not None, f"{ks} not in metadata: {sorted(c.metadata.keyspaces)}"
    assert ksm._exc_info is None, ksm._exc_info
    eq(type(ksm.replication_strategy).__name__, "SimpleStrategy", "replication strategy")
    eq(ksm.replication_strategy.replication_factor, 1, "replication_factor")
    eq(ksm.durable_writes, True, "durable_writes")

    ut = ksm.user_types.get("addr")
    assert ut is not None, f"user type addr missing: {list(ksm.user_types)}"
    eq(list(ut.field_names), ["street", "zip"], "UDT field names")
    eq(list(ut.field_types), ["text", "int"], "UDT field types")

    tm = ksm.tables.get("t")
    assert tm is not None, f"table t missing: {list(ksm.tables)}"
    assert tm._exc_info is None, tm._exc_info
    assert not tm.is_compact_storage, ("table parsed as COMPACT STORAGE: system_schema.tables.flags must be "
                                       "{'compound'} for CQL tables")
    eq([col.name for col in tm.partition_key], ["p1", "p2"], "partition key")
    eq([col.name for col in tm.clustering_key], ["c1", "c2"], "clustering key")
    expected = {"p1": "int", "p2": "text", "c1": "timestamp", "c2": "int", "v": "text", "s": "int",
                "l": "list<int>", "m": "map<text, int>", "st": "set<text>", "tp": "frozen<tuple<int, text>>",
                "a": "frozen<addr>"}
    eq({n: col.cql_type for n, col in tm.columns.items()}, expected, "columns and cql_type")
    eq(list(tm.columns)[:4], ["p1", "p2", "c1", "c2"], "key columns first")
    assert tm.columns["s"].is_static and not tm.columns["v"].is_static, "static flag"
    assert tm.columns["c1"].is_reversed and not tm.columns["c2"].is_reversed, "clustering order"
    idx = tm.indexes.get("t_v_idx")
    assert idx is not None, f"index missing: {list(tm.indexes)}"
    eq(idx.index_options.get("target"), "v", "index target")
    eq(idx.kind, "COMPOSITES", "index kind")
    assert ksm.indexes.get("t_v_idx") is not None, "index not in keyspace metadata"

    cql = tm.export_as_string()
    for part in (f"CREATE TABLE {ks}.t (", "PRIMARY KEY ((p1, p2), c1, c2)", "CLUSTERING ORDER BY (c1 DESC, c2 ASC)",
                 "s int static", f"CREATE INDEX t_v_idx ON {ks}.t (v);"):
        assert part in cql, f"{part!r} not in export_as_string():\n{cql}"
    kscql = ksm.export_as_string()
    assert f"CREATE TYPE {ks}.addr" in kscql and f"CREATE KEYSPACE {ks}" in kscql, kscql
    eq(ksm.tables["cnt"].columns["n"].cql_type, "counter", "counter column type")

    s.execute(f"ALTER TABLE {ks}.t ADD w double")
    eq(c.metadata.keyspaces[ks].tables["t"].columns["w"].cql_type, "double", "column added by ALTER")
    s.execute(f"DROP TABLE {ks}.cnt")
    assert "cnt" not in c.metadata.keyspaces[ks].tables, "dropped table still in metadata"
    s.execute(f"DROP KEYSPACE {ks}")
    assert ks not in c.metadata.keyspaces, "dropped keyspace still in metadata"


def test_metadata_refresh_on_second_cluster():
    # The second cluster's control connection REGISTERed for SCHEMA_CHANGE; the EVENT pushed
    # after the first cluster's DDL makes it refresh its metadata.
    c1, s1 = connect()
    c2, s2 = connect()
    ks = "pt_events"
    assert ks not in c2.metadata.keyspaces
    create_keyspace(s1, ks)
    s1.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v text)")

    def wait_for(pred, what, timeout=10):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if pred():
                return
            time.sleep(0.05)
        raise AssertionError(f"second cluster never saw {what}")

    wait_for(lambda: ks in c2.metadata.keyspaces and "t" in c2.metadata.keyspaces[ks].tables, f"{ks}.t")
    s1.execute(f"ALTER TABLE {ks}.t ADD extra int")
    wait_for(lambda: "extra" in c2.metadata.keyspaces[ks].tables["t"].columns, "the ALTER")
    s1.execute(f"DROP TABLE {ks}.t")
    wait_for(lambda: "t" not in c2.metadata.keyspaces[ks].tables, "the DROP TABLE")


# --- statements ------------------------------------------------------------------------------

def test_simple_statements_with_params():
    c, s = connect()
    ks = create_keyspace(s, "pt_simple")
    s.execute(f"""CREATE TABLE {ks}.t (k int PRIMARY KEY, a ascii, b bigint, bl blob, bo boolean, d date,
                  de decimal, db double, du duration, f float, i inet, tx text, tm time, ts timestamp,
                  u uuid, vi varint, l list<int>, st set<text>, m map<text, int>)""")
    u = uuid.uuid4()
    vals = (1, "asc", -(2 ** 63), b"\x00\x01\xff", True, datetime.date(2024, 2, 29),
            decimal.Decimal("-12345.678901234567890"), 2.5e-300, Duration(14, 3, 3600000000123), 1.5,
            "10.0.0.1", "it's \"quoted\" ✓", Time(49530123456789),
            datetime.datetime(2024, 1, 2, 3, 4, 5, 678000), u, 123456789012345678901234567890,
            [3, 1, 2, 1], {"b", "a"}, {"x": 1, "a": 2})
    # The driver interpolates %s client-side into CQL literals.
    s.execute(f"INSERT INTO {ks}.t (k, a, b, bl, bo, d, de, db, du, f, i, tx, tm, ts, u, vi, l, st, m) "
              f"VALUES ({', '.join(['%s'] * len(vals))})", vals)
    row = s.execute(f"SELECT * FROM {ks}.t WHERE k = %s", (1,)).one()
    assert row is not None, "row not found"
    check_values(row, dict(zip(("k", "a", "b", "bl", "bo", "d", "de", "db", "du", "f", "i", "tx", "tm", "ts",
                                "u", "vi", "l", "st", "m"), vals)))
    st = SimpleStatement(f"SELECT k, tx FROM {ks}.t WHERE k = %s", consistency_level=ConsistencyLevel.QUORUM)
    eq(tuple(s.execute(st, (1,)).one()), (1, vals[11]), "SimpleStatement")
    st = SimpleStatement(f"UPDATE {ks}.t SET tx = %(t)s WHERE k = %(k)s")
    s.execute(st, {"t": "named", "k": 1})
    eq(s.execute(f"SELECT tx FROM {ks}.t WHERE k = 1").one().tx, "named", "dict params")
    # dict_factory rows (through an execution profile: Session.row_factory is legacy-mode only)
    c.add_execution_profile("dicts", ExecutionProfile(load_balancing_policy=WhiteListRoundRobinPolicy(["127.0.0.1"]),
                                                      row_factory=dict_factory))
    eq(s.execute(f"SELECT k, bo FROM {ks}.t WHERE k = 1", execution_profile="dicts").one(), {"k": 1, "bo": True},
       "dict_factory row")


def check_values(row, expected):
    for name, exp in expected.items():
        got = getattr(row, name)
        if exp is None:
            assert got is None, f"{name}: expected null, got {got!r}"
        elif isinstance(exp, float) and name in ("f",):
            assert got is not None and abs(got - exp) <= abs(exp) * 1e-6, f"{name}: {got!r} != {exp!r} (float32)"
        elif isinstance(exp, datetime.date) and not isinstance(exp, datetime.datetime):
            assert isinstance(got, Date), f"{name}: date returned as {type(got).__name__}"
            eq(got.date(), exp, name)
        elif isinstance(exp, datetime.time):
            eq(got, Time(exp), name)
        elif isinstance(exp, set):
            assert isinstance(got, SortedSet), f"{name}: set returned as {type(got).__name__}"
            eq(set(got), exp, name)
            eq(list(got), sorted(exp), f"{name} order")
        elif isinstance(exp, dict):
            assert isinstance(got, OrderedMapSerializedKey), f"{name}: map returned as {type(got).__name__}"
            eq(dict(got), exp, name)
            eq(list(got.keys()), sorted(exp), f"{name} key order")
        elif name == "i" or name == "i6":
            eq(ipaddress.ip_address(got), ipaddress.ip_address(exp), name)
        else:
            eq(got, exp, name)


class Addr(object):
    def __init__(self, street=None, zip=None):
        self.street, self.zip = street, zip

    def __eq__(self, other):
        return isinstance(other, Addr) and (self.street, self.zip) == (other.street, other.zip)

    def __repr__(self):
        return f"Addr({self.street!r}, {self.zip!r})"


ALL_TYPES_DDL = """CREATE TABLE {ks}.t (k int PRIMARY KEY, a ascii, b bigint, bl blob, bo boolean, d date,
    de decimal, db double, du duration, f float, i inet, i6 inet, n int, sm smallint, tx text, tm time,
    ts timestamp, tu timeuuid, ti tinyint, u uuid, vi varint, vc varchar, l list<int>, st set<text>,
    m map<text, int>, tp tuple<int, text>, ud frozen<addr>, fl frozen<list<text>>,
    nm map<text, frozen<list<int>>>, fst frozen<set<int>>)"""

ALL_TYPES_COLS = ("k", "a", "b", "bl", "bo", "d", "de", "db", "du", "f", "i", "i6", "n", "sm", "tx", "tm", "ts", "tu",
                  "ti", "u", "vi", "vc", "l", "st", "m", "tp", "ud", "fl", "nm", "fst")


def all_types_values(k, variant=0):
    if variant == 0:
        return dict(k=k, a="plain ascii", b=-(2 ** 63), bl=bytes(range(256)), bo=True, d=datetime.date(2024, 2, 29),
                    de=decimal.Decimal("-12345.678901234567890"), db=3.141592653589793,
                    du=Duration(14, 3, 3600000000123), f=1.5, i="192.168.1.10", i6="2001:db8::1",
                    n=-2147483648, sm=-32768, tx="héllo wörld ✓ 日本", tm=datetime.time(13, 45, 30, 123456),
                    ts=datetime.datetime(2024, 1, 2, 3, 4, 5, 678000), tu=uuid.uuid1(), ti=-128, u=uuid.uuid4(),
                    vi=-123456789012345678901234567890, vc="varchar", l=[3, 1, 2, 1], st={"b", "a", "c"},
                    m={"x": 1, "a": 2}, tp=(7, "seven"), ud=Addr("Main St", 12345), fl=["x", "y"],
                    nm={"k": [1, 2]}, fst={3, 1})
    return dict(k=k, a="", b=2 ** 63 - 1, bl=b"", bo=False, d=datetime.date(1969, 12, 31),
                de=decimal.Decimal("0.000001"), db=-0.0, du=Duration(0, 0, 1), f=0.1, i="0.0.0.0", i6="::1",
                n=2147483647, sm=32767, tx="", tm=datetime.time(0, 0), ts=datetime.datetime(1969, 12, 31, 23, 59, 59),
                tu=uuid.uuid1(), ti=127, u=uuid.UUID(int=0), vi=0, vc="x", l=[0], st={""}, m={"": 0},
                tp=(None, None), ud=Addr(None, None), fl=[], nm={"e": []}, fst=set())


def test_prepared_every_type_roundtrip():
    c, s = connect()
    ks = create_keyspace(s, "pt_types")
    s.execute(f"CREATE TYPE {ks}.addr (street text, zip int)")
    s.execute(ALL_TYPES_DDL.format(ks=ks))
    c.register_user_type(ks, "addr", Addr)
    ins = s.prepare(f"INSERT INTO {ks}.t ({', '.join(ALL_TYPES_COLS)}) VALUES ({', '.join(['?'] * len(ALL_TYPES_COLS))})")
    sel = s.prepare(f"SELECT * FROM {ks}.t WHERE k = ?")
    for k, variant in ((1, 0), (2, 1)):
        vals = all_types_values(k, variant)
        s.execute(ins, [vals[col] for col in ALL_TYPES_COLS])
        row = s.execute(sel, (k,)).one()
        assert row is not None, f"row {k} not found"
        if variant == 1:
            # empty frozen collections are values, not nulls, in Cassandra; the driver may still
            # show them either way
            assert row.fl in ([], None), f"fl: {row.fl!r}"
            assert row.fst is None or set(row.fst) == set(), f"fst: {row.fst!r}"
            del vals["fl"], vals["fst"]
        check_values(row, vals)
    # nulls: every non-key column bound to None reads back as null
    s.execute(ins, [3] + [None] * (len(ALL_TYPES_COLS) - 1))
    row = s.execute(sel, (3,)).one()
    for col in ALL_TYPES_COLS[1:]:
        assert getattr(row, col) is None, f"{col}: expected null, got {getattr(row, col)!r}"
    # unset (v4): an unset value leaves the column as it was
    upd = s.prepare(f"UPDATE {ks}.t SET tx = ?, n = ? WHERE k = ?")
    s.execute(upd, ("kept?", 5, 1))
    s.execute(upd, (UNSET_VALUE, 6, 1))
    row = s.execute(sel, (1,)).one()
    eq((row.tx, row.n), ("kept?", 6), "UNSET_VALUE leaves the column alone")
    # the same statement without the registered class: the UDT comes back as a namedtuple
    c2, s2 = connect()
    row = s2.execute(f"SELECT ud, tp FROM {ks}.t WHERE k = 1").one()
    eq((row.ud.street, row.ud.zip), ("Main St", 12345), "UDT as namedtuple")
    eq(row.tp, (7, "seven"), "tuple")
    # a UDT bound as a plain tuple
    s2.execute(s2.prepare(f"UPDATE {ks}.t SET ud = ? WHERE k = ?"), (("Other", 1), 4))
    eq(tuple(s2.execute(f"SELECT ud FROM {ks}.t WHERE k = 4").one().ud), ("Other", 1), "UDT from tuple")


def test_counter_prepared():
    c, s = connect()
    ks = create_keyspace(s, "pt_counter")
    s.execute(f"CREATE TABLE {ks}.c (k int PRIMARY KEY, n counter, m counter)")
    ps = s.prepare(f"UPDATE {ks}.c SET n = n + ?, m = m - ? WHERE k = ?")
    s.execute(ps, (5, 1, 1))
    s.execute(ps, (-2, 1, 1))
    s.execute(ps, (2 ** 40, 0, 2))
    eq(tuple(s.execute(f"SELECT n, m FROM {ks}.c WHERE k = 1").one()), (3, -2), "counters")
    eq(s.execute(s.prepare(f"SELECT n FROM {ks}.c WHERE k = ?"), (2,)).one().n, 2 ** 40, "big counter")


def test_prepared_select_planned_once():
    # One plan serves every EXECUTE of a prepared SELECT (exec/select_plan.hpp's keeps_plan):
    # each binds its own values, the checks that read values are made again, and a schema
    # change plans again.
    c, s = connect()
    ks = create_keyspace(s, "pt_plan_once")
    s.execute(f"CREATE TABLE {ks}.t (k int, c int, v text, PRIMARY KEY (k, c))")
    for k, cc, v in ((1, 1, "one"), (1, 2, "two"), (2, 1, "deux")):
        s.execute(f"INSERT INTO {ks}.t (k, c, v) VALUES (%s, %s, %s)", (k, cc, v))
    q = s.prepare(f"SELECT v FROM {ks}.t WHERE k = ? AND c >= ? LIMIT ?")
    eq([r.v for r in s.execute(q, (1, 1, 5))], ["one", "two"], "first EXECUTE")
    eq([r.v for r in s.execute(q, (1, 2, 5))], ["two"], "new slice value")
    eq([r.v for r in s.execute(q, (1, 1, 1))], ["one"], "new LIMIT")
    eq([r.v for r in s.execute(q, (2, 0, 5))], ["deux"], "new key")
    e = expect_error(InvalidRequest, s.execute, q, (None, 1, 5))
    eq("Invalid null value in condition for column k" in str(e), True, str(e))
    e = expect_error(InvalidRequest, s.execute, q, (1, 1, 0))
    eq("LIMIT must be strictly positive" in str(e), True, str(e))
    eq([r.v for r in s.execute(q, (1, 1, 5))], ["one", "two"], "after the errors")
    s.execute(f"CREATE INDEX ON {ks}.t (v)")
    by_value = s.prepare(f"SELECT k, c FROM {ks}.t WHERE v = ?")
    eq([tuple(r) for r in s.execute(by_value, ("two",))], [(1, 2)], "index")
    eq([tuple(r) for r in s.execute(by_value, ("deux",))], [(2, 1)], "index, new value")
    e = expect_error(InvalidRequest, s.execute, by_value, ("x" * 70000,))
    eq("Index expression values may not be larger than 64K" in str(e), True, str(e))
    eq([tuple(r) for r in s.execute(by_value, ("one",))], [(1, 1)], "index after the error")


def test_prepared_update_delete_planned_once():
    # The keys of a prepared UPDATE or DELETE are worked out once (exec/modification_keys.hpp's
    # planned_keys) and each EXECUTE binds its own: refusals of a value still come, in
    # Cassandra's words, and a schema change works the keys out again.
    c, s = connect()
    ks = create_keyspace(s, "pt_write_plan")
    s.execute(f"CREATE TABLE {ks}.t (k int, c int, v text, n int, PRIMARY KEY (k, c))")
    up = s.prepare(f"UPDATE {ks}.t SET v = ?, n = ? WHERE c = ? AND k = ?")
    for k, cc in ((1, 1), (1, 2), (2, 1), (3, 3)):
        s.execute(up, (f"v{k}{cc}", k * 10 + cc, cc, k))
    rows = lambda: sorted(tuple(r) for r in s.execute(f"SELECT k, c, v, n FROM {ks}.t"))  # noqa: E731
    eq(rows(), [(1, 1, "v11", 11), (1, 2, "v12", 12), (2, 1, "v21", 21), (3, 3, "v33", 33)], "updates")
    e = expect_error(InvalidRequest, s.execute, up, ("x", 0, 1, None))
    eq("Invalid null value in condition for column k" in str(e), True, str(e))
    e = expect_error(InvalidRequest, s.execute, up, ("x", 0, None, 1))
    eq("Invalid null value in condition for column c" in str(e), True, str(e))
    e = expect_error(InvalidRequest, s.execute, up, ("x", 0, UNSET_VALUE, 1))
    eq("Invalid unset value for column c" in str(e), True, str(e))
    s.execute(up, ("again", 5, 1, 1))
    rm = s.prepare(f"DELETE FROM {ks}.t WHERE k = ? AND c = ?")
    s.execute(rm, (1, 2))
    s.execute(rm, (3, 3))
    e = expect_error(InvalidRequest, s.execute, rm, (None, 3))
    eq("Invalid null value in condition for column k" in str(e), True, str(e))
    eq(rows(), [(1, 1, "again", 5), (2, 1, "v21", 21)], "after the deletes")
    rm_partition = s.prepare(f"DELETE FROM {ks}.t WHERE k = ?")
    s.execute(rm_partition, (2,))
    batch = BatchStatement()
    batch.add(up, ("b1", 1, 7, 7))
    batch.add(up, ("b2", 2, 8, 7))
    batch.add(rm, (1, 1))
    s.execute(batch)
    eq(rows(), [(7, 7, "b1", 1), (7, 8, "b2", 2)], "partition delete, then a BATCH")
    s.execute(f"ALTER TABLE {ks}.t ADD w int")
    s.execute(up, ("altered", 9, 7, 7))
    eq(rows(), [(7, 7, "altered", 9), (7, 8, "b2", 2)], "after ALTER TABLE")
    s.execute(f"CREATE TABLE {ks}.byname (name text PRIMARY KEY, n int)")
    by_name = s.prepare(f"UPDATE {ks}.byname SET n = ? WHERE name = ?")
    s.execute(by_name, (1, "ann"))
    e = expect_error(InvalidRequest, s.execute, by_name, (2, ""))
    eq("Key may not be empty" in str(e), True, str(e))
    s.execute(by_name, (3, "bo"))
    eq(sorted(tuple(r) for r in s.execute(f"SELECT * FROM {ks}.byname")), [("ann", 1), ("bo", 3)], "text keys")


def test_unavailable_consistency():
    # A driver's consistency level is honoured: too few live replicas is Cassandra's UNAVAILABLE
    # (0x1000) with the level, the replicas required and those alive. RF 1 cannot give TWO even
    # with every node up; the driver tries its one host and raises NoHostAvailable around it.
    c, s = connect()
    ks = create_keyspace(s, "pt_unavailable")
    s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v int)")
    s.execute(f"INSERT INTO {ks}.t (k, v) VALUES (1, 1)")
    two = SimpleStatement(f"SELECT v FROM {ks}.t WHERE k = 1", consistency_level=ConsistencyLevel.TWO)
    e = expect_error(NoHostAvailable, s.execute, two)
    (inner,) = e.errors.values()
    eq(type(inner).__name__, "Unavailable", repr(inner))
    eq((inner.consistency, inner.required_replicas, inner.alive_replicas), (ConsistencyLevel.TWO, 2, 1), repr(inner))
    eq("Cannot achieve consistency level TWO" in str(inner), True, str(inner))
    write = SimpleStatement(f"INSERT INTO {ks}.t (k, v) VALUES (2, 2)", consistency_level=ConsistencyLevel.THREE)
    e = expect_error(NoHostAvailable, s.execute, write)
    (inner,) = e.errors.values()
    eq((inner.consistency, inner.required_replicas, inner.alive_replicas), (ConsistencyLevel.THREE, 3, 1), repr(inner))
    eq(s.execute(f"SELECT v FROM {ks}.t WHERE k = 2").one(), None, "the refused write left nothing")
    every = SimpleStatement(f"SELECT v FROM {ks}.t WHERE k = 1", consistency_level=ConsistencyLevel.ALL)
    eq([r.v for r in s.execute(every)], [1], "ALL at RF 1")
    anyread = SimpleStatement(f"SELECT v FROM {ks}.t WHERE k = 1", consistency_level=ConsistencyLevel.ANY)
    e = expect_error(InvalidRequest, s.execute, anyread)
    eq("ANY ConsistencyLevel is only supported for writes" in str(e), True, str(e))


def start_server_with_shell():
    """A `cqlbox --listen` of its own whose shell reads the test's NODETOOL commands on stdin:
    (process, port), once the port accepts connections."""
    port = free_port()
    proc = subprocess.Popen([BINARY, "--listen", f"127.0.0.1:{port}"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.time() + 10
    while not port_open(port) and time.time() < deadline:
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.05)
    return proc, port


def test_slow_replica_timeouts():
    # NODETOOL slow (typed at the server's own prompt) keeps node 2 up but late: a write at ALL
    # is Cassandra's WRITE_TIMEOUT (0x1100) with the level, the responses received and waited
    # for and the write type, and stays applied; a read at ALL is READ_TIMEOUT (0x1200). The
    # driver's default retry policy rethrows both, as cqlsh shows them.
    from cassandra import ReadTimeout, WriteTimeout
    proc, port = start_server_with_shell()
    try:
        deadline = time.time() + 10
        proc.stdin.write(b"NODETOOL slow 2\n")
        proc.stdin.flush()
        line = b""
        while b"is slow" not in line and time.time() < deadline:
            line = proc.stdout.readline()
        assert b"is slow" in line, line
        c, s = connect(port=port)
        ks = create_keyspace(s, "pt_slow", rf=3)
        s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v int)")
        write = SimpleStatement(f"INSERT INTO {ks}.t (k, v) VALUES (1, 1)", consistency_level=ConsistencyLevel.ALL)
        e = expect_error(WriteTimeout, s.execute, write)
        eq((e.consistency, e.required_responses, e.received_responses), (ConsistencyLevel.ALL, 3, 2), repr(e))
        eq("'write_type': 'SIMPLE'" in str(e), True, str(e))
        read = SimpleStatement(f"SELECT v FROM {ks}.t WHERE k = 1", consistency_level=ConsistencyLevel.ALL)
        e = expect_error(ReadTimeout, s.execute, read)
        eq((e.consistency, e.required_responses, e.received_responses), (ConsistencyLevel.ALL, 3, 2), repr(e))
        quorum = SimpleStatement(f"SELECT v FROM {ks}.t WHERE k = 1", consistency_level=ConsistencyLevel.QUORUM)
        eq([r.v for r in s.execute(quorum)], [1], "the timed-out write was applied; QUORUM needs no slow node")
        c.shutdown()
    finally:
        proc.terminate()
        proc.communicate(timeout=10)


def test_serial_consistency_levels():
    # A conditional write's serial level comes from the request's serial_consistency (flag 0x10):
    # with two of three replicas down, Paxos is UNAVAILABLE naming LOCAL_SERIAL when the driver
    # asks for it. The commit level cannot be a serial one, and a serial level that is neither
    # SERIAL nor LOCAL_SERIAL (the python driver refuses to send one: a raw frame does) is
    # refused with Cassandra's words (ConsistencyLevel.validateForCasCommit, validateForCas).
    proc, port = start_server_with_shell()
    try:
        deadline = time.time() + 10
        c, s = connect(port=port)
        ks = create_keyspace(s, "pt_serial", rf=3)
        s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v int)")
        commit_serial = SimpleStatement(f"INSERT INTO {ks}.t (k, v) VALUES (1, 1) IF NOT EXISTS",
                                        consistency_level=ConsistencyLevel.SERIAL)
        e = expect_error(InvalidRequest, s.execute, commit_serial)
        eq("SERIAL is not supported as conditional update commit consistency" in str(e), True, str(e))
        with RawConn(port=port) as conn:
            conn.startup()
            body = query_body(f"INSERT INTO {ks}.t (k, v) VALUES (1, 1) IF NOT EXISTS", flags=0x10) + p_short(1)
            f = conn.request(OP_QUERY, body, stream=3)
            eq(f.opcode, OP_ERROR, repr(f))
            r = f.reader()
            eq(r.int(), 0x2200, "InvalidRequest")
            eq(r.string(), "Invalid consistency for conditional update. Must be one of SERIAL or LOCAL_SERIAL",
               "serial level ONE")
        proc.stdin.write(b"NODETOOL stop 2\nNODETOOL stop 3\n")
        proc.stdin.flush()
        seen = b""
        while b"Node 3 (127.0.0.3) is down" not in seen and time.time() < deadline:
            seen += proc.stdout.readline()
        assert b"Node 3 (127.0.0.3) is down" in seen, seen
        local = SimpleStatement(f"INSERT INTO {ks}.t (k, v) VALUES (1, 1) IF NOT EXISTS",
                                serial_consistency_level=ConsistencyLevel.LOCAL_SERIAL)
        e = expect_error(NoHostAvailable, s.execute, local)
        (inner,) = e.errors.values()
        eq(type(inner).__name__, "Unavailable", repr(inner))
        eq((inner.consistency, inner.required_replicas, inner.alive_replicas),
           (ConsistencyLevel.LOCAL_SERIAL, 2, 1), repr(inner))
        eq(s.execute(f"SELECT v FROM {ks}.t WHERE k = 1").one(), None, "nothing was written")
        c.shutdown()
    finally:
        proc.terminate()
        proc.communicate(timeout=10)


def test_vector_float3():
    c, s = connect()
    ks = create_keyspace(s, "pt_vector")
    s.execute(f"CREATE TABLE {ks}.v (k int PRIMARY KEY, e vector<float, 3>)")
    s.execute(f"INSERT INTO {ks}.v (k, e) VALUES (1, [1.5, 2.5, -3.0])")
    tm = c.metadata.keyspaces[ks].tables["v"]
    eq(tm.columns["e"].cql_type, "vector<float, 3>", "vector cql_type in system_schema.columns")
    packed = struct.pack(">3f", 1.5, 2.5, -3.0)
    native = hasattr(cqltypes, "VectorType")   # driver >= 3.29 decodes vectors; 3.25 does not
    ps = s.prepare(f"INSERT INTO {ks}.v (k, e) VALUES (?, ?)")
    # 3.25: the bind marker's type is CUSTOM 'org.apache.cassandra.db.marshal.VectorType(...FloatType , 3)',
    # an unrecognized type whose values pass through as raw bytes (3 big-endian float32, no length prefixes).
    s.execute(ps, (2, [1.5, 2.5, -3.0] if native else packed))
    rs = s.execute(f"SELECT e FROM {ks}.v WHERE k IN (1, 2)")
    ctype = rs.column_types[0]
    assert "VectorType" in ctype.cass_parameterized_type(full=True), ctype.cass_parameterized_type(full=True)
    assert "FloatType" in ctype.cass_parameterized_type(full=True), ctype.cass_parameterized_type(full=True)
    for row in rs:
        if native:
            eq(list(row.e), [1.5, 2.5, -3.0], "vector")
        else:
            eq(row.e, packed, "vector as raw bytes (driver 3.25 has no VectorType)")


def test_large_blob_roundtrip():
    c, s = connect()
    ks = create_keyspace(s, "pt_blob")
    s.execute(f"CREATE TABLE {ks}.b (k int PRIMARY KEY, v blob)")
    big = os.urandom(4 * 1024 * 1024)
    s.execute(s.prepare(f"INSERT INTO {ks}.b (k, v) VALUES (?, ?)"), (1, big))
    got = s.execute(f"SELECT v FROM {ks}.b WHERE k = 1").one().v
    assert got == big, f"4 MiB blob came back as {len(got) if got else got} bytes"


def test_bound_values_hints_function_failure_and_ann():
    """Behaviours reached only through bound values: each failed before."""
    from cassandra import FunctionFailure
    from cassandra.query import BoundStatement
    c, s = connect()
    ks = create_keyspace(s, "pt_bound")
    s.execute(f"CREATE TYPE {ks}.xy (x double, y int)")
    s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v frozen<xy>, l list<text>, a int, n int)")
    # a marker fits a field of a UDT literal
    s.execute(s.prepare(f"INSERT INTO {ks}.t (k, v) VALUES (?, {{x: ?}})"), (1, -104.99251))
    eq(s.execute(f"SELECT v FROM {ks}.t WHERE k = 1").one().v.x, -104.99251, "UDT literal field marker")
    # DELETE l[?] bound to unset leaves the list alone
    s.execute(f"INSERT INTO {ks}.t (k, l) VALUES (2, ['a', 'b'])")
    s.execute(s.prepare(f"DELETE l[?] FROM {ks}.t WHERE k = 2"), (UNSET_VALUE,))
    eq(s.execute(f"SELECT l FROM {ks}.t WHERE k = 2").one().l, ["a", "b"], "DELETE l[unset]")
    # a bound list needs at least its element count
    ins = s.prepare(f"INSERT INTO {ks}.t (k, l) VALUES (?, ?)")
    bound = BoundStatement(ins)
    bound.values = [b"\x00\x00\x00\x03", b""]
    e = expect_error(InvalidRequest, s.execute, bound)
    assert "Not enough bytes to read a list" in str(e), str(e)
    # a type hint types a selection marker; PREPARE refuses an unknown column
    eq(s.execute(s.prepare(f"SELECT (int) ? AS h FROM {ks}.t WHERE k = 1"), (7,)).one().h, 7, "(int) ?")
    e = expect_error(InvalidRequest, s.prepare, f"INSERT INTO {ks}.t (k, nosuch) VALUES (?, ?)")
    assert "Undefined column name nosuch" in str(e), str(e)
    # an operation failing as it runs is a FunctionFailure (0x1400) naming the operator's function
    s.execute(f"INSERT INTO {ks}.t (k, a, n) VALUES (3, 1, 0)")
    e = expect_error(FunctionFailure, s.execute, f"SELECT a / n FROM {ks}.t WHERE k = 3")
    eq((e.keyspace, e.function, e.arg_types), ("system", "_divide", ["int", "int"]), "FunctionFailure body")
    assert "the operation 'int / int' failed: / by zero" in str(e), str(e)
    # ANN OF ? binds the column's vector type
    s.execute(f"CREATE TABLE {ks}.vec (k int PRIMARY KEY, v vector<float, 2>)")
    s.execute(f"CREATE INDEX ON {ks}.vec (v) USING 'sai'")
    for k, v in ((1, "[1, 0]"), (2, "[0, 1]"), (3, "[0.9, 0.2]")):
        s.execute(f"INSERT INTO {ks}.vec (k, v) VALUES ({k}, {v})")
    ann = s.prepare(f"SELECT k FROM {ks}.vec ORDER BY v ANN OF ? LIMIT 2")
    eq((ann.column_metadata[0].name, "VectorType(FloatType, 2)" in str(ann.column_metadata[0].type)), ("v", True),
       f"ANN marker {ann.column_metadata[0].name}: {ann.column_metadata[0].type}")
    eq([r.k for r in s.execute(f"SELECT k FROM {ks}.vec ORDER BY v ANN OF [1, 0] LIMIT 2")], [1, 3], "ANN order")


def test_unset_element_deletions():
    """DELETE c[?] bound to unset: a list index is skipped, a map key refused (Maps.DiscarderByKey)."""
    c, s = connect()
    ks = create_keyspace(s, "pt_unset_del")
    s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, l list<int>, m map<int, int>)")
    s.execute(f"INSERT INTO {ks}.t (k, l, m) VALUES (0, [1], {{1: 1}})")
    s.execute(s.prepare(f"DELETE l[?] FROM {ks}.t WHERE k = 0"), (UNSET_VALUE,))
    e = expect_error(InvalidRequest, s.execute, s.prepare(f"DELETE m[?] FROM {ks}.t WHERE k = 0"), (UNSET_VALUE,))
    assert "Invalid unset map key" in str(e), str(e)
    row = s.execute(f"SELECT l, m FROM {ks}.t WHERE k = 0").one()
    eq((row.l, row.m), ([1], {1: 1}), "nothing deleted")


def test_bound_duration_validation():
    """A bound duration is validated as DurationSerializer does: 32-bit months and days, one sign."""
    from cassandra.util import Duration
    c, s = connect()
    ks = create_keyspace(s, "pt_duration")
    s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, d duration)")
    ins = s.prepare(f"INSERT INTO {ks}.t (k, d) VALUES (?, ?)")
    e = expect_error(InvalidRequest, s.execute, ins, (1, Duration(2, -2, 0)))
    assert "The duration months, days and nanoseconds must be all of the same sign (2, -2, 0)" in str(e), str(e)
    e = expect_error(InvalidRequest, s.execute, ins, (1, Duration(9223372036854775807, 0, 0)))
    assert "The duration months must be a 32 bits integer but was: 9223372036854775807" in str(e), str(e)
    s.execute(ins, (2, Duration(-1, -2, -3)))
    eq(s.execute(f"SELECT d FROM {ks}.t WHERE k = 2").one().d, Duration(-1, -2, -3), "a negative duration")


def test_lwt_in_candidates_null_and_unset():
    """IF c IN ? may hold a null element; IF c IN (?, ?) leaves unset candidates out; IN ? unset is refused."""
    c, s = connect()
    ks = create_keyspace(s, "pt_lwt_in")
    s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v int)")
    s.execute(f"INSERT INTO {ks}.t (k, v) VALUES (0, 3)")
    upd = s.prepare(f"UPDATE {ks}.t SET v = 4 WHERE k = 0 IF v IN ?")
    eq(s.execute(upd, ([1, None, 3],)).one()[0], True, "IN ? with a null element")
    e = expect_error(InvalidRequest, s.execute, upd, (UNSET_VALUE,))
    assert "Invalid 'unset' value in condition" in str(e), str(e)
    two = s.prepare(f"UPDATE {ks}.t SET v = 5 WHERE k = 0 IF v IN (?, ?)")
    eq(s.execute(two, (1, UNSET_VALUE)).one()[0], False, "IN (1, unset)")
    eq(s.execute(two, (UNSET_VALUE, 4)).one()[0], True, "IN (unset, 4)")
    e = expect_error(InvalidRequest, s.execute, s.prepare(f"UPDATE {ks}.t SET v = 6 WHERE k = 0 IF v = ?"), (UNSET_VALUE,))
    assert "unset" in str(e), str(e)


def test_prepare_refuses_what_5_0_prepare_refuses():
    """Refusals 5.0 makes while preparing reach PREPARE, not only EXECUTE."""
    c, s = connect()
    ks = create_keyspace(s, "pt_prepare_refusals")
    s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, m map<text, int>, tp tuple<int, int>, v int)")
    for stmt, text in (
            (f"UPDATE {ks}.t SET m = m - {{'v1': 1}} WHERE k = ?", "Value for a map substraction has to be a set, but was: '{'v1': 1}'"),
            (f"UPDATE {ks}.t SET tp = tp + (1, 1) WHERE k = ?", "Invalid operation (tp = tp + (1, 1)) for tuple column tp"),
            (f"SELECT * FROM {ks}.t WHERE v != ? ALLOW FILTERING", 'Unsupported "!=" relation: v != ?'),
            (f"SELECT * FROM {ks}.t WHERE v IS NOT NULL", "Unsupported restriction: v IS NOT NULL"),
            (f"SELECT * FROM {ks}.t WHERE v CONTAINS ? ALLOW FILTERING", "Cannot use CONTAINS on non-collection column v"),
            (f"DELETE FROM {ks}.t WHERE k CONTAINS ?", "Cannot use DELETE with CONTAINS")):
        e = expect_error(InvalidRequest, s.prepare, stmt)
        assert text in str(e), (stmt, str(e))


def test_cast_terms_and_function_markers():
    """CAST(term AS type) is a call of cast_as_<type>; a marker takes its parameter's type."""
    c, s = connect()
    ks = create_keyspace(s, "pt_cast")
    s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v int, b blob)")
    ins = s.prepare(f"INSERT INTO {ks}.t (k, v) VALUES (1, CAST((float) ? AS int))")
    eq(ins.column_metadata[0].name, "arg0(system.cast_as_int)", "marker named after the cast's parameter")
    s.execute(ins, (3.4,))
    eq(s.execute(f"SELECT v FROM {ks}.t WHERE k = 1").one().v, 3, "CAST((float) ? AS int)")
    # a bare marker matches every overload: 5.0 refuses the call as ambiguous
    e = expect_error(InvalidRequest, s.prepare, f"INSERT INTO {ks}.t (k, v) VALUES (1, CAST(? AS int))")
    assert "Ambiguous call to function system.cast_as_int (can be matched by following signatures: " \
           "system.cast_as_int : (tinyint) -> int" in str(e), str(e)
    # one overload: the marker takes its type
    blob = s.prepare(f"INSERT INTO {ks}.t (k, b) VALUES (2, intAsBlob(?))")
    eq(blob.column_metadata[0].name, "arg0(system.intasblob)", "intAsBlob(?)")
    s.execute(blob, (258,))
    eq(s.execute(f"SELECT b FROM {ks}.t WHERE k = 2").one().b, b"\x00\x00\x01\x02", "intAsBlob(?) value")


def test_prepared_metadata():
    c, s = connect()
    ks = create_keyspace(s, "pt_pmeta")
    s.execute(f"CREATE TABLE {ks}.pm (a int, b text, c int, d text, v double, PRIMARY KEY ((a, b), c))")
    ps = s.prepare(f"INSERT INTO {ks}.pm (v, c, b, a, d) VALUES (?, ?, ?, ?, ?)")
    eq([m.name for m in ps.column_metadata], ["v", "c", "b", "a", "d"], "bind names")
    eq([m.type.typename for m in ps.column_metadata], ["double", "int", "varchar", "int", "varchar"], "bind types")
    eq({(m.keyspace_name, m.table_name) for m in ps.column_metadata}, {(ks, "pm")}, "bind table spec")
    eq(ps.routing_key_indexes, [3, 2], "routing_key_indexes (pk_indexes, v4)")
    assert not ps.result_metadata, f"INSERT has result metadata: {ps.result_metadata}"
    bound = ps.bind((1.0, 1, "x", 7, "y"))
    eq(bound.routing_key, b"\x00\x04\x00\x00\x00\x07\x00" + b"\x00\x01x\x00", "composite routing key")
    s.execute(bound)

    sel = s.prepare(f"SELECT a, b, c, v FROM {ks}.pm WHERE a = ? AND b = ? AND c > ? LIMIT ?")
    eq([m.name for m in sel.column_metadata], ["a", "b", "c", "[limit]"], "SELECT bind names")
    eq(sel.routing_key_indexes, [0, 1], "SELECT routing_key_indexes")
    # driver 3.25 keeps result metadata as (keyspace, table, name, type) tuples
    eq([m[2] for m in sel.result_metadata], ["a", "b", "c", "v"], "result metadata names")
    eq([m[3].typename for m in sel.result_metadata], ["int", "varchar", "int", "double"], "result types")
    eq(tuple(s.execute(sel, (7, "x", 0, 10)).one()), (7, "x", 1, 1.0), "row")

    ttl = s.prepare(f"UPDATE {ks}.pm USING TTL ? AND TIMESTAMP ? SET v = ? WHERE a = ? AND b = ? AND c = ?")
    eq([m.name for m in ttl.column_metadata], ["[ttl]", "[timestamp]", "v", "a", "b", "c"], "TTL/TIMESTAMP markers")
    eq([m.type.typename for m in ttl.column_metadata][:2], ["int", "bigint"], "TTL/TIMESTAMP types")
    tok = s.prepare(f"SELECT v FROM {ks}.pm WHERE token(a, b) > ?")
    eq([(m.name, m.type.typename) for m in tok.column_metadata], [("partition key token", "bigint")], "token marker")
    inm = s.prepare(f"SELECT v FROM {ks}.pm WHERE a = ? AND b = ? AND c IN ?")
    eq([(m.name, m.type.typename) for m in inm.column_metadata],
       [("a", "int"), ("b", "varchar"), ("in(c)", "list")], "IN ? marker")
    eq([r.v for r in s.execute(inm, (7, "x", [0, 1, 2]))], [1.0], "IN ? bound to a list")

    again = s.prepare(f"INSERT INTO {ks}.pm (v, c, b, a, d) VALUES (?, ?, ?, ?, ?)")
    eq(again.query_id, ps.query_id, "preparing the same text twice gives the same id")


def test_prepared_statements_follow_schema_changes():
    """Cassandra drops a prepared statement when its table is dropped or altered in a way that
    affects statements (QueryProcessor's StatementInvalidatingListener): the next EXECUTE gets
    UNPREPARED and the driver prepares it again, against the new schema. Its id is the MD5 of
    the text, after the keyspace in use when the statement does not name its table's keyspace."""
    import hashlib
    for version in (4, 5):
        c, s = connect(protocol_version=version)
        ks = create_keyspace(s, f"pt_inval{version}")
        s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v int)")
        s.execute(f"INSERT INTO {ks}.t (k, v) VALUES (1, 10)")
        text = f"SELECT * FROM {ks}.t WHERE k = ?"
        ps = s.prepare(text)
        eq(ps.query_id, hashlib.md5(text.encode()).digest(), "a qualified statement's id")
        eq(tuple(s.execute(ps, (1,)).one()), (1, 10), "row before ALTER")
        s.execute(f"ALTER TABLE {ks}.t ADD w int")
        eq(tuple(s.execute(ps, (1,)).one()), (1, 10, None), f"v{version}: row after ADD w (re-prepared)")
        s.execute(f"ALTER TABLE {ks}.t WITH comment = 'no effect on statements'")
        eq(tuple(s.execute(ps, (1,)).one()), (1, 10, None), "row after a comment change")
        s.execute(f"DROP TABLE {ks}.t")
        try:
            s.execute(ps, (1,))
            raise AssertionError("EXECUTE after DROP TABLE succeeded")
        except InvalidRequest as e:
            assert "t" in str(e), e
        s.set_keyspace(ks)
        s.execute("CREATE TABLE u (k int PRIMARY KEY)")
        unq = s.prepare("SELECT * FROM u WHERE k = ?")
        eq(unq.query_id, hashlib.md5((ks + "SELECT * FROM u WHERE k = ?").encode()).digest(), "an unqualified id")
        c.shutdown()


def test_named_bind_markers():
    c, s = connect()
    ks = create_keyspace(s, "pt_named")
    s.execute(f"CREATE TABLE {ks}.nm (k int PRIMARY KEY, v text, w int)")
    ps = s.prepare(f"INSERT INTO {ks}.nm (k, v, w) VALUES (:k, :v, :w)")
    eq([m.name for m in ps.column_metadata], ["k", "v", "w"], "marker names")
    s.execute(ps, {"w": 2, "k": 1, "v": "x"})
    sel = s.prepare(f"SELECT * FROM {ks}.nm WHERE k = :key")
    eq([m.name for m in sel.column_metadata], ["key"], "a marker named unlike its column")
    eq(tuple(s.execute(sel, {"key": 1}).one()), (1, "x", 2), "row")
    upd = s.prepare(f"UPDATE {ks}.nm SET w = :val WHERE k IN (:a, :b)")
    eq([m.name for m in upd.column_metadata], ["val", "a", "b"], "IN markers")
    s.execute(upd, {"val": 9, "a": 1, "b": 2})
    eq(s.execute(f"SELECT w FROM {ks}.nm WHERE k = 1").one().w, 9, "named IN update")


def test_paging_single_partition():
    c, s = connect()
    ks = create_keyspace(s, "pt_paging1")
    s.execute(f"CREATE TABLE {ks}.pg (p int, c int, v text, PRIMARY KEY (p, c))")
    ins = s.prepare(f"INSERT INTO {ks}.pg (p, c, v) VALUES (?, ?, ?)")
    order = list(range(10000))
    order = order[5000:] + order[:5000]   # not in clustering order
    for start in range(0, 10000, 100):
        batch = BatchStatement(batch_type=BatchType.UNLOGGED)
        for i in order[start:start + 100]:
            batch.add(ins, (0, i, f"v{i}"))
        s.execute(batch)
    st = SimpleStatement(f"SELECT c, v FROM {ks}.pg WHERE p = 0", fetch_size=100)
    rs = s.execute(st)
    pages, rows = 0, []
    while True:
        pages += 1
        assert len(rs.current_rows) <= 100, f"page of {len(rs.current_rows)} rows with fetch_size 100"
        rows.extend(rs.current_rows)
        if not rs.has_more_pages:
            break
        rs.fetch_next_page()
    eq([r.c for r in rows], list(range(10000)), "10,000 rows in clustering order")
    assert all(r.v == f"v{r.c}" for r in rows)
    assert 100 <= pages <= 101, f"{pages} pages"
    # resume from a saved paging_state with a new statement object
    first = s.execute(st)
    state = first.paging_state
    assert isinstance(state, bytes) and state, f"paging_state {state!r}"
    second = s.execute(SimpleStatement(f"SELECT c, v FROM {ks}.pg WHERE p = 0", fetch_size=100), paging_state=state)
    eq([r.c for r in second.current_rows], list(range(100, 200)), "page resumed from paging_state")
    # prepared statement paging (EXECUTE with page size and paging state), descending order
    sel = s.prepare(f"SELECT c FROM {ks}.pg WHERE p = ? ORDER BY c DESC")
    bound = sel.bind((0,))
    bound.fetch_size = 333
    eq([r.c for r in s.execute(bound)], list(range(9999, -1, -1)), "prepared paging, DESC")
    # a slice, a LIMIT smaller than a page, and a LIMIT spanning pages
    eq([r.c for r in s.execute(SimpleStatement(f"SELECT c FROM {ks}.pg WHERE p = 0 AND c >= 9990", fetch_size=3))],
       list(range(9990, 10000)), "slice with paging")
    eq(len(list(s.execute(SimpleStatement(f"SELECT c FROM {ks}.pg WHERE p = 0 LIMIT 250", fetch_size=100)))), 250,
       "LIMIT across pages")


def test_paging_ends_with_an_empty_page_after_a_full_one():
    # Cassandra's pager sends a paging state with every full page unless it knows nothing can
    # follow (the LIMIT reached, an aggregate's one row); the rows running out exactly at a page's
    # end give a last, empty page. A client that loops "while the page is full" relies on it
    # (scylla cqlpy's index paging tests looped forever when the state was missing).
    c, s = connect()
    ks = create_keyspace(s, "pt_fullpage")
    s.execute(f"CREATE TABLE {ks}.t (p int, c int, PRIMARY KEY (p, c))")
    for i in range(4):
        s.execute(f"INSERT INTO {ks}.t (p, c) VALUES (1, {i})")
    st = SimpleStatement(f"SELECT c FROM {ks}.t WHERE p = 1", fetch_size=2)
    pages, state = [], None
    while True:
        rs = s.execute(st, paging_state=state)
        pages.append([r.c for r in rs.current_rows])
        state = rs.paging_state
        if state is None:
            break
        assert len(pages) < 10, f"paging did not end: {pages}"
    eq(pages, [[0, 1], [2, 3], []], "pages")
    rs = s.execute(SimpleStatement(f"SELECT c FROM {ks}.t WHERE p = 1 LIMIT 2", fetch_size=2))
    eq((len(rs.current_rows), rs.paging_state), (2, None), "a LIMIT that ends the rows ends the paging")
    rs = s.execute(SimpleStatement(f"SELECT count(*) FROM {ks}.t WHERE p = 1", fetch_size=1))
    eq((rs.one().count, rs.paging_state), (4, None), "an aggregate's one row")


def test_markers_in_the_selection():
    # f(?) takes the function's parameter type ("[selection]"), m[?] / s[?] the key or element
    # type (key(m), value(s)), as Selectable.WithTerm and specForElementOrSlice name them.
    c, s = connect()
    ks = create_keyspace(s, "pt_selmarkers")
    s.execute(f"CREATE TABLE {ks}.mp (k int PRIMARY KEY, m map<text, text>, st set<int>)")
    s.execute(f"INSERT INTO {ks}.mp (k, m, st) VALUES (0, {{'a': 'A', 'b': 'B'}}, {{1, 2, 3}})")
    p = s.prepare(f"SELECT m[?], st[?], intAsBlob(?) FROM {ks}.mp WHERE k = ?")
    eq([(m.name, m.type.typename) for m in p.column_metadata],
       [("key(m)", "varchar"), ("value(st)", "int"), ("[selection]", "int"), ("k", "int")], "marker metadata")
    eq(tuple(s.execute(p, ("b", 2, 7, 0)).one()), ("B", 2, b"\x00\x00\x00\x07"), "bound selection")


def test_marker_types_of_set_deletion_and_in_condition():
    c, s = connect()
    ks = create_keyspace(s, "pt_markertypes")
    s.execute(f"CREATE TABLE {ks}.s1 (k int PRIMARY KEY, s set<text>, v1 int)")
    s.execute(f"INSERT INTO {ks}.s1 (k, s, v1) VALUES (0, {{'a', 'b'}}, 3)")
    p = s.prepare(f"DELETE s[?] FROM {ks}.s1 WHERE k = 0")
    eq([(m.name, m.type.typename) for m in p.column_metadata], [("value(s)", "varchar")], "DELETE s[?] on a set")
    s.execute(p, ("a",))
    q = s.prepare(f"UPDATE {ks}.s1 SET v1 = 4 WHERE k = 0 IF v1 IN ?")
    eq([(m.name, m.type.typename) for m in q.column_metadata], [("in(v1)", "list")], "IF v1 IN ?")
    eq(s.execute(q, ([1, 3],)).one().applied, True, "IN ? condition holds")
    eq(tuple(s.execute(f"SELECT s, v1 FROM {ks}.s1 WHERE k = 0").one()), ({"b"}, 4), "after both")


def test_bound_tuples_in_multi_column_relations():
    # (b) = ?, (b, c) IN (?, ?), (b, c) IN ? and (b, c) > ? each take tuples (a list of them for IN ?).
    c, s = connect()
    ks = create_keyspace(s, "pt_tuplemarkers")
    s.execute(f"CREATE TABLE {ks}.mc (a int, b int, c int, PRIMARY KEY (a, b, c))")
    for b in range(3):
        for cc in range(2):
            s.execute(f"INSERT INTO {ks}.mc (a, b, c) VALUES (0, {b}, {cc})")
    cases = [("(b) = ?", ((1,),), [(1, 0), (1, 1)]),
             ("(b, c) IN (?, ?)", ((1, 0), (2, 1)), [(1, 0), (2, 1)]),
             ("(b, c) IN ?", ([(1, 0), (2, 1)],), [(1, 0), (2, 1)]),
             ("(b, c) > ?", ((1, 0),), [(1, 1), (2, 0), (2, 1)])]
    for where, values, expected in cases:
        p = s.prepare(f"SELECT b, c FROM {ks}.mc WHERE a = ? AND {where}")
        eq([tuple(r) for r in s.execute(p, (0,) + values)], expected, where)
    eq([m.name for m in s.prepare(f"SELECT * FROM {ks}.mc WHERE a = ? AND (b, c) IN ?").column_metadata],
       ["a", "in(b,c)"], "IN ? metadata")


def test_prepare_checks_the_select_before_values():
    # QueryProcessor prepares a statement before anything is bound: PREPARE refuses a SELECT its
    # restrictions refuse, and a QUERY whose markers got no values is refused for the same
    # reason first, "Invalid amount of bind variables" only when the statement itself is valid.
    c, s = connect()
    ks = create_keyspace(s, "pt_preparechecks")
    s.execute(f"CREATE TABLE {ks}.t (a int, b int, c int, d int, PRIMARY KEY ((a, b), c, d))")
    refused = f"SELECT * FROM {ks}.t WHERE a = ? AND (c) = (?)"
    for fn in (s.prepare, s.execute):
        e = expect_error(InvalidRequest, fn, refused)
        assert "ALLOW FILTERING" in str(e), e
    e = expect_error(InvalidRequest, s.execute, f"SELECT * FROM {ks}.t WHERE a = ? AND b = ?")
    assert "Invalid amount of bind variables" in str(e), e
    e = expect_error(InvalidRequest, s.prepare, f"SELECT * FROM {ks}.t WHERE a = ? AND b = ? AND d = ?")
    assert 'PRIMARY KEY column "d" cannot be restricted as preceding column "c" is not restricted' in str(e), e
    # Values a key may not hold (empty, null) are refused when bound, not when prepared.
    s.execute(f"CREATE TABLE {ks}.k (k text, t tuple<int, text>, v frozen<list<int>>, PRIMARY KEY (k, t))")
    p = s.prepare(f"SELECT * FROM {ks}.k WHERE k = ? AND t = ? AND v = ? ALLOW FILTERING")
    eq(list(s.execute(p, ("x", (1, "y"), [1]))), [], "prepared with a tuple and a list")
    s.prepare(f"SELECT * FROM {ks}.k WHERE token(k) > ? AND token(k) <= ?")


def test_insert_json_marker():
    c, s = connect()
    ks = create_keyspace(s, "pt_jsonmarker")
    s.execute(f"CREATE TABLE {ks}.j (k int PRIMARY KEY, v text, n int)")
    p = s.prepare(f"INSERT INTO {ks}.j JSON ?")
    eq([(m.name, m.type.typename) for m in p.column_metadata], [("[json]", "varchar")], "JSON ? metadata")
    s.execute(p, ('{"k": 1, "v": "a", "n": 3}',))
    s.execute(s.prepare(f"INSERT INTO {ks}.j JSON ? DEFAULT UNSET"), ('{"k": 1, "v": "b"}',))
    eq(tuple(s.execute(f"SELECT k, v, n FROM {ks}.j").one()), (1, "b", 3), "JSON ? rows")
    e = expect_error(InvalidRequest, s.execute, p, (None,))
    assert "Got null for INSERT JSON values" in str(e), e


def test_null_ttl_is_no_ttl():
    # Attributes.getTimeToLive: a bound null TTL means no TTL (not the table's default).
    c, s = connect()
    ks = create_keyspace(s, "pt_nullttl")
    s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v int) WITH default_time_to_live = 100")
    s.execute(s.prepare(f"INSERT INTO {ks}.t (k, v) VALUES (?, ?) USING TTL ?"), (1, 1, None))
    s.execute(s.prepare(f"UPDATE {ks}.t USING TTL ? SET v = ? WHERE k = ?"), (None, 2, 2))
    s.execute(s.prepare(f"INSERT INTO {ks}.t (k, v) VALUES (?, ?) USING TTL ?"), (3, 3, UNSET_VALUE))
    eq(sorted((r.k, r.ttl_v) for r in s.execute(f"SELECT k, ttl(v) FROM {ks}.t")), [(1, None), (2, None), (3, 100)],
       "null TTL: none; unset TTL: the table's default")


def test_paging_many_partitions():
    from cassandra.murmur3 import murmur3
    c, s = connect()
    ks = create_keyspace(s, "pt_paging2")
    s.execute(f"CREATE TABLE {ks}.pg (p int, c int, PRIMARY KEY (p, c))")
    ins = s.prepare(f"INSERT INTO {ks}.pg (p, c) VALUES (?, ?)")
    args = [(p, i) for p in range(8) for i in range(1250)]
    results = execute_concurrent_with_args(s, ins, args, concurrency=100)
    assert all(ok for ok, _ in results), [r for ok, r in results if not ok][:3]
    for fetch in (100, 333):
        rows = [(r.p, r.c) for r in s.execute(SimpleStatement(f"SELECT p, c FROM {ks}.pg", fetch_size=fetch))]
        eq(len(rows), 10000, f"rows with fetch_size {fetch}")
        eq(sorted(rows), sorted(args), "the same rows")
        seen = []
        for p, _ in rows:
            if not seen or seen[-1] != p:
                assert p not in seen, f"partition {p} split across the scan"
                seen.append(p)
        tokens = [murmur3(struct.pack(">i", p)) for p in seen]
        eq(tokens, sorted(tokens), "partitions in token order")
        for p in range(8):
            eq([cc for pp, cc in rows if pp == p], list(range(1250)), f"clustering order in partition {p}")
    # IN on the partition key with paging
    rows = list(s.execute(SimpleStatement(f"SELECT p, c FROM {ks}.pg WHERE p IN (3, 5) AND c < 200", fetch_size=50)))
    eq(len(rows), 400, "IN + slice with paging")


def test_batches():
    c, s = connect()
    ks = create_keyspace(s, "pt_batch")
    s.execute(f"CREATE TABLE {ks}.b (k int, c int, v text, PRIMARY KEY (k, c))")
    s.execute(f"CREATE TABLE {ks}.cnt (k int PRIMARY KEY, n counter)")
    ins = s.prepare(f"INSERT INTO {ks}.b (k, c, v) VALUES (?, ?, ?)")
    logged = BatchStatement(batch_type=BatchType.LOGGED)
    logged.add(ins, (1, 1, "prepared"))
    logged.add(SimpleStatement(f"INSERT INTO {ks}.b (k, c, v) VALUES (%s, %s, %s)"), (1, 2, "simple"))
    logged.add(f"UPDATE {ks}.b SET v = 'plain' WHERE k = 1 AND c = 3")
    logged.add(ins, (2, 1, "other partition"))
    s.execute(logged)
    eq([tuple(r) for r in s.execute(f"SELECT c, v FROM {ks}.b WHERE k = 1")],
       [(1, "prepared"), (2, "simple"), (3, "plain")], "logged batch")
    unlogged = BatchStatement(batch_type=BatchType.UNLOGGED, consistency_level=ConsistencyLevel.ONE)
    for i in range(20):
        unlogged.add(ins, (100 + i, 0, f"u{i}"))
    s.execute(unlogged)
    eq(s.execute(f"SELECT count(*) FROM {ks}.b WHERE k IN (100, 105, 119)").one()[0], 3, "unlogged batch")
    ctr = s.prepare(f"UPDATE {ks}.cnt SET n = n + ? WHERE k = ?")
    counter = BatchStatement(batch_type=BatchType.COUNTER)
    counter.add(ctr, (2, 1))
    counter.add(ctr, (3, 1))
    counter.add(f"UPDATE {ks}.cnt SET n = n + 10 WHERE k = 2")
    s.execute(counter)
    eq({r.k: r.n for r in s.execute(f"SELECT k, n FROM {ks}.cnt")}, {1: 5, 2: 10}, "counter batch")
    # a BATCH statement sent as QUERY text, with its own timestamp (overrides the driver's
    # client-side default timestamp, flag 0x20, which every QUERY/EXECUTE/BATCH carries)
    s.execute(f"BEGIN BATCH USING TIMESTAMP 1234567890 INSERT INTO {ks}.b (k, c, v) VALUES (3, 1, 'ts'); "
              f"INSERT INTO {ks}.b (k, c, v) VALUES (3, 2, 'ts') APPLY BATCH")
    eq([r[0] for r in s.execute(f"SELECT writetime(v) FROM {ks}.b WHERE k = 3")], [1234567890] * 2,
       "USING TIMESTAMP in a batch")
    # otherwise the write timestamp is the driver's client-side one (query flag 0x20 on QUERY and
    # EXECUTE, batch flag 0x20 on BATCH)
    saved_generator = c.timestamp_generator
    c.timestamp_generator = lambda: 1111
    s.execute(ins, (4, 1, "execute"))
    s.execute(f"INSERT INTO {ks}.b (k, c, v) VALUES (4, 2, 'query')")
    tsb = BatchStatement()
    tsb.add(ins, (4, 3, "batch"))
    s.execute(tsb)
    eq([r[0] for r in s.execute(f"SELECT writetime(v) FROM {ks}.b WHERE k = 4")], [1111] * 3,
       "writetime = the client timestamp of EXECUTE, QUERY and BATCH")
    c.timestamp_generator = saved_generator
    # conditional batch (single partition)
    cond = BatchStatement()
    cond.add(f"INSERT INTO {ks}.b (k, c, v) VALUES (9, 1, 'a') IF NOT EXISTS")
    cond.add(ins, (9, 2, "b"))
    r = s.execute(cond)
    assert r.was_applied, "conditional batch not applied"
    r = s.execute(cond)
    assert not r.was_applied, "conditional batch applied twice"
    # Each statement is parsed on its own (a prepared one at its PREPARE) and only DML may be one.
    bad = BatchStatement()
    bad.add(ins, (10, 1, "x"))
    bad.add(f"SELECT * FROM {ks}.b")
    e = expect_error(InvalidRequest, s.execute, bad)
    assert "Invalid statement in batch: only UPDATE, INSERT and DELETE statements are allowed." in str(e), e
    eq(s.execute(f"SELECT * FROM {ks}.b WHERE k = 10").one(), None, "nothing of a refused batch applied")
    # markers numbered on across statements, a trailing comment and ';' in a text one
    mixed = BatchStatement()
    mixed.add(SimpleStatement(f"INSERT INTO {ks}.b (k, c, v) VALUES (%s, %s, %s); -- note"), (11, 1, "a"))
    mixed.add(ins, (11, 2, "b"))
    mixed.add(f"DELETE FROM {ks}.b WHERE k = 11 AND c = 1")
    s.execute(mixed)
    eq([tuple(r) for r in s.execute(f"SELECT c, v FROM {ks}.b WHERE k = 11")], [(2, "b")], "mixed batch")


def test_lwt():
    c, s = connect()
    ks = create_keyspace(s, "pt_lwt")
    s.execute(f"CREATE TABLE {ks}.l (k int PRIMARY KEY, v int, w text)")
    r = s.execute(f"INSERT INTO {ks}.l (k, v, w) VALUES (1, 10, 'a') IF NOT EXISTS")
    eq(r.column_names[0], "[applied]", "first column")
    assert r.was_applied is True, "first INSERT IF NOT EXISTS not applied"
    r = s.execute(f"INSERT INTO {ks}.l (k, v, w) VALUES (1, 20, 'b') IF NOT EXISTS")
    assert r.was_applied is False, "second INSERT IF NOT EXISTS applied"
    row = r.one()
    eq((row.k, row.v, row.w), (1, 10, "a"), "existing row returned with [applied]=False")
    ps = s.prepare(f"UPDATE {ks}.l SET v = ? WHERE k = ? IF v = ?")
    assert s.execute(ps, (11, 1, 10)).was_applied, "UPDATE IF v = 10"
    r = s.execute(ps, (12, 1, 10))
    assert not r.was_applied, "UPDATE IF v = 10 applied although v = 11"
    eq(r.one().v, 11, "current value returned")
    st = SimpleStatement(f"UPDATE {ks}.l SET w = 'z' WHERE k = 99 IF EXISTS",
                         serial_consistency_level=ConsistencyLevel.LOCAL_SERIAL)
    r = s.execute(st)
    assert not r.was_applied, "IF EXISTS on a missing row"
    eq(r.column_names, ["[applied]"], "IF EXISTS on a missing row returns only [applied]")
    r = s.execute(f"DELETE FROM {ks}.l WHERE k = 1 IF w = 'a'")
    assert r.was_applied, "DELETE IF"
    eq(s.execute(f"SELECT * FROM {ks}.l WHERE k = 1").one(), None, "row deleted")


def test_errors_and_recovery():
    c, s = connect()
    ks = create_keyspace(s, "pt_err")
    s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v int)")
    shell = shell_errors(
        f"CREATE KEYSPACE {ks} WITH replication = {{'class': 'SimpleStrategy', 'replication_factor': 1}};\n"
        f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v int);\n"
        "SELEC * FROM system.local;\n"                      # line 3
        f"SELECT * FROM {ks}.nosuch;\n"                      # line 4
        f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v int);\n"  # line 5
        f"CREATE KEYSPACE {ks} WITH replication = {{'class': 'SimpleStrategy', 'replication_factor': 1}};\n"  # 6
        "SELECT * FROM nosuchks.t;\n"                        # line 7
        f"INSERT INTO {ks}.t (k, v) VALUES (1, 'text');\n"   # line 8
    )
    # The shell numbers an error by the line after its statement (as cqlsh does): key the errors
    # by the statement's own line, 3 onwards, in order.
    shell = {3 + n: text for n, (_, text) in enumerate(sorted(shell.items()))}

    def alive():
        assert s.execute("SELECT release_version FROM system.local").one() is not None, "session broken after error"

    e = expect_error(SyntaxException, s.execute, "SELEC * FROM system.local")
    assert e.message.startswith("line 1:0 no viable alternative at input 'SELEC'"), e.message
    eq("SyntaxException: " + e.message, shell.get(3), "driver message vs shell")
    alive()
    e = expect_error(InvalidRequest, s.execute, f"SELECT * FROM {ks}.nosuch")
    assert any(m in str(e) for m in ('message="table nosuch does not exist"', 'message="unconfigured table nosuch"')), e
    eq("InvalidRequest: " + str(e), shell.get(4), "driver message vs shell")
    alive()
    e = expect_error(AlreadyExists, s.execute, f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v int)")
    eq((e.keyspace, e.table), (ks, "t"), "AlreadyExists keyspace/table")
    eq("AlreadyExists: " + str(e), shell.get(5), "driver message vs shell")
    alive()
    e = expect_error(AlreadyExists, create_keyspace, s, ks)
    eq(e.keyspace, ks, "AlreadyExists keyspace")
    assert not e.table, f"AlreadyExists.table for a keyspace: {e.table!r}"
    eq("AlreadyExists: " + str(e), shell.get(6), "driver message vs shell")
    alive()
    e = expect_error(InvalidRequest, s.execute, "SELECT * FROM nosuchks.t")
    eq("InvalidRequest: " + str(e), shell.get(7), "driver message vs shell")
    e = expect_error(InvalidRequest, s.execute, f"INSERT INTO {ks}.t (k, v) VALUES (1, 'text')")
    eq("InvalidRequest: " + str(e), shell.get(8), "driver message vs shell")
    # errors at PREPARE and at EXECUTE
    with quiet_driver_logs():
        expect_error(SyntaxException, s.prepare, f"INSERT INTO {ks}.t (k, v) VALUES (?, ?")
        expect_error(InvalidRequest, s.prepare, f"SELECT nosuchcol FROM {ks}.t")
    ps = s.prepare(f"INSERT INTO {ks}.t (k, v) VALUES (?, ?)")
    expect_error(InvalidRequest, s.execute, ps, (None, 1))
    s.execute(ps, (1, 1))
    eq(s.execute(f"SELECT v FROM {ks}.t WHERE k = 1").one().v, 1, "works after errors")
    # an error inside a batch fails the whole batch
    b = BatchStatement()
    b.add(ps, (2, 2))
    b.add(f"INSERT INTO {ks}.nosuch (k) VALUES (1)")
    expect_error(InvalidRequest, s.execute, b)
    eq(s.execute(f"SELECT * FROM {ks}.t WHERE k = 2").one(), None, "failed batch applied nothing")
    alive()


def test_server_side_describe():
    """cqlsh 5.0 sends DESCRIBE to the server: rows of keyspace_name, type, name, create_statement,
    the same statements the shell prints."""
    c, s = connect()
    ks = create_keyspace(s, "pt_desc")
    s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v text)")
    s.execute(f"CREATE INDEX ON {ks}.t (v)")
    rows = list(s.execute(f"DESCRIBE TABLE {ks}.t"))
    eq([(r.keyspace_name, r.type, r.name) for r in rows], [(ks, "table", "t"), (ks, "index", "t_v_idx")], "rows")
    assert rows[0].create_statement.startswith(f"CREATE TABLE {ks}.t (\n    k int PRIMARY KEY,"), rows[0].create_statement
    eq(rows[1].create_statement, f"CREATE INDEX t_v_idx ON {ks}.t (v);", "index statement")
    shell = subprocess.run([BINARY], input=f"CREATE KEYSPACE {ks} WITH replication = {{'class': 'SimpleStrategy', "
                           f"'replication_factor': 1}};\nCREATE TABLE {ks}.t (k int PRIMARY KEY, v text);\n"
                           f"CREATE INDEX ON {ks}.t (v);\nDESCRIBE TABLE {ks}.t;\n", capture_output=True, text=True)
    eq(shell.stdout, "".join("\n" + r.create_statement + "\n" for r in rows), "shell DESCRIBE vs server rows")
    names = [r.name for r in s.execute("DESCRIBE KEYSPACES")]
    assert ks in names and "system" in names, names
    cluster_row = s.execute("DESC CLUSTER").one()
    eq((cluster_row.cluster, cluster_row.partitioner), ("Test Cluster", "Murmur3Partitioner"), "DESC CLUSTER")
    e = expect_error(InvalidRequest, s.execute, f"DESCRIBE TABLE {ks}.nosuch")
    assert f"Table 'nosuch' not found in keyspace '{ks}'" in str(e), e


def test_use_keyspace():
    c, s = connect()
    ks1 = create_keyspace(s, "pt_use1")
    ks2 = create_keyspace(s, "pt_use2")
    for ks, v in ((ks1, "one"), (ks2, "two")):
        s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v text)")
        s.execute(f"INSERT INTO {ks}.t (k, v) VALUES (1, '{v}')")
    s.set_keyspace(ks1)          # USE pt_use1, then USE "pt_use1" (quoted) on every pooled connection
    eq(s.keyspace, ks1, "session keyspace")
    eq(s.execute("SELECT v FROM t WHERE k = 1").one().v, "one", "unqualified after set_keyspace")
    ps = s.prepare("SELECT v FROM t WHERE k = ?")
    s.execute(f"USE {ks2}")      # RESULT SetKeyspace: the driver switches every pooled connection
    eq(s.keyspace, ks2, "session keyspace after USE")
    eq(s.execute("SELECT v FROM t WHERE k = 1").one().v, "two", "unqualified after USE")
    eq(s.execute(ps, (1,)).one().v, "one", "a statement prepared under pt_use1 still reads pt_use1.t")
    e = expect_error(InvalidRequest, s.execute, "USE nosuch")
    assert "Keyspace 'nosuch' does not exist" in str(e), e
    c2, s2 = connect(keyspace=ks2)
    eq(s2.execute("SELECT v FROM t WHERE k = 1").one().v, "two", "cluster.connect(keyspace)")
    e = expect_error(InvalidRequest, s2.execute, "SELECT * FROM nosuchtable")
    c3 = Cluster(["127.0.0.1"], port=SERVER.port, protocol_version=4, connection_class=CONN_CLASS,
                 execution_profiles={EXEC_PROFILE_DEFAULT: ExecutionProfile(
                     load_balancing_policy=WhiteListRoundRobinPolicy(["127.0.0.1"]))},
                 connect_timeout=5, control_connection_timeout=5)
    OPEN_CLUSTERS.append(c3)
    with quiet_driver_logs():
        expect_error(Exception, c3.connect, "nosuch_keyspace")
    # no keyspace at all
    c4, s4 = connect()
    e = expect_error(InvalidRequest, s4.execute, "SELECT * FROM t")
    assert "No keyspace has been specified" in str(e), e


def test_concurrent_inserts():
    c, s = connect()
    ks = create_keyspace(s, "pt_conc")
    s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v text)")
    ps = s.prepare(f"INSERT INTO {ks}.t (k, v) VALUES (?, ?)")
    results = execute_concurrent_with_args(s, ps, [(i, f"v{i}") for i in range(1000)], concurrency=50)
    failed = [r for ok, r in results if not ok]
    assert not failed, f"{len(failed)} failed, first: {failed[0]!r}"
    eq(s.execute(f"SELECT count(*) FROM {ks}.t").one()[0], 1000, "count")
    sel = s.prepare(f"SELECT v FROM {ks}.t WHERE k = ?")
    results = execute_concurrent_with_args(s, sel, [(i,) for i in range(1000)], concurrency=50,
                                           results_generator=True)
    got = [r.one().v for ok, r in results]
    eq(got, [f"v{i}" for i in range(1000)], "concurrent reads, in order")


def test_second_cluster_while_busy():
    c, s = connect()
    ks = create_keyspace(s, "pt_busy")
    s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v text)")
    ps = s.prepare(f"INSERT INTO {ks}.t (k, v) VALUES (?, ?)")
    stop = threading.Event()
    errors = []
    done = [0]

    def load():
        i = 0
        while not stop.is_set():
            futures = [s.execute_async(ps, (i + j, "x" * 100)) for j in range(200)]
            for f in futures:
                try:
                    f.result()
                    done[0] += 1
                except Exception as e:  # noqa: BLE001
                    errors.append(e)
            i += 200

    t = threading.Thread(target=load, daemon=True)
    t.start()
    try:
        time.sleep(0.3)
        t0 = time.time()
        c2, s2 = connect()
        eq(s2.execute(f"SELECT count(*) FROM system_schema.tables WHERE keyspace_name = '{ks}'").one()[0], 1,
           "second cluster sees the table")
        s2.execute(f"INSERT INTO {ks}.t (k, v) VALUES (-1, 'from second')")
        took = time.time() - t0
        assert took < 10, f"second cluster took {took:.1f} s to connect and query while the first was busy"
    finally:
        stop.set()
        t.join(30)
    assert not errors, f"{len(errors)} errors under load, first: {errors[0]!r}"
    assert done[0] > 0, "the load thread made no progress"
    eq(s.execute(f"SELECT v FROM {ks}.t WHERE k = -1").one().v, "from second", "second cluster's write")


def test_tracing():
    c, s = connect()
    rs = s.execute("SELECT release_version FROM system.local", trace=True)
    trace = rs.get_query_trace(max_wait_sec=5)
    assert trace is not None, "no tracing id in the response (flag 0x02)"
    assert trace.duration is not None and trace.events, f"incomplete trace {trace!r}"
    eq(str(trace.coordinator), "127.0.0.1", "trace coordinator")


def test_tracing_lists_replicas():
    # In a keyspace with three replicas a traced QUORUM read names the replicas it asks, and
    # system_traces.events gives each replica's own events that replica as their source.
    c, s = connect()
    ks = create_keyspace(s, "pt_trace_rf3", rf=3)
    s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, v int)")
    s.execute(f"INSERT INTO {ks}.t (k, v) VALUES (1, 1)")
    q = SimpleStatement(f"SELECT v FROM {ks}.t WHERE k = 1", consistency_level=ConsistencyLevel.QUORUM)
    trace = s.execute(q, trace=True).get_query_trace(max_wait_sec=5)
    activities = [e.description for e in trace.events]
    assert any(a.startswith("reading data from /127.0.0.") for a in activities), activities
    assert "Processing response from" in " ".join(activities), activities
    sources = {str(e.source) for e in trace.events}
    assert "127.0.0.1" in sources and len(sources) > 1, sources


def test_node_driver_smoke():
    node = shutil.which("node")
    if not node:
        raise Skip("node is not installed")
    here = os.path.dirname(os.path.abspath(__file__))
    env = dict(os.environ)
    dirs = [d for d in (os.environ.get("CQLBOX_NODE_MODULES"), "/tmp/cqlbox-node/node_modules",
                        "/tmp/nodecass/node_modules") if d]
    found = [d for d in dirs if os.path.isdir(os.path.join(d, "cassandra-driver"))]
    if not found:
        raise Skip("cassandra-driver (npm) not installed; see NOTES.md")
    env["NODE_PATH"] = found[0]
    p = subprocess.run([node, os.path.join(here, "node_smoke.js"), str(SERVER.port)], capture_output=True,
                       text=True, timeout=90, env=env)
    assert p.returncode == 0, f"node_smoke.js exited {p.returncode}:\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}"


# --- raw protocol ----------------------------------------------------------------------------

def test_raw_handshake_and_results():
    with RawConn() as conn:
        supported = conn.startup(cql_version="3.0.0")   # what the node driver sends
        assert "CQL_VERSION" in supported and supported["CQL_VERSION"], supported
        assert "COMPRESSION" in supported, f"SUPPORTED without COMPRESSION (the python driver requires the key): {supported}"
        names, types, rows, _ = parse_rows(conn.query("SELECT release_version, tokens FROM system.local"))
        eq(names, ["release_version", "tokens"], "columns")
        eq(types, ["text", "set<text>"], "column types")
        assert rows[0][0].startswith(b"5.0"), rows
        f = conn.query("CREATE KEYSPACE pt_raw WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")
        r = f.reader()
        eq(r.int(), RESULT_SCHEMA_CHANGE, "result kind")
        eq(parse_schema_change(r), ["CREATED", "KEYSPACE", "pt_raw"], "schema change")
        f = conn.query("CREATE TABLE pt_raw.t (k int PRIMARY KEY, v text)")
        r = f.reader()
        eq(r.int(), RESULT_SCHEMA_CHANGE, "result kind")
        eq(parse_schema_change(r), ["CREATED", "TABLE", "pt_raw", "t"], "schema change")
        conn.query("CREATE TABLE pt_raw.d (k int PRIMARY KEY, du duration, sm smallint, ve vector<float, 2>)")
        names, types, rows, _ = parse_rows(conn.query("SELECT k, du, sm, ve FROM pt_raw.d"))
        # v4 has no duration type id (0x0015 is v5): Cassandra sends it, like vectors, as CUSTOM
        eq(types, ["int", "custom:org.apache.cassandra.db.marshal.DurationType", "smallint",
                   "custom:org.apache.cassandra.db.marshal.VectorType(org.apache.cassandra.db.marshal.FloatType , 2)"],
           "v4 result metadata types")
        f = conn.query("CREATE TABLE IF NOT EXISTS pt_raw.t (k int PRIMARY KEY, v text)")
        eq(f.reader().int(), RESULT_VOID, "CREATE ... IF NOT EXISTS of an existing table is a Void result")
        f = conn.query("USE pt_raw")
        r = f.reader()
        eq((r.int(), r.string()), (RESULT_SET_KEYSPACE, "pt_raw"), "USE result")
        eq(conn.query("INSERT INTO t (k, v) VALUES (1, 'a')").reader().int(), RESULT_VOID, "INSERT result")
        names, types, rows, _ = parse_rows(conn.query("SELECT * FROM t"))
        eq((names, types, rows), (["k", "v"], ["int", "text"], [[b"\x00\x00\x00\x01", b"a"]]), "SELECT")
        f = conn.query("SELEC 1")
        code, msg = f.error()
        eq(code, 0x2000, "syntax error code")
        # PREPARE / EXECUTE by hand
        f = conn.request(OP_PREPARE, p_long_string("SELECT v FROM pt_raw.t WHERE k = ?"), stream=9)
        r = f.reader()
        eq(r.int(), RESULT_PREPARED, "PREPARE result kind")
        qid = r.short_bytes()
        _flags, ncols, npk = r.int(), r.int(), r.int()
        pk = [r.short() for _ in range(npk)]
        eq((ncols, pk), (1, [0]), "prepared metadata: 1 bind marker, pk_indexes [0]")
        body = p_short_bytes(qid) + p_short(ConsistencyLevel.ONE) + bytes([0x01]) + p_short(1) + p_int(4) + p_int(1)
        names, _, rows, _ = parse_rows(conn.request(OP_EXECUTE, body, stream=10))
        eq(rows, [[b"a"]], "EXECUTE")
        # named values (flag 0x40): each marker takes the value of its name, kept from PREPARE
        f = conn.request(OP_PREPARE, p_long_string("SELECT v FROM pt_raw.t WHERE k = :key AND v = :val ALLOW FILTERING"),
                         stream=12)
        r = f.reader()
        eq(r.int(), RESULT_PREPARED, "PREPARE with names")
        named = r.short_bytes()
        for stream in (13, 14):  # twice: the second EXECUTE reads what PREPARE worked out
            body = (p_short_bytes(named) + p_short(ConsistencyLevel.ONE) + bytes([0x01 | 0x40]) + p_short(2) +
                    p_string("val") + p_int(1) + b"a" + p_string("key") + p_int(4) + p_int(1))
            names, _, rows, _ = parse_rows(conn.request(OP_EXECUTE, body, stream=stream))
            eq(rows, [[b"a"]], "EXECUTE with named values in another order")
        # an unknown prepared id: Unprepared (0x2500) with the id echoed
        bogus = b"\x01\x02\x03\x04"
        f = conn.request(OP_EXECUTE, p_short_bytes(bogus) + p_short(1) + bytes([0]), stream=11)
        r = f.reader()
        eq(r.int(), 0x2500, "unprepared error code")
        r.string()
        eq(r.short_bytes(), bogus, "unprepared id echoed")


def test_raw_stream_ids_and_pipelining():
    with RawConn() as conn:
        conn.startup()
        streams = [32767, 1, 200, 0, 12345]
        conn.send_raw(b"".join(RawConn.encode(OP_QUERY, query_body("SELECT release_version FROM system.local"),
                                              stream=st) for st in streams))
        got = []
        for _ in streams:
            f = conn.recv(10)
            assert f is not None, "connection closed"
            eq(f.opcode, OP_RESULT, "opcode")
            assert f.version == 0x84, f"response version byte 0x{f.version:02x}, expected 0x84"
            got.append(f.stream)
        eq(sorted(got), sorted(streams), "every stream id answered once")
        # a frame split into single bytes
        data = RawConn.encode(OP_QUERY, query_body("SELECT release_version FROM system.local"), stream=77)
        for i in range(len(data)):
            conn.send_raw(data[i:i + 1])
            time.sleep(0.001)
        f = conn.recv(10)
        eq((f.opcode, f.stream), (OP_RESULT, 77), "frame sent byte by byte")


def test_raw_register_schema_events():
    with RawConn() as a, RawConn() as b:
        a.startup()
        f = a.request(OP_REGISTER, p_string_list(["SCHEMA_CHANGE", "TOPOLOGY_CHANGE", "STATUS_CHANGE"]), stream=3)
        eq(f.opcode, OP_READY, "REGISTER answered by READY")
        b.startup()

        def ddl_and_event(cql, expected):
            f = b.query(cql)
            r = f.reader()
            eq(r.int(), RESULT_SCHEMA_CHANGE, f"{cql}: result kind")
            eq(parse_schema_change(r), expected, f"{cql}: result")
            ev = a.recv(5)
            assert ev is not None, "registered connection closed"
            eq((ev.opcode, ev.stream), (OP_EVENT, -1), "EVENT on stream -1")
            r = ev.reader()
            eq(r.string(), "SCHEMA_CHANGE", "event type")
            eq(parse_schema_change(r), expected, f"{cql}: event")

        ddl_and_event("CREATE KEYSPACE pt_rawev WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
                      ["CREATED", "KEYSPACE", "pt_rawev"])
        ddl_and_event("CREATE TABLE pt_rawev.t (k int PRIMARY KEY, v text)", ["CREATED", "TABLE", "pt_rawev", "t"])
        ddl_and_event("CREATE TYPE pt_rawev.ty (a int)", ["CREATED", "TYPE", "pt_rawev", "ty"])
        ddl_and_event("ALTER TABLE pt_rawev.t ADD w int", ["UPDATED", "TABLE", "pt_rawev", "t"])
        ddl_and_event("CREATE INDEX ON pt_rawev.t (v)", ["UPDATED", "TABLE", "pt_rawev", "t"])
        ddl_and_event("DROP TABLE pt_rawev.t", ["DROPPED", "TABLE", "pt_rawev", "t"])
        ddl_and_event("DROP TYPE pt_rawev.ty", ["DROPPED", "TYPE", "pt_rawev", "ty"])
        ddl_and_event("DROP KEYSPACE pt_rawev", ["DROPPED", "KEYSPACE", "pt_rawev"])
        # the unregistered connection gets no events
        try:
            extra = b.recv(0.5)
            raise AssertionError(f"unregistered connection received {extra!r}")
        except socket.timeout:
            pass


def test_raw_garbage_bytes():
    rss0 = SERVER.rss_kib()
    with RawConn() as conn:
        conn.send_raw(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        err = expect_protocol_error_or_close(conn, "HTTP request")
        if err:
            code, msg, f = err
            assert "protocol version" in msg, f"error for 'G' (version 71): {msg!r}"
    with RawConn() as conn:
        conn.send_raw(bytes(range(256)) * 4)
        expect_protocol_error_or_close(conn, "binary garbage")
    assert_healthy("after garbage")
    rss1 = SERVER.rss_kib()
    if rss0 and rss1:
        assert rss1 - rss0 < 256 * 1024, f"server RSS grew {rss1 - rss0} KiB"


def test_raw_huge_length():
    rss0 = SERVER.rss_kib()
    conn = RawConn()
    try:
        conn.startup()
        conn.send_raw(struct.pack(">BBhBI", 4, 0, 5, OP_QUERY, 0x7FFFFFFF) + b"\x00" * 64)
        # Cassandra answers 'Request is too big: length N exceeds maximum allowed length 16777216.'
        # (InvalidRequest, 0x2200) once it has discarded the body; answering at once with an ERROR
        # (0x000A or 0x2200) and closing is better. Silence is tolerated if the server stays healthy.
        try:
            err = expect_protocol_error_or_close(conn, "length 0x7fffffff", timeout=3, codes=(ERR_PROTOCOL, 0x2200))
            if err:
                eq(err[2].stream, 5, "error on the frame's stream")
        except AssertionError as e:
            if "no ERROR frame and no close" not in str(e):
                raise
            print("    note: no answer to a 2 GiB length (Cassandra-like discard); checking health", flush=True)
        assert_healthy("while a 2 GiB frame is pending")   # the bad connection is still open here
    finally:
        conn.close()
    assert_healthy("after a 2 GiB length")
    rss1 = SERVER.rss_kib()
    if rss0 and rss1:
        assert rss1 - rss0 < 256 * 1024, f"server RSS grew {rss1 - rss0} KiB after a 2 GiB length"


def test_raw_truncated_frames():
    with RawConn() as conn:
        conn.startup()
        conn.send_raw(RawConn.encode(OP_QUERY, query_body("SELECT * FROM system.local"), stream=1)[:20])
    with RawConn() as conn:
        conn.send_raw(b"\x04\x00\x00")   # half a header, then close
    with RawConn() as conn:
        conn.startup()
        # a complete header whose body is a QUERY cut short: the body length says 6, the string says 100
        conn.send_raw(RawConn.encode(OP_QUERY, p_int(100) + b"SE", stream=2))
        err = expect_protocol_error_or_close(conn, "malformed QUERY body", codes=(ERR_PROTOCOL, 0x0000, 0x2200))
        if err:
            eq(err[2].stream, 2, "error on the frame's stream")
    time.sleep(0.2)
    assert_healthy("after truncated frames")


def expect_invalid_execute(conn, pid, values, message, stream, what):
    """EXECUTEs prepared statement `pid` with raw `values`: InvalidRequest whose text holds `message`."""
    body = p_short_bytes(pid) + p_short(ConsistencyLevel.ONE) + bytes([0x01]) + p_short(len(values))
    for v in values:
        body += struct.pack(">i", len(v)) + v
    f = conn.request(OP_EXECUTE, body, stream=stream)
    eq(f.opcode, OP_ERROR, f"{what} answered with an error")
    code, msg = f.error()
    eq(code, 0x2200, f"{what}: InvalidRequest")
    assert message in msg, (message, msg)


def test_raw_malformed_bound_values():
    """Bound values are validated down to collection elements: a short timeuuid inside a set, a
    1-byte int in a list, a truncated list, an empty LIMIT: InvalidRequest, and the server lives."""
    c, s = connect()
    ks = create_keyspace(s, "pt_badval")
    s.execute(f"CREATE TABLE {ks}.t (k int PRIMARY KEY, st set<timeuuid>, l list<int>)")
    c.shutdown()
    with RawConn() as conn:
        conn.startup()
        f = conn.request(OP_PREPARE, p_long_string(f"INSERT INTO {ks}.t (k, st, l) VALUES (?, ?, ?)"), stream=2)
        assert f.opcode == OP_RESULT, f
        r = f.reader()
        assert r.int() == RESULT_PREPARED
        pid = r.short_bytes()
        elem = b"\x00" * 7
        bad_set = struct.pack(">i", 2) + (struct.pack(">i", 7) + elem) * 2
        good_list = struct.pack(">i", 1) + struct.pack(">i", 4) + struct.pack(">i", 5)
        cases = [
            (bad_set, good_list, "UUID should be 16 or 0 bytes (7)"),
            (struct.pack(">i", 0), struct.pack(">i", 1) + struct.pack(">i", 1) + b"\x05", "Expected 4 or 0 byte int (1)"),
            (struct.pack(">i", 0), struct.pack(">i", 3) + struct.pack(">i", 4), "Not enough bytes to read a list"),
        ]
        for i, (st, lst, message) in enumerate(cases):
            expect_invalid_execute(conn, pid, [struct.pack(">i", 1), st, lst], message, 3 + i, f"malformed value {i}")
        f = conn.query(f"SELECT k FROM {ks}.t LIMIT 1", stream=20)
        eq(f.opcode, OP_RESULT, "the server still answers")


def raw_table_and_prepare(name, columns, insert):
    """Creates table t in a fresh keyspace through the driver, then opens a RawConn (started) and
    PREPAREs `insert` (with {ks} for the keyspace) on it: (conn, ks, prepared id)."""
    c, s = connect()
    ks = create_keyspace(s, name)
    s.execute(f"CREATE TABLE {ks}.t ({columns})")
    c.shutdown()
    conn = RawConn()
    conn.startup()
    f = conn.request(OP_PREPARE, p_long_string(insert.format(ks=ks)), stream=2)
    r = f.reader()
    assert r.int() == RESULT_PREPARED
    return conn, ks, r.short_bytes()


def test_raw_invalid_utf8_and_ascii_refused():
    """A bound text value that is not UTF-8, or an ascii value with a byte over 127, is refused
    as Cassandra refuses it (a table holding it is one the drivers then cannot read)."""
    conn, ks, pid = raw_table_and_prepare("pt_utf8", "k int PRIMARY KEY, tx text, a ascii, l list<text>",
                                          "INSERT INTO {ks}.t (k, tx, a, l) VALUES (?, ?, ?, ?)")
    with conn:
        one_text = lambda b: struct.pack(">i", 1) + struct.pack(">i", len(b)) + b
        cases = [
            (b"\xff\xfe", b"ok", one_text(b"x"), "String didn't validate."),
            (b"ok", b"caf\xc3\xa9", one_text(b"x"), "Invalid byte for ascii: -61"),
            (b"ok", b"ok", one_text(b"\xc3\x28"), "String didn't validate."),
        ]
        for i, (tx, a, lst, message) in enumerate(cases):
            expect_invalid_execute(conn, pid, [struct.pack(">i", 1), tx, a, lst], message, 3 + i, f"invalid text {i}")
    c, s = connect()
    rows = list(s.execute(f"SELECT * FROM {ks}.t"))
    eq(len(rows), 0, "nothing invalid was written, and the table reads")
    c.shutdown()


def test_raw_empty_values_follow_the_serializers():
    """The empty value is valid wherever its type's serializer takes it, at the top or inside a
    collection (int, timestamp, uuid, ...), and refused where it does not (smallint, date); a
    timeuuid must be version 1."""
    conn, ks, pid = raw_table_and_prepare("pt_emptyvals", "k int PRIMARY KEY, l list<int>, sm smallint, tu timeuuid, d date",
                                          "INSERT INTO {ks}.t (k, l, sm, tu, d) VALUES (?, ?, ?, ?, ?)")
    with conn:
        empty_in_list = struct.pack(">i", 2) + struct.pack(">i", 0) + struct.pack(">i", 4) + struct.pack(">i", 5)
        two = struct.pack(">h", 2)
        v1 = bytes.fromhex("d2177dd0eaa211e5a8f1f7f0b9a8b2c1")
        v4 = bytes.fromhex("4a1b7dd0eaa241e5a8f1f7f0b9a8b2c1")
        day = struct.pack(">I", 2**31)
        body = p_short_bytes(pid) + p_short(ConsistencyLevel.ONE) + bytes([0x01]) + p_short(5)
        for v in [struct.pack(">i", 1), empty_in_list, two, v1, day]:
            body += struct.pack(">i", len(v)) + v
        f = conn.request(OP_EXECUTE, body, stream=3)
        eq(f.opcode, OP_RESULT, "an empty int inside a list is taken")
        cases = [([struct.pack(">i", 2), empty_in_list, b"", v1, day], "Expected 2 bytes for a smallint (0)"),
                 ([struct.pack(">i", 2), empty_in_list, two, v1, b""], "Expected 4 byte long for date (0)"),
                 ([struct.pack(">i", 2), empty_in_list, two, v4, day], "Invalid version for TimeUUID type: 0x4")]
        for i, (values, message) in enumerate(cases):
            expect_invalid_execute(conn, pid, values, message, 4 + i, f"empty value {i}")
        f = conn.query(f"SELECT k FROM {ks}.t", stream=20)
        eq(f.opcode, OP_RESULT, "the server still answers")


def test_raw_batch_counts_values_per_statement():
    """A BATCH's values are counted against each statement's own markers (BatchMessage): the
    right total spread wrongly is refused, whole, before anything is applied."""
    conn, ks, pid = raw_table_and_prepare("pt_batchvals", "k int PRIMARY KEY, v int",
                                          "INSERT INTO {ks}.t (k, v) VALUES (?, ?)")
    with conn:
        one = lambda n: struct.pack(">i", 4) + struct.pack(">i", n)

        def batch(entries):
            body = bytes([0]) + p_short(len(entries))
            for kind, what, values in entries:
                body += bytes([kind]) + (p_long_string(what) if kind == 0 else p_short_bytes(what))
                body += p_short(len(values)) + b"".join(one(v) for v in values)
            return body + p_short(ConsistencyLevel.ONE) + bytes([0])

        text = f"INSERT INTO {ks}.t (k, v) VALUES (?, 7)"
        # three values for three markers in all, but two and one where one and two are wanted
        f = conn.request(OP_BATCH, batch([(0, text, [1, 2]), (1, pid, [3])]), stream=3)
        eq(f.error(), (0x2200, "There were 1 markers(?) in CQL but 2 bound variables"), "per-statement count")
        f = conn.request(OP_BATCH, batch([(1, pid, [1, 2]), (1, pid, [3])]), stream=4)
        eq(f.error(), (0x2200, "There were 2 markers(?) in CQL but 1 bound variables"), "second statement short")
        f = conn.request(OP_BATCH, batch([(0, text, [1]), (1, pid, [2, 3])]), stream=5)
        eq(f.opcode, OP_RESULT, "counts that match")
        f = conn.query(f"SELECT k, v FROM {ks}.t", stream=6)
        _, _, rows, _ = parse_rows(f)
        eq(sorted(rows), [[struct.pack(">i", 1), struct.pack(">i", 7)], [struct.pack(">i", 2), struct.pack(">i", 3)]],
           "only the good batch applied")


def test_raw_unknown_opcode():
    with RawConn() as conn:
        conn.startup()
        conn.send(0x55, b"", stream=7)
        err = expect_protocol_error_or_close(conn, "opcode 0x55")
        assert err is not None, "connection closed without an ERROR for opcode 0x55"
        code, msg, f = err
        eq(f.stream, 7, "error on the request's stream")
        assert "opcode" in msg.lower(), msg   # Cassandra: "Unknown opcode 85"
        # Cassandra keeps the connection (the error is wrapped with the stream id); closing is allowed.
        try:
            f = conn.query("SELECT release_version FROM system.local", stream=8, timeout=3)
            eq(f.opcode, OP_RESULT, "query after the unknown opcode")
        except (AssertionError, OSError, socket.timeout):
            assert conn.closed_by_server(2), "connection neither usable nor closed after an unknown opcode"
    with RawConn() as conn:   # a response opcode sent by a client, before STARTUP
        conn.send(OP_RESULT, b"", stream=1)
        expect_protocol_error_or_close(conn, "RESULT opcode from a client")
    with RawConn() as conn:   # QUERY before STARTUP
        conn.send(OP_QUERY, query_body("SELECT * FROM system.local"), stream=1)
        err = expect_protocol_error_or_close(conn, "QUERY before STARTUP")
        if err:
            assert "STARTUP" in err[1], err[1]   # "Unexpected message QUERY, expecting STARTUP or OPTIONS"
    assert_healthy("after unknown opcodes")


def test_raw_old_protocol_versions():
    for version in (1, 2):
        with RawConn() as conn:
            conn.send(OP_OPTIONS, b"", stream=0, version=version)   # 8-byte v1/v2 header
            err = expect_protocol_error_or_close(conn, f"v{version} OPTIONS")
            assert err is not None, f"v{version}: closed without an ERROR"
            code, msg, f = err
            assert msg.startswith(f"Invalid or unsupported protocol version ({version})"), msg
            # Cassandra answers an old version in that version's framing (8-byte header) so old
            # clients can read it; the v4 framing is also readable by a v3+ parser.
            assert (f.version & 0x7F) in (version, 3, 4), f"reply version 0x{f.version:02x}"
            assert conn.closed_by_server(3), f"v{version}: connection left open after a protocol error"
    for version in (6, 0x41, 0x42, 0x7F):
        with RawConn() as conn:
            conn.send(OP_OPTIONS, b"", stream=0, version=version)
            err = expect_protocol_error_or_close(conn, f"version 0x{version:02x}")
            assert err is not None, f"version 0x{version:02x}: closed without an ERROR"
            assert "unsupported protocol version" in err[1], err[1]   # what the python driver looks for
            assert err[1].startswith("Invalid or unsupported protocol version"), err[1]   # the node driver
    assert_healthy("after old/new protocol versions")


def test_raw_startup_errors():
    with RawConn() as conn:
        conn.request(OP_OPTIONS, stream=0)
        f = conn.request(OP_STARTUP, p_string_map({}), stream=1)   # no CQL_VERSION
        # Cassandra 4+/5: ProtocolError "Missing value CQL_VERSION in STARTUP message"
        eq(f.opcode, OP_ERROR, "STARTUP without CQL_VERSION")
        eq(f.error()[0], ERR_PROTOCOL, "error code")
    with RawConn() as conn:
        f = conn.request(OP_STARTUP, p_string_map({"CQL_VERSION": "3.0.0", "COMPRESSION": "nosuch"}), stream=1)
        eq(f.opcode, OP_ERROR, "STARTUP with an unknown compression")
        eq(f.error()[0], ERR_PROTOCOL, "error code")
    assert_healthy("after STARTUP errors")


# --- restart (last: it replaces the server) ---------------------------------------------------

def test_reprepare_after_server_restart():
    """The driver reconnects to a server restarted on the same port. With reprepare_on_up off, its
    first EXECUTE gets Unprepared (0x2500, the id echoed); it re-PREPAREs the text and fails unless
    the server gives the same id again (Cassandra: md5 of keyspace + query text)."""
    c, s = connect(reconnection_policy=ConstantReconnectionPolicy(0.5), reprepare_on_up=False)
    ps = s.prepare("SELECT release_version FROM system.local WHERE key = ?")
    assert s.execute(ps, ("local",)).one().release_version.startswith("5.0")
    port = SERVER.port
    with quiet_driver_logs():   # the driver logs every failed reconnection attempt
        SERVER.stop()
        try:
            SERVER.start(port=port)
        except RuntimeError as e:
            raise AssertionError(f"could not restart on the same port {port} (SO_REUSEADDR?): {e}")
        write_sentinel()
        deadline = time.time() + 20
        last = None
        while time.time() < deadline:
            try:
                row = s.execute(ps, ("local",)).one()
                assert row.release_version.startswith("5.0")
                return
            except Exception as e:  # noqa: BLE001
                last = e
                if "ID mismatch" in str(e):
                    break
                time.sleep(0.5)
    raise AssertionError(f"prepared statement never worked again after the restart: {last!r}")


# ============================================================================================
# Runner
# ============================================================================================

def run(tests, per_test_timeout):
    passed = failed = skipped = 0
    for name, fn in tests:
        if not SERVER.alive():
            try:
                start_server()
            except Exception as e:  # noqa: BLE001
                print(f"FAIL {name}: could not (re)start the server: {e}", flush=True)
                failed += 1
                continue
        result = {}

        def body():
            try:
                fn()
                result["ok"] = True
            except Skip as e:
                result["skip"] = str(e)
            except BaseException:  # noqa: BLE001
                result["error"] = traceback.format_exc()

        t0 = time.time()
        th = threading.Thread(target=body, daemon=True)
        th.start()
        th.join(per_test_timeout)
        if th.is_alive():
            result = {"error": f"timed out after {per_test_timeout} s"}
        died = not SERVER.alive()
        if died:
            result.pop("ok", None)
            result["error"] = (result.get("error", "") + f"\nserver exited with status {SERVER.proc.returncode} "
                               f"during the test; log tail:\n{SERVER.tail()}")
        closer = threading.Thread(target=shutdown_clusters, daemon=True)
        closer.start()
        closer.join(15)
        took = time.time() - t0
        if "ok" in result:
            passed += 1
            print(f"ok {name} ({took:.1f} s)", flush=True)
        elif "skip" in result:
            skipped += 1
            print(f"skip {name}: {result['skip']}", flush=True)
        else:
            failed += 1
            print(f"FAIL {name}: {result['error'].rstrip()}", flush=True)
        if th.is_alive() and SERVER.alive():   # a hung test: start afresh for the next one
            SERVER.stop(signal.SIGKILL)
        time.sleep(0.05)
    return passed, failed, skipped


def main():
    global BINARY, CONN_CLASS, VERBOSE
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", required=True, help="path of the cqlbox binary")
    ap.add_argument("-k", action="append", default=[], help="run only tests whose name contains this (repeatable)")
    ap.add_argument("--skip", action="append", default=[], help="skip tests whose name contains this (repeatable)")
    ap.add_argument("--reactor", choices=("auto", "asyncore", "libev", "asyncio"), default="auto",
                    help="driver event loop: auto = asyncore (Python <= 3.11), else libev. asyncio is broken "
                         "in driver 3.25 on Python >= 3.10 (asyncio.Queue(loop=...))")
    ap.add_argument("--timeout", type=float, default=90, help="seconds per test (default 90)")
    ap.add_argument("--list", action="store_true", help="list the tests and exit")
    ap.add_argument("-v", "--verbose", action="store_true", help="driver debug logging")
    args = ap.parse_args()
    VERBOSE = args.verbose

    tests = [(n, f) for n, f in globals().items() if n.startswith("test_") and callable(f)]
    if args.k:
        tests = [(n, f) for n, f in tests if any(k in n for k in args.k)]
    tests = [(n, f) for n, f in tests if not any(k in n for k in args.skip)]
    if args.list:
        print("\n".join(n for n, _ in tests))
        return 0

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="    [%(levelname)s %(name)s] %(message)s")
    if args.reactor == "auto":
        try:
            from cassandra.io.asyncorereactor import AsyncoreConnection as conn_class
        except ImportError:   # Python 3.12+ has no asyncore
            from cassandra.io.libevreactor import LibevConnection as conn_class
    elif args.reactor == "asyncore":
        from cassandra.io.asyncorereactor import AsyncoreConnection as conn_class
    elif args.reactor == "asyncio":
        from cassandra.io.asyncioreactor import AsyncioConnection as conn_class
    else:
        from cassandra.io.libevreactor import LibevConnection as conn_class
    CONN_CLASS = conn_class

    BINARY = os.path.abspath(args.binary)
    if not os.access(BINARY, os.X_OK):
        print(f"driver tests: {BINARY} is not an executable")
        print("driver tests: 0 passed, 1 failed")
        return 1
    try:
        start_server()
    except Exception as e:  # noqa: BLE001
        print(f"FAIL server_start: {e}")
        print("driver tests: 0 passed, 1 failed")
        if SERVER and SERVER.alive():
            SERVER.stop(signal.SIGKILL)
        return 1

    passed, failed, skipped = run(tests, args.timeout)

    # Stopping: SIGTERM must end the server promptly (checked as one more test).
    shutdown_clusters()
    exited, status = SERVER.stop(signal.SIGTERM, wait=5)
    if exited:
        passed += 1
        print(f"ok sigterm_stops_server (status {status})", flush=True)
    else:
        failed += 1
        print(f"FAIL sigterm_stops_server: still running 5 s after SIGTERM; killed\n{SERVER.tail()}", flush=True)
    SERVER.cleanup()
    tail = f", {skipped} skipped" if skipped else ""
    print(f"driver tests: {passed} passed, {failed} failed{tail}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    os._exit(code)   # the driver's reactor threads must not keep the process alive
