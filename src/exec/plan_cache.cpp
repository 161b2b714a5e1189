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

// The kept plan of `s`'s shape (`found`), or a free slot to keep a new one in; nullptr when the
// statement has no shape or the slot is in use (a SELECT within a SELECT plans on its own).
KeptPlan* kept_plan(const Database& db, const ast::Select& s, const schema::TableSchema& t, bool& found) {
  thread_local std::array<KeptPlan, 8> kept;
  thread_local std::size_t next = 0;
  found = false;
  if (s.shape.value == 0) return nullptr;
  for (KeptPlan& k : kept)
    if (k.shape == s.shape.value && k.db == &db && k.epoch == db.catalog.epoch() && k.table == &t && k.plan) {
      found = true;
      return k.busy ? nullptr : &k;
    }
  KeptPlan& slot = kept[next];
  if (slot.busy) return nullptr;
  next = (next + 1) % kept.size();
  slot.shape = 0;
  slot.plan.reset();
  return &slot;
}

}  // namespace

PlanForSelect::PlanForSelect(const Database& db, const schema::TableSchema& t, const ast::Select& s,
                             const FunctionContext& ctx) {
  bool found = false;
  KeptPlan* kept = kept_plan(db, s, t, found);
  if (kept && found) {
    rebind_plan(*kept->plan, t, s, ctx);
    plan_ = &*kept->plan;
  } else {
    own_.emplace(plan_select(t, s, ctx));
    plan_ = &*own_;
    if (!kept || found || !keeps_plan(s, *own_)) return;
    kept->plan = std::move(own_);
    own_.reset();
    kept->shape = s.shape.value;
    kept->db = &db;
    kept->epoch = db.catalog.epoch();
    kept->table = &t;
    plan_ = &*kept->plan;
  }
  kept_ = kept;
  kept_->busy = true;
}

PlanForSelect::~PlanForSelect() {
  if (kept_) kept_->busy = false;
}

}  // namespace cqlbox::exec
