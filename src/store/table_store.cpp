#include "store/table_store.hpp"

#include <algorithm>

#include "util/murmur3.hpp"

namespace cqlbox::store {

Partition& TableStore::find_or_add(std::string_view partition_key) {
  return partitions_.find_or_insert(partition_key, util::murmur3_token(partition_key));
}

Partition& TableStore::apply(const Mutation& given) {
  Mutation scratch;
  const Mutation& m = floor_regular_.empty() && floor_static_.empty() ? given : above_floors(given, scratch);
  ++writes;
  bool static_row = !m.static_cells.empty();
  for (const auto& w : m.complex) static_row = static_row || w.is_static;
  operations += (m.has_row ? 1u : 0u) + (static_row ? 1u : 0u) + m.range_tombstones.size() +
                (m.partition_deletion.exists() ? 1u : 0u);
  Partition& p = find_or_add(m.partition_key);
  p.apply(m, cmp_, paths_);
  return p;
}

void TableStore::put_row(std::string_view partition_key, RowData row) {
  ++writes;
  find_or_add(partition_key).put_row(std::move(row), cmp_);
}

void TableStore::erase_row(std::string_view partition_key, std::string_view clustering) {
  Partition* p = partitions_.find(util::murmur3_token(partition_key), partition_key);
  if (!p) return;
  ++writes;
  if (!p->erase_row(clustering, cmp_)) return;
  partitions_.erase(partitions_.lower_bound(p->token(), p->key()));
}

namespace {
std::int64_t floor_of(const std::vector<std::int64_t>& floors, int slot) {
  const auto i = static_cast<std::size_t>(slot);
  return i < floors.size() ? floors[i] : kNoTimestamp;
}

// The parts of a collection write newer than `floor`.
void keep_above(ComplexWrite& w, std::int64_t floor) {
  if (w.deletion.exists() && w.deletion.timestamp <= floor) w.deletion = {};
  std::erase_if(w.cells, [&](const PathCell& c) { return c.cell.timestamp <= floor; });
}
}  // namespace

const Mutation& TableStore::above_floors(const Mutation& m, Mutation& scratch) const {
  bool below = false;
  for (const auto& [slot, cell] : m.cells) below = below || cell.timestamp <= floor_of(floor_regular_, slot);
  for (const auto& [slot, cell] : m.static_cells) below = below || cell.timestamp <= floor_of(floor_static_, slot);
  for (const auto& w : m.complex)
    below = below || floor_of(w.is_static ? floor_static_ : floor_regular_, w.slot) != kNoTimestamp;
  if (!below) return m;
  scratch = m;
  std::erase_if(scratch.cells, [&](const auto& c) { return c.second.timestamp <= floor_of(floor_regular_, c.first); });
  std::erase_if(scratch.static_cells,
                [&](const auto& c) { return c.second.timestamp <= floor_of(floor_static_, c.first); });
  for (auto& w : scratch.complex) keep_above(w, floor_of(w.is_static ? floor_static_ : floor_regular_, w.slot));
  return scratch;
}

void TableStore::set_floors(std::vector<std::int64_t> regular, std::vector<std::int64_t> statics) {
  auto none = [](const std::vector<std::int64_t>& v) {
    return std::all_of(v.begin(), v.end(), [](std::int64_t t) { return t == kNoTimestamp; });
  };
  floor_regular_ = none(regular) ? std::vector<std::int64_t>{} : std::move(regular);
  floor_static_ = none(statics) ? std::vector<std::int64_t>{} : std::move(statics);
}

void TableStore::shelve(const std::string& name, int slot, bool is_static, std::int64_t dropped_at) {
  Shelved kept;
  kept.is_static = is_static;
  const auto i = static_cast<std::size_t>(slot);
  // One row's cell and collection in `slot`, newer than the drop, as a write to slot 0.
  auto take = [&](std::string_view key, const Row& row, bool has_row) {
    if (row.empty()) return;
    RowData d;
    row.decode(d);
    Mutation w;
    if (i < d.cells.size() && d.cells[i].exists() && d.cells[i].timestamp > dropped_at)
      (is_static ? w.static_cells : w.cells).emplace_back(0, std::move(d.cells[i]));
    const std::vector<ComplexColumn>& complex = row.complex();
    if (i < complex.size()) {
      ComplexWrite c{0, is_static, complex[i].deletion, complex[i].cells};
      keep_above(c, dropped_at);
      if (c.deletion.exists() || !c.cells.empty()) w.complex.push_back(std::move(c));
    }
    if (w.cells.empty() && w.static_cells.empty() && w.complex.empty()) return;
    w.partition_key = key;
    w.has_row = has_row;
    if (has_row) w.clustering = std::move(d.clustering);
    kept.writes.push_back(std::move(w));
  };
  for (const Partition& p : partitions_) {
    if (is_static)
      take(p.key(), p.static_row(), false);
    else
      for (const Row row : p.rows()) take(p.key(), row, true);
  }
  if (kept.writes.empty())
    shelf_.erase(name);
  else
    shelf_[name] = std::move(kept);
}

void TableStore::unshelve(const std::string& name, int slot) {
  auto it = shelf_.find(name);
  if (it == shelf_.end()) return;
  for (Mutation& w : it->second.writes) {
    for (auto& c : w.cells) c.first = slot;
    for (auto& c : w.static_cells) c.first = slot;
    for (auto& c : w.complex) c.slot = slot;
    find_or_add(w.partition_key).apply(w, cmp_, paths_);
  }
  shelf_.erase(it);
}

const Partition* TableStore::find(std::string_view key) const {
  return partitions_.find(util::murmur3_token(key), key);
}

}  // namespace cqlbox::store
