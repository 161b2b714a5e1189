// DRAW RING: the simulated cluster's token ring as an SVG picture. Each node's vnode ranges are
// arcs in its colour around a circle of tokens (-2^63 at the top, 0 at the bottom, clockwise);
// the legend gives each node's tokens and share of the ring. With keys, each key's token is
// marked on the ring with the replicas its keyspace's replication puts it on.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cluster/ring.hpp"

namespace cqlbox::print {

struct RingKey {
  std::string label;  // the key as given
  std::int64_t token = 0;
  std::vector<int> replicas;  // node indices, in the order the strategy picks them
};

struct RingPicture {
  std::string keyspace;     // "" for the ring alone
  std::string replication;  // the keyspace's replication, as words ("SimpleStrategy, RF 3")
  std::vector<RingKey> keys;
};

std::string ring_svg(const cluster::Ring& ring, const RingPicture& picture);

}  // namespace cqlbox::print
