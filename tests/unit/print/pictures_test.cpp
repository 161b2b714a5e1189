// The pictures' SVG writer and the ring picture (print/svg.hpp, print/ring_picture.hpp).
#include <doctest/doctest.h>

#include <string>

#include "cluster/ring.hpp"
#include "print/ring_picture.hpp"
#include "print/svg.hpp"

namespace print = cqlbox::print;

TEST_CASE("SVG numbers have one decimal and never a negative zero; text is escaped") {
  CHECK(print::svg_number(1.25) == "1.2");  // round half to even, as fmt prints
  CHECK(print::svg_number(-0.01) == "0.0");
  CHECK(print::svg_number(300) == "300.0");
  CHECK(print::svg_escaped("a<b & \"c\">") == "a&lt;b &amp; &quot;c&quot;&gt;");
  CHECK(print::svg_escaped(std::string("x\x01y", 3)) == "x?y");  // XML 1.0 has no such character
}

TEST_CASE("arcs: the sweep flag follows the angle, a whole turn is a circle") {
  print::Svg small(10, 10, "t");
  small.arc(0, 0, 10, 0, 90, "#000", 1);
  const std::string a = small.finish();
  CHECK(a.find("A 10.0 10.0 0 0 1 10.0 0.0") != std::string::npos);
  print::Svg large(10, 10, "t");
  large.arc(0, 0, 10, 0, 270, "#000", 1);
  CHECK(large.finish().find(" 0 1 1 ") != std::string::npos);
  print::Svg whole(10, 10, "t");
  whole.arc(0, 0, 10, 0, 360, "#000", 1);
  CHECK(whole.finish().find("<circle") != std::string::npos);
}

TEST_CASE("the ring picture: one arc per vnode range, each node in the legend, the same bytes twice") {
  const cqlbox::cluster::Ring ring(3, 4);
  print::RingPicture picture;
  picture.keyspace = "ks";
  picture.replication = "SimpleStrategy (replication_factor 2)";
  picture.keys.push_back({"1", -4069959284402364209, {0, 1}});
  const std::string svg = print::ring_svg(ring, picture);
  std::size_t arcs = 0;
  for (std::size_t at = 0; (at = svg.find("<path d=\"M", at)) != std::string::npos; ++at) ++arcs;
  CHECK(arcs == 12);
  CHECK(svg.find("127.0.0.3 · 4 tokens · 33.3%") != std::string::npos);
  CHECK(svg.find("K1 = 1: token -4069959284402364209") != std::string::npos);
  CHECK(svg == print::ring_svg(ring, picture));
  CHECK(svg.rfind("</svg>\n") == svg.size() - 7);
  // A stopped node is marked in the legend.
  cqlbox::cluster::Ring down = ring;
  down.set_up(1, false);
  const std::string with_down = print::ring_svg(down, picture);
  CHECK(with_down.find("127.0.0.2 · 4 tokens · 33.3% · down (NODETOOL stop)") != std::string::npos);
  CHECK(with_down.find("127.0.0.1 · 4 tokens · 33.3%<") != std::string::npos);
  // So is a slow one.
  down.set_slow(2, true);
  const std::string with_slow = print::ring_svg(down, picture);
  CHECK(with_slow.find("127.0.0.3 · 4 tokens · 33.3% · slow (NODETOOL slow)") != std::string::npos);
}
