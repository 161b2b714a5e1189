// Values bound to a statement's markers ('?', ':name'), as the native protocol's QUERY, EXECUTE
// and BATCH carry them: serialized bytes, null, or (v4) unset. The executor makes a session's
// values current for the one statement it runs, so term binding deep in the planner reads them
// without every signature carrying them.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace cqlbox::exec {

struct BoundValue {
  enum class State : std::uint8_t { Set, Null, Unset };
  State state = State::Null;
  std::string_view bytes;
};

// The values of the statement executing on this thread; empty outside one.
const std::vector<BoundValue>& current_bound_values();

// Sampling (PREPARE's checks, prepare_checks.hpp): every marker stands for some valid value of
// its type, and a function given a marker is not run, as no value is known yet.
bool sampling_values();

// Makes `values` current until destroyed; with `sample`, samples instead (values stay empty).
class BoundValuesScope {
 public:
  explicit BoundValuesScope(const std::vector<BoundValue>* values, bool sample = false);
  ~BoundValuesScope();
  BoundValuesScope(const BoundValuesScope&) = delete;
  BoundValuesScope& operator=(const BoundValuesScope&) = delete;

 private:
  const std::vector<BoundValue>* saved_;
  bool saved_sampling_;
};

}  // namespace cqlbox::exec
