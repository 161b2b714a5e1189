#!/usr/bin/env python3
"""--auth end to end (issue 21 item 17): PasswordAuthenticator over the native protocol (raw
frames, and the DataStax driver's PlainTextAuthProvider when python3-cassandra is installed),
roles and grants kept by --data across kill -9, replay and flush, and no password in the files.

    auth_test.py CQLBOX
"""
import os, re, shutil, signal, socket, struct, subprocess, sys, tempfile, time

binary = os.path.abspath(sys.argv[1])
failures = []
NOW = "2024-01-01 00:00:00+0000"
SECRET = "Sup3r-S3cret"


started = time.time()


def check(cond, what):
    print(f"{time.time() - started:6.1f}s ", end="")
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        failures.append(what)


def shell(data, script, *args):
    p = subprocess.run([binary, "--now", NOW, "--data", data, "--auth", *args], input=script.encode(),
                       capture_output=True, timeout=60)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


# ---- raw frames ---------------------------------------------------------------------------
def frame(stream, opcode, body):
    return struct.pack(">BBhBi", 4, 0, stream, opcode, len(body)) + body


def read_frame(sock):
    sock.settimeout(20)
    buf = b""
    while len(buf) < 9:
        chunk = sock.recv(9 - len(buf))
        if not chunk:
            raise EOFError
        buf += chunk
    _, _, _, opcode, length = struct.unpack(">BBhBi", buf)
    body = b""
    while len(body) < length:
        body += sock.recv(length - len(body))
    return opcode, body


def startup():
    cql = b"CQL_VERSION"
    v = b"3.0.0"
    return frame(1, 0x01, struct.pack(">H", 1) + struct.pack(">H", len(cql)) + cql + struct.pack(">H", len(v)) + v)


def auth_response(token):
    return frame(2, 0x0F, struct.pack(">i", len(token)) + token)


def query(text):
    q = text.encode()
    return frame(3, 0x07, struct.pack(">i", len(q)) + q + struct.pack(">HB", 1, 0))


