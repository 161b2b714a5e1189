// What a SELECT's read looks at (select_plan.hpp's ColumnMask): computed once per plan, since a
// query's shape fixes it, and kept with the plan for each later statement of that shape.
#include "exec/select_plan.hpp"

namespace cqlbox::exec {

ColumnMask columns_read(const schema::TableSchema& t, const Plan& plan) {
  ColumnMask m;
  m.read.assign(t.columns.size(), 0);
  m.key = plan.grouped || (plan.ordered && plan.where.partition_key_in) || plan.where.has_clustering;
  auto mark = [&](int col) {
    if (col < 0 || static_cast<std::size_t>(col) >= t.columns.size()) return;
    m.read[static_cast<std::size_t>(col)] = 1;
    m.key = m.key || t.column(col).kind == schema::ColumnKind::Clustering;
  };
  auto visit = [&](auto&& self, const ResolvedSelector& sel) -> void {
    mark(sel.column);
    for (const auto& a : sel.args) self(self, a);
  };
  for (const auto& sel : plan.selection.selectors) visit(visit, sel);
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    if (!plan.where.columns[i].any()) continue;
    mark(static_cast<int>(i));
    const auto kind = t.columns[i].kind;
    if (kind == schema::ColumnKind::Regular || kind == schema::ColumnKind::Static)
      m.filtered.push_back(static_cast<int>(i));
  }
  mark(plan.ann_column);
  m.statics = false;
  for (std::size_t i = 0; i < m.read.size(); ++i)
    if (m.read[i]) {
      m.columns.push_back(static_cast<int>(i));
      m.statics = m.statics || t.columns[i].kind == schema::ColumnKind::Static;
    }
  return m;
}

}  // namespace cqlbox::exec
