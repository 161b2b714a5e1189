#include "exec/collections.hpp"

#include <algorithm>

#include "error/cql_error.hpp"
#include "exec/terms.hpp"
#include "store/clustering.hpp"
#include "types/bytes.hpp"
#include "types/collection.hpp"
#include "types/compare.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using error::invalid;
using types::Kind;

namespace {

store::Cell live_cell(std::string value, const WriteStamp& w) {
  store::Cell c;
  c.value = std::move(value);
  c.timestamp = w.timestamp;
  c.ttl = w.ttl;
  c.local_time = w.expiry;
  return c;
}

store::Cell tombstone(const WriteStamp& w) {
  store::Cell c;
  c.timestamp = w.timestamp;
  c.tombstone = true;
  c.local_time = w.now_s;
  return c;
}

// Element cells for a serialized collection value of column `c`.
void add_elements(const schema::Column& c, std::string_view value, const WriteStamp& w, const FunctionContext& ctx,
                  bool prepend, store::ComplexWrite& out) {
  std::vector<std::string_view> elements;
  const types::CqlType& type = *c.type;
  types::decode_elements(value, elements, type.kind == Kind::Map);
  if (type.kind == Kind::List) {
    std::vector<std::string> paths;
    if (prepend) paths = prepend_list_paths(ctx, elements.size());
    for (std::size_t i = 0; i < elements.size(); ++i)
      out.cells.push_back({prepend ? paths[i] : next_list_path(ctx), live_cell(std::string(elements[i]), w)});
  } else if (type.kind == Kind::Set) {
    for (auto e : elements) out.cells.push_back({std::string(e), live_cell("", w)});
  } else {
    for (std::size_t i = 0; i + 1 < elements.size(); i += 2)
      out.cells.push_back({std::string(elements[i]), live_cell(std::string(elements[i + 1]), w)});
  }
}

// The live element cells of a stored collection, in path order.
std::vector<const store::PathCell*> live_elements(const StoredRow& stored, int slot, std::int64_t now_s) {
  std::vector<const store::PathCell*> out;
  if (stored.row.empty()) return out;
  const store::ClusteringComparator& cmp = *stored.comparator;
  const store::ComplexColumn* col = stored.row.complex_column(slot);
  if (!col) return out;
  std::int64_t shadow = stored.partition->deletion().timestamp;
  if (!stored.row.clustering().empty() || stored.partition->rows().size())
    shadow = std::max(shadow, stored.partition->row_shadow(stored.row, cmp));
  shadow = std::max(shadow, col->deletion.timestamp);
  for (const auto& pc : col->cells)
    if (pc.cell.live(now_s) && pc.cell.timestamp > shadow) out.push_back(&pc);
  return out;
}

std::string op_text(const schema::Column& c, const ast::Assignment& a) {
  const std::string name = util::cql_name(c.name);
  switch (a.kind) {
    case ast::AssignmentKind::Add: return fmt::format("{} = {} + {}", name, a.ref, term_text(a.value));
    case ast::AssignmentKind::Subtract: return fmt::format("{} = {} - {}", name, a.ref, term_text(a.value));
    case ast::AssignmentKind::Prepend: return fmt::format("{} = {} + {}", name, term_text(a.value), a.ref);
    case ast::AssignmentKind::SetElement:
      return fmt::format("{}[{}] = {}", name, term_text(*a.element), term_text(a.value));
    default: return fmt::format("{} = {}", name, term_text(a.value));
  }
}

}  // namespace

void check_operation_kind(const schema::Column& c, const ast::Assignment& a) {
  const types::CqlType& type = *c.type;
  const std::string name = util::cql_name(c.name);
  if (a.kind == ast::AssignmentKind::SetElement && type.is_collection() && type.frozen)
    invalid("Invalid operation ({}) for frozen collection column {}", op_text(c, a), name);
  if (a.kind == ast::AssignmentKind::Set || a.kind == ast::AssignmentKind::SetElement || !a.field.empty()) return;
  if (type.kind == types::Kind::Counter) return;
  if (!type.is_collection()) {
    if (type.kind == types::Kind::Tuple && a.kind == ast::AssignmentKind::Add)
      invalid("Invalid operation ({}) for tuple column {}", op_text(c, a), name);
    invalid("Invalid operation ({}) for non counter column {}", op_text(c, a), name);
  }
  if (type.frozen) invalid("Invalid operation ({}) for frozen collection column {}", op_text(c, a), name);
}

