// partition_mutations (mutation_codec.hpp): a template, so callers stream without a copy.
#pragma once

namespace cqlbox::store {

template <class Sink>
void partition_mutations(const Partition& p, Sink&& sink) {
  {
    Mutation m;
    m.partition_key = p.key();
    m.partition_deletion = p.deletion();
    m.range_tombstones = p.range_tombstones();
    RowData stat;
    p.static_row().decode(stat);
    for (std::size_t slot = 0; slot < stat.cells.size(); ++slot)
      if (stat.cells[slot].exists()) m.static_cells.emplace_back(static_cast<int>(slot), stat.cells[slot]);
    const std::vector<ComplexColumn>& static_complex = p.static_row().complex();
    for (std::size_t slot = 0; slot < static_complex.size(); ++slot) {
      const ComplexColumn& c = static_complex[slot];
      if (c.deletion.exists() || !c.cells.empty())
        m.complex.push_back(ComplexWrite{static_cast<int>(slot), true, c.deletion, c.cells});
    }
    sink(m);
  }
  RowData row;
  for (const Row& r : p.rows()) {
    row = RowData{};
    r.decode(row);
    Mutation m;
    m.partition_key = p.key();
    m.has_row = true;
    m.clustering = row.clustering;
    m.marker = row.marker;
    m.row_deletion = row.deletion;
    for (std::size_t slot = 0; slot < row.cells.size(); ++slot)
      if (row.cells[slot].exists()) m.cells.emplace_back(static_cast<int>(slot), row.cells[slot]);
    const std::vector<ComplexColumn>& complex = r.complex();
    for (std::size_t slot = 0; slot < complex.size(); ++slot) {
      const ComplexColumn& c = complex[slot];
      if (c.deletion.exists() || !c.cells.empty())
        m.complex.push_back(ComplexWrite{static_cast<int>(slot), false, c.deletion, c.cells});
    }
    sink(m);
  }
}

}  // namespace cqlbox::store
