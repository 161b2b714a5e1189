#!/usr/bin/env bash
# DESCRIBE SCHEMA is replayable: its output, fed into a fresh cqlbox, recreates the same schema
# (the second DESCRIBE SCHEMA prints the same text).
set -euo pipefail
cqlbox="$1"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
cat > "$dir/schema.cql" <<'CQL'
CREATE KEYSPACE ks WITH replication = {'class': 'NetworkTopologyStrategy', 'datacenter1': 3};
CREATE TABLE ks.t (a int, b text, s int static, l list<int>, m frozen<map<text, int>>, c timestamp,
  "Mixed" int, PRIMARY KEY ((a, b), c)) WITH CLUSTERING ORDER BY (c DESC) AND comment = 'it''s';
CREATE INDEX ON ks.t (l);
CREATE TABLE ks.u (k int PRIMARY KEY, v text, tags set<text>, t frozen<tuple<int, text>>);
CREATE KEYSPACE k2 WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1} AND durable_writes = false;
CREATE TABLE k2.e (k text, c1 int, c2 uuid, v double, PRIMARY KEY (k, c1, c2)) WITH default_time_to_live = 60;
DESCRIBE SCHEMA
CQL
"$cqlbox" < "$dir/schema.cql" > "$dir/first.txt"
"$cqlbox" < "$dir/first.txt" > "$dir/replay.txt" 2>&1
[ ! -s "$dir/replay.txt" ] || { echo "replaying DESCRIBE SCHEMA printed:"; cat "$dir/replay.txt"; exit 1; }
{ cat "$dir/first.txt"; echo "DESCRIBE SCHEMA"; } | "$cqlbox" > "$dir/second.txt"
diff "$dir/first.txt" "$dir/second.txt"
grep -q "CREATE TABLE ks.t" "$dir/first.txt"
