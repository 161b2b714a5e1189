#!/usr/bin/env python3
"""Drives cqlbox in a pseudo-terminal, as a person at the prompt would: banner, prompts,
continuation prompt, Ctrl-C cancelling a statement, errors without the <stdin>:N: prefix,
colour off with --no-color, Tab completion, Ctrl-D exiting with status 0."""
import os, pty, select, sys, time

binary = sys.argv[1]
pid, fd = pty.fork()
if pid == 0:
    os.environ["HOME"] = "/nonexistent"  # no history file
    if len(sys.argv) > 2:  # the locale to run in; "" = LANG unset
        for k in ("LANG", "LC_ALL", "LC_CTYPE"):
            os.environ.pop(k, None)
        if sys.argv[2]:
            os.environ["LANG"] = sys.argv[2]
    os.execv(binary, [binary, "--no-color", "--now", "2024-01-01 00:00:00+0000"])

def read(seconds=0.5):
    out, end = b"", time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out.decode(errors="replace").replace("\r\n", "\n")

def send(text, seconds=0.4):
    os.write(fd, text.encode())
    return read(seconds)

failures = []
def expect(what, got, needle):
    if needle not in got:
        failures.append(f"{what}: expected {needle!r} in {got!r}")

banner = read(1.0)
expect("banner", banner, "Connected to cqlbox (in-memory, 3 nodes, Murmur3Partitioner)\n")
expect("banner", banner, "Use HELP for help.\ncqlbox> ")
send("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\n")
expect("USE changes the prompt", send("USE ks;\n"), "cqlbox:ks> ")
send("CREATE TABLE t (k int PRIMARY KEY, v text);\n")
expect("continuation prompt", send("INSERT INTO t (k, v)\n"), "       ... ")
send("VALUES (1, 'a');\n")
send("SELECT *\n")
expect("Ctrl-C cancels the statement", send("\x03"), "\ncqlbox:ks> ")
out = send("SELECT * FROM t;\n")
expect("rows after Ctrl-C", out, " k | v\n---+---\n 1 | a\n\n(1 rows)\n")
out = send("SELECT * FROM nope;\n")
expect("tty errors have no prefix", out, "\nInvalidRequest: Error from server: code=2200 [Invalid query] message=\"table nope does not exist\"\n")
if "<stdin>" in out:
    failures.append("tty error carried a <stdin>:N: prefix")
# Tab completion: a statement keyword, then the current keyspace's table, then its column.
out = send("TRUNC\t", 0.5)
expect("Tab completes a keyword", out, "ATE ")
send("\x03")
send("CREATE TABLE items (id int, price int, PRIMARY KEY (price, id));\n")
out = send("SELECT * FROM ite\t", 0.5)
expect("Tab completes a table of the keyspace", out, "ms ")
out = send("WHERE pric\t", 0.5)
expect("Tab completes a column WHERE may restrict (the partition key)", out, "e ")
send("\x03")
# A multi-line statement: the table named on the first line gives the columns on the second.
send("SELECT * FROM items\n")
out = send("WHERE pri\t", 0.5)
expect("Tab completes a column named by an earlier line", out, "ce ")
send("\x03")
# Shell commands complete from their own syntax.
out = send("DESCRIBE TAB\t", 0.5)
expect("Tab completes a DESCRIBE keyword", out, "LE")
send("\x03")
out = send("CONSISTENCY LOCAL_Q\t", 0.5)
expect("Tab completes a consistency level", out, "UORUM ")
send("\x03")
# Non-ASCII typed at the prompt reaches the statement byte for byte (libedit drops it in the C
# locale): German, Japanese, an emoji, Russian, a combining accent. HOME is unset here and the
# test runs with whatever LANG the caller has; tty_unicode below runs with none.
send("CREATE TABLE uni (k int PRIMARY KEY, a text, b text);\n")
send("INSERT INTO uni (k, a, b) VALUES (1, 'Grüße aus München', '日本語 🎉 Привет e\u0301');\n")
out = send("SELECT a, b FROM uni;\n", 0.8)
expect("Unicode typed at the prompt is kept", out, " Grüße aus München | 日本語 🎉 Привет e\u0301\n")
# Editing works per character: Backspace removes one CJK character (3 bytes), Left moves over
# one, and what is typed after lands between characters.
send("INSERT INTO uni (k, a) VALUES (2, '日本X\x7f語');")
send("\x1b[D" * 5 + "中\n")
out = send("SELECT a FROM uni WHERE k = 2;\n", 0.8)
expect("Backspace and arrows move per character", out, " 日中本語\n")
# Ctrl-C at ---MORE--- cancels the rest of the output and returns to the prompt; the next
# statement typed runs (it was once swallowed as the pager's answer).
out = send("SELECT keyspace_name, table_name, column_name FROM system_schema.columns;\n", 1.0)
expect("a long result pauses", out, "---MORE---")
out = send("\x03", 0.6)
expect("Ctrl-C at the pager returns to the prompt", out, "cqlbox:ks> ")
if "---MORE---" in out:
    failures.append(f"Ctrl-C at the pager showed another page: {out!r}")
