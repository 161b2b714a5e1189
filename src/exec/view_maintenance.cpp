// Materialized views kept in step with their base table. A view row is derived from one base
// row: it exists while the base row is live, passes the view's WHERE filters and has every
// view key column set. Each write recomputes the view rows of the base rows it touches (before
// and after the write) and replaces them whole, so views never hold tombstones of their own.
//
// Liveness follows Cassandra's ViewUpdateGenerator: when a regular base column is part of the
// view key, the view row lives exactly as long as that cell (its timestamp and TTL become the
// row marker); otherwise the marker is the base row's, stretched to cover the base row's
// unselected cells so the view row does not die while the base row lives.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "exec/executor.hpp"
#include "exec/functions.hpp"
#include "exec/terms.hpp"
#include "exec/views.hpp"
#include "store/clustering.hpp"
#include "types/compare.hpp"

namespace cqlbox::exec {

namespace {

// Views work on decoded rows: they build whole rows and replace them.
using Row = store::RowData;

// The part of stored row `r` that is live at `now_s`: cells not expired and not shadowed by a
// partition, range, row or collection tombstone.
Row live_copy(const store::Partition& p, const store::Row& r, const store::ClusteringComparator& cmp,
              std::int64_t now_s) {
  const std::int64_t shadow = p.row_shadow(r, cmp);
  Row out;
  out.clustering = r.clustering().str();
  const store::Liveness marker = r.marker();
  if (marker.timestamp > shadow && marker.live(now_s)) out.marker = marker;
  r.for_each_cell([&](int slot, const store::CellRef& c) {
    if (!c.live(now_s) || c.timestamp <= shadow) return;
    const auto i = static_cast<std::size_t>(slot);
    if (out.cells.size() <= i) out.cells.resize(i + 1);
    out.cells[i] = c.to_cell();
  });
  const auto& complex = r.complex();
  out.complex.resize(complex.size());
  for (std::size_t i = 0; i < complex.size(); ++i) {
    const std::int64_t col_shadow = std::max(shadow, complex[i].deletion.timestamp);
    for (const auto& pc : complex[i].cells)
      if (pc.cell.live(now_s) && pc.cell.timestamp > col_shadow) out.complex[i].cells.push_back(pc);
  }
  return out;
}

bool has_live_data(const Row& r) {
  if (r.marker.exists()) return true;
  for (const auto& c : r.cells)
    if (c.exists()) return true;
  for (const auto& c : r.complex)
    if (!c.cells.empty()) return true;
  return false;
}

bool passes(const schema::ViewFilter& f, const types::CqlType& type, std::string_view v) {
  using Op = schema::ViewFilter::Op;
  if (f.op == Op::In)
    return std::any_of(f.values.begin(), f.values.end(),
                       [&](const std::string& x) { return types::compare_values(type, v, x) == 0; });
  const int c = types::compare_values(type, v, f.values.front());
  switch (f.op) {
    case Op::Eq: return c == 0;
    case Op::Neq: return c != 0;
    case Op::Lt: return c < 0;
    case Op::Lte: return c <= 0;
    case Op::Gt: return c > 0;
    case Op::Gte: return c >= 0;
    case Op::In: break;
  }
  return false;
}

struct ViewRow {
  std::string partition_key;
  Row row;
};

// The view row that base row `clustering` of partition `p` derives, if any.
std::optional<ViewRow> derive(const schema::TableSchema& base, const schema::TableSchema& view,
                              const store::Partition* p, std::string_view clustering,
                              const store::ClusteringComparator& cmp, std::int64_t now_s) {
  if (!p) return std::nullopt;
  const store::Row stored = p->find_row(clustering, cmp);
  if (stored.empty()) return std::nullopt;
  const Row live = live_copy(*p, stored, cmp, now_s);
  if (!has_live_data(live)) return std::nullopt;

  const std::vector<std::string_view> pk = split_partition_key(p->key(), base.partition_key.size());
  const std::vector<std::string_view> ck = store::split_components(live.clustering);
  auto value_of = [&](int column) -> std::optional<std::string_view> {
    const schema::Column& c = base.column(column);
    switch (c.kind) {
      case schema::ColumnKind::PartitionKey: return pk[static_cast<std::size_t>(c.position)];
      case schema::ColumnKind::Clustering: {  // a COMPACT STORAGE prefix row's null is no value
        const std::string_view v = ck[static_cast<std::size_t>(c.position)];
        if (store::is_null_component(v)) return std::nullopt;
        return v;
      }
      case schema::ColumnKind::Regular:
        if (const store::Cell* cell = live.cell(c.position)) return std::string_view(cell->value);
        return std::nullopt;
      case schema::ColumnKind::Static: break;
    }
    return std::nullopt;
  };

  for (const auto& f : view.view->filters) {
    const int column = base.find(f.column);
    if (column < 0) return std::nullopt;
    auto v = value_of(column);
    if (!v || !passes(f, *base.column(column).type, *v)) return std::nullopt;
  }

  ViewRow out;
  std::vector<std::string_view> key;
  int promoted = -1;  // the base regular column in the view key, if any
  for (int c : view.partition_key) {
    const int b = base.find(view.column(c).name);
    auto v = value_of(b);
    if (!v) return std::nullopt;
    if (base.column(b).kind == schema::ColumnKind::Regular) promoted = b;
    key.push_back(*v);
  }
  for (int c : view.clustering) {
    const int b = base.find(view.column(c).name);
    auto v = value_of(b);
    if (!v) return std::nullopt;
    if (base.column(b).kind == schema::ColumnKind::Regular) promoted = b;
    store::append_component(out.row.clustering, *v);
  }
  out.partition_key = serialize_partition_key(key);

  // Regular cells, copied with their timestamps and TTLs.
  for (int c : view.regulars) {
    const schema::Column& vc = view.column(c);
    const schema::Column& bc = base.column(base.find(vc.name));
    const auto bs = static_cast<std::size_t>(bc.position), vs = static_cast<std::size_t>(vc.position);
    if (bs < live.cells.size() && live.cells[bs].exists()) {
      if (out.row.cells.size() <= vs) out.row.cells.resize(vs + 1);
      out.row.cells[vs] = live.cells[bs];
    }
    if (bs < live.complex.size() && !live.complex[bs].cells.empty()) {
      if (out.row.complex.size() <= vs) out.row.complex.resize(vs + 1);
      out.row.complex[vs].cells = live.complex[bs].cells;
    }
  }

  // Row marker (see the file comment).
  if (promoted >= 0) {
    const store::Cell& cell = *live.cell(base.column(promoted).position);
    out.row.marker = {cell.timestamp, cell.ttl, cell.expiring() ? cell.local_time : store::kNoExpiry};
    return out;
  }
  store::Liveness marker = live.marker;
  if (view.view->include_all_columns) {
    out.row.marker = marker;
    return out;
  }
  bool non_expiring = false;
  const store::Cell* longest = nullptr;
  std::int64_t timestamp = marker.timestamp;
  auto consider = [&](const store::Cell& cell) {
    timestamp = std::max(timestamp, cell.timestamp);
    if (!cell.expiring())
      non_expiring = true;
    else if (!longest || cell.local_time > longest->local_time)
      longest = &cell;
  };
  for (int r : base.regulars) {
    const schema::Column& bc = base.column(r);
    if (view.find(bc.name) >= 0) continue;  // selected: it keeps the view row alive itself
    const auto bs = static_cast<std::size_t>(bc.position);
    if (bs < live.cells.size() && live.cells[bs].exists()) consider(live.cells[bs]);
    if (bs < live.complex.size())
      for (const auto& pc : live.complex[bs].cells) consider(pc.cell);
  }
  if ((marker.exists() && marker.ttl == 0) || non_expiring) {
    out.row.marker = {timestamp, 0, store::kNoExpiry};
  } else if (longest && (!marker.exists() || longest->local_time > marker.expiry)) {
    out.row.marker = {longest->timestamp, longest->ttl, longest->local_time};
  } else {
    out.row.marker = marker;
  }
  return out;
}

std::int64_t now_seconds(const Database& db) { return db.clock.now_us() / 1000000; }

}  // namespace

namespace {

// Partition growth past the data-modelling limits: 100,000 rows (the course's guideline) and
// 100 MiB (Cassandra's old compaction_large_partition_warning_threshold, worded as 5.0's
// partition_size guardrail). The size is checked exactly only after every 8 MiB written
// (Partition::Growth::kCheckEvery; sooner in a partition of one page, partition.hpp).
constexpr std::size_t kRowsWarning = 100'000;
constexpr std::uint64_t kSizeWarning = 100ull << 20;

std::string key_text(const schema::TableSchema& t, std::string_view key) {
  const std::vector<std::string_view> parts = split_partition_key(key, t.partition_key.size());
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i)
    out += (i ? ":" : "") + java_text(*t.column(t.partition_key[i]).type, parts[i]);
  return out;
}

void note_growth(const schema::TableSchema& t, store::Partition& p, const store::Mutation& m,
                 std::vector<std::string>* warnings) {
  store::Partition::Growth g = p.growth();
  if (!g.rows_warned && p.rows().size() > kRowsWarning) {
    g.rows_warned = true;
    p.set_growth(g);
    if (warnings)
      warnings->push_back(
          fmt::format("Partition {}.{}:{} has {} rows, more than {}: keep partitions under 100,000 "
                      "rows and 100 MB (cqlbox's data-modelling warning; PARTITION SIZE explains)",
                      t.keyspace, t.name, key_text(t, p.key()), p.rows().size(), kRowsWarning));
  }
  if (g.size_warned) return;
  std::uint64_t written = g.written + store::wire_size(m.clustering) + 8;  // the key as data files count it
  for (const auto& [slot, c] : m.cells) written += c.value.size() + 8;
  for (const auto& [slot, c] : m.static_cells) written += c.value.size() + 8;
  if (written < store::Partition::Growth::kCheckEvery) {
    g.written = static_cast<std::uint32_t>(written);
    p.set_growth(g);
    return;
  }
  g.written = 0;
  const std::uint64_t size = p.data_size();
  g.size_warned = size > kSizeWarning;
  p.set_growth(g);
  if (!g.size_warned) return;
  if (warnings)
    warnings->push_back(
        fmt::format("Guardrail partition_size violated: Partition {}.{}:{} has size {:.3f}MiB, this "
                    "exceeds the warning threshold of 100MiB.",
                    t.keyspace, t.name, key_text(t, p.key()), static_cast<double>(size) / (1 << 20)));
}

}  // namespace

