#include "store/table_store.hpp"

#include "util/murmur3.hpp"

namespace cqlbox::store {

void TableStore::apply(const Mutation& m) {
  ++writes;
  const std::int64_t token = util::murmur3_token(m.partition_key);
  auto it = partitions_.find(PartitionPosition{token, m.partition_key});
  if (it == partitions_.end()) {
    Partition p(m.partition_key, token);
    // The map key must view the partition's own copy of the key bytes, so insert first, then
    // re-key the node to the stored string.
    auto node_key = PartitionPosition{token, m.partition_key};
    it = partitions_.emplace(node_key, std::move(p)).first;
    auto node = partitions_.extract(it);
    node.key().key = node.mapped().key();
    it = partitions_.insert(std::move(node)).position;
  }
  it->second.apply(m, cmp_, paths_);
}

const Partition* TableStore::find(std::string_view key) const {
  auto it = partitions_.find(PartitionPosition{util::murmur3_token(key), key});
  return it == partitions_.end() ? nullptr : &it->second;
}

}  // namespace cqlbox::store
