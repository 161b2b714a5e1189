#include "print/svg.hpp"

#include <cmath>

#include <fmt/format.h>

#include "util/text.hpp"

namespace cqlbox::print {

namespace {
constexpr double kPi = 3.14159265358979323846;
}

std::string svg_number(double v) {
  std::string s = fmt::format("{:.1f}", v);
  if (s == "-0.0") s = "0.0";
  return s;
}

std::string svg_escaped(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default:
        // XML 1.0 allows no control characters but tab, newline and carriage return.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r')
          out += "?";
        else
          out += c;
    }
  }
  return out;
}

Svg::Svg(double width, double height, std::string_view title) {
  out_ = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\">\n"
      "<title>{2}</title>\n<rect x=\"0\" y=\"0\" width=\"{0}\" height=\"{1}\" fill=\"#ffffff\"/>\n",
      svg_number(width), svg_number(height), svg_escaped(title));
}

void Svg::rect(double x, double y, double w, double h, std::string_view fill, std::string_view stroke,
               std::string_view extra) {
  out_ +=
      fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"{}\"{}{}/>\n", svg_number(x),
                  svg_number(y), svg_number(w), svg_number(h), fill, stroke, extra.empty() ? "" : " ", extra);
}

void Svg::circle(double cx, double cy, double r, std::string_view fill, std::string_view stroke, double stroke_width) {
  out_ += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>\n",
                      svg_number(cx), svg_number(cy), svg_number(r), fill, stroke, svg_number(stroke_width));
}

void Svg::line(double x1, double y1, double x2, double y2, std::string_view stroke, double width,
               std::string_view extra) {
  out_ += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\"{}{}/>\n",
                      svg_number(x1), svg_number(y1), svg_number(x2), svg_number(y2), stroke, svg_number(width),
                      extra.empty() ? "" : " ", extra);
}

double Svg::x_at(double cx, double r, double degrees) { return cx + r * std::sin(degrees * kPi / 180); }
double Svg::y_at(double cy, double r, double degrees) { return cy - r * std::cos(degrees * kPi / 180); }

void Svg::arc(double cx, double cy, double r, double a1, double a2, std::string_view stroke, double width) {
  const double sweep = a2 - a1;
  if (sweep >= 359.95) {  // the whole circle: one path cannot start and end at the same point
    out_ += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>\n",
                        svg_number(cx), svg_number(cy), svg_number(r), stroke, svg_number(width));
    return;
  }
  out_ += fmt::format("<path d=\"M {} {} A {} {} 0 {} 1 {} {}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>\n",
                      svg_number(x_at(cx, r, a1)), svg_number(y_at(cy, r, a1)), svg_number(r), svg_number(r),
                      sweep > 180 ? 1 : 0, svg_number(x_at(cx, r, a2)), svg_number(y_at(cy, r, a2)), stroke,
                      svg_number(width));
}

void Svg::text(double x, double y, std::string_view s, double size, std::string_view anchor, std::string_view fill,
               bool bold) {
  out_ += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{}\" fill=\"{}\"{}>{}</text>\n",
                      svg_number(x), svg_number(y), svg_number(size), anchor, fill, bold ? " font-weight=\"bold\"" : "",
                      svg_escaped(s));
}

double Svg::text_width(std::string_view s, double size) {
  return static_cast<double>(util::display_width(s)) * size * 0.6;
}

std::string Svg::finish() {
  out_ += "</svg>\n";
  return std::move(out_);
}

}  // namespace cqlbox::print