def error_of(body):
    code = struct.unpack(">i", body[:4])[0]
    n = struct.unpack(">H", body[4:6])[0]
    return code, body[6:6 + n].decode()


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def serve(data):
    port = free_port()
    log = open(os.path.join(os.path.dirname(data), "server.log"), "wb")
    p = subprocess.Popen([binary, "--now", NOW, "--data", data, "--auth", "--listen", f"127.0.0.1:{port}"],
                         stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return p, port
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("server did not start")


def raw_checks(port):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(startup())
    op, body = read_frame(s)
    name = body[2:].decode()
    check(op == 0x03 and name == "org.apache.cassandra.auth.PasswordAuthenticator",
          f"STARTUP is answered with AUTHENTICATE PasswordAuthenticator (got {op:#x} {name!r})")
    s.sendall(auth_response(b"\0cassandra\0wrong"))
    op, body = read_frame(s)
    code, msg = error_of(body)
    check(op == 0x00 and code == 0x0100 and msg == "Provided username cassandra and/or password are incorrect",
          f"a wrong password is an AuthenticationError (got {code:#x} {msg!r})")
    s.sendall(auth_response(b"\0cassandra\0"))
    code, msg = error_of(read_frame(s)[1])
    check(msg == "Password must not be null", f"an empty password: {msg!r}")
    s.sendall(auth_response(b"\0admin\0admin"))
    op, body = read_frame(s)
    check(op == 0x10, f"the right password: AUTH_SUCCESS (got {op:#x})")
    s.sendall(query("SELECT cluster_name FROM system.local"))
    op, body = read_frame(s)
    check(op == 0x08, "a logged-in connection runs queries")
    s.close()
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(startup())
    read_frame(s)
    s.sendall(query("SELECT * FROM system.local"))
    code, msg = error_of(read_frame(s)[1])
    check(code == 0x000A and msg == "Unexpected message QUERY, expecting SASL_RESPONSE",
          f"a QUERY before logging in is a protocol error (got {code:#x} {msg!r})")
    s.close()


def driver_checks(port):
    system = "/usr/bin/python3"  # Debian's, which has python3-cassandra (python3 on PATH may be pyenv's)
    if os.path.exists(system) and os.path.realpath(sys.executable) != os.path.realpath(system):
        r = subprocess.run([system, __file__, binary, "--driver-only", str(port)], timeout=120)
        check(r.returncode in (0, 77), "driver checks (under /usr/bin/python3)")
        return
    try:
        from cassandra.cluster import Cluster, NoHostAvailable
        from cassandra.auth import PlainTextAuthProvider
        from cassandra import Unauthorized
    except ImportError:
        print("skip driver checks: python3-cassandra is not installed")
        return
    anonymous = Cluster(["127.0.0.1"], port=port, protocol_version=4)
    try:
        anonymous.connect()
        check(False, "the driver without credentials is refused")
    except NoHostAvailable as e:
        check("Remote end requires authentication" in str(e), "the driver without credentials is refused")
    anonymous.shutdown()  # a Cluster left open keeps the interpreter from exiting
    c = Cluster(["127.0.0.1"], port=port, protocol_version=4,
                auth_provider=PlainTextAuthProvider("bob", SECRET))
    s = c.connect()
    rows = sorted(tuple(r) for r in s.execute("SELECT k, v FROM shop.t"))
    check(rows == [(1, "one"), (2, "two")], f"bob reads with PlainTextAuthProvider: {rows}")
    try:
        s.execute("INSERT INTO shop.mine (k) VALUES (2)")
        check(False, "bob may not write shop.mine")
    except Unauthorized as e:
        check("User bob has no MODIFY permission on <table shop.mine> or any of its parents" in str(e),
              "bob's write is Unauthorized with Cassandra's message")
    p = s.prepare("SELECT v FROM shop.t WHERE k = ?")
    check([r.v for r in s.execute(p, [1])] == ["one"], "prepared statements run as the logged-in role")
    c.shutdown()


if len(sys.argv) > 3 and sys.argv[2] == "--driver-only":
    driver_checks(int(sys.argv[3]))
    sys.exit(1 if failures else 0)

work = tempfile.mkdtemp(prefix="cqlbox-auth-")
data = os.path.join(work, "data")
try:
    setup = f"""
CREATE ROLE bob WITH PASSWORD = '{SECRET}' AND LOGIN = true;
CREATE ROLE maker WITH PASSWORD = 'maker' AND LOGIN = true;
CREATE KEYSPACE shop WITH replication = {{'class': 'SimpleStrategy', 'replication_factor': 1}};
CREATE TABLE shop.t (k int PRIMARY KEY, v text);
INSERT INTO shop.t (k, v) VALUES (1, 'one');
GRANT SELECT ON shop.t TO bob;
GRANT CREATE ON KEYSPACE shop TO maker;
LOGIN maker 'maker';
CREATE TABLE shop.mine (k int PRIMARY KEY);
INSERT INTO shop.mine (k) VALUES (7);
"""
    rc, out, err = shell(data, setup, "-u", "cassandra", "-p", "cassandra", "--insecure-password-without-warning")
    check(rc == 0 and err == "", f"set-up as cassandra (rc {rc}, stderr {err!r})")
    logged = b"".join(open(os.path.join(data, f), "rb").read() for f in os.listdir(data) if f.startswith("commitlog"))
    check(SECRET.encode() not in logged and b"HASHED PASSWORD" in logged,
          "the commit log holds the password's hash, never the password")
    # Replay: logins, grants and the creator's grants come back.
    rc, out, err = shell(data, "SELECT v FROM shop.t;\nINSERT INTO shop.t (k, v) VALUES (9, 'x');\n",
                         "-u", "bob", "-p", SECRET, "--insecure-password-without-warning")
    check("one" in out and "User bob has no MODIFY permission on <table shop.t>" in err,
          f"after replay bob logs in, reads and may not write ({err.strip()!r})")
    rc, out, err = shell(data, "SELECT k FROM shop.mine;\n", "-u", "maker", "-p", "maker",
                         "--insecure-password-without-warning")
    check(" 7" in out and err == "", f"after replay the creator of shop.mine still reads it ({err.strip()!r})")
    rc, out, err = shell(data, "SELECT k FROM shop.t;\n", "-u", "bob", "-p", "nope",
                         "--insecure-password-without-warning")
    check(rc == 1 and "Provided username bob and/or password are incorrect" in err,
          "a wrong -p at start: cqlsh's Connection error, exit 1")
    # kill -9 right after an acknowledged GRANT.
    p = subprocess.Popen([binary, "--now", NOW, "--data", data, "--auth", "-u", "cassandra", "-p", "cassandra",
                          "--insecure-password-without-warning"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdin.write(b"GRANT MODIFY ON shop.t TO bob;\nSELECT role FROM system_auth.roles WHERE role = 'bob';\n")
    p.stdin.flush()
    got = b""
    deadline = time.time() + 20
    while b"(1 rows)" not in got and time.time() < deadline:
        got += os.read(p.stdout.fileno(), 4096)
    p.send_signal(signal.SIGKILL)
    p.wait()
    rc, out, err = shell(data, "INSERT INTO shop.t (k, v) VALUES (2, 'two');\n", "-u", "bob", "-p", SECRET,
                         "--insecure-password-without-warning")
    check(err == "", f"a GRANT acknowledged before kill -9 survives ({err.strip()!r})")
    # Flush: the data file keeps roles and grants; a dropped default role stays dropped.
    rc, out, err = shell(data, "CREATE ROLE admin WITH SUPERUSER = true AND LOGIN = true AND PASSWORD = 'admin';\n"
                               "LOGIN admin 'admin';\nDROP ROLE cassandra;\nNODETOOL flush\n",
                         "-u", "cassandra", "-p", "cassandra", "--insecure-password-without-warning")
    check(err == "", f"flush after dropping cassandra ({err.strip()!r})")
    rc, out, err = shell(data, "LIST ALL PERMISSIONS OF bob;\n", "-u", "admin", "-p", "admin",
                         "--insecure-password-without-warning")
    check("MODIFY" in out and "SELECT" in out and err == "", "after flush and restart the grants are there")
    rc, out, err = shell(data, "", "-u", "cassandra", "-p", "cassandra", "--insecure-password-without-warning")
    check(rc == 1, "a dropped default role is not recreated at restart")
    # The native protocol, against the same data.
    server, port = serve(data)
    try:
        raw_checks(port)
        driver_checks(port)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)
finally:
    shutil.rmtree(work, ignore_errors=True)

print(f"auth tests: {len(failures)} failed")
sys.exit(1 if failures else 0)
