// NODETOOL status | ring | getendpoints | describering | tablestats | tablehistograms,
// flush | snapshot | clearsnapshot (persistence.cpp),
// SHOW REPLICAS and DESCRIBE CLUSTER over the simulated ring (cqlbox.md "The simulated
// cluster"), in the layouts of Cassandra 5.0's tools. The arithmetic lives below the shell:
// line order in Java HashMap order, ownership and EstimatedHistogram in cluster/, the Java
// number texts in print/java_numbers. Load and sizes are the bytes the store holds.
#include <algorithm>
#include <cstdlib>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cluster/estimated_histogram.hpp"
#include "cluster/java_order.hpp"
#include "cluster/ownership.hpp"
#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "exec/terms.hpp"
#include "print/java_numbers.hpp"
#include "shell/internal.hpp"
#include "util/murmur3.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

namespace {

bool system_keyspace(std::string_view ks) { return ks.rfind("system", 0) == 0; }

// nodetool status / ring's "Owns": the named keyspace's, or every user keyspace's alike.
cluster::Ownership ownership(const exec::Database& db, const std::optional<cluster::Replication>& named) {
  std::vector<std::map<std::string, std::string>> user_keyspaces;
  if (!named)
    for (const auto& [name, ks] : db.catalog.keyspaces())
      if (!system_keyspace(name)) user_keyspaces.push_back(ks.replication);
  return cluster::effective_ownership(db.ring, named, user_keyspaces);
}

// Bytes each node holds: every partition of every user table, on each of its replicas.
std::vector<double> loads(exec::Database& db) {
  std::vector<double> load(db.ring.nodes().size(), 0.0);
  for (const auto& [ks_name, ks] : db.catalog.keyspaces()) {
    const cluster::Replication r = cluster::replication_of(ks.replication);
    for (const auto& [t_name, t] : ks.tables)
      for (const store::Partition& p : db.store_of(t).partitions())
        for (int n : db.ring.replicas(p.token(), r))
          load[static_cast<std::size_t>(n)] += static_cast<double>(p.data_size());
  }
  return load;
}

// NODETOOL status / ring [keyspace]: the named keyspace's replication; nullopt for none.
std::optional<cluster::Replication> keyspace_replication(const exec::Database& db,
                                                         const std::vector<std::string>& args) {
  if (args.empty()) return std::nullopt;
  const schema::KeyspaceSchema* ks = db.catalog.keyspace(args[0]);
  if (!ks) error::fail(error::ErrorClass::ShellError, "nodetool: Unknown keyspace: {}", args[0]);
  return cluster::replication_of(ks->replication);
}

std::string percent(double fraction, int decimals) { return fmt::format("{:.{}f}%", fraction * 100.0, decimals); }

}  // namespace

