#include "engine/prepared_statements.hpp"

#include <fmt/format.h>

#include "util/digest.hpp"

namespace cqlbox::engine {

namespace {

// The tables a statement reads or writes, as written (keyspace empty when not named).
void statement_tables(const ast::Statement& s, std::vector<const ast::QualifiedName*>& out) {
  if (const auto* x = std::get_if<ast::Select>(&s)) out.push_back(&x->table);
  if (const auto* x = std::get_if<ast::Insert>(&s)) out.push_back(&x->table);
  if (const auto* x = std::get_if<ast::Update>(&s)) out.push_back(&x->table);
  if (const auto* x = std::get_if<ast::Delete>(&s)) out.push_back(&x->table);
  if (const auto* b = std::get_if<ast::Batch>(&s))
    for (const auto& inner : b->statements) std::visit([&](const auto& m) { out.push_back(&m.table); }, inner);
}

// What of a table decides whether a change to it affects prepared statements
// (TableMetadata.changeAffectsPreparedStatements): its columns, indexes, default TTL and
// gc_grace_seconds. A materialized view is not looked at: only dropping it counts.
std::string fingerprint(const schema::TableSchema& t) {
  if (t.view) return "view";
  std::string out;
  for (const auto& c : t.columns)
    out += fmt::format("{}:{}:{}:{}:{};", c.name, static_cast<int>(c.kind), c.type->name, c.position, c.reversed);
  for (const auto& i : t.indexes) out += fmt::format("index {} {} {};", i.name, i.target, i.custom_class);
  out += fmt::format("ttl {};", t.default_time_to_live);
  if (auto gc = t.options.find("gc_grace_seconds"); gc != t.options.end()) out += "gc " + gc->second;
  return out;
}

}  // namespace

std::string PreparedStatements::id_of(const ast::Statement& statement, std::string_view keyspace,
                                      std::string_view query) {
  std::vector<const ast::QualifiedName*> tables;
  statement_tables(statement, tables);
  bool qualified = !tables.empty();
  for (const auto* t : tables) qualified = qualified && !t->keyspace.empty();
  std::string text = qualified ? std::string() : std::string(keyspace);
  text.append(query);
  return util::java_digest("MD5", text).value_or(std::string(16, '\0'));
}

std::string PreparedStatements::add(const exec::Database& db, std::string query, std::string keyspace,
                                    std::shared_ptr<const parse::ParsedStatement> parsed, exec::BindSpecs specs) {
  auto p = std::make_shared<PreparedStatement>();
  std::vector<const ast::QualifiedName*> tables;
  statement_tables(parsed->statement, tables);
  for (const auto* name : tables) {
    PreparedStatement::Table t{
        name->keyspace.empty() ? keyspace : std::string(name->keyspace), std::string(name->name), {}};
    if (const auto* schema = db.catalog.table(t.keyspace, t.name)) t.fingerprint = fingerprint(*schema);
    p->tables.push_back(std::move(t));
  }
  std::string id = id_of(parsed->statement, keyspace, query);
  p->query = std::move(query);
  p->keyspace = std::move(keyspace);
  p->parsed = std::move(parsed);
  p->specs = std::move(specs);
  auto [it, inserted] = by_id_.try_emplace(id, nullptr);
  if (inserted) {
    order_.push_back(id);
  } else {
    query_bytes_ -= it->second->query.size();
  }
  query_bytes_ += p->query.size();
  it->second = std::move(p);
  evict();
  return id;
}

void PreparedStatements::evict() {
  while ((by_id_.size() > kMaxStatements || query_bytes_ > kMaxQueryBytes) && order_start_ < order_.size()) {
    if (auto it = by_id_.find(order_[order_start_]); it != by_id_.end()) {
      query_bytes_ -= it->second->query.size();
      by_id_.erase(it);
    }
    ++order_start_;
  }
  // The ids of statements gone (evicted or dropped) are trimmed from the front now and then.
  if (order_start_ > 1024 && order_start_ * 2 > order_.size()) {
    order_.erase(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(order_start_));
    order_start_ = 0;
  }
}

std::shared_ptr<const PreparedStatement> PreparedStatements::find(std::string_view id) const {
  auto it = by_id_.find(id);
  return it == by_id_.end() ? nullptr : it->second;
}

void PreparedStatements::schema_changed(const exec::Database& db) {
  for (auto it = by_id_.begin(); it != by_id_.end();) {
    bool invalid = false;
    for (const auto& t : it->second->tables) {
      const schema::TableSchema* now = db.catalog.table(t.keyspace, t.name);
      // A table that did not exist when prepared (the EXECUTE then reports it) is left alone
      // until it is created and changed.
      if (t.fingerprint.empty() ? false : !now || fingerprint(*now) != t.fingerprint) invalid = true;
    }
    if (invalid) {
      query_bytes_ -= it->second->query.size();
      it = by_id_.erase(it);
    } else {
      ++it;
    }
  }
  // Ids in order_ whose statement is gone are skipped when their turn to be evicted comes.
}

}  // namespace cqlbox::engine
