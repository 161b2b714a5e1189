#include "exec/node_views.hpp"

#include "exec/replica_copies.hpp"
#include "exec/system_rows.hpp"

namespace cqlbox::exec {

using namespace system_rows;

bool fill_node_view(const Database& db, store::TableStore& st, const schema::TableSchema& t) {
  if (t.keyspace != "system_views" || t.name != "pending_hints") return false;
  // Each node's hints are one file here (ListPendingHints shows the same); its status is the
  // failure detector's simple state.
  const std::vector<std::size_t> hints = pending_hints(db);
  const auto& nodes = db.ring.nodes();
  for (std::size_t i = 0; i < hints.size() && i < nodes.size(); ++i) {
    if (hints[i] == 0) continue;
    write_row(st, t,
              {{"host_id", uuid_text(nodes[i].host_id)},
               {"address", inet(nodes[i].address)},
               {"port", int32(7000)},
               {"rack", text("rack1")},
               {"dc", text("datacenter1")},
               {"status", text(db.ring.is_up(static_cast<int>(i)) ? "UP" : "DOWN")},
               {"files", int32(1)},
               {"newest", timestamp_ms(db.replicas.newest_hint_ms[i])},
               {"oldest", timestamp_ms(db.replicas.oldest_hint_ms[i])}});
  }
  return true;
}

}  // namespace cqlbox::exec
