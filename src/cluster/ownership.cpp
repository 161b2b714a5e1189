// Effective ownership for nodetool status and ring (ownership.hpp).
#include "cluster/ownership.hpp"

namespace cqlbox::cluster {

Ownership effective_ownership(const Ring& ring, const std::optional<Replication>& named,
                              const std::vector<std::map<std::string, std::string>>& user_keyspaces) {
  Ownership o;
  Replication r{false, 2, 2, {}};
  if (named) {
    r = *named;
  } else if (!user_keyspaces.empty()) {
    r = replication_of(user_keyspaces.front());
    for (const auto& options : user_keyspaces)
      if (options != user_keyspaces.front()) o.effective = false;
  }
  o.fraction = ring.replica_shares(r);
  return o;
}

}  // namespace cqlbox::cluster
