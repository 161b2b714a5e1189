#include "print/ring_picture.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "print/svg.hpp"

namespace cqlbox::print {

namespace {

constexpr const char* kColours[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759",
                                    "#76b7b2", "#edc948", "#b07aa1", "#ff9da7"};
const char* colour(int node) { return kColours[static_cast<std::size_t>(node) % std::size(kColours)]; }

// Where a token sits: degrees clockwise from the top, -2^63 at 0.
double angle(std::int64_t token) {
  const auto offset = static_cast<std::uint64_t>(token) ^ (std::uint64_t{1} << 63);  // token + 2^63
  return static_cast<double>(offset) / 18446744073709551616.0 * 360.0;
}

}  // namespace

std::string ring_svg(const cluster::Ring& ring, const RingPicture& picture) {
  const auto& tokens = ring.tokens();
  const auto& nodes = ring.nodes();
  constexpr double kCx = 290, kCy = 330, kR = 210, kBand = 34;
  const double legend_x = 580;
  const double height = std::max(640.0, 150.0 + 22.0 * static_cast<double>(nodes.size() + 2 * picture.keys.size()));
  Svg svg(
      980, height,
      picture.keyspace.empty() ? "cqlbox: the token ring" : "cqlbox: the token ring of keyspace " + picture.keyspace);

  svg.text(20, 32,
           fmt::format("The token ring: {} node{}, Murmur3Partitioner", nodes.size(), nodes.size() == 1 ? "" : "s"), 18,
           "start", "#222222", true);
  if (!picture.keyspace.empty())
    svg.text(20, 56, fmt::format("Keyspace {}: {}", picture.keyspace, picture.replication), 14);

  // Each range (previous token, token] belongs to the node holding its end token.
  const std::vector<double> owned = ring.primary_shares();
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::int64_t end = tokens[i].first;
    const std::int64_t start = i == 0 ? tokens.back().first : tokens[i - 1].first;
    double a1 = angle(start), a2 = angle(end);
    if (a2 <= a1) a2 += 360;
    if (tokens.size() == 1) a1 = 0, a2 = 360;
    svg.arc(kCx, kCy, kR, a1, a2, colour(tokens[i].second), kBand);
  }
  // Token boundaries, then the compass of token values.
  for (const auto& [token, node] : tokens) {
    const double a = angle(token);
    svg.line(Svg::x_at(kCx, kR - kBand / 2, a), Svg::y_at(kCy, kR - kBand / 2, a), Svg::x_at(kCx, kR + kBand / 2, a),
             Svg::y_at(kCy, kR + kBand / 2, a), "#ffffff", 1.5);
  }
  const std::pair<double, const char*> compass[] = {{0, "-2^63"}, {90, "-2^62"}, {180, "0"}, {270, "2^62"}};
  for (const auto& [a, label] : compass) {
    const double r = kR - kBand / 2 - 16;
    svg.text(Svg::x_at(kCx, r, a), Svg::y_at(kCy, r, a) + 4, label, 11, "middle", "#666666");
  }
  svg.text(kCx, kCy - 6, "tokens run", 12, "middle", "#666666");
  svg.text(kCx, kCy + 10, "clockwise", 12, "middle", "#666666");

  // Keys: a spoke from the centre to the key's token, its label outside the ring.
  for (std::size_t k = 0; k < picture.keys.size(); ++k) {
    const RingKey& key = picture.keys[k];
    const double a = angle(key.token);
    svg.line(Svg::x_at(kCx, kR - kBand / 2 - 28, a), Svg::y_at(kCy, kR - kBand / 2 - 28, a),
             Svg::x_at(kCx, kR + kBand / 2 + 8, a), Svg::y_at(kCy, kR + kBand / 2 + 8, a), "#222222", 1.5,
             "stroke-dasharray=\"4 3\"");
    svg.circle(Svg::x_at(kCx, kR + kBand / 2 + 8, a), Svg::y_at(kCy, kR + kBand / 2 + 8, a), 5,
               key.replicas.empty() ? "#222222" : colour(key.replicas.front()), "#222222", 1);
    const double lx = Svg::x_at(kCx, kR + kBand / 2 + 24, a), ly = Svg::y_at(kCy, kR + kBand / 2 + 24, a);
    svg.text(lx, ly + 4, fmt::format("K{}", k + 1), 12, a < 180 ? "start" : "end", "#222222", true);
  }

  // The legend: nodes, then keys.
  double y = 100;
  svg.text(legend_x, y, "Nodes (tokens, share of the ring)", 13, "start", "#222222", true);
  y += 22;
  for (std::size_t n = 0; n < nodes.size(); ++n) {
    svg.rect(legend_x, y - 11, 14, 14, colour(static_cast<int>(n)));
    const double share = owned[n] * 100.0;
    svg.text(legend_x + 22, y,
             fmt::format("{} · {} token{} · {:.1f}%{}", nodes[n].address, nodes[n].tokens.size(),
                         nodes[n].tokens.size() == 1 ? "" : "s", share,
                         !ring.is_up(static_cast<int>(n))    ? " · down (NODETOOL stop)"
                         : ring.is_slow(static_cast<int>(n)) ? " · slow (NODETOOL slow)"
                                                             : ""),
             12);
    y += 22;
  }
  if (!picture.keys.empty()) {
    y += 12;
    svg.text(legend_x, y, "Keys (token, then replicas in order)", 13, "start", "#222222", true);
    y += 22;
    for (std::size_t k = 0; k < picture.keys.size(); ++k) {
      const RingKey& key = picture.keys[k];
      svg.text(legend_x, y, fmt::format("K{} = {}: token {}", k + 1, key.label, key.token), 12);
      y += 18;
      double x = legend_x + 22;
      for (int r : key.replicas) {
        svg.rect(x, y - 11, 12, 12, colour(r));
        const std::string& address = nodes[static_cast<std::size_t>(r)].address;
        svg.text(x + 16, y, address, 12);
        x += 16 + Svg::text_width(address, 12) + 12;
      }
      y += 22;
    }
  }
  return svg.finish();
}

}  // namespace cqlbox::print