namespace {}  // namespace

store::ComplexWrite overwrite_collection(const schema::Column& c, const std::optional<std::string>& value,
                                         const WriteStamp& w, const FunctionContext& ctx) {
  store::ComplexWrite out;
  out.slot = c.position;
  out.is_static = c.kind == schema::ColumnKind::Static;
  out.deletion = {w.timestamp - 1, w.now_s};
  if (value) add_elements(c, *value, w, ctx, false, out);
  return out;
}

StoredRow find_stored(const Database& db, const schema::TableSchema& t, const std::string& partition_key,
                      const std::string& clustering, bool is_static) {
  StoredRow out;
  auto it = db.stores.find(t.keyspace + "." + t.name);
  if (it == db.stores.end()) return out;
  out.comparator = &it->second->comparator();
  out.partition = it->second->find(partition_key);
  if (!out.partition) return out;
  out.row = is_static ? out.partition->static_row() : out.partition->find_row(clustering, it->second->comparator());
  return out;
}

namespace {

// A list as this statement sees it when an operation reads it (an index set or delete, a
// removal by value): the stored elements, then the statement's own earlier operations on the
// column in order, cells of one path reconciled as the store does (5.0 merges the prefetched
// row with the pending mutation). Live elements, in list (path) order.
std::vector<store::PathCell> list_as_seen(const StoredRow& stored, const store::Mutation& m, const schema::Column& c,
                                          std::int64_t now_s) {
  const bool is_static = c.kind == schema::ColumnKind::Static;
  std::vector<store::PathCell> cells;
  for (const store::PathCell* pc : live_elements(stored, c.position, now_s)) cells.push_back(*pc);
  for (const store::ComplexWrite& cw : m.complex) {
    if (cw.slot != c.position || cw.is_static != is_static) continue;
    if (cw.deletion.exists())  // l = [...]: what was there before goes
      std::erase_if(cells, [&](const store::PathCell& pc) { return cw.deletion.deletes(pc.cell.timestamp); });
    for (const store::PathCell& pc : cw.cells) {
      auto it = std::find_if(cells.begin(), cells.end(), [&](const store::PathCell& x) { return x.path == pc.path; });
      if (it == cells.end())
        cells.push_back(pc);
      else if (store::supersedes(pc.cell, it->cell))
        it->cell = pc.cell;
    }
  }
  std::erase_if(cells, [&](const store::PathCell& pc) { return !pc.cell.live(now_s); });
  const types::CqlType& path_type = *c.type->path_type();
  std::stable_sort(cells.begin(), cells.end(), [&](const store::PathCell& x, const store::PathCell& y) {
    return types::compare_values(path_type, x.path, y.path) < 0;
  });
  return cells;
}

}  // namespace

