// A small SVG writer for cqlbox's pictures (DRAW RING, DRAW PARTITION): elements appended in
// order, numbers with one decimal, text escaped. The same calls give byte-identical files, so
// pictures are golden-tested like any output.
#pragma once

#include <string>
#include <string_view>

namespace cqlbox::print {

class Svg {
 public:
  // A width x height picture; `title` is its <title> (what a browser shows on hover).
  Svg(double width, double height, std::string_view title);

  void rect(double x, double y, double w, double h, std::string_view fill, std::string_view stroke = "none",
            std::string_view extra = "");
  void circle(double cx, double cy, double r, std::string_view fill, std::string_view stroke = "none",
              double stroke_width = 1);
  void line(double x1, double y1, double x2, double y2, std::string_view stroke, double width = 1,
            std::string_view extra = "");
  // A circular arc of radius r around (cx, cy) from angle a1 to a2 (degrees, clockwise from 12
  // o'clock), stroked `width` wide.
  void arc(double cx, double cy, double r, double a1, double a2, std::string_view stroke, double width);
  // `anchor`: start, middle or end.
  void text(double x, double y, std::string_view s, double size = 12, std::string_view anchor = "start",
            std::string_view fill = "#222222", bool bold = false);
  std::string finish();

  // The point at `degrees` (clockwise from 12 o'clock) on a circle.
  static double x_at(double cx, double r, double degrees);
  static double y_at(double cy, double r, double degrees);
  // About how wide `s` is in the pictures' monospace font at `size` (wide characters count two).
  static double text_width(std::string_view s, double size);

 private:
  std::string out_;
};

// One decimal, never "-0.0".
std::string svg_number(double v);
// Text for an SVG element or attribute: & < > " escaped.
std::string svg_escaped(std::string_view s);

}  // namespace cqlbox::print
