// NODETOOL flush, snapshot and clearsnapshot: what --data's files hold (the engine writes them,
// engine/durability.cpp; without --data they only print what nodetool prints).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "shell/shell.hpp"

namespace cqlbox::shell {

void Shell::nodetool_flush() {
  if (const std::string error = engine_.flush(); !error.empty()) print_error(fmt::format("nodetool: {}", error));
}

// NODETOOL snapshot [-t tag] [keyspaces…]: with --data, a flush, then the data file copied to
// DIR/snapshots/<tag>/data.db. Every keyspace is in it, whatever is named (one data file).
void Shell::nodetool_snapshot(const std::vector<std::string>& args) {
  std::string tag = std::to_string(db_.clock.now_us() / 1000);
  std::vector<std::string> keyspaces;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if ((args[i] == "-t" || args[i] == "--tag") && i + 1 < args.size())
      tag = args[++i];
    else
      keyspaces.push_back(args[i]);
  }
  if (tag.find('/') != std::string::npos || tag == "." || tag == "..") {
    print_error("nodetool: Snapshot name cannot contain /");
    return;
  }
  out_ += fmt::format(
      "Requested creating snapshot(s) for {} with snapshot name [{}] and options {{skipFlush=false}}\n",
      keyspaces.empty() ? std::string("[all keyspaces]") : "[" + fmt::format("{}", fmt::join(keyspaces, ", ")) + "]",
      tag);
  if (const std::string error = engine_.snapshot(tag); !error.empty()) {
    print_error(fmt::format("nodetool: {}", error));
    return;
  }
  out_ += fmt::format("Snapshot directory: {}\n", tag);
}

// NODETOOL clearsnapshot -t tag | --all: removes DIR/snapshots/<tag> (or all of them).
void Shell::nodetool_clearsnapshot(const std::vector<std::string>& args) {
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
  if (tag.empty() && !all) return print_error("nodetool: Specify snapshot name or --all");
  if (!tag.empty() && all) return print_error("nodetool: Specify only one of snapshot name or --all");
  out_ += fmt::format(
      "Requested clearing snapshot(s) for {} with {}\n",
      keyspaces.empty() ? std::string("[all keyspaces]") : "[" + fmt::format("{}", fmt::join(keyspaces, ", ")) + "]",
      all ? std::string("[all snapshots]") : "snapshot name [" + tag + "]");
  engine_.clear_snapshots(all ? "" : tag);
}

}  // namespace cqlbox::shell
