// Java tools' number texts (java_numbers.hpp).
#include "print/java_numbers.hpp"

#include <fmt/format.h>

namespace cqlbox::print {

std::string at_most_two_decimals(double v) {
  std::string s = fmt::format("{:.2f}", v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

std::string file_size(double bytes) {
  static constexpr const char* kUnits[] = {"TiB", "GiB", "MiB", "KiB"};
  double scale = 1024.0 * 1024 * 1024 * 1024;
  for (const char* unit : kUnits) {
    if (bytes >= scale) return at_most_two_decimals(bytes / scale) + " " + unit;
    scale /= 1024;
  }
  return at_most_two_decimals(bytes) + " bytes";
}

}  // namespace cqlbox::print
