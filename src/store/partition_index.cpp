#include "store/partition_index.hpp"

#include <algorithm>
#include <cassert>
#include <new>
#include <utility>

namespace cqlbox::store {

namespace {

// What every partition costs before its rows (a table of many small partitions pays it for each
// one). It holds the entry of its first page (row_pages.hpp), which a point read reads next, so
// one partition's lookup touches two adjacent lines rather than a line here and another for a
// page list elsewhere.
static_assert(sizeof(Partition) <= 48);

Partition* make_partition(std::string_view key) {
  char* block = row_memory::allocate(sizeof(Partition));
  try {
    return new (block) Partition(key);  // a key of 16 bytes or more allocates
  } catch (...) {
    row_memory::release(block, sizeof(Partition));
    throw;
  }
}

void free_partition(Partition* p) noexcept {
  p->~Partition();
  row_memory::release(reinterpret_cast<char*>(p), sizeof(Partition));
}

// The first of the n sorted tokens (or token halves) at `t` that is not below `token`.
// Branch-free (each halving adds `half` masked by the comparison): tokens are hashes, so a
// branch on them is a coin toss that costs a mispredicted jump every other step.
template <class T>
std::size_t first_not_below(const T* t, std::size_t n, T token) {
  if (n == 0) return 0;
  const T* base = t;
  while (n > 1) {
    const std::size_t half = n / 2;
    base += half & (std::size_t{0} - static_cast<std::size_t>(base[half - 1] < token));
    n -= half;
  }
  return static_cast<std::size_t>(base - t) + (*base < token ? 1 : 0);
}

// The capacity a leaf of `n` entries grows to: an eighth more (8 at least), up to a full leaf.
// Doubling left a leaf, split at 256 into halves that fill at random, about 70% used: 23 bytes
// a partition where its entry is 16.
std::size_t grown(std::size_t n) { return std::min(PartitionIndex::kLeafSize, n + std::max<std::size_t>(n / 8, 8)); }

// Appends entries [first, last) of `from` to `to`, whose room is reserved (nothing throws).
template <class Leaf>
void copy_entries(const Leaf& from, std::size_t first, std::size_t last, Leaf& to) {
  const std::size_t at = to.size();
  to.open(at, last - first);
  for (std::size_t j = first; j < last; ++j) {
    to[at + j - first] = from[j];
    to.prefix(at + j - first) = from.prefix(j);
  }
}

}  // namespace

std::size_t PartitionIndex::leaf_for(std::int64_t token, std::string_view key) const {
  // The first leaf whose first token is at or past `token`; the one before it, unless that leaf
  // starts with this token and a key not after `key` (partitions sharing a token, in key order).
  std::size_t i = first_not_below(first_tokens_.data(), first_tokens_.size(), token);
  while (i < leaves_.size() && first_tokens_[i] == token && !(key < leaves_[i][0]->key())) ++i;
  return i == 0 ? 0 : i - 1;
}

PartitionIndex::Place PartitionIndex::place(std::int64_t token, std::string_view key) const {
  const std::size_t leaf = leaf_for(token, key);
  const Leaf& items = leaves_[leaf];
  const std::int32_t high = high_half(token);
  std::size_t k = first_not_below(items.prefixes(), items.size(), high);
  // The entries whose tokens share the high half, in (token, key) order: almost always none,
  // or the partition sought, whose key then equals. Any other's token is computed to place this
  // one among them (a 32-bit tie between 100,000 partitions happens about once).
  for (; k < items.size() && items.prefix(k) == high; ++k) {
    const std::string_view there = items[k]->key();
    // An empty key is also lower_bound's "any key at this token", whose token may be any.
    if (there == key && (!key.empty() || items[k]->token() == token)) return {leaf, k, true};
    const std::int64_t t = items[k]->token();
    if (token < t || (token == t && key < there)) break;
  }
  return {leaf, k, false};
}

PartitionIndex::const_iterator PartitionIndex::lower_bound(std::int64_t token, std::string_view key) const {
  if (leaves_.empty()) return end();
  const Place at = place(token, key);
  return at.k == leaves_[at.leaf].size() ? const_iterator(&leaves_, at.leaf + 1, 0)
                                         : const_iterator(&leaves_, at.leaf, at.k);
}

Partition* PartitionIndex::find(std::int64_t token, std::string_view key) const {
  if (leaves_.empty()) return nullptr;
  const Place at = place(token, key);
  return at.found ? leaves_[at.leaf][at.k] : nullptr;
}

Partition& PartitionIndex::insert(std::string_view key, std::int64_t token) {
  const Place at = leaves_.empty() ? Place{} : place(token, key);
  assert(!at.found);
  return insert_at(at, key, token);
}

Partition& PartitionIndex::find_or_insert(std::string_view key, std::int64_t token) {
  if (leaves_.empty()) return insert_at(Place{}, key, token);
  const Place at = place(token, key);
  return at.found ? *leaves_[at.leaf][at.k] : insert_at(at, key, token);
}

Partition& PartitionIndex::insert_at(Place at, std::string_view key, std::int64_t token) {
  std::size_t leaf = at.leaf, k = at.k;
  Partition* p = make_partition(key);
  try {
    if (leaves_.empty()) {
      Leaf first;
      first.reserve(1);
      leaves_.reserve(1);
      first_tokens_.reserve(1);
      leaves_.push_back(std::move(first));  // reserved: nothing below throws
      first_tokens_.push_back(token);
    } else if (leaves_[leaf].size() == kLeafSize) {
      const bool appending = leaf + 1 == leaves_.size() && k == kLeafSize;
      const std::size_t keep = appending ? kLeafSize : kLeafSize / 2;
      // Everything that may throw comes before the leaf is cut.
      if (leaves_.size() == leaves_.capacity()) leaves_.reserve(2 * leaves_.size());  // doubling, as insert would
      if (first_tokens_.size() == first_tokens_.capacity()) first_tokens_.reserve(2 * first_tokens_.size());
      // Both halves move to blocks of their size with an eighth more.
      Leaf upper, lower;
      upper.reserve_exact(grown(kLeafSize - keep));
      if (!appending) lower.reserve_exact(grown(keep));
      Leaf& full = leaves_[leaf];
      copy_entries(full, keep, kLeafSize, upper);
      if (!appending) {
        copy_entries(full, 0, keep, lower);
        full = std::move(lower);
      }
      // The new leaf's first token: the new partition's when appending (it goes there first),
      // else the upper half's first partition's.
      const std::int64_t upper_first = appending ? token : upper[0]->token();
      leaves_.insert(leaves_.begin() + static_cast<std::ptrdiff_t>(leaf + 1), std::move(upper));
      first_tokens_.insert(first_tokens_.begin() + static_cast<std::ptrdiff_t>(leaf + 1), upper_first);
      if (k >= keep) {
        ++leaf;
        k -= keep;
      }
    }
    Leaf& items = leaves_[leaf];
    if (items.size() == items.capacity()) items.reserve_exact(grown(items.size()));
    items.open(k, 1);
    items[k] = p;
    items.prefix(k) = high_half(token);
    if (k == 0) first_tokens_[leaf] = token;
  } catch (...) {
    free_partition(p);
    throw;
  }
  ++size_;
  return *p;
}

PartitionIndex::const_iterator PartitionIndex::erase(const_iterator it) {
  Leaf& items = leaves_[it.leaf_];
  free_partition(items[it.k_]);
  items.erase(it.k_);
  --size_;
  if (items.empty()) {
    leaves_.erase(leaves_.begin() + static_cast<std::ptrdiff_t>(it.leaf_));
    first_tokens_.erase(first_tokens_.begin() + static_cast<std::ptrdiff_t>(it.leaf_));
    return {&leaves_, it.leaf_, 0};
  }
  if (it.k_ == 0) first_tokens_[it.leaf_] = items[0]->token();
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
