#include "exec/database.hpp"

#include "exec/system_tables.hpp"

namespace cqlbox::exec {

namespace {
std::string store_name(std::string_view ks, std::string_view table) {
  std::string s(ks);
  s += '.';
  s += table;
  return s;
}
}  // namespace

Database::Database() {
  // The keyspaces every Cassandra node has; register_system_tables() adds their tables.
  const std::pair<const char*, std::map<std::string, std::string>> system[] = {
      {"system", {{"class", "org.apache.cassandra.locator.LocalStrategy"}}},
      {"system_auth", {{"class", "org.apache.cassandra.locator.SimpleStrategy"}, {"replication_factor", "1"}}},
      {"system_distributed", {{"class", "org.apache.cassandra.locator.SimpleStrategy"}, {"replication_factor", "3"}}},
      {"system_schema", {{"class", "org.apache.cassandra.locator.LocalStrategy"}}},
      {"system_traces", {{"class", "org.apache.cassandra.locator.SimpleStrategy"}, {"replication_factor", "2"}}},
      {"system_views", {{"class", "org.apache.cassandra.locator.LocalStrategy"}}},
      {"system_virtual_schema", {{"class", "org.apache.cassandra.locator.LocalStrategy"}}},
  };
  for (const auto& [name, replication] : system) {
    schema::KeyspaceSchema ks;
    ks.name = name;
    ks.replication = replication;
    catalog.add_keyspace(std::move(ks));
  }
  register_system_tables(*this);
}

store::PathTypes slot_types(const schema::TableSchema& t) {
  store::PathTypes paths;
  for (int i : t.regulars) paths.regular.push_back(t.column(i).type->path_type());
  for (int i : t.statics) paths.statics.push_back(t.column(i).type->path_type());
  for (std::size_t slot = 0; slot < t.regulars.size() && slot < store::RowShape::kMaxPacked; ++slot) {
    // The one size every valid value of the column's type has (4, 8 or 16 get a code).
    const int size = t.column(t.regulars[slot]).type->fixed_size;
    paths.fixed_cells |= store::RowShape::fixed_code(size > 0 ? static_cast<std::size_t>(size) : 0) << (2 * slot);
  }
  return paths;
}

store::TableStore& Database::store_of(const schema::TableSchema& t) {
  if (last_store_) {
    const std::string_view last = *last_store_name_;
    if (last.size() == t.keyspace.size() + 1 + t.name.size() && last.starts_with(t.keyspace) &&
        last[t.keyspace.size()] == '.' && last.ends_with(t.name))
      return *last_store_;
  }
  std::string name = store_name(t.keyspace, t.name);
  auto it = stores.find(name);
  if (it == stores.end()) {
    std::vector<store::ClusteringColumn> cols;
    for (int i : t.clustering) cols.push_back({t.column(i).type, t.column(i).reversed});
    it = stores
             .emplace(name,
                      std::make_unique<store::TableStore>(store::ClusteringComparator(std::move(cols)), slot_types(t)))
             .first;
  }
  last_store_name_ = &it->first;
  last_store_ = it->second.get();
  return *it->second;
}

void Database::drop_store(std::string_view ks, std::string_view table) {
  last_store_name_ = nullptr;
  last_store_ = nullptr;
  const std::string name = store_name(ks, table);
  auto it = stores.find(name);
  if (it != stores.end()) stores.erase(it);
  forget_replica_copies(name);  // no replica keeps a copy of a dropped table
}

void Database::forget_replica_copies(const std::string& name) {
  for (auto& copies : replicas.copies)
    for (auto c = copies.begin(); c != copies.end();)
      if (c->first.first == name) {
        c = copies.erase(c);
        --replicas.count;
      } else {
        ++c;
      }
}

}  // namespace cqlbox::exec
