#!/usr/bin/env bash
# --data under damage (docs/persistence.md): a second process on the same directory is refused;
# a flipped bit in the middle of the commit log stops the start (exit 1, file and offset named,
# the file unchanged) instead of silently dropping what follows; --salvage-commitlog skips the
# damaged record, keeps a copy of the segment and makes the rest durable; a leftover .tmp goes.
set -uo pipefail
cqlbox="$1"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
fail() { echo "data_damage: $*"; exit 1; }

{
  echo "CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};"
  echo "CREATE TABLE k.t (a int PRIMARY KEY, b text);"
  for i in $(seq 1 300); do echo "INSERT INTO k.t (a, b) VALUES ($i, 'row $i');"; done
} | "$cqlbox" --data "$dir/d" > /dev/null 2>&1 || fail "ingest failed"

# Two processes on one directory: the second is refused while the first runs.
(sleep 3 | "$cqlbox" --data "$dir/d" > /dev/null 2>&1) &
first=$!
sleep 1
out=$(echo "SELECT count(*) FROM k.t;" | "$cqlbox" --data "$dir/d" 2>&1); rc=$?
wait $first
[ $rc -eq 1 ] || fail "second opener: exit $rc, expected 1"
grep -q "is in use by another cqlbox process" <<< "$out" || fail "second opener: $out"

# A flipped bit in the middle of the segment.
python3 - "$dir/d/commitlog-1" <<'PY'
import sys
p = sys.argv[1]
b = bytearray(open(p, "rb").read())
b[len(b) // 2] ^= 0x10
open(p, "wb").write(b)
PY
before=$(md5sum < "$dir/d/commitlog-1")
out=$(echo "SELECT count(*) FROM k.t;" | "$cqlbox" --data "$dir/d" 2>&1); rc=$?
[ $rc -eq 1 ] || fail "damaged log: exit $rc, expected 1 ($out)"
grep -q "commitlog-1 is damaged at offset [0-9]*" <<< "$out" || fail "damaged log: $out"
[ "$(md5sum < "$dir/d/commitlog-1")" = "$before" ] || fail "the damaged file was changed"

# Salvage: one statement is lost and reported, the other 299 rows stay, and stay after a restart.
out=$(echo "SELECT count(*) FROM k.t;" | "$cqlbox" --data "$dir/d" --salvage-commitlog 2>&1) || fail "salvage: $out"
grep -q "skipped" <<< "$out" || fail "salvage did not report the skip: $out"
grep -q "^   299$" <<< "$out" || fail "salvage: expected 299 rows: $out"
[ -f "$dir/d/commitlog-1.damaged" ] || fail "no copy of the damaged segment"
: > "$dir/d/data-99.db.tmp"
out=$(echo "SELECT count(*) FROM k.t;" | "$cqlbox" --data "$dir/d" 2>&1) || fail "restart after salvage: $out"
grep -q "^   299$" <<< "$out" || fail "after salvage: $out"
[ ! -e "$dir/d/data-99.db.tmp" ] || fail "a leftover data-N.db.tmp was not removed"
echo "data_damage: ok"
