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
CREATE MATERIALIZED VIEW ks."UbyV" AS SELECT k, v FROM ks.u WHERE v IS NOT NULL AND k IS NOT NULL
  PRIMARY KEY (v, k) WITH CLUSTERING ORDER BY (k DESC) AND comment = 'view';
CREATE KEYSPACE k2 WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1} AND durable_writes = false;
CREATE TABLE k2.e (k text, c1 int, c2 uuid, v double, PRIMARY KEY (k, c1, c2)) WITH default_time_to_live = 60;
DESCRIBE SCHEMA
CQL
# Creating a view prints the experimental-feature warning; keep only the DESCRIBE text.
no_warnings() { grep -v -e '^Warnings :$' -e '^Materialized views are experimental' || true; }
"$cqlbox" < "$dir/schema.cql" | no_warnings > "$dir/first.txt"
# Replaying prints only the views' experimental-feature warning.
"$cqlbox" < "$dir/first.txt" 2>&1 | no_warnings | grep -v '^$' > "$dir/replay.txt" || true
[ ! -s "$dir/replay.txt" ] || { echo "replaying DESCRIBE SCHEMA printed:"; cat "$dir/replay.txt"; exit 1; }
{ cat "$dir/first.txt"; echo "DESCRIBE SCHEMA"; } | "$cqlbox" | no_warnings > "$dir/second.txt"
diff "$dir/first.txt" "$dir/second.txt"
grep -q "CREATE TABLE ks.t" "$dir/first.txt"
grep -q 'CREATE MATERIALIZED VIEW ks."UbyV" AS' "$dir/first.txt"
# --disable-materialized-views answers as a stock 5.0 node.
"$cqlbox" --disable-materialized-views < "$dir/schema.cql" > "$dir/disabled.txt" 2>&1 || true
grep -q 'Materialized views are disabled. Enable in cassandra.yaml to use.' "$dir/disabled.txt"

