// The session clock. Write timestamps are microseconds since the epoch and strictly increasing
// within a process, like the driver's monotonic timestamp generator. A fixed clock (--now) only
// moves when told to (CLOCK SET / CLOCK ADVANCE), which makes TTL expiry and WRITETIME testable.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

namespace cqlbox::util {

class Clock {
 public:
  // Follows the system clock.
  Clock() = default;
  // Fixed at `now_us` until set or advanced.
  explicit Clock(std::int64_t now_us) : fixed_(now_us) {}

  // Current time in µs (does not consume a timestamp).
  std::int64_t now_us() const {
    if (fixed_) return *fixed_;
    using namespace std::chrono;
    return duration_cast<microseconds>(system_clock::now().time_since_epoch()).count();
  }

  // A write timestamp: now, or one more than the last one handed out if that is not earlier.
  std::int64_t next_write_timestamp() {
    std::int64_t t = now_us();
    if (t <= last_) t = last_ + 1;
    last_ = t;
    return t;
  }

  bool fixed() const { return fixed_.has_value(); }
  std::optional<std::int64_t> fixed_at() const { return fixed_; }
  // The last write timestamp handed out, and setting it (commit log replay).
  std::int64_t last_timestamp() const { return last_; }
  void set_last_timestamp(std::int64_t t) { last_ = t; }
  // Back to following the system clock (nullopt) or fixed.
  void restore(std::optional<std::int64_t> fixed) { fixed_ = fixed; }
  void set(std::int64_t now_us) { fixed_ = now_us; }
  void advance(std::int64_t delta_us) { fixed_ = now_us() + delta_us; }

 private:
  std::optional<std::int64_t> fixed_;
  std::int64_t last_ = INT64_MIN;
};

}  // namespace cqlbox::util