void cmd_nodetool(ShellState& sh, std::string_view word, const std::vector<std::string>& args) {
  if (args.empty()) {
    print_error(sh, fmt::format("Improper {} command.", word));
    return;
  }
  const std::string cmd = util::ascii_lower(args[0]);
  std::vector<std::string> rest(args.begin() + 1, args.end());
  try {
    if (cmd == "status")
      nodetool_status(sh, rest);
    else if (cmd == "ring")
      nodetool_ring(sh, rest);
    else if (cmd == "getendpoints")
      nodetool_getendpoints(sh, rest);
    else if (cmd == "describering")
      nodetool_describering(sh, rest);
    else if (cmd == "tablestats" || cmd == "cfstats")
      nodetool_tablestats(sh, rest);
    else if (cmd == "tablehistograms" || cmd == "cfhistograms")
      nodetool_tablehistograms(sh, rest);
    else if (cmd == "flush")
      nodetool_flush(sh);
    else if (cmd == "compact")
      nodetool_compact(sh, rest);
    else if (cmd == "snapshot")
      nodetool_snapshot(sh, rest);
    else if (cmd == "clearsnapshot")
      nodetool_clearsnapshot(sh, rest);
    else if (cmd == "stop" || cmd == "start" || cmd == "slow")
      nodetool_node_state(sh, cmd, rest);
    else if (cmd == "repair" || cmd == "listpendinghints" || cmd == "enablehandoff" || cmd == "disablehandoff" ||
             cmd == "statushandoff")
      nodetool_replicas(sh, cmd, rest);
    else if (cmd == "cleanup" || cmd == "scrub" || cmd == "drain" || cmd == "decommission" || cmd == "removenode" ||
             cmd == "rebuild" || cmd == "upgradesstables" || cmd == "garbagecollect")
      // Real nodetool commands with nothing to do in one process: say so rather than "unknown".
      print_error(sh, fmt::format("nodetool: {} is not supported by cqlbox: its simulated nodes share one process and "
                                  "keep no sstables (HELP NODETOOL lists what is)",
                                  cmd));
    else
      print_error(sh, fmt::format("nodetool: Found unexpected parameters: [{}]\nSee 'HELP NODETOOL'.", args[0]));
  } catch (const error::CqlError& e) {
    sh.out.clear();
    print_error(sh, e.message);
  }
  flush(sh);
}

// NODETOOL compact [ks [tables…]]: what a major compaction leaves. Data shadowed by a tombstone
// goes, and tombstones (and expired cells) whose deletion is older than the table's
// gc_grace_seconds, by the session clock, go too. With --data the result is flushed, since the
// commit log would otherwise bring the purged tombstones back.
void nodetool_compact(ShellState& sh, const std::vector<std::string>& args) {
  if (!args.empty() && !sh.db.catalog.keyspace(args[0]))
    error::fail(error::ErrorClass::ShellError, "nodetool: Keyspace [{}] does not exist.", args[0]);
  const std::int64_t now_s = sh.db.clock.now_us() / 1000000;
  for (const auto& [name, ks] : sh.db.catalog.keyspaces()) {
    if (args.empty() ? system_keyspace(name) : name != args[0]) continue;
    for (const auto& [tname, t] : ks.tables) {
      if (args.size() > 1 && std::find(args.begin() + 1, args.end(), tname) == args.end()) continue;
      auto it = sh.db.stores.find(name + "." + tname);
      if (it == sh.db.stores.end()) continue;
      std::int64_t gc = 864000;
      if (auto o = t.options.find("gc_grace_seconds"); o != t.options.end())
        gc = std::strtoll(o->second.c_str(), nullptr, 10);
      it->second->purge(now_s - gc);
    }
  }
  nodetool_flush(sh);
}

void nodetool_status(ShellState& sh, const std::vector<std::string>& args) {
  const cluster::Ownership own = ownership(sh.db, keyspace_replication(sh.db, args));
  const std::vector<double> load = loads(sh.db);
  const auto& nodes = sh.db.ring.nodes();

  std::vector<std::vector<std::string>> table;
  table.push_back({"--", "Address", "Load", "Tokens", own.effective ? "Owns (effective)" : "Owns", "Host ID", "Rack"});
  for (std::size_t i : cluster::status_node_order(sh.db.ring)) {
    const auto& n = nodes[i];
    table.push_back({sh.db.ring.is_up(static_cast<int>(i)) ? "UN" : "DN", n.address, print::file_size(load[i]),
                     std::to_string(n.tokens.size()), own.effective ? percent(own.fraction[i], 1) : "?", n.host_id,
                     "rack1"});
  }
  std::vector<std::size_t> width(table[0].size(), 0);
  for (const auto& row : table)
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  sh.out +=
      "Datacenter: datacenter1\n=======================\nStatus=Up/Down\n|/ State=Normal/Leaving/Joining/Moving\n";
  for (const auto& row : table) {
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (c) sh.out += "  ";
      sh.out += row[c];
      sh.out.append(width[c] - row[c].size(), ' ');
    }
    sh.out += '\n';
  }
  sh.out += '\n';
  if (!own.effective)
    sh.out +=
        "Note: Non-system keyspaces don't have the same replication settings, effective ownership information is "
        "meaningless\n";
}

