// planned_keys (modification_keys.hpp): the keys of an UPDATE or DELETE whose WHERE names one
// row, or one partition, by '=' alone, analysed once for the statement's shape. What the
// analysis found is which relation gives each key column; every statement of the shape binds
// its own values into that. A value the plain binding cannot take (null, unset, empty, not of
// the column's type) goes the whole way through analyse_where, which makes the error Cassandra
// makes, in its order.
#include <array>
#include <cstdint>
#include <string_view>

#include "exec/modification_keys.hpp"
#include "exec/restrictions.hpp"
#include "exec/terms.hpp"

namespace cqlbox::exec::where_keys {

namespace {

struct KeyPlan {
  std::uint64_t shape = 0;
  const Database* db = nullptr;
  std::uint64_t epoch = 0;  // the catalog's: any schema change plans again
  const schema::TableSchema* table = nullptr;
  bool is_update = false;
  std::size_t relations = 0;
  std::vector<std::size_t> partition;   // the relation giving each partition key column
  std::vector<std::size_t> clustering;  // …each clustering column of the prefix
};

thread_local std::array<KeyPlan, 8> plans;
thread_local std::size_t next_plan = 0;

constexpr std::size_t kNone = ~std::size_t{0};

// Which relation gives each key column, when `where` is single-column '=' relations on key
// columns only and named one partition and one clustering prefix (`keys`, as analysed).
bool plan_from(const schema::TableSchema& t, const ast::Vec<ast::Relation>& where, const Keys& keys, KeyPlan& plan) {
  if (keys.partitions.size() != 1 || keys.prefixes.size() != 1 || keys.lower || keys.upper) return false;
  plan.partition.assign(t.partition_key.size(), kNone);
  plan.clustering.assign(keys.prefix_length, kNone);
  for (std::size_t i = 0; i < where.size(); ++i) {
    const ast::Relation& rel = where[i];
    if (rel.kind != ast::RelationKind::Single || rel.op != ast::Operator::Eq || rel.map_entry || rel.values.size() != 1)
      return false;
    const int c = t.find(rel.columns[0]);
    if (c < 0) return false;
    const schema::Column& col = t.column(c);
    std::vector<std::size_t>* slots = col.kind == schema::ColumnKind::PartitionKey ? &plan.partition
                                      : col.kind == schema::ColumnKind::Clustering ? &plan.clustering
                                                                                   : nullptr;
    const auto at = static_cast<std::size_t>(col.position);
    if (!slots || at >= slots->size() || (*slots)[at] != kNone) return false;
    (*slots)[at] = i;
  }
  for (std::size_t r : plan.partition)
    if (r == kNone) return false;
  for (std::size_t r : plan.clustering)
    if (r == kNone) return false;
  plan.relations = where.size();
  return true;
}

// The keys `where` names by `plan`; nullopt when a value needs the whole analysis.
std::optional<Keys> bind_keys(const KeyPlan& plan, const schema::TableSchema& t, const ast::Vec<ast::Relation>& where,
                              const FunctionContext& ctx) {
  Keys keys;
  std::vector<std::string> pk(plan.partition.size());
  for (std::size_t i = 0; i < pk.size(); ++i) {
    std::optional<std::string> v =
        plain_key_value(t.column(t.partition_key[i]), where[plan.partition[i]].values[0], ctx);
    if (!v) return std::nullopt;
    pk[i] = std::move(*v);
  }
  std::vector<std::string>& prefix = keys.prefixes.emplace_back(plan.clustering.size());
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    std::optional<std::string> v = plain_key_value(t.column(t.clustering[i]), where[plan.clustering[i]].values[0], ctx);
    if (!v) return std::nullopt;
    prefix[i] = std::move(*v);
  }
  std::vector<std::string_view> parts(pk.begin(), pk.end());
  keys.partitions.push_back(serialize_partition_key(parts));
  keys.prefix_length = prefix.size();
  return keys;
}

}  // namespace

Keys planned_keys(const Database& db, const schema::TableSchema& t, std::uint64_t shape,
                  const ast::Vec<ast::Relation>& where, bool is_update, const FunctionContext& ctx) {
  if (shape != 0)
    for (const KeyPlan& p : plans)
      if (p.shape == shape && p.db == &db && p.epoch == db.catalog.epoch() && p.table == &t &&
          p.is_update == is_update && p.relations == where.size()) {
        if (std::optional<Keys> keys = bind_keys(p, t, where, ctx)) return std::move(*keys);
        break;
      }
  Keys keys = analyse_where(t, where, is_update, &ctx);
  if (shape == 0) return keys;
  KeyPlan plan;
  if (!plan_from(t, where, keys, plan)) return keys;
  plan.shape = shape;
  plan.db = &db;
  plan.epoch = db.catalog.epoch();
  plan.table = &t;
  plan.is_update = is_update;
  plans[next_plan] = std::move(plan);
  next_plan = (next_plan + 1) % plans.size();
  return keys;
}

}  // namespace cqlbox::exec::where_keys
