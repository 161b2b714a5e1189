#include "schema/catalog.hpp"

#include <cassert>

namespace cqlbox::schema {

const KeyspaceSchema* Catalog::keyspace(std::string_view name) const {
  auto it = keyspaces_.find(name);
  return it == keyspaces_.end() ? nullptr : &it->second;
}

KeyspaceSchema* Catalog::keyspace(std::string_view name) {
  auto it = keyspaces_.find(name);
  return it == keyspaces_.end() ? nullptr : &it->second;
}

const TableSchema* Catalog::table(std::string_view ks, std::string_view table) const {
  const KeyspaceSchema* k = keyspace(ks);
  if (!k) return nullptr;
  auto it = k->tables.find(std::string(table));
  return it == k->tables.end() ? nullptr : &it->second;
}

TableSchema* Catalog::mutable_table(std::string_view ks, std::string_view table) {
  KeyspaceSchema* k = keyspace(ks);
  if (!k) return nullptr;
  auto it = k->tables.find(std::string(table));
  return it == k->tables.end() ? nullptr : &it->second;
}

TableSchema* Catalog::table_with_index(std::string_view ks, std::string_view name) {
  KeyspaceSchema* k = keyspace(ks);
  if (!k) return nullptr;
  for (auto& [tname, t] : k->tables)
    for (const auto& i : t.indexes)
      if (i.name == name) return &t;
  return nullptr;
}

KeyspaceSchema& Catalog::add_keyspace(KeyspaceSchema ks) {
  std::string name = ks.name;
  auto [it, inserted] = keyspaces_.emplace(name, std::move(ks));
  assert(inserted);
  return it->second;
}

const TableSchema& Catalog::add_table(TableSchema table) {
  KeyspaceSchema* ks = keyspace(table.keyspace);
  assert(ks);
  std::string name = table.name;
  auto [it, inserted] = ks->tables.emplace(name, std::move(table));
  assert(inserted);
  return it->second;
}

void Catalog::drop_keyspace(std::string_view name) {
  auto it = keyspaces_.find(name);
  if (it != keyspaces_.end()) keyspaces_.erase(it);
}

void Catalog::drop_table(std::string_view ks, std::string_view table) {
  if (KeyspaceSchema* k = keyspace(ks)) k->tables.erase(std::string(table));
}

}  // namespace cqlbox::schema
