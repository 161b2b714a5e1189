#include "exec/bound_values.hpp"

namespace cqlbox::exec {

namespace {

const std::vector<BoundValue> kNone;
thread_local const std::vector<BoundValue>* current = &kNone;
thread_local bool sampling = false;

}  // namespace

const std::vector<BoundValue>& current_bound_values() { return *current; }
bool sampling_values() { return sampling; }

BoundValuesScope::BoundValuesScope(const std::vector<BoundValue>* values, bool sample)
    : saved_(current), saved_sampling_(sampling) {
  current = values && !sample ? values : &kNone;
  sampling = sample;
}

BoundValuesScope::~BoundValuesScope() {
  current = saved_;
  sampling = saved_sampling_;
}

}  // namespace cqlbox::exec