void apply_assignment(const schema::Column& c, const ast::Assignment& a, const std::optional<std::string>& value,
                      const std::optional<std::string>& element, const StoredRow& stored, const WriteStamp& w,
                      const FunctionContext& ctx, store::Mutation& m) {
  const types::CqlType& type = *c.type;
  const bool is_static = c.kind == schema::ColumnKind::Static;
  const std::string name = util::cql_name(c.name);
  if (a.kind == ast::AssignmentKind::Add || a.kind == ast::AssignmentKind::Subtract) {
    // Parser.g's recognition error: a SyntaxException, and no space before <value>.
    if (a.ref != c.name)
      error::fail(error::ErrorClass::SyntaxException, "Only expressions of the form X = X {}<value> are supported.",
                  a.kind == ast::AssignmentKind::Add ? "+" : "-");
  }
  if (a.kind == ast::AssignmentKind::Prepend && a.ref != c.name)
    error::fail(error::ErrorClass::SyntaxException, "Only expressions of the form X = <value> + X are supported.");

  // Counters: c = c + n / c = c - n.
  if (type.kind == Kind::Counter) {
    if (a.kind != ast::AssignmentKind::Add && a.kind != ast::AssignmentKind::Subtract)
      invalid("Cannot set the value of counter column {} (counters can only be incremented/decremented, not set)",
              name);
    if (!value) invalid("Invalid null value for counter increment");
    std::int64_t delta = types::read_be<std::int64_t>(*value);
    if (a.kind == ast::AssignmentKind::Subtract) delta = -delta;
    std::int64_t current = 0;
    if (!stored.row.empty()) {
      const store::CellRef cell = stored.row.cell(c.position);
      if (cell && cell->live(w.now_s) &&
          cell->timestamp > (stored.row.clustering().empty() && is_static
                                 ? stored.partition->deletion().timestamp
                                 : stored.partition->row_shadow(stored.row, *stored.comparator)))
        current = types::read_be<std::int64_t>(cell->value);
    }
    store::Cell cell = live_cell(types::be_bytes(static_cast<std::int64_t>(static_cast<std::uint64_t>(current) +
                                                                           static_cast<std::uint64_t>(delta))),
                                 w);
    (is_static ? m.static_cells : m.cells).emplace_back(c.position, std::move(cell));
    return;
  }
  // (prepare_update refused any other kind of operation with check_operation_kind.)

  store::ComplexWrite cw;
  cw.slot = c.position;
  cw.is_static = is_static;
  switch (a.kind) {
    case ast::AssignmentKind::Add:
      if (value) add_elements(c, *value, w, ctx, false, cw);
      break;
    case ast::AssignmentKind::Prepend:
      if (type.kind != Kind::List) invalid("Invalid operation ({}) for non list column {}", op_text(c, a), name);
      if (value) add_elements(c, *value, w, ctx, true, cw);
      break;
    case ast::AssignmentKind::Subtract: {
      if (!value) break;
      std::vector<std::string_view> removed;
      types::decode_elements(*value, removed);
      if (type.kind == Kind::List) {
        // Every stored element equal to one of the given values goes: the values sorted once,
        // each element found by binary search (a 40,000-element removal was quadratic).
        const types::CqlType& element_type = *type.params[0];
        auto less = [&](std::string_view x, std::string_view y) {
          return types::compare_values(element_type, x, y) < 0;
        };
        std::sort(removed.begin(), removed.end(), less);
        for (const store::PathCell& pc : list_as_seen(stored, m, c, w.now_s))
          if (std::binary_search(removed.begin(), removed.end(), std::string_view(pc.cell.value), less))
            cw.cells.push_back({pc.path, tombstone(w)});
      } else {
        for (auto r : removed) cw.cells.push_back({std::string(r), tombstone(w)});
      }
      break;
    }
    case ast::AssignmentKind::SetElement: {
      if (type.kind == Kind::Set) invalid("Invalid operation ({}) for set column {}", op_text(c, a), name);
      if (!element) invalid("Invalid null value for {} element", type.kind == Kind::List ? "list" : "map");
      if (type.kind == Kind::Map) {
        cw.cells.push_back({*element, value ? live_cell(*value, w) : tombstone(w)});
        break;
      }
      const auto index = types::read_be<std::int32_t>(*element);
      const auto live = list_as_seen(stored, m, c, w.now_s);
      if (live.empty()) invalid("Attempted to set an element on a list which is null");
      if (index < 0 || static_cast<std::size_t>(index) >= live.size())
        invalid("List index {} out of bound, list has size {}", index, live.size());
      cw.cells.push_back({live[static_cast<std::size_t>(index)].path, value ? live_cell(*value, w) : tombstone(w)});
      break;
    }
    default: break;
  }
  if (!is_static) m.has_row = true;
  m.complex.push_back(std::move(cw));
}

void delete_element(const Database& db, const schema::Column& c, const std::string& element, const StoredRow& stored,
                    const WriteStamp& w, store::Mutation& m) {
  const types::CqlType& type = *c.type;
  const std::string name = util::cql_name(c.name);
  if (!type.multi_cell()) {
    if (type.is_collection()) invalid("Invalid operation (DELETE {}[…]) for frozen collection column {}", name, name);
    invalid("Invalid deletion operation for non collection column {}", name);
  }
  store::ComplexWrite cw;
  cw.slot = c.position;
  cw.is_static = c.kind == schema::ColumnKind::Static;
  if (type.kind == Kind::Map || type.kind == Kind::Set) {
    cw.cells.push_back({element, tombstone(w)});
  } else {
    (void)db;
    const auto live = list_as_seen(stored, m, c, w.now_s);
    const auto index = types::read_be<std::int32_t>(element);
    if (live.empty()) invalid("Attempted to delete an element from a list which is null");
    if (index < 0 || static_cast<std::size_t>(index) >= live.size())
      invalid("List index {} out of bound, list has size {}", index, live.size());
    cw.cells.push_back({live[static_cast<std::size_t>(index)].path, tombstone(w)});
  }
  if (!cw.is_static) m.has_row = true;
  m.complex.push_back(std::move(cw));
}

}  // namespace cqlbox::exec