void apply_write(Database& db, const PreparedWrite& w, std::vector<std::string>* warnings) {
  if (!w.table || w.table->views.empty()) {
    for (const auto& m : w.mutations) {
      store::Partition& p = w.store->apply(m);
      if (w.table) note_growth(*w.table, p, m, warnings);
    }
    return;
  }
  const schema::TableSchema& base = *w.table;
  std::vector<std::pair<const schema::TableSchema*, store::TableStore*>> views;
  for (const auto& name : base.views)
    if (const schema::TableSchema* v = db.catalog.table(base.keyspace, name)) views.emplace_back(v, &db.store_of(*v));
  const store::ClusteringComparator& cmp = w.store->comparator();
  const std::int64_t now_s = now_seconds(db);
  for (const auto& m : w.mutations) {
    // The base rows this mutation can change: all of them for a partition or range deletion.
    std::vector<std::string> rows;
    const store::Partition* p = w.store->find(m.partition_key);
    if (m.partition_deletion.exists() || !m.range_tombstones.empty()) {
      if (p)
        for (const auto& r : p->rows()) rows.push_back(r.clustering().str());
    } else if (m.has_row) {
      rows.push_back(m.clustering);
    }
    std::vector<std::optional<ViewRow>> before;
    for (const auto& [view, store] : views)
      for (const auto& ck : rows) before.push_back(derive(base, *view, p, ck, cmp, now_s));
    note_growth(base, w.store->apply(m), m, warnings);
    p = w.store->find(m.partition_key);
    std::size_t i = 0;
    for (const auto& [view, store] : views) {
      const store::ClusteringComparator& vcmp = store->comparator();
      for (const auto& ck : rows) {
        std::optional<ViewRow> after = derive(base, *view, p, ck, cmp, now_s);
        const std::optional<ViewRow>& old = before[i++];
        if (old && (!after || after->partition_key != old->partition_key ||
                    vcmp.compare(after->row.clustering, old->row.clustering) != 0))
          store->erase_row(old->partition_key, old->row.clustering);
        if (after) store->put_row(after->partition_key, std::move(after->row));
      }
    }
  }
}

void build_view(Database& db, const schema::TableSchema& view) {
  const schema::TableSchema* base = db.catalog.table(view.keyspace, view.view->base);
  store::TableStore& out = db.store_of(view);
  out.clear();
  if (!base) return;
  const store::TableStore& in = db.store_of(*base);
  const std::int64_t now_s = now_seconds(db);
  for (const store::Partition& p : in.partitions())
    for (const auto& r : p.rows()) {
      const store::RowKey key = r.clustering();
      if (auto v = derive(*base, view, &p, key, in.comparator(), now_s))
        out.put_row(v->partition_key, std::move(v->row));
    }
}

}  // namespace cqlbox::exec