void nodetool_ring(ShellState& sh, const std::vector<std::string>& args) {
  const cluster::Ownership own = ownership(sh.db, keyspace_replication(sh.db, args));
  const std::vector<double> load = loads(sh.db);
  const auto& nodes = sh.db.ring.nodes();
  const auto& tokens = sh.db.ring.tokens();
  std::size_t w = 0;
  for (const auto& n : nodes) w = std::max(w, n.address.size() + 5);  // the "ip:7000" width
  auto line = [&](std::string_view a, std::string_view b, std::string_view c, std::string_view d, std::string_view e,
                  std::string_view f, std::string_view g) {
    return fmt::format("{:<{}}  {:<12}{:<7}{:<8}{:<16}{:<20}{:<44}\n", a, w, b, c, d, e, f, g);
  };
  sh.out += "\nDatacenter: datacenter1\n==========\n";
  sh.out += line("Address", "Rack", "Status", "State", "Load", "Owns", "Token");
  if (tokens.size() > 1)
    sh.out += line("", "", "", "", "", "", std::to_string(tokens.back().first));
  else
    sh.out += '\n';
  for (const auto& [token, node] : tokens) {
    const auto i = static_cast<std::size_t>(node);
    sh.out += line(nodes[i].address, "rack1", sh.db.ring.is_up(node) ? "Up" : "Down", "Normal",
                   print::file_size(load[i]), own.effective ? percent(own.fraction[i], 2) : "?", std::to_string(token));
  }
  sh.out += '\n';
  if (tokens.size() > nodes.size())
    sh.out +=
        "  Warning: \"nodetool ring\" is used to output all the tokens of a node.\n"
        "  To view status related info of a node use \"nodetool status\" instead.\n\n";
  // Ring.java ends with printf("%n  " + errors); cqlbox ends that last line with a newline.
  sh.out += "\n  ";
  if (!own.effective)
    sh.out +=
        "Note: Non-system keyspaces don't have the same replication settings, effective ownership information is "
        "meaningless";
  sh.out += '\n';
}

void nodetool_getendpoints(ShellState& sh, const std::vector<std::string>& args) {
  if (args.size() != 3)
    error::fail(error::ErrorClass::ShellError,
                "nodetool: getendpoints requires keyspace, table and partition key arguments");
  const schema::KeyspaceSchema* ks = sh.db.catalog.keyspace(args[0]);
  if (!ks) error::fail(error::ErrorClass::ShellError, "nodetool: Unknown keyspace '{}'", args[0]);
  const schema::TableSchema* t = sh.db.catalog.table(args[0], args[1]);
  if (!t) error::fail(error::ErrorClass::ShellError, "nodetool: Unknown table '{}' in keyspace '{}'", args[1], args[0]);
  std::string key = args[2];
  if (key.size() >= 2 && key.front() == '\'' && key.back() == '\'') key = key.substr(1, key.size() - 2);
  const std::int64_t token = util::murmur3_token(exec::partition_key_from_text(*t, key));
  // A stopped replica is marked (cqlbox's own: nodetool prints addresses only, and every node
  // of a real cluster it can reach this way is up).
  for (int n : sh.db.ring.replicas(token, cluster::replication_of(ks->replication)))
    sh.out += sh.db.ring.nodes()[static_cast<std::size_t>(n)].address + (sh.db.ring.is_up(n) ? "\n" : " (down)\n");
}

