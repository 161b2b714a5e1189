#include "store/partition_index.hpp"

#include <algorithm>
#include <new>
#include <utility>

namespace cqlbox::store {

namespace {

// Ring order: token, then the key's bytes.
bool before(const Partition* p, std::int64_t token, std::string_view key) {
  return p->token() != token ? p->token() < token : p->key() < key;
}

// What every partition costs before its rows (a table of many small partitions pays it for each
// one): keep it at one cache line.
static_assert(sizeof(Partition) <= 64);

Partition* make_partition(std::string_view key, std::int64_t token) {
  char* block = row_memory::allocate(sizeof(Partition));
  return new (block) Partition(key, token);
}

void free_partition(Partition* p) noexcept {
  p->~Partition();
  row_memory::release(reinterpret_cast<char*>(p), sizeof(Partition));
}

}  // namespace

std::size_t PartitionIndex::leaf_for(std::int64_t token, std::string_view key) const {
  // The first leaf whose first partition is after (token, key); the one before it.
  std::size_t lo = 0, n = leaves_.size();
  while (n > 0) {
    const std::size_t half = n / 2, mid = lo + half;
    const std::int64_t first = first_tokens_[mid];
    const bool not_after = first < token || (first == token && !(key < leaves_[mid][0]->key()));
    if (not_after) {
      lo = mid + 1;
      n -= half + 1;
    } else {
      n = half;
    }
  }
  return lo == 0 ? 0 : lo - 1;
}

PartitionIndex::const_iterator PartitionIndex::lower_bound(std::int64_t token, std::string_view key) const {
  if (leaves_.empty()) return end();
  const std::size_t leaf = leaf_for(token, key);
  const auto& items = leaves_[leaf];
  const auto it = std::lower_bound(items.begin(), items.end(), token,
                                   [&](const Partition* p, std::int64_t t) { return before(p, t, key); });
  const auto k = static_cast<std::size_t>(it - items.begin());
  return k == items.size() ? const_iterator(&leaves_, leaf + 1, 0) : const_iterator(&leaves_, leaf, k);
}

Partition* PartitionIndex::find(std::int64_t token, std::string_view key) const {
  const const_iterator it = lower_bound(token, key);
  if (it == end() || it->token() != token || it->key() != key) return nullptr;
  return mutable_at(it);
}

Partition& PartitionIndex::insert(std::string_view key, std::int64_t token) {
  Partition* p = make_partition(key, token);
  try {
    if (leaves_.empty()) {
      leaves_.reserve(1);
      first_tokens_.reserve(1);
      row_memory::Vector<Partition*> first;
      first.push_back(p);
      leaves_.push_back(std::move(first));
      first_tokens_.push_back(token);
      ++size_;
      return *p;
    }
    std::size_t leaf = leaf_for(token, p->key());
    auto* items = &leaves_[leaf];
    auto k = static_cast<std::size_t>(
        std::lower_bound(items->begin(), items->end(), token,
                         [&](const Partition* q, std::int64_t t) { return before(q, t, p->key()); }) -
        items->begin());
    if (items->size() == kLeafSize) {
      const bool appending = leaf + 1 == leaves_.size() && k == items->size();
      const std::size_t keep = appending ? kLeafSize : kLeafSize / 2;
      // Reserved first, so that nothing below throws once the leaf is cut (and `items` is
      // taken again: the reserve may move the leaves).
      if (leaves_.size() == leaves_.capacity()) leaves_.reserve(2 * leaves_.size());  // doubling, as insert would
      if (first_tokens_.size() == first_tokens_.capacity()) first_tokens_.reserve(2 * first_tokens_.size());
      items = &leaves_[leaf];
      row_memory::Vector<Partition*> upper;
      upper.reserve(appending ? 1 : kLeafSize - keep + 1);
      upper.assign(items->begin() + static_cast<std::ptrdiff_t>(keep), items->end());
      items->resize(keep);
      leaves_.insert(leaves_.begin() + static_cast<std::ptrdiff_t>(leaf + 1), std::move(upper));
      first_tokens_.insert(first_tokens_.begin() + static_cast<std::ptrdiff_t>(leaf + 1), token);
      if (k >= keep) {
        ++leaf;
        k -= keep;
      }
      items = &leaves_[leaf];
      if (leaf + 1 < leaves_.size() && !leaves_[leaf + 1].empty())
        first_tokens_[leaf + 1] = leaves_[leaf + 1][0]->token();
    }
    items->insert(items->begin() + static_cast<std::ptrdiff_t>(k), p);
    first_tokens_[leaf] = (*items)[0]->token();
  } catch (...) {
    free_partition(p);
    throw;
  }
  ++size_;
  return *p;
}

PartitionIndex::const_iterator PartitionIndex::erase(const_iterator it) {
  auto& items = leaves_[it.leaf_];
  free_partition(items[it.k_]);
  items.erase(items.begin() + static_cast<std::ptrdiff_t>(it.k_));
  --size_;
  if (items.empty()) {
    leaves_.erase(leaves_.begin() + static_cast<std::ptrdiff_t>(it.leaf_));
    first_tokens_.erase(first_tokens_.begin() + static_cast<std::ptrdiff_t>(it.leaf_));
    return {&leaves_, it.leaf_, 0};
  }
  first_tokens_[it.leaf_] = items[0]->token();
  if (it.k_ == items.size()) return {&leaves_, it.leaf_ + 1, 0};
  return it;
}

void PartitionIndex::clear() noexcept {
  for (auto& leaf : leaves_)
    for (Partition* p : leaf) free_partition(p);
  leaves_.clear();
  first_tokens_.clear();
  size_ = 0;
}

}  // namespace cqlbox::store
