// The plan a SELECT runs (select_plan.hpp), kept for its statement shape: a script's SELECTs of
// one shape and a prepared SELECT's EXECUTEs are planned once, and each statement binds its own
// values into the kept plan (rebind_plan). A few plans are kept per thread (the shell's, the
// server's); the newest replaces the oldest, and any schema change plans again.
#pragma once

#include <optional>

#include "ast/ast.hpp"
#include "exec/database.hpp"
#include "exec/functions.hpp"
#include "exec/select_plan.hpp"
#include "schema/table_schema.hpp"

namespace cqlbox::exec {

struct KeptPlan;

// The plan for `s` on `t` while it runs: the kept plan of its shape with `s`'s values bound, or a
// plan made now (kept for the shape when keeps_plan allows). Throws what planning throws.
class PlanForSelect {
 public:
  PlanForSelect(const Database& db, const schema::TableSchema& t, const ast::Select& s, const FunctionContext& ctx);
  ~PlanForSelect();
  PlanForSelect(const PlanForSelect&) = delete;
  PlanForSelect& operator=(const PlanForSelect&) = delete;
  Plan& plan() { return *plan_; }

 private:
  KeptPlan* kept_ = nullptr;  // in use until the destructor
  std::optional<Plan> own_;
  Plan* plan_ = nullptr;
};

}  // namespace cqlbox::exec