void nodetool_describering(ShellState& sh, const std::vector<std::string>& args) {
  if (args.size() != 1)
    error::fail(error::ErrorClass::ShellError, "nodetool: describering requires a keyspace argument");
  sh.out += fmt::format("Schema Version:{}\nTokenRange: \n", schema_version(sh));
  const schema::KeyspaceSchema* ks = sh.db.catalog.keyspace(args[0]);
  if (!ks) {
    flush(sh);
    error::fail(error::ErrorClass::ShellError, "error: No such keyspace: {}", args[0]);
  }
  const cluster::Replication r = cluster::replication_of(ks->replication);
  for (const auto& [l, rt] : cluster::describering_ranges(sh.db.ring)) {
    std::string endpoints, details;
    for (int n : sh.db.ring.replicas(rt, r)) {
      const std::string& a = sh.db.ring.nodes()[static_cast<std::size_t>(n)].address;
      endpoints += (endpoints.empty() ? "" : ", ") + a;
      details +=
          fmt::format("{}EndpointDetails(host:{}, datacenter:datacenter1, rack:rack1)", details.empty() ? "" : ", ", a);
    }
    sh.out += fmt::format(
        "\tTokenRange(start_token:{}, end_token:{}, endpoints:[{}], rpc_endpoints:[{}], endpoint_details:[{}])\n", l,
        rt, endpoints, endpoints, details);
  }
}

std::string schema_version(ShellState& sh) {
  std::string text;
  for (const auto& [name, ks] : sh.db.catalog.keyspaces()) {
    text += name + ";";
    for (const auto& [t, schema] : ks.tables) text += t + ",";
  }
  const auto a = static_cast<std::uint64_t>(util::murmur3_token(text + "#a"));
  const auto b = static_cast<std::uint64_t>(util::murmur3_token(text + "#b"));
  return fmt::format("{:08x}-{:04x}-3{:03x}-{:04x}-{:012x}", a >> 32, (a >> 16) & 0xffff, a & 0xfff,
                     ((b >> 48) & 0x3fff) | 0x8000, b & 0xffffffffffffULL);
}

namespace {

const schema::TableSchema& nodetool_table(const exec::Database& db, const std::vector<std::string>& args,
                                          std::string_view command) {
  std::string ks, table;
  if (args.size() == 1 && args[0].find('.') != std::string::npos) {
    ks = args[0].substr(0, args[0].find('.'));
    table = args[0].substr(args[0].find('.') + 1);
  } else if (args.size() == 2) {
    ks = args[0];
    table = args[1];
  } else {
    error::fail(error::ErrorClass::ShellError, "nodetool: {} requires <keyspace>.<table> or <keyspace> <table>",
                command);
  }
  if (!db.catalog.keyspace(ks)) error::fail(error::ErrorClass::ShellError, "nodetool: Unknown keyspace: {}", ks);
  const schema::TableSchema* t = db.catalog.table(ks, table);
  if (!t) {
    if (command == "tablehistograms")
      error::fail(error::ErrorClass::ShellError, "nodetool: Unknown table {}.{}", ks, table);
    error::fail(error::ErrorClass::ShellError, "nodetool: Unknown tables: [{}] in keyspace: {}", table, ks);
  }
  return *t;
}

}  // namespace

