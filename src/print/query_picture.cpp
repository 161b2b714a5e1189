#include "print/query_picture.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "print/svg.hpp"
#include "util/text.hpp"

namespace cqlbox::print {

namespace {
constexpr const char* kNotRead = "#e4e4e4";
constexpr const char* kRead = "#f28e2b";
constexpr const char* kReturned = "#59a14f";
constexpr double kStrip = 78, kCell = 11, kGap = 2;
constexpr std::size_t kPerLine = 10;
}  // namespace

std::string query_svg(const QueryPicture& picture) {
  double width = 860;
  for (const auto& [plan, detail] : picture.plan)
    width = std::max(width, Svg::text_width(plan + ": " + detail, 12) + 40);
  width = std::max(width, Svg::text_width(picture.statement, 13) + 40);
  std::size_t tallest = 0;
  for (const auto& p : picture.partitions) tallest = std::max(tallest, std::max<std::size_t>(p.rows.size(), 1));
  const std::size_t lines = (picture.partitions.size() + kPerLine - 1) / kPerLine;
  const double strip_height = 34 + static_cast<double>(tallest) * (kCell + kGap) + 18;
  const double plan_top = 78;
  const double grid_top = plan_top + 20.0 * static_cast<double>(picture.plan.size()) + 44;
  const double height = grid_top + static_cast<double>(std::max<std::size_t>(lines, 1)) * strip_height + 40;

  Svg svg(width, height, "cqlbox: what a query reads");
  svg.text(20, 30, "What the query reads, and what it returns", 18, "start", "#222222", true);
  svg.text(20, 54, picture.statement, 13, "start", "#222222");
  double y = plan_top;
  for (const auto& [plan, detail] : picture.plan) {
    svg.text(20, y, plan + ":", 12, "start", "#555555", true);
    svg.text(20 + Svg::text_width(plan + ": ", 12), y, detail, 12, "start", "#333333");
    y += 20;
  }
  y += 8;
  double x = 20;
  const std::pair<const char*, const char*> legend[] = {
      {kNotRead, "not read"}, {kRead, "read, not returned"}, {kReturned, "read and returned"}};
  for (const auto& [colour, label] : legend) {
    svg.rect(x, y - 10, 12, 12, colour, "#999999");
    svg.text(x + 18, y, label, 12);
    x += 18 + Svg::text_width(label, 12) + 22;
  }
  svg.text(width - 20, y, "partitions in token order, rows in clustering order", 12, "end", "#555555");

  for (std::size_t i = 0; i < picture.partitions.size(); ++i) {
    const QueryPartition& p = picture.partitions[i];
    const double sx = 20 + static_cast<double>(i % kPerLine) * kStrip;
    const double sy = grid_top + static_cast<double>(i / kPerLine) * strip_height;
    std::string label = p.key;
    if (util::display_width(label) > 10) {  // cut at a character, never inside one
      std::size_t cut = 0;
      while (cut < label.size() && util::display_width(std::string_view(label).substr(0, cut)) < 9) do
          ++cut;
        while (cut < label.size() && (static_cast<unsigned char>(label[cut]) & 0xc0) == 0x80);
      label = label.substr(0, cut) + "…";
    }
    svg.text(sx + (kStrip - 8) / 2, sy + 12, label, 11, "middle", p.read ? "#222222" : "#999999", p.read);
    svg.rect(sx, sy + 18, kStrip - 8, 4, p.read ? kRead : kNotRead);
    double cy = sy + 26;
    if (p.rows.empty()) {
      svg.rect(sx, cy, kStrip - 8, kCell, "#ffffff", p.read ? kRead : "#bbbbbb", "stroke-dasharray=\"3 2\"");
      svg.text(sx + (kStrip - 8) / 2, cy + 9, "no rows", 9, "middle", "#777777");
    }
    for (std::uint8_t state : p.rows) {
      svg.rect(sx, cy, kStrip - 8, kCell,
               state == QueryPartition::kReturned ? kReturned
               : state == QueryPartition::kRead   ? kRead
                                                  : kNotRead);
      cy += kCell + kGap;
    }
    if (p.rows_not_drawn > 0)
      svg.text(sx + (kStrip - 8) / 2, cy + 10, fmt::format("+{} rows", p.rows_not_drawn), 10, "middle", "#555555");
  }
  if (picture.partitions_not_drawn > 0)
    svg.text(
        20, height - 16,
        fmt::format("… and {} more partitions ({} of them read)", picture.partitions_not_drawn, picture.read_not_drawn),
        12, "start", "#555555");
  return svg.finish();
}

}  // namespace cqlbox::print
