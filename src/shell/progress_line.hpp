// COPY's progress line, as cqlsh's RateMeter prints it (every 0.25 s, at a terminal only).
#pragma once

#include <chrono>
#include <cstdio>

namespace cqlbox::shell {

class ProgressLine {
 public:
  explicit ProgressLine(bool on) : on_(on), start_(Clock::now()), last_(start_) {}
  void tick(long long total) {
    if (!on_ || (total & 1023) != 0) return;
    const auto now = Clock::now();
    const double since = std::chrono::duration<double>(now - last_).count();
    if (since < 0.25) return;
    const double rate = static_cast<double>(total - last_total_) / since;
    const double avg = static_cast<double>(total) / std::chrono::duration<double>(now - start_).count();
    std::printf("Processed: %lld rows; Rate: %7.0f rows/s; Avg. rate: %7.0f rows/s\r", total, rate, avg);
    std::fflush(stdout);
    last_ = now;
    last_total_ = total;
  }
  void done() {
    if (on_ && last_total_ > 0) std::printf("\n");
  }

 private:
  using Clock = std::chrono::steady_clock;
  bool on_;
  Clock::time_point start_, last_;
  long long last_total_ = 0;
};

}  // namespace cqlbox::shell
