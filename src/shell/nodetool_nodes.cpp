// NODETOOL stop / start / slow <node>: cqlbox's own commands, in nodetool's style, that take a
// simulated node down and bring it back, or keep it up but answering only after the request
// timeout (cluster/ring.hpp). A request counts the live replicas of what it touches against its
// consistency level (Unavailable), then those that answer in time (WriteTimeout, ReadTimeout:
// exec/availability.hpp). A node that is down misses writes and keeps its older copy of what it
// missed (exec/replica_copies.hpp); hints and NODETOOL repair bring it up to date.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "exec/replica_copies.hpp"
#include "types/temporal.hpp"
#include "shell/internal.hpp"

namespace cqlbox::shell {

int node_named(const cluster::Ring& ring, const std::string& word) {
  const auto& nodes = ring.nodes();
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].address == word || std::to_string(i + 1) == word) return static_cast<int>(i);
  return -1;
}

namespace {

// A hint's time as ListPendingHints prints it: yyyy-MM-dd HH:mm:ss,SSS (UTC).
std::string hint_time(std::int64_t ms) {
  const std::string t = types::format_timestamp_ms(ms);  // "2024-01-01 00:00:00.000000+0000"
  return t.substr(0, 19) + "," + t.substr(20, 3);
}

}  // namespace

void nodetool_node_state(ShellState& sh, const std::string& cmd, const std::vector<std::string>& args) {
  cluster::Ring& ring = sh.db.ring;
  const std::size_t count = ring.nodes().size();
  if (args.size() != 1) {
    print_error(sh, fmt::format("nodetool: {} takes one node: its number (1 to {}) or its address", cmd, count));
    return;
  }
  const int node = node_named(ring, args[0]);
  if (node < 0) {
    print_error(sh, fmt::format("nodetool: no node {}: the ring has nodes 1 to {} (127.0.0.1 to {})", args[0], count,
                                ring.nodes().back().address));
    return;
  }
  const std::string& address = ring.nodes()[static_cast<std::size_t>(node)].address;
  if (cmd == "slow") {
    if (!ring.is_up(node)) {
      print_error(sh, fmt::format("nodetool: node {} is down: NODETOOL start {} first", node + 1, node + 1));
    } else if (ring.is_slow(node)) {
      sh.out += fmt::format("Node {} ({}) is already slow.\n", node + 1, address);
    } else {
      ring.set_slow(node, true);
      sh.out +=
          fmt::format("Node {} ({}) is slow: it is up, but answers after the request timeout.\n", node + 1, address);
    }
    return;
  }
  const bool start = cmd == "start";
  if (start && ring.is_up(node) && ring.is_slow(node)) {  // a slow node made prompt again
    ring.set_slow(node, false);
    sh.out += fmt::format("Node {} ({}) answers in time again.\n", node + 1, address);
    return;
  }
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
  ring.set_slow(node, false);  // a node that starts again starts prompt
  sh.out += fmt::format("Node {} ({}) is {}.\n", node + 1, address, start ? "up" : "down");
  // The writes it missed reach it from the hints other nodes kept (hinted handoff).
  if (start)
    if (const std::size_t replayed = exec::replay_hints(sh.db, node))
      sh.out += fmt::format("Replayed {} hint{} to {}.\n", replayed, replayed == 1 ? "" : "s", address);
}

void nodetool_replicas(ShellState& sh, const std::string& cmd, const std::vector<std::string>& args) {
  (void)args;  // repair's keyspace and options: every replica of every keyspace is mended
  if (cmd == "enablehandoff" || cmd == "disablehandoff") {
    exec::set_handoff(sh.db, cmd == "enablehandoff");
  } else if (cmd == "statushandoff") {
    sh.out += sh.db.replicas.handoff ? "Hinted handoff is running\n" : "Hinted handoff is not running\n";
  } else if (cmd == "repair") {
    const std::size_t mended = exec::repair_replicas(sh.db);
    sh.out += mended == 0
                  ? std::string("Repair: every replica was up to date.\n")
                  : fmt::format("Repair: {} partition cop{} brought up to date.\n", mended, mended == 1 ? "y" : "ies");
  } else {  // listpendinghints, in ListPendingHints' table
    const std::vector<std::size_t> hints = exec::pending_hints(sh.db);
    std::vector<std::vector<std::string>> table{
        {"Host ID", "Address", "Rack", "DC", "Status", "Total files", "Newest", "Oldest"}};
    const auto& nodes = sh.db.ring.nodes();
    for (std::size_t i = 0; i < hints.size(); ++i)
      if (hints[i] > 0)
        table.push_back({nodes[i].host_id, nodes[i].address, "rack1", "datacenter1",
                         sh.db.ring.is_up(static_cast<int>(i)) ? "UP" : "DOWN", "1",
                         hint_time(sh.db.replicas.newest_hint_ms[i]), hint_time(sh.db.replicas.oldest_hint_ms[i])});
    if (table.size() == 1) {
      sh.out += "This node does not have any pending hints\n";
      return;
    }
    std::vector<std::size_t> width(table[0].size(), 0);
    for (const auto& row : table)
      for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
    for (const auto& row : table) {
      for (std::size_t c = 0; c < row.size(); ++c) {
        sh.out += row[c];
        if (c + 1 < row.size()) sh.out.append(width[c] - row[c].size() + 1, ' ');
      }
      sh.out += '\n';
    }
  }
}

}  // namespace cqlbox::shell
