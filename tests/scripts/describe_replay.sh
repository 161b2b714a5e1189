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

# DESCRIBE SCHEMA WITH INTERNALS replays too: ids, dropped columns and their drop times come back.
cat > "$dir/internals.cql" <<'CQL'
CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
CREATE TYPE ks.pt (x int, y int);
CREATE TABLE ks.u (k int PRIMARY KEY, v int, gone text, p frozen<pt>, s set<int>);
ALTER TABLE ks.u DROP gone USING TIMESTAMP 10;
ALTER TABLE ks.u DROP (v, p) USING TIMESTAMP 20;
ALTER TABLE ks.u ADD v int;
DESCRIBE SCHEMA WITH INTERNALS
CQL
"$cqlbox" < "$dir/internals.cql" > "$dir/internals-first.txt"
grep -q "ALTER TABLE ks.u DROP gone USING TIMESTAMP 10;" "$dir/internals-first.txt"
"$cqlbox" < "$dir/internals-first.txt" > "$dir/internals-replay.txt" 2>&1
[ ! -s "$dir/internals-replay.txt" ] || { echo "replaying WITH INTERNALS printed:"; cat "$dir/internals-replay.txt"; exit 1; }
{ cat "$dir/internals-first.txt"; echo "DESCRIBE SCHEMA WITH INTERNALS"; } | "$cqlbox" > "$dir/internals-second.txt"
diff "$dir/internals-first.txt" "$dir/internals-second.txt"
# A flushed data file keeps the drop: after a restart, the re-added column shows only the cells
# written after its drop, as before the restart.
mkdir "$dir/data"
"$cqlbox" --data "$dir/data" > /dev/null <<'CQL'
CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
CREATE TABLE ks.u (k int PRIMARY KEY, v int);
INSERT INTO ks.u (k, v) VALUES (1, 1) USING TIMESTAMP 1000;
INSERT INTO ks.u (k, v) VALUES (2, 2) USING TIMESTAMP 3000;
ALTER TABLE ks.u DROP v USING TIMESTAMP 2000;
NODETOOL flush
CQL
printf 'ALTER TABLE ks.u ADD v int;\nSELECT k, v FROM ks.u;\nSELECT column_name, dropped_time FROM system_schema.dropped_columns;\n' |
  "$cqlbox" --data "$dir/data" > "$dir/restarted.txt"
cat > "$dir/expected.txt" <<'OUT'

 k | v
---+------
 1 | null
 2 |    2

(2 rows)

 column_name | dropped_time
-------------+---------------------------------
           v | 1970-01-01 00:00:00.002000+0000

(1 rows)
OUT
diff "$dir/expected.txt" "$dir/restarted.txt"
