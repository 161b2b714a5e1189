// Name tokens (names.hpp).
#include "parse/names.hpp"

namespace cqlbox::parse {

std::string quoted_name(std::string_view tok) {
  std::string name;
  for (std::size_t i = 1; i < tok.size(); ++i) {
    if (tok[i] == '"') {
      if (i + 1 < tok.size() && tok[i + 1] == '"') {
        name += '"';
        ++i;
        continue;
      }
      break;
    }
    name += tok[i];
  }
  return name;
}

std::size_t unquoted_length(std::string_view tok) {
  std::size_t n = 0;
  for (char c : tok) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) break;
    ++n;
  }
  return n;
}

}  // namespace cqlbox::parse