void nodetool_tablestats(ShellState& sh, const std::vector<std::string>& args) {
  const schema::TableSchema& t = nodetool_table(sh.db, args, "tablestats");
  const store::TableStore& st = sh.db.store_of(t);
  // Partition sizes go through EstimatedHistogram, as the sstable statistics Cassandra reads.
  std::size_t partitions = 0, cells = 0, bytes = 0, droppable = 0;
  cluster::EstimatedHistogram sizes;
  const std::int64_t now_s = sh.db.clock.now_us() / 1000000;
  auto gc = t.options.find("gc_grace_seconds");
  const std::int64_t gc_grace = gc == t.options.end() ? 864000 : std::atoll(gc->second.c_str());
  for (const store::Partition& p : st.partitions()) {
    const std::size_t size = p.data_size();
    sizes.add(static_cast<std::int64_t>(size));
    ++partitions;
    cells += p.cell_count();
    bytes += size;
    droppable += p.droppable_tombstones(static_cast<std::int64_t>(now_s) - gc_grace);
  }
  std::uint64_t ks_reads = 0, ks_writes = 0;
  for (const auto& [name, other] : sh.db.catalog.keyspace(t.keyspace)->tables) {
    ks_reads += sh.db.store_of(other).reads;
    ks_writes += sh.db.store_of(other).writes;
  }
  auto latency = [](std::uint64_t count) { return count ? std::string("0.0") : std::string("NaN"); };
  auto local_latency = [](std::uint64_t count) { return count ? std::string("0.000") : std::string("NaN"); };
  const double ratio = st.writes ? static_cast<double>(st.reads) / static_cast<double>(st.writes) : 0.0;
  sh.out += "Total number of tables: 1\n----------------\n";
  sh.out += fmt::format("Keyspace: {}\n", t.keyspace);
  sh.out += fmt::format(
      "\tRead Count: {}\n\tRead Latency: {} ms\n\tWrite Count: {}\n\tWrite Latency: {} ms\n\tPending Flushes: 0\n",
      ks_reads, latency(ks_reads), ks_writes, latency(ks_writes));
  sh.out += fmt::format("\t\tTable: {}\n", t.name);
  sh.out += "\t\tSSTable count: 0\n\t\tOld SSTable count: 0\n\t\tMax SSTable size: 0B\n";
  sh.out += "\t\tSpace used (live): 0\n\t\tSpace used (total): 0\n\t\tSpace used by snapshots (total): 0\n";
  sh.out += "\t\tOff heap memory used (total): 0\n\t\tSSTable Compression Ratio: -1.00000\n";
  sh.out += fmt::format("\t\tNumber of partitions (estimate): {}\n", partitions);
  sh.out += fmt::format("\t\tMemtable cell count: {}\n\t\tMemtable data size: {}\n", st.operations, bytes);
  sh.out += "\t\tMemtable off heap memory used: 0\n\t\tMemtable switch count: 0\n\t\tSpeculative retries: 0\n";
  sh.out += fmt::format("\t\tLocal read count: {}\n\t\tLocal read latency: {} ms\n", st.reads, local_latency(st.reads));
  sh.out +=
      fmt::format("\t\tLocal write count: {}\n\t\tLocal write latency: {} ms\n", st.writes, local_latency(st.writes));
  sh.out +=
      fmt::format("\t\tLocal read/write ratio: {:.5f}\n\t\tPending flushes: 0\n\t\tPercent repaired: 100.0\n", ratio);
  sh.out += "\t\tBytes repaired: 0B\n\t\tBytes unrepaired: 0B\n\t\tBytes pending repair: 0B\n";
  sh.out += "\t\tBloom filter false positives: 0\n\t\tBloom filter false ratio: 0.00000\n";
  sh.out += "\t\tBloom filter space used: 0\n\t\tBloom filter off heap memory used: 0\n";
  sh.out += "\t\tIndex summary off heap memory used: 0\n\t\tCompression metadata off heap memory used: 0\n";
  sh.out += fmt::format(
      "\t\tCompacted partition minimum bytes: {:.0f}\n\t\tCompacted partition maximum bytes: {:.0f}\n"
      "\t\tCompacted partition mean bytes: {:.0f}\n",
      sizes.min(), sizes.max(), sizes.mean());
  sh.out +=
      "\t\tAverage live cells per slice (last five minutes): NaN\n\t\tMaximum live cells per slice (last five "
      "minutes): 0\n";
  sh.out +=
      "\t\tAverage tombstones per slice (last five minutes): NaN\n\t\tMaximum tombstones per slice (last five "
      "minutes): 0\n";
  sh.out += fmt::format("\t\tDroppable tombstone ratio: {:.5f}\n\n----------------\n",
                        cells ? static_cast<double>(droppable) / static_cast<double>(cells) : 0.0);
}

