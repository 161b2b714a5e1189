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

// Makes `values` current until destroyed.
class BoundValuesScope {
 public:
  explicit BoundValuesScope(const std::vector<BoundValue>* values);
  ~BoundValuesScope();
  BoundValuesScope(const BoundValuesScope&) = delete;
  BoundValuesScope& operator=(const BoundValuesScope&) = delete;

 private:
  const std::vector<BoundValue>* saved_;
};

}  // namespace cqlbox::exec
