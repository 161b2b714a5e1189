#include "schema/catalog.hpp"

#include <algorithm>
#include <cassert>
#include <utility>

namespace cqlbox::schema {

void TableSchema::relayout(std::vector<Column> statics_in, std::vector<Column> regulars_in) {
  std::vector<std::string> index_columns;
  for (const auto& i : indexes)
    index_columns.push_back(i.column < 0 ? std::string() : columns[static_cast<std::size_t>(i.column)].name);
  std::vector<Column> keys;
  for (const auto& c : columns)
    if (c.is_primary_key()) keys.push_back(c);
  columns = std::move(keys);
  statics.clear();
  regulars.clear();
  auto by_name = [](const Column& a, const Column& b) { return a.name < b.name; };
  std::sort(statics_in.begin(), statics_in.end(), by_name);
  std::sort(regulars_in.begin(), regulars_in.end(), by_name);
  for (auto& c : statics_in) {
    c.position = static_cast<int>(statics.size());
    columns.push_back(std::move(c));
    statics.push_back(static_cast<int>(columns.size() - 1));
  }
  for (auto& c : regulars_in) {
    c.position = static_cast<int>(regulars.size());
    columns.push_back(std::move(c));
    regulars.push_back(static_cast<int>(columns.size() - 1));
  }
  partition_key.clear();
  clustering.clear();
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (columns[i].kind == ColumnKind::PartitionKey) partition_key.push_back(static_cast<int>(i));
    if (columns[i].kind == ColumnKind::Clustering) clustering.push_back(static_cast<int>(i));
  }
  for (std::size_t i = 0; i < indexes.size(); ++i)
    if (indexes[i].column >= 0) indexes[i].column = find(index_columns[i]);
}

void Catalog::fill_deferred(KeyspaceSchema& ks) const {
  // A flag first: every statement looks its keyspace up, and only a few are ever deferred.
  if (!ks.tables_deferred) return;
  ks.tables_deferred = false;
  auto it = deferred_.find(ks.name);
  if (it == deferred_.end()) return;
  const TableFiller fill = it->second;
  deferred_.erase(it);  // first, so that a lookup made while filling does not fill again
  fill(ks);
}

void Catalog::defer_tables(std::string_view keyspace, TableFiller fill) {
  auto ks = keyspaces_.find(keyspace);
  assert(ks != keyspaces_.end());
  ks->second.tables_deferred = true;
  deferred_.insert_or_assign(std::string(keyspace), fill);
}

const KeyspaceSchema* Catalog::keyspace(std::string_view name) const {
  auto it = keyspaces_.find(name);
  if (it == keyspaces_.end()) return nullptr;
  fill_deferred(it->second);
  return &it->second;
}

KeyspaceSchema* Catalog::keyspace(std::string_view name) {
  auto it = keyspaces_.find(name);
  if (it == keyspaces_.end()) return nullptr;
  fill_deferred(it->second);
  return &it->second;
}

const std::map<std::string, KeyspaceSchema, std::less<>>& Catalog::keyspaces() const {
  while (!deferred_.empty()) fill_deferred(keyspaces_.find(deferred_.begin()->first)->second);
  return keyspaces_;
}

std::vector<std::string_view> Catalog::keyspace_names() const {
  std::vector<std::string_view> names;
  names.reserve(keyspaces_.size());
  for (const auto& [name, ks] : keyspaces_) names.push_back(name);
  return names;
}

const TableSchema* Catalog::table(std::string_view ks, std::string_view table) const {
  const KeyspaceSchema* k = keyspace(ks);
  if (!k) return nullptr;
  auto it = k->tables.find(table);
  return it == k->tables.end() ? nullptr : &it->second;
}

TableSchema* Catalog::mutable_table(std::string_view ks, std::string_view table) {
  ++epoch_;
  KeyspaceSchema* k = keyspace(ks);
  if (!k) return nullptr;
  auto it = k->tables.find(table);
  return it == k->tables.end() ? nullptr : &it->second;
}

TableSchema* Catalog::table_with_index(std::string_view ks, std::string_view name) {
  ++epoch_;
  return const_cast<TableSchema*>(std::as_const(*this).table_with_index(ks, name));
}

const TableSchema* Catalog::table_with_index(std::string_view ks, std::string_view name) const {
  const KeyspaceSchema* k = keyspace(ks);
  if (!k) return nullptr;
  for (const auto& [tname, t] : k->tables)
    for (const auto& i : t.indexes)
      if (i.name == name) return &t;
  return nullptr;
}

KeyspaceSchema& Catalog::add_keyspace(KeyspaceSchema ks) {
  ++epoch_;
  std::string name = ks.name;
  auto [it, inserted] = keyspaces_.emplace(name, std::move(ks));
  assert(inserted);
  return it->second;
}

const TableSchema& Catalog::add_table(TableSchema table) {
  KeyspaceSchema* ks = keyspace(table.keyspace);
  assert(ks);
  ++epoch_;
  std::string name = table.name;
  auto [it, inserted] = ks->tables.emplace(name, std::move(table));
  assert(inserted);
  return it->second;
}

void Catalog::drop_keyspace(std::string_view name) {
  auto it = keyspaces_.find(name);
  ++epoch_;
  if (it != keyspaces_.end()) keyspaces_.erase(it);
  if (auto d = deferred_.find(name); d != deferred_.end()) deferred_.erase(d);
}

void Catalog::drop_table(std::string_view ks, std::string_view table) {
  ++epoch_;
  if (KeyspaceSchema* k = keyspace(ks)) k->tables.erase(std::string(table));
}

}  // namespace cqlbox::schema
