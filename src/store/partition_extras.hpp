// A partition's static row and tombstones, in one word. Most partitions have neither (a table
// without static columns, rows never deleted); a table with static columns has a static row
// in every partition, and tombstones are rare. So the word holds the static row's block
// itself, and only a partition with tombstones points, by a tagged pointer, to a block that
// holds them and the static row both. Each Partition was 8 bytes larger as two pointers.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "store/cell.hpp"
#include "store/mutation.hpp"
#include "store/row.hpp"

namespace cqlbox::store {

struct Tombstones {
  Deletion deletion;
  std::vector<RangeTombstone> ranges;
};

class PartitionExtras {
 public:
  PartitionExtras() = default;
  ~PartitionExtras() { reset(); }
  PartitionExtras(PartitionExtras&& o) noexcept : word_(std::exchange(o.word_, 0)) {}
  PartitionExtras& operator=(PartitionExtras&& o) noexcept {
    if (this != &o) {
      reset();
      word_ = std::exchange(o.word_, 0);
    }
    return *this;
  }

  Row static_row() const {
    return tagged() ? rare()->static_row.view() : OwnedRow::view_of(reinterpret_cast<const char*>(word_));
  }
  bool static_empty() const { return tagged() ? rare()->static_row.empty() : word_ == 0; }
  // The tombstones, or null when there are none.
  const Tombstones* tombstones() const { return tagged() ? rare() : nullptr; }
  Tombstones* tombstones() { return tagged() ? rare() : nullptr; }
  // The tombstones, made on first use. Throws (bad_alloc) before changing anything.
  Tombstones& make_tombstones() {
    if (!tagged()) {
      Rare* r = new Rare;
      r->static_row = OwnedRow::adopt(reinterpret_cast<char*>(word_));
      word_ = reinterpret_cast<std::uintptr_t>(r) | 1;
    }
    return *rare();
  }
  // Frees the tombstones (the static row stays).
  void drop_tombstones() noexcept {
    if (!tagged()) return;
    Rare* r = rare();
    word_ = reinterpret_cast<std::uintptr_t>(r->static_row.take_block());
    delete r;
  }
  // Calls f(OwnedRow&) on the static row, to change it; the word holds the result even when
  // f throws.
  template <class F>
  void change_static(F&& f) {
    if (tagged()) {
      f(rare()->static_row);
      return;
    }
    struct PutBack {
      std::uintptr_t& word;
      OwnedRow row;
      ~PutBack() { word = reinterpret_cast<std::uintptr_t>(row.take_block()); }
    } back{word_, OwnedRow::adopt(reinterpret_cast<char*>(word_))};
    word_ = 0;
    f(back.row);
  }

 private:
  struct Rare : Tombstones {
    OwnedRow static_row;
  };
  bool tagged() const { return (word_ & 1) != 0; }
  Rare* rare() const { return reinterpret_cast<Rare*>(word_ & ~std::uintptr_t{1}); }
  void reset() noexcept {
    if (tagged()) {
      delete rare();
    } else {
      OwnedRow dying = OwnedRow::adopt(reinterpret_cast<char*>(word_));  // frees the block
    }
    word_ = 0;
  }

  std::uintptr_t word_ = 0;  // a static row's block (8-byte aligned, low bit 0), or Rare* | 1
};

}  // namespace cqlbox::store