void nodetool_tablehistograms(ShellState& sh, const std::vector<std::string>& args) {
  const schema::TableSchema& t = nodetool_table(sh.db, args, "tablehistograms");
  const store::TableStore& st = sh.db.store_of(t);
  cluster::EstimatedHistogram sizes, cells;
  for (const store::Partition& p : st.partitions()) {
    sizes.add(static_cast<std::int64_t>(p.data_size()));
    cells.add(static_cast<std::int64_t>(p.cell_count()));
  }
  const bool empty = sizes.count() == 0;
  if (empty) sh.out += "No SSTables exists, unable to calculate 'Partition Size' and 'Cell Count' percentiles\n";
  sh.out += fmt::format("{}/{} histograms\n", t.keyspace, t.name);
  sh.out += fmt::format("{:<10}{:>18}{:>18}{:>18}{:>18}{:>18}\n", "Percentile", "Read Latency", "Write Latency",
                        "SSTables", "Partition Size", "Cell Count");
  sh.out += fmt::format("{:<10}{:>18}{:>18}{:>18}{:>18}{:>18}\n", "", "(micros)", "(micros)", "", "(bytes)", "");
  auto row = [&](const char* label, double size, double count) {
    if (empty)
      sh.out += fmt::format("{:<10}{:>18.2f}{:>18.2f}{:>18.2f}{:>18}{:>18}\n", label, 0.0, 0.0, 0.0, "NaN", "NaN");
    else
      sh.out += fmt::format("{:<10}{:>18.2f}{:>18.2f}{:>18.2f}{:>18.0f}{:>18.0f}\n", label, 0.0, 0.0, 0.0, size, count);
  };
  for (auto [label, p] : {std::pair{"50%", 0.5}, {"75%", 0.75}, {"95%", 0.95}, {"98%", 0.98}, {"99%", 0.99}})
    row(label, sizes.percentile(p), cells.percentile(p));
  row("Min", sizes.min(), cells.min());
  row("Max", sizes.max(), cells.max());
  sh.out += '\n';
}

void show_replicas(ShellState& sh, const std::vector<std::string>& args) {
  // SHOW REPLICAS <token> [<keyspace>]: a Python list of the replicas' addresses.
  char* end = nullptr;
  const long long token = std::strtoll(args[1].c_str(), &end, 10);
  if (end == args[1].c_str() || *end != '\0') {
    print_error(sh, "Improper SHOW command.");
    return;
  }
  std::string_view ks_name = args.size() > 2 ? std::string_view(args[2]) : std::string_view(sh.session.keyspace);
  std::string list;
  if (const schema::KeyspaceSchema* ks = sh.db.catalog.keyspace(ks_name))
    for (int n : sh.db.ring.replicas(token, cluster::replication_of(ks->replication)))
      list += fmt::format("{}'{}'", list.empty() ? "" : ", ", sh.db.ring.nodes()[static_cast<std::size_t>(n)].address);
  sh.out += "[" + list + "]\n";
  flush(sh);
}

void describe_cluster(ShellState& sh) {
  sh.out += "\nCluster: Test Cluster\nPartitioner: Murmur3Partitioner\nSnitch: DynamicEndpointSnitch\n\n";
  const schema::KeyspaceSchema* ks =
      sh.session.keyspace.empty() ? nullptr : sh.db.catalog.keyspace(sh.session.keyspace);
  if (ks && !system_keyspace(ks->name)) {
    sh.out += "Range ownership:\n";
    for (const auto& [end, endpoints] : sh.db.ring.range_ownership(cluster::replication_of(ks->replication)))
      sh.out += fmt::format(" {:>39}  [{}]\n", end, fmt::join(endpoints, ", "));
    sh.out += '\n';
  }
  flush(sh);
}

}  // namespace cqlbox::shell
