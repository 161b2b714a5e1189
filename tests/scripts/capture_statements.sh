#!/usr/bin/env bash
# CAPTURE '<file>' WITH STATEMENTS: a plain-text transcript of the session for a handout (each
# input line after its prompt, everything printed, errors as a terminal shows them), while the
# screen shows what it always does; CAPTURE OFF stops it.
set -euo pipefail
cqlbox="$1"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
cat > "$dir/in.cql" <<CQL
CAPTURE '$dir/handout.txt' WITH STATEMENTS;
CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
USE ks;
CREATE TABLE t (k int PRIMARY KEY, v text);
INSERT INTO t (k, v)
  VALUES (1, 'один');
SELECT * FROM t;
SELECT * FROM nope;
CAPTURE;
CAPTURE OFF;
SELECT k FROM t;
CQL
"$cqlbox" < "$dir/in.cql" > "$dir/out" 2> "$dir/err" || true
expected="cqlbox> CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
cqlbox> USE ks;
cqlbox:ks> CREATE TABLE t (k int PRIMARY KEY, v text);
cqlbox:ks> INSERT INTO t (k, v)
       ...   VALUES (1, 'один');
cqlbox:ks> SELECT * FROM t;

 k | v
---+------
 1 | один

(1 rows)
cqlbox:ks> SELECT * FROM nope;
InvalidRequest: Error from server: code=2200 [Invalid query] message=\"table nope does not exist\"
cqlbox:ks> CAPTURE;
Currently capturing statements and output to '$dir/handout.txt'.
cqlbox:ks> CAPTURE OFF;
"
diff <(printf '%s' "$expected") "$dir/handout.txt" || { echo "transcript differs"; exit 1; }
# The screen is unchanged: results on stdout, the error with its line on stderr.
grep -q "^Now capturing statements and output to '$dir/handout.txt'.\$" "$dir/out" || { echo "no start message"; exit 1; }
[ "$(grep -c '(1 rows)' "$dir/out")" -eq 2 ] || { echo "results missing from the screen"; exit 1; }
grep -q '^<stdin>:[0-9]*:InvalidRequest' "$dir/err" || { echo "error missing from stderr"; exit 1; }
# A file that cannot be opened is refused as cqlsh refuses it, and nothing is captured.
printf "CAPTURE '%s/no/such/dir/x.txt' WITH STATEMENTS;\n" "$dir" | "$cqlbox" > /dev/null 2> "$dir/err2" || true
grep -q "Could not open '$dir/no/such/dir/x.txt' for append" "$dir/err2" || { echo "bad path not refused"; cat "$dir/err2"; exit 1; }
echo "capture_statements: ok"
