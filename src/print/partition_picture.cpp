#include "print/partition_picture.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "print/svg.hpp"

namespace cqlbox::print {

namespace {

using Kind = StorageEntry::Kind;

constexpr const char* kLive = "#4e79a7";
constexpr const char* kMarker = "#59a14f";
constexpr const char* kTombstone = "#e15759";
constexpr const char* kExpired = "#9d9d9d";

struct Line {
  std::string text;
  const char* colour;
};

std::string stamp(const StorageEntry& e) {
  std::string s = fmt::format("  @{}", e.timestamp);
  if (e.ttl > 0) s += fmt::format("  ttl {}{}", e.ttl, e.expired ? ", expired" : "");
  return s;
}

Line line_of(const StorageEntry& e) {
  switch (e.kind) {
    case Kind::RowMarker: return {"row marker" + stamp(e), e.expired ? kExpired : kMarker};
    case Kind::RowDeletion: return {"row deleted" + stamp(e), kTombstone};
    case Kind::CellTombstone: return {e.column + " deleted" + stamp(e), kTombstone};
    case Kind::CollectionTombstone: return {e.column + ": collection cleared" + stamp(e), kTombstone};
    case Kind::PartitionDeletion: return {"partition deleted" + stamp(e), kTombstone};
    case Kind::RangeTombstone: return {"range tombstone " + e.column + stamp(e), kTombstone};
    case Kind::Cell: break;
  }
  return {e.column + " = " + e.value + stamp(e), e.expired ? kExpired : kLive};
}

// A box: a header, then its lines (one line and no header for partition-level entries).
struct Box {
  std::string header;
  std::vector<Line> lines;
  bool banner = false;  // a partition deletion or range tombstone: no header, red
};

}  // namespace

std::string partition_svg(const PartitionPicture& picture) {
  std::vector<Box> boxes;
  for (const StorageEntry& e : picture.entries) {
    if (e.kind == Kind::PartitionDeletion || e.kind == Kind::RangeTombstone) {
      boxes.push_back({"", {line_of(e)}, true});
      continue;
    }
    std::string header = e.is_static ? "static row" : "row";
    for (std::size_t i = 0; !e.is_static && i < e.clustering.size(); ++i)
      header += fmt::format("{} {} = {}", i ? "," : ":",
                            i < picture.clustering_names.size() ? picture.clustering_names[i] : "?", e.clustering[i]);
    if (boxes.empty() || boxes.back().banner || boxes.back().header != header) boxes.push_back({header, {}, false});
    boxes.back().lines.push_back(line_of(e));
  }

  const std::string title = fmt::format("Partition {} of {}", picture.key, picture.table);
  std::string where = fmt::format("PRIMARY KEY ({}); token {}", picture.primary_key, picture.token);
  if (!picture.replicas.empty()) {
    where += ", on ";
    for (std::size_t i = 0; i < picture.replicas.size(); ++i) where += (i ? ", " : "") + picture.replicas[i];
  }
  double width = std::max({640.0, Svg::text_width(title, 16) + 40, Svg::text_width(where, 12) + 40});
  double height = 110;
  for (const Box& b : boxes) {
    if (!b.banner) width = std::max(width, Svg::text_width(b.header, 12) + 80);
    for (const Line& l : b.lines) width = std::max(width, Svg::text_width(l.text, 12) + 90);
    height += (b.banner ? 0 : 24) + 20.0 * static_cast<double>(b.lines.size()) + 18;
  }
  if (boxes.empty()) height += 30;
  if (picture.cut) height += 24;

  Svg svg(width, height, title);
  svg.text(20, 30, title, 16, "start", "#222222", true);
  svg.text(20, 50, where, 12, "start", "#555555");
  // The key to the colours.
  double x = 20;
  const std::pair<const char*, const char*> legend[] = {
      {kLive, "live cell"}, {kMarker, "row marker"}, {kTombstone, "tombstone"}, {kExpired, "expired"}};
  for (const auto& [colour, label] : legend) {
    svg.rect(x, 64, 12, 12, colour);
    svg.text(x + 18, 75, label, 12);
    x += 18 + Svg::text_width(label, 12) + 22;
  }

  double y = 96;
  if (boxes.empty()) {
    svg.text(20, y + 16, "(no cells: nothing is stored for this key)", 12, "start", "#555555");
    y += 30;
  }
  for (const Box& b : boxes) {
    const double h = (b.banner ? 0 : 24) + 20.0 * static_cast<double>(b.lines.size()) + 6;
    if (b.banner) {
      svg.rect(20, y, width - 40, h, "#fbe9ea", kTombstone, "stroke-dasharray=\"6 3\"");
    } else {
      svg.rect(20, y, width - 40, h, "#ffffff", "#8899aa");
      svg.rect(20, y, width - 40, 22, "#eef2f7", "#8899aa");
      svg.text(30, y + 16, b.header, 12, "start", "#222222", true);
    }
    double ly = y + (b.banner ? 0 : 24);
    for (const Line& l : b.lines) {
      svg.rect(34, ly + 5, 10, 10, l.colour);
      svg.text(52, ly + 14, l.text, 12, "start", l.colour == kLive ? "#222222" : l.colour);
      ly += 20;
    }
    y += h + 12;
  }
  if (picture.cut)
    svg.text(20, y + 12, "… more cells than drawn (LIST shows the same first ones)", 12, "start", "#555555");
  return svg.finish();
}

}  // namespace cqlbox::print
