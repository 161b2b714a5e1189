// INSERT: prepare (columns, literals, key completeness, USING) then one Mutation.
// INSERT writes the row marker (primary-key liveness); an explicit null writes a cell tombstone.
#include <algorithm>

#include "error/cql_error.hpp"
#include "exec/collections.hpp"
#include "exec/executor.hpp"
#include "exec/write_limits.hpp"
#include "exec/json_input.hpp"
#include "exec/terms.hpp"
#include "store/clustering.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using error::invalid;

namespace {

constexpr std::int64_t kMaxTtl = 630720000;  // 20 years, Attributes.MAX_TTL

std::string missing_list(const schema::TableSchema& t, const std::vector<int>& cols,
                         const std::vector<std::optional<std::string>>& values, const std::vector<bool>& given) {
  std::string out;
  for (int c : cols)
    if (!given[static_cast<std::size_t>(c)]) out += (out.empty() ? "" : ", ") + t.column(c).name;
  (void)values;
  return out;
}

// The row an INSERT writes, as its steps work it out: each column's value (nullopt: null)
// and whether the statement gives it. Scratch kept between statements (a script inserts a
// million rows): cleared, not freed.
struct InsertRow {
  std::vector<std::optional<std::string>>& values;
  std::vector<bool>& given;
  bool static_row_only = false;  // no clustering key: only the static row is written
  bool compact_prefix = false;   // a COMPACT STORAGE row keyed by a clustering prefix
};

// The values of the columns the INSERT names (or its JSON gives).
void bind_insert_values(Database& db, const schema::TableSchema& t, const ast::Insert& s, InsertRow& row) {
  auto& values = row.values;
  auto& given = row.given;
  for (auto& v : values) v.reset();
  values.resize(t.columns.size());
  given.assign(t.columns.size(), false);
  if (s.json || s.json_marker) {
    std::string bound;  // JSON ?: the bound text (Json.Marker)
    if (s.json_marker) {
      const auto v = bind_term(*s.json_marker, *types::native_type(types::Kind::Text), "[json]");
      if (!v) invalid("Got null for INSERT JSON values");
      bound = *v;
    }
    // Every column not in the JSON is null (a tombstone), unless DEFAULT UNSET.
    for (const auto& [c, v] : json_row(t, s.json_marker ? std::string_view(bound) : *s.json)) {
      values[static_cast<std::size_t>(c)] = v;
      given[static_cast<std::size_t>(c)] = true;
    }
    // A key column the JSON leaves out is a null key (5.0 binds an '= null' for it).
    for (std::size_t i = 0; i < t.columns.size(); ++i)
      if (!given[i] && (t.columns[i].is_primary_key() || !s.default_unset)) given[i] = true;
  }
  for (std::size_t i = 0; i < s.columns.size(); ++i) {
    int c = t.find(s.columns[i]);
    if (c < 0) invalid("Undefined column name {} in table {}", util::cql_name(s.columns[i]), table_text(t));
    if (given[static_cast<std::size_t>(c)]) invalid("The column names contains duplicates");
    if (!t.column(c).is_primary_key() && is_unset(s.values[i])) continue;  // left as it is
    given[static_cast<std::size_t>(c)] = true;
    const FunctionContext ctx = db.functions();
    values[static_cast<std::size_t>(c)] = bind_term(s.values[i], *t.column(c).type, t.column(c).name, &ctx);
  }
}

// Whether the primary key is complete: Cassandra's "missing" errors, and the two cases where
// part of the clustering key may be left out (the static row, a compact table's prefix).
void check_insert_key(const schema::TableSchema& t, InsertRow& row) {
  const auto& given = row.given;
  std::string missing = missing_list(t, t.partition_key, row.values, given);
  if (!missing.empty()) invalid("Some partition key parts are missing: {}", missing);
  // Without clustering values, an INSERT may still write statics alone (the static row).
  bool only_statics = false;
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    if (!given[i] || t.columns[i].is_primary_key()) continue;
    if (t.columns[i].kind != schema::ColumnKind::Static) {
      only_statics = false;
      break;
    }
    only_statics = true;
  }
  missing = missing_list(t, t.clustering, row.values, given);
  // Only with no clustering column at all (ParsedInsert's applyOnlyToStaticColumns): a partial
  // clustering key with statics is still missing the rest.
  bool any_clustering = false;
  for (int c : t.clustering) any_clustering = any_clustering || given[static_cast<std::size_t>(c)];
  row.static_row_only = !missing.empty() && only_statics && !any_clustering;
  // A COMPACT STORAGE table's row may be keyed by a clustering prefix, the rest null
  // (CASSANDRA-7990): StatementRestrictions skips the check once any clustering column is given.
  row.compact_prefix = !missing.empty() && any_clustering && t.compact == schema::CompactKind::Dense;
  if (row.compact_prefix)
    for (std::size_t i = 1; i < t.clustering.size(); ++i)
      if (given[static_cast<std::size_t>(t.clustering[i])] && !given[static_cast<std::size_t>(t.clustering[i - 1])])
        invalid("PRIMARY KEY column \"{}\" cannot be restricted as preceding column \"{}\" is not restricted",
                t.column(t.clustering[i]).name, t.column(t.clustering[i - 1]).name);
  if (!missing.empty() && !row.static_row_only && !row.compact_prefix)
    invalid("Some clustering keys are missing: {}", missing);
}

