// The process's anonymous resident memory, for cqlbox's memory budget (--max-memory): writes and
// large results are refused with a clear error before the machine runs out, instead of the
// process being killed. Resident size (not malloc statistics) so the figure is right under
// sanitizers; anonymous, so code pages read in as the program runs are not counted.
#pragma once

#include <cstdint>

namespace cqlbox::util {

// Anonymous resident memory in bytes (/proc/self/statm: resident less file-backed pages); 0
// when it cannot be read.
std::uint64_t resident_bytes();

// Physical memory in bytes (sysconf); 0 when unknown.
std::uint64_t physical_memory_bytes();

// A budget on the memory grown since it was armed: exceeded() once resident size passes
// baseline + limit. A limit of 0 never trips.
class MemoryBudget {
 public:
  void arm(std::uint64_t limit_bytes) {
    limit_ = limit_bytes;
    baseline_ = resident_bytes();
  }
  std::uint64_t limit() const { return limit_; }
  // Memory the budget should not count: what the process grew by since `resident_before`
  // (e.g. a script read whole before it runs, with whatever the allocator kept doing so).
  void exclude_growth_since(std::uint64_t resident_before) {
    const std::uint64_t now = resident_bytes();
    if (now > resident_before) baseline_ += now - resident_before;
  }
  bool exceeded() const { return limit_ != 0 && resident_bytes() > baseline_ + limit_; }
  // For each write: re-reads the resident size every 1024 writes, and at every write once over
  // the budget (so the refusal is immediate and lifts as soon as memory is back under it).
  bool write_over_budget() {
    if (limit_ == 0) return false;
    if (over_ || writes_++ % 1024 == 0) over_ = exceeded();
    return over_;
  }
  // MiB grown since arming, for messages.
  std::uint64_t used_mib() const {
    const std::uint64_t now = resident_bytes();
    return now > baseline_ ? (now - baseline_) >> 20 : 0;
  }

 private:
  std::uint64_t limit_ = 0, baseline_ = 0, writes_ = 0;
  bool over_ = false;
};

}  // namespace cqlbox::util
