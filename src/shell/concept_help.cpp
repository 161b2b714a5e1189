// Pure data: the concept texts of HELP (concept_help.hpp).
#include "shell/concept_help.hpp"

namespace cqlbox::shell {

namespace {

struct Concept {
  std::string_view topic;
  const char* text;
};

constexpr Concept kConcepts[] = {
    {"PRIMARY KEY", R"(
        PRIMARY KEY ((<partition key>, ...), <clustering column>, ...)

          The primary key says where a row lives and how it is found. Its first
          part is the partition key: rows with the same partition key are stored
          together, on the same replicas. The rest are clustering columns: they
          sort the rows inside the partition. Together they identify one row;
          writing the same primary key again overwrites that row (an upsert).

          A query names the partition key with '=' or IN, then may narrow the
          clustering columns from the left. Design the key from the queries.

          See HELP PARTITION, HELP CLUSTERING; LESSON 1, 2, 3 and 6 show it.
)"},
    {"PARTITION", R"(
        PARTITION

          All the rows that share a partition key: the unit of storage and of
          distribution. A partition is stored on the nodes its token maps to,
          read in one go, and kept in clustering order. Keep partitions bounded
          (Cassandra warns from 100 MB): a partition per sensor and day, not per
          sensor forever (a time bucket).

          PARTITION SIZE <table> ROWS <n> estimates one; LIST <table> shows them
          as stored. LESSON 3 (composite keys) and LESSON 9 (time buckets) show
          it.
)"},
    {"CLUSTERING", R"(
        CLUSTERING COLUMNS, WITH CLUSTERING ORDER BY (<column> ASC|DESC, ...)

          The primary key columns after the partition key. They order the rows
          within a partition, ascending unless CLUSTERING ORDER BY says DESC,
          and make each row unique. A query may restrict them left to right:
          '=' on the first ones, then one range; ORDER BY can only follow or
          reverse the clustering order.

          LESSON 2 and LESSON 4 show it.
)"},
    {"TOKEN", R"(
        TOKEN, token(<partition key>)

          The partition key hashed with Murmur3 into a 64-bit number (-2^63 to
          2^63-1). The ring of tokens is split among the nodes; the token decides
          which nodes hold a partition. A SELECT without WHERE returns
          partitions in token order, and WHERE token(k) > ... pages through them.

          NODETOOL ring and NODETOOL getendpoints show the ring; LESSON 1 shows
          token order.
)"},
    {"TOMBSTONE", R"(
        TOMBSTONE

          A DELETE or an INSERT of null does not remove data: it writes a
          tombstone, a marker newer than the data it hides; a cell whose TTL
          has passed counts as one. Reads must skip tombstones (many of them
          make queries slow: a warning from 1,000, a failure from 100,000),
          and compaction drops them only after gc_grace_seconds (10 days by
          default).

          LIST <table> shows them as stored; LESSON 11 shows TTLs and tombstones.
)"},
    {"ALLOW FILTERING", R"(
        SELECT ... WHERE ... ALLOW FILTERING

          Cassandra refuses a query it cannot answer from the primary key (or an
          index) without reading rows it then throws away: a restriction on a
          regular column, or on clustering columns without the partition key.
          ALLOW FILTERING runs it anyway, as a scan: on a whole table, every
          partition is read. Fine on a small table or inside one partition;
          otherwise a table keyed for the query is the answer.

          EXPLAIN <select> shows what would be read. LESSON 5 and LESSON 15
          show it.
)"},
    {"DENORMALIZATION", R"(
        DENORMALIZATION

          Cassandra has no joins: a query reads one table, usually one partition.
          So the same data is written to several tables, each keyed for one
          query (users_by_id, users_by_email), often in one BATCH so the copies
          are written together. Storage is cheap; reads that scan are not.
          Materialized views keep such a copy automatically.

          LESSON 13 (one table per query) and LESSON 14 (materialized views)
          show it.
)"},
};

}  // namespace

const char* concept_help(std::string_view topic) {
  for (const auto& c : kConcepts)
    if (c.topic == topic) return c.text;
  return nullptr;
}

}  // namespace cqlbox::shell