// The mutation's partition key and clustering, from the row's key values.
void write_insert_key(const schema::TableSchema& t, InsertRow& row, store::Mutation& m) {
  const auto& values = row.values;
  const auto& given = row.given;
  thread_local std::vector<std::string_view> pk;
  pk.clear();
  for (int c : t.partition_key) {
    const auto& v = values[static_cast<std::size_t>(c)];
    if (!v) invalid("Invalid null value in condition for column {}", t.column(c).name);
    if (v->empty() && t.partition_key.size() == 1) invalid("Key may not be empty");
    pk.push_back(*v);
  }
  m.partition_key = serialize_partition_key(pk);
  for (int c : t.clustering) {
    if (row.static_row_only) break;
    if (row.compact_prefix && !given[static_cast<std::size_t>(c)]) {
      store::append_null_component(m.clustering);
      continue;
    }
    const auto& v = values[static_cast<std::size_t>(c)];
    if (!v) invalid("Invalid null value in condition for column {}", t.column(c).name);
    if (v->empty() && t.compact == schema::CompactKind::Dense && t.clustering.size() == 1)
      invalid("Invalid empty or null value for column {}", t.column(c).name);  // UpdateParameters.newRow
    store::append_component(m.clustering, *v);
  }
  // A compact table has no row marker: its row is its value. Setting only the key writes the
  // hidden empty value where there is one; a declared value column is then mandatory.
  bool sets_value = false;
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    sets_value = sets_value || (given[i] && !t.columns[i].is_primary_key());
  if (t.is_compact() && !sets_value) {
    if (t.compact == schema::CompactKind::Dense && !t.compact_value_hidden())
      invalid("Column {} is mandatory for this COMPACT STORAGE table", t.column(t.regulars[0]).name);
    if (t.compact == schema::CompactKind::Static) row.static_row_only = true;  // writes nothing
  }
}

// USING TTL and TIMESTAMP: the TTL (the table's default when none is given) and the timestamp.
std::pair<std::int64_t, std::optional<std::int64_t>> insert_attributes(const schema::TableSchema& t,
                                                                       const ast::Insert& s) {
  static const types::CqlType* int_type = types::native_type(types::Kind::Int);
  std::int64_t ttl = t.default_time_to_live;
  if (s.ttl && !is_unset(s.ttl)) {
    // A null TTL is no TTL, not the table's default (Attributes.getTimeToLive); unset is the default.
    const auto v = bind_integer(*s.ttl, *int_type, "[ttl]").value_or(0);
    if (v < 0) invalid("A TTL must be greater or equal to 0, but was {}", v);
    if (v > kMaxTtl) invalid("ttl is too large. requested ({}) maximum ({})", v, kMaxTtl);
    ttl = v;
  }
  std::optional<std::int64_t> timestamp;
  if (s.timestamp && !is_unset(s.timestamp)) {
    if (s.if_not_exists) invalid("Cannot provide custom timestamp for conditional updates");
    timestamp = bind_write_timestamp(*s.timestamp);
  }
  return {ttl, timestamp};
}

