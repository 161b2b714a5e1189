#include "exec/bound_values.hpp"

namespace cqlbox::exec {

namespace {

const std::vector<BoundValue> kNone;
thread_local const std::vector<BoundValue>* current = &kNone;

}  // namespace

const std::vector<BoundValue>& current_bound_values() { return *current; }

BoundValuesScope::BoundValuesScope(const std::vector<BoundValue>* values) : saved_(current) {
  current = values ? values : &kNone;
}

BoundValuesScope::~BoundValuesScope() { current = saved_; }

}  // namespace cqlbox::exec
