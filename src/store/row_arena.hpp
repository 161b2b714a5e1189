// Where a partition's packed rows live: bytes handed out back to back from a few blocks, so a
// row costs its bytes and no allocator header. A rewritten or erased row leaves its old bytes
// dead; the partition compacts (copies its live rows into a fresh arena) once dead bytes
// outweigh live ones.
//
// Blocks grow with the partition (the first is exactly the first row, so a one-row partition
// wastes nothing) up to 4 KiB, so a partition's unused tail is under 4 KiB.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace cqlbox::store {

class RowArena {
 public:
  char* allocate(std::size_t n) {
    if (blocks_.empty() || used_ + n > capacity_) {
      capacity_ = std::max(n, std::min<std::size_t>(kMaxBlock, total_));
      blocks_.push_back(std::make_unique_for_overwrite<char[]>(capacity_));
      used_ = 0;
      total_ += capacity_;
    }
    char* p = blocks_.back().get() + used_;
    used_ += n;
    live_ += n;
    return p;
  }
  // `n` bytes handed out earlier are no longer used.
  void release(std::size_t n) {
    live_ -= n;
    dead_ += n;
  }
  std::size_t live() const { return live_; }
  std::size_t dead() const { return dead_; }
  // Worth compacting: dead bytes outweigh live ones (and are more than a block).
  bool wasteful() const { return dead_ > live_ && dead_ > kMaxBlock; }

 private:
  static constexpr std::size_t kMaxBlock = 4096;
  std::vector<std::unique_ptr<char[]>> blocks_;
  std::size_t used_ = 0, capacity_ = 0, total_ = 0, live_ = 0, dead_ = 0;
};

}  // namespace cqlbox::store
