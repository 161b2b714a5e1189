// EstimatedHistogram's buckets and statistics (estimated_histogram.hpp).
#include "cluster/estimated_histogram.hpp"

#include <algorithm>
#include <cmath>

namespace cqlbox::cluster {

const std::vector<std::int64_t>& EstimatedHistogram::offsets() {
  static const std::vector<std::int64_t> kOffsets = [] {
    std::vector<std::int64_t> o{1};
    while (o.size() < 165) {
      auto next = static_cast<std::int64_t>(std::llround(static_cast<double>(o.back()) * 1.2));
      if (next == o.back()) ++next;
      o.push_back(next);
    }
    return o;
  }();
  return kOffsets;
}

EstimatedHistogram::EstimatedHistogram() : buckets_(offsets().size() + 1, 0) {}

void EstimatedHistogram::add(std::int64_t value) {
  const auto& o = offsets();
  ++buckets_[static_cast<std::size_t>(std::lower_bound(o.begin(), o.end(), value) - o.begin())];
  ++count_;
}

// The overflow bucket reports the last bound, as the real histogram does.
double EstimatedHistogram::bound(std::size_t bucket) const {
  return static_cast<double>(offsets()[std::min(bucket, offsets().size() - 1)]);
}

double EstimatedHistogram::percentile(double p) const {
  const auto want = static_cast<std::uint64_t>(std::ceil(static_cast<double>(count_) * p));
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < buckets_.size(); ++i) {
    seen += buckets_[i];
    if (seen >= want && buckets_[i]) return bound(i);
  }
  return 0;
}

double EstimatedHistogram::min() const {
  for (std::size_t i = 0; i < buckets_.size(); ++i)
    if (buckets_[i]) return i == 0 ? 0 : static_cast<double>(1 + offsets()[i - 1]);
  return 0;
}

double EstimatedHistogram::max() const {
  for (std::size_t i = buckets_.size(); i-- > 0;)
    if (buckets_[i]) return bound(i);
  return 0;
}

double EstimatedHistogram::mean() const {
  if (count_ == 0) return 0;
  double sum = 0;
  for (std::size_t i = 0; i < buckets_.size(); ++i) sum += static_cast<double>(buckets_[i]) * bound(i);
  return std::ceil(sum / static_cast<double>(count_));
}

}  // namespace cqlbox::cluster