out = send("SELECT key FROM system.local;\n", 0.8)
expect("the statement after a cancelled page runs", out, " local\n")
# COPY … FROM STDIN at a terminal: cqlsh's "[copy] " prompt for each data line, a "." alone
# ends the data, and Ctrl-D ends only the copy, not the session.
out = send("COPY t (k, v) FROM STDIN;\n", 0.6)
expect("COPY FROM STDIN says how to end", out, "[Use . on a line by itself to end input]\n[copy] ")
out = send("5,e\n", 0.4)
expect("a data line gets the [copy] prompt again", out, "[copy] ")
out = send(".\n", 0.6)
expect("'.' ends the data", out, "1 rows imported from 1 files")
send("COPY t (k, v) FROM STDIN;\n", 0.6)
send("6,f\n", 0.4)
out = send("\x04", 0.8)
expect("Ctrl-D ends the copy", out, "1 rows imported from 1 files")
expect("Ctrl-D ends only the copy", out, "cqlbox:ks> ")
out = send("SELECT v FROM t WHERE k = 6;\n", 0.8)
expect("the session goes on after the copy", out, " f\n")
# A guided lesson at the prompt: the step's statements after the prompt, its output, its note;
# the prompt is the student's between steps, in the lesson's keyspace.
out = send("LESSON 1\n", 1.0)
expect("LESSON 1 runs its first step", out, "-- Step 1 of 3 --\ncqlbox:ks> CREATE KEYSPACE geo")
expect("the step's note", out, "partition key, so each partition holds one row.")
expect("the prompt is the student's, in the lesson's keyspace", out, "cqlbox:geo> ")
out = send("NEXT\n", 1.0)
expect("NEXT runs step 2", out, "-- Step 2 of 3 --\ncqlbox:geo> INSERT INTO object_coordinates")
expect("step 2's output", out, "(2 rows)")
out = send("BACK\n", 0.6)
expect("BACK shows step 1 again", out, "-- Step 1 of 3 --")
# CAPTURE … WITH STATEMENTS at the prompt: the typed lines after their prompts, the output and
# the error (no colour, no prefix) in the file; the screen as before.
import tempfile
handout = os.path.join(tempfile.mkdtemp(), "handout.txt")
send(f"CAPTURE '{handout}' WITH STATEMENTS;\n")
out = send("SELECT k FROM ks.t WHERE k = 1;\n")
expect("the screen still shows the rows", out, "(1 rows)")
send("SELECT * FROM nope;\n")
send("CAPTURE OFF;\n")
with open(handout, encoding="utf-8") as f:
    text = f.read()
expect("the transcript holds the typed line", text, "cqlbox:geo> SELECT k FROM ks.t WHERE k = 1;\n")
expect("the transcript holds the error", text, "cqlbox:geo> SELECT * FROM nope;\nInvalidRequest: Error from server")
expect("the transcript ends with CAPTURE OFF", text, "cqlbox:geo> CAPTURE OFF;\n")
if "\x1b" in text:
    failures.append("the transcript holds colour codes")
send("\x04", 0.5)
_, status = os.waitpid(pid, 0)
if os.waitstatus_to_exitcode(status) != 0:
    failures.append(f"exit status {os.waitstatus_to_exitcode(status)} after Ctrl-D")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
