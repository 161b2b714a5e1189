// A table's partitions in ring order, (token, key bytes): a scan's order, so scans never sort;
// and the way a write or point read finds its partition.
//
// Many small partitions (one per user, per device) is the common data model, so what each
// partition costs here matters more than anywhere else. A std::map paid a node per partition
// (three pointers and a colour, a copy of the token and a view of the key, malloc's header):
// about 70 bytes before the Partition itself, and a hash index beside it from token to partition
// about 42 more. Here the order is kept in sorted leaves of at most kLeafSize pointers, each
// with the high half of its partition's token beside it in a dense run (PrefixedArray): 12 bytes
// a partition, and room for about 6% more, as leaves grow by an eighth (doubling left room for
// 45% more). A lookup is two branch-free binary searches, over the leaves' first tokens (whole)
// and then over one leaf's token halves, touching no partition until the halves are equal; then
// the key decides, and only partitions whose halves tie (about one pair in 100,000 partitions)
// have their whole tokens computed (Partition::token()). Whole tokens in the leaves cost 4 bytes
// more a partition for that.
// Each Partition is one row_memory block with no header; it never moves, so callers may hold
// its address until it is erased.
//
// Inserting shifts at most one leaf's entries; a full leaf splits in two halves, or, when the
// insert is past the last partition (keys arriving in ring order, as a data file loads), stays
// full while a new leaf begins.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "store/partition.hpp"
#include "store/prefixed_array.hpp"

namespace cqlbox::store {

class PartitionIndex {
 public:
  static constexpr std::size_t kLeafSize = 256;

  PartitionIndex() = default;
  ~PartitionIndex() { clear(); }
  PartitionIndex(const PartitionIndex&) = delete;
  PartitionIndex& operator=(const PartitionIndex&) = delete;

  class const_iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Partition;
    using difference_type = std::ptrdiff_t;
    using pointer = const Partition*;
    using reference = const Partition&;

    const_iterator() = default;
    const Partition& operator*() const { return *(*leaves_)[leaf_][k_]; }
    const Partition* operator->() const { return (*leaves_)[leaf_][k_]; }
    // The partition's token, computed from its key (the leaf keeps only its high half).
    std::int64_t token() const { return (*leaves_)[leaf_][k_]->token(); }
    const_iterator& operator++() {
      if (++k_ == (*leaves_)[leaf_].size()) {
        ++leaf_;
        k_ = 0;
      }
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator old = *this;
      ++*this;
      return old;
    }
    bool operator==(const const_iterator& o) const { return leaf_ == o.leaf_ && k_ == o.k_; }

   private:
    friend class PartitionIndex;
    using Leaves = std::vector<PrefixedArray<Partition*, std::int32_t>>;
    const_iterator(const Leaves* leaves, std::size_t leaf, std::size_t k) : leaves_(leaves), leaf_(leaf), k_(k) {}
    const Leaves* leaves_ = nullptr;
    std::size_t leaf_ = 0, k_ = 0;
  };

  const_iterator begin() const { return {&leaves_, 0, 0}; }
  const_iterator end() const { return {&leaves_, leaves_.size(), 0}; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // The entries the leaves have room for: what the index holds memory for (12 bytes each).
  std::size_t capacity() const {
    std::size_t n = 0;
    for (const Leaf& leaf : leaves_) n += leaf.capacity();
    return n;
  }

  // Every `token` passed with a key below is that key's Murmur3 token (Partition::token()): the
  // leaves keep half of it and compute the rest from keys.
  // The first partition at or after (token, key) in ring order; with no key, at or after any
  // token.
  const_iterator lower_bound(std::int64_t token, std::string_view key = {}) const;
  // The partition with this token and key, or nullptr.
  Partition* find(std::int64_t token, std::string_view key) const;
  // Adds an empty partition. REQUIRES: none with this key.
  Partition& insert(std::string_view key, std::int64_t token);
  // The partition with this token and key, added empty when there is none: one search.
  Partition& find_or_insert(std::string_view key, std::int64_t token);
  // Removes the partition `it` names; returns the one after it.
  const_iterator erase(const_iterator it);
  // Removes every partition for which `empty_after` (which may change it) returns true.
  template <class F>
  void erase_if(F&& empty_after) {
    for (auto it = begin(); it != end();) it = empty_after(*mutable_at(it)) ? erase(it) : std::next(it);
  }
  template <class F>
  void for_each_mutable(F&& f) {
    for (auto& leaf : leaves_)
      for (Partition* p : leaf) f(*p);
  }
  void clear() noexcept;

 private:
  Partition* mutable_at(const_iterator it) const { return leaves_[it.leaf_][it.k_]; }
  using Leaf = PrefixedArray<Partition*, std::int32_t>;  // partitions, their tokens' high halves beside them
  // What a leaf keeps of a token: its high 32 bits, which sort as the tokens do.
  static std::int32_t high_half(std::int64_t token) { return static_cast<std::int32_t>(token >> 32); }

  // The leaf a partition at (token, key) belongs in: the last whose first partition is not
  // after it (0 when none is).
  std::size_t leaf_for(std::int64_t token, std::string_view key) const;
  // Where (token, key) is, or would go: a leaf, and an index in it (possibly its size).
  struct Place {
    std::size_t leaf = 0, k = 0;
    bool found = false;
  };
  Place place(std::int64_t token, std::string_view key) const;
  // Adds a partition at `at` (the place() of its token and key, not found).
  Partition& insert_at(Place at, std::string_view key, std::int64_t token);

  std::vector<Leaf> leaves_;
  std::vector<std::int64_t> first_tokens_;  // each leaf's first token: the leaf search reads one dense array
  std::size_t size_ = 0;
};

}  // namespace cqlbox::store
