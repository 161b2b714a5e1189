// NODETOOL flush, snapshot and clearsnapshot: what --data's files hold (the engine writes them,
// engine/durability.cpp; without --data they only print what nodetool prints).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "shell/internal.hpp"

namespace cqlbox::shell {

void nodetool_flush(ShellState& sh) {
  if (const std::string error = sh.engine.flush(); !error.empty()) print_error(sh, fmt::format("nodetool: {}", error));
}

// NODETOOL snapshot [-t tag] [keyspaces…]: with --data, a flush, then the data file copied to
// DIR/snapshots/<tag>/data.db. Every keyspace is in it, whatever is named (one data file).
void nodetool_snapshot(ShellState& sh, const std::vector<std::string>& args) {
  std::string tag = std::to_string(sh.db.clock.now_us() / 1000);
  std::vector<std::string> keyspaces;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if ((args[i] == "-t" || args[i] == "--tag") && i + 1 < args.size())
      tag = args[++i];
    else
      keyspaces.push_back(args[i]);
  }
  if (tag.find('/') != std::string::npos || tag == "." || tag == "..") {
    print_error(sh, "nodetool: Snapshot name cannot contain /");
    return;
  }
  sh.out += fmt::format(
      "Requested creating snapshot(s) for {} with snapshot name [{}] and options {{skipFlush=false}}\n",
      keyspaces.empty() ? std::string("[all keyspaces]") : "[" + fmt::format("{}", fmt::join(keyspaces, ", ")) + "]",
      tag);
  if (const std::string error = sh.engine.snapshot(tag); !error.empty()) {
    print_error(sh, fmt::format("nodetool: {}", error));
    return;
  }
  sh.out += fmt::format("Snapshot directory: {}\n", tag);
}

// NODETOOL clearsnapshot -t tag | --all: removes DIR/snapshots/<tag> (or all of them).
void nodetool_clearsnapshot(ShellState& sh, const std::vector<std::string>& args) {
  std::string tag;
  bool all = false;
  std::vector<std::string> keyspaces;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if ((args[i] == "-t" || args[i] == "--tag") && i + 1 < args.size())
      tag = args[++i];
    else if (args[i] == "--all")
      all = true;
    else
      keyspaces.push_back(args[i]);
  }
  if (tag.empty() && !all) return print_error(sh, "nodetool: Specify snapshot name or --all");
  if (!tag.empty() && all) return print_error(sh, "nodetool: Specify only one of snapshot name or --all");
  sh.out += fmt::format(
      "Requested clearing snapshot(s) for {} with {}\n",
      keyspaces.empty() ? std::string("[all keyspaces]") : "[" + fmt::format("{}", fmt::join(keyspaces, ", ")) + "]",
      all ? std::string("[all snapshots]") : "snapshot name [" + tag + "]");
  sh.engine.clear_snapshots(all ? "" : tag);
}

}  // namespace cqlbox::shell
