#include "exec/plan_cache.hpp"

#include <array>
#include <cstdint>

namespace cqlbox::exec {

struct KeptPlan {
  std::uint64_t shape = 0;
  const Database* db = nullptr;
  std::uint64_t epoch = 0;  // the catalog's: any schema change plans again
  const schema::TableSchema* table = nullptr;
  bool busy = false;  // in use by a SELECT still running
  std::optional<Plan> plan;
};

namespace {

thread_local std::array<KeptPlan, 8> kept;
thread_local std::size_t next = 0;

// The kept plan of `s`'s shape, or nullptr. `busy`: it is in use by a SELECT still running (a
// SELECT within a SELECT plans on its own).
KeptPlan* find_kept(const Database& db, const ast::Select& s, const schema::TableSchema& t, bool& busy) {
  busy = false;
  if (s.shape.value == 0) return nullptr;
  for (KeptPlan& k : kept)
    if (k.shape == s.shape.value && k.db == &db && k.epoch == db.catalog.epoch() && k.table == &t && k.plan) {
      busy = k.busy;
      return busy ? nullptr : &k;
    }
  return nullptr;
}

// The slot a new plan goes in, the oldest first; nullptr when it is in use. Claimed only for a
// plan that is kept, so statements whose plans are not kept evict nothing.
KeptPlan* free_slot() {
  KeptPlan& slot = kept[next];
  if (slot.busy) return nullptr;
  next = (next + 1) % kept.size();
  return &slot;
}

}  // namespace

PlanForSelect::PlanForSelect(const Database& db, const schema::TableSchema& t, const ast::Select& s,
                             const FunctionContext& ctx) {
  bool busy = false;
  KeptPlan* k = find_kept(db, s, t, busy);
  if (k) {
    rebind_plan(*k->plan, t, s, ctx);
  } else {
    own_.emplace(plan_select(t, s, ctx));
    plan_ = &*own_;
    if (busy || s.shape.value == 0 || !keeps_plan(s, *own_) || !(k = free_slot())) return;
    k->plan = std::move(own_);
    own_.reset();
    k->shape = s.shape.value;
    k->db = &db;
    k->epoch = db.catalog.epoch();
    k->table = &t;
  }
  plan_ = &*k->plan;
  kept_ = k;
  kept_->busy = true;
}

PlanForSelect::~PlanForSelect() {
  if (kept_) kept_->busy = false;
}

}  // namespace cqlbox::exec
