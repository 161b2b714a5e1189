// NODETOOL stop / start <node>: cqlbox's own commands, in nodetool's style, that take a simulated
// node down and bring it back (cluster/ring.hpp). While a node is down, a request whose
// partitions it replicates counts one live replica fewer, and is refused with Cassandra's
// Unavailable error when the consistency level needs more (exec/availability.hpp). The data is
// kept once for the whole cluster, so a node that comes back has missed nothing.
#include <cstdlib>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "shell/internal.hpp"

namespace cqlbox::shell {

namespace {

// The node `word` names: its number from 1, or its address. -1 when none.
int node_named(const cluster::Ring& ring, const std::string& word) {
  const auto& nodes = ring.nodes();
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].address == word || std::to_string(i + 1) == word) return static_cast<int>(i);
  return -1;
}

}  // namespace

void nodetool_stop_start(ShellState& sh, bool start, const std::vector<std::string>& args) {
  cluster::Ring& ring = sh.db.ring;
  const std::size_t count = ring.nodes().size();
  const char* verb = start ? "start" : "stop";
  if (args.size() != 1) {
    print_error(sh, fmt::format("nodetool: {} takes one node: its number (1 to {}) or its address", verb, count));
    return;
  }
  const int node = node_named(ring, args[0]);
  if (node < 0) {
    print_error(sh, fmt::format("nodetool: no node {}: the ring has nodes 1 to {} (127.0.0.1 to {})", args[0], count,
                                ring.nodes().back().address));
    return;
  }
  const std::string& address = ring.nodes()[static_cast<std::size_t>(node)].address;
  if (ring.is_up(node) == start) {
    sh.out += fmt::format("Node {} ({}) is already {}.\n", node + 1, address, start ? "up" : "down");
    return;
  }
  if (!start) {
    int up = 0;
    for (std::size_t i = 0; i < count; ++i) up += ring.is_up(static_cast<int>(i)) ? 1 : 0;
    if (up == 1) {
      print_error(
          sh, fmt::format("nodetool: node {} is the last one up: a cluster with no node up answers nothing", node + 1));
      return;
    }
  }
  ring.set_up(node, start);
  sh.out += fmt::format("Node {} ({}) is {}.\n", node + 1, address, start ? "up" : "down");
}

}  // namespace cqlbox::shell
