// Token -> value, an open-addressing hash table: one array of (token, value) slots, probed
// linearly from the slot the token's top bits name. A token is already a Murmur3 hash, so its
// bits are the hash. Every write and point read looks its partition up here: a node-based map
// cost a cache miss on the node and a division by a prime (4.6% of an ingest).
//
// INT64_MIN marks an empty slot. It is the ring's minimum (util/murmur3.hpp), which only an
// empty key hashes to; a value stored under it is not kept, and the caller's own search finds
// it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace cqlbox::store {

template <class V>
class TokenIndex {
 public:
  static constexpr std::int64_t kEmpty = INT64_MIN;

  // The value stored for `token`, or nullptr.
  V* find(std::int64_t token) {
    if (slots_.empty() || token == kEmpty) return nullptr;
    for (std::size_t i = home(token);; i = (i + 1) & mask()) {
      Slot& s = slots_[i];
      if (s.token == token) return &s.value;
      if (s.token == kEmpty) return nullptr;
    }
  }
  // Stores `value` for `token` unless the token has one already.
  void insert(std::int64_t token, V value) {
    if (token == kEmpty) return;
    if ((size_ + 1) * 2 > slots_.size()) grow();
    for (std::size_t i = home(token);; i = (i + 1) & mask()) {
      Slot& s = slots_[i];
      if (s.token == token) return;
      if (s.token == kEmpty) {
        s.token = token;
        s.value = std::move(value);
        ++size_;
        return;
      }
    }
  }
  void erase(std::int64_t token) {
    if (slots_.empty() || token == kEmpty) return;
    std::size_t hole = home(token);
    while (slots_[hole].token != token) {
      if (slots_[hole].token == kEmpty) return;
      hole = (hole + 1) & mask();
    }
    // Backward shift: each later slot of the run moves into the hole unless its home lies
    // cyclically in (hole, slot], where it must stay to be found.
    for (std::size_t j = (hole + 1) & mask(); slots_[j].token != kEmpty; j = (j + 1) & mask()) {
      const std::size_t h = home(slots_[j].token);
      const bool stays = hole < j ? (h > hole && h <= j) : (h > hole || h <= j);
      if (stays) continue;
      slots_[hole] = std::move(slots_[j]);
      hole = j;
    }
    slots_[hole] = Slot{};
    --size_;
  }
  void clear() {
    slots_.clear();
    size_ = 0;
  }
  std::size_t size() const { return size_; }

 private:
  struct Slot {
    std::int64_t token = kEmpty;
    V value{};
  };

  std::size_t mask() const { return slots_.size() - 1; }
  std::size_t home(std::int64_t token) const {
    return static_cast<std::size_t>(static_cast<std::uint64_t>(token) >> shift_);
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    const std::size_t capacity = old.empty() ? 16 : old.size() * 2;
    slots_.assign(capacity, Slot{});
    shift_ = 64;
    for (std::size_t c = capacity; c > 1; c >>= 1) --shift_;
    size_ = 0;
    for (Slot& s : old)
      if (s.token != kEmpty) insert(s.token, std::move(s.value));
  }

  std::vector<Slot> slots_;  // a power of two of them, at most half full
  unsigned shift_ = 64;      // 64 - log2(slots)
  std::size_t size_ = 0;
};

}  // namespace cqlbox::store
