// Cassandra's EstimatedHistogram, as nodetool tablestats and tablehistograms read it: values
// fall into buckets whose bounds are 1, 2, 3, … with each next bound round(previous * 1.2) (at
// least one more), and every statistic is a bucket bound, not an exact value.
#pragma once

#include <cstdint>
#include <vector>

namespace cqlbox::cluster {

class EstimatedHistogram {
 public:
  EstimatedHistogram();

  void add(std::int64_t value);
  std::uint64_t count() const { return count_; }

  // The upper bound of the bucket holding the ceil(count * p)-th value.
  double percentile(double p) const;
  // The lower bound of the first bucket used (0 for the first bucket).
  double min() const;
  // The upper bound of the last bucket used.
  double max() const;
  // The bucket bounds weighted by their counts, rounded up.
  double mean() const;

  // The 165 bucket bounds.
  static const std::vector<std::int64_t>& offsets();

 private:
  double bound(std::size_t bucket) const;

  std::vector<std::uint64_t> buckets_;  // one more than the offsets: the overflow bucket
  std::uint64_t count_ = 0;
};

}  // namespace cqlbox::cluster