// The row marker and the cells of the columns given, at `ts` with `ttl`.
void write_insert_cells(Database& db, const schema::TableSchema& t, const InsertRow& row, std::int64_t ts,
                        std::int64_t ttl, store::Mutation& m) {
  const auto& values = row.values;
  const auto& given = row.given;
  // The server's clock (in seconds) matters only to a TTL, a null (a tombstone's local time)
  // and a collection: a plain INSERT does not read it (a clock read is 2% of an ingest).
  bool needs_now = ttl > 0;
  for (std::size_t i = 0; i < t.columns.size() && !needs_now; ++i)
    needs_now = given[i] && !t.columns[i].is_primary_key() && (!values[i] || t.columns[i].type->multi_cell());
  const std::int64_t now_s = needs_now ? db.clock.now_us() / 1000000 : 0;
  const std::int64_t expiry = ttl > 0 ? now_s + ttl : store::kNoExpiry;
  m.has_row = !row.static_row_only;
  if (m.has_row && (!t.is_compact() || t.compact_value_hidden()))
    m.marker = {ts, static_cast<std::int32_t>(ttl), expiry};
  auto make_cell = [&](const std::optional<std::string>& v) {
    store::Cell cell;
    cell.timestamp = ts;
    if (v) {
      cell.value = *v;
      cell.ttl = static_cast<std::int32_t>(ttl);
      cell.local_time = expiry;
    } else {
      cell.tombstone = true;
      cell.local_time = now_s;
    }
    return cell;
  };
  const FunctionContext fctx = db.functions();
  const WriteStamp stamp{ts, static_cast<std::int32_t>(ttl), expiry, now_s};
  m.cells.reserve(t.regulars.size());
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    if (!given[i]) continue;
    const schema::Column& c = t.columns[i];
    if (c.type->multi_cell()) {
      m.complex.push_back(overwrite_collection(c, values[i], stamp, fctx));
      continue;
    }
    if (c.kind == schema::ColumnKind::Regular) m.cells.emplace_back(c.position, make_cell(values[i]));
    if (c.kind == schema::ColumnKind::Static) m.static_cells.emplace_back(c.position, make_cell(values[i]));
  }
}

}  // namespace

PreparedWrite prepare_insert(Database& db, Session& session, const ast::Insert& s, std::int64_t default_timestamp) {
  PreparedWrite w{nullptr, {}, nullptr};
  prepare_insert(db, session, s, default_timestamp, w);
  return w;
}

void prepare_insert(Database& db, Session& session, const ast::Insert& s, std::int64_t default_timestamp,
                    PreparedWrite& w) {
  w.store = nullptr;  // set once the write is ready (a kept PreparedWrite may name a dropped table)
  w.table = nullptr;
  const schema::TableSchema& t = resolve_table(db, session, s.table);
  for (int i : t.regulars)
    if (t.column(i).type->kind == types::Kind::Counter)
      invalid("INSERT statements are not allowed on counter tables, use UPDATE instead");
  if (!s.json && !s.json_marker && s.columns.size() != s.values.size()) invalid("Unmatched column names/values");

  thread_local std::vector<std::optional<std::string>> values;
  thread_local std::vector<bool> given;
  struct ReleaseLarge {  // a big blob is not kept alive until the next INSERT
    ~ReleaseLarge() {
      for (auto& v : values)
        if (v && v->capacity() > 4096) v.reset();
    }
  } release_large;
  InsertRow row{values, given};
  bind_insert_values(db, t, s, row);
  check_insert_key(t, row);
  w.mutations.resize(1);
  store::Mutation& m = w.mutations[0];
  m.reset();
  write_insert_key(t, row, m);
  const auto [ttl, timestamp] = insert_attributes(t, s);
  write_insert_cells(db, t, row, timestamp ? *timestamp : default_timestamp, ttl, m);
  w.store = &db.store_of(t);
  w.table = &t;
  check_write_limits(t, w);
}

}  // namespace cqlbox::exec
