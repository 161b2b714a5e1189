#!/usr/bin/env bash
# --output-format json|csv: rows as machine-readable lines on stdout, warnings and errors on
# stderr, exit status as in table mode; an unknown format is refused.
set -euo pipefail
cqlbox="$1"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
cat > "$dir/in.cql" <<'CQL'
CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
USE ks;
CREATE TABLE t (k int PRIMARY KEY, v text, l list<int>, ts timestamp, "Mixed" int);
INSERT INTO t (k, v, l, ts, "Mixed") VALUES (1, 'a,b "q"', [1,2], '2024-01-01', 5);
INSERT INTO t (k) VALUES (2);
SELECT * FROM t;
SELECT count(*) FROM t;
INSERT INTO t (k) VALUES (3) IF NOT EXISTS;
SELECT * FROM nope;
CQL
check() {  # format, expected stdout, expected stderr
  local status=0
  "$cqlbox" --now '2024-01-01 00:00:00+0000' --output-format "$1" < "$dir/in.cql" > "$dir/out" 2> "$dir/err" || status=$?
  [ "$status" -eq 2 ] || { echo "$1: exit status $status, expected 2"; exit 1; }
  diff <(printf '%s' "$2") "$dir/out" || { echo "$1: stdout differs"; exit 1; }
  diff <(printf '%s' "$3") "$dir/err" || { echo "$1: stderr differs"; exit 1; }
}
errors='Warnings: Aggregation query used without partition key
<stdin>:10:InvalidRequest: Error from server: code=2200 [Invalid query] message="table nope does not exist"
'
check csv 'k,Mixed,l,ts,v
1,5,"[1, 2]",2024-01-01 00:00:00.000000+0000,"a,b ""q"""
2,,,,
count
2
[applied]
True
' "$errors"
check json '{"k": 1, "Mixed": 5, "l": [1, 2], "ts": "2024-01-01 00:00:00.000Z", "v": "a,b \"q\""}
{"k": 2, "Mixed": null, "l": null, "ts": null, "v": null}
{"count": 2}
{"[applied]": true}
' "$errors"
if "$cqlbox" --output-format xml < /dev/null 2> "$dir/err"; then echo "xml accepted"; exit 1; fi
grep -q "must be table, json or csv" "$dir/err"
echo "output_format: ok"
