#include "util/text.hpp"

#include <array>
#include <utility>

#include "util/reserved_words.hpp"

namespace cqlbox::util {

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::string ascii_upper(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

std::string cql_name(std::string_view name) {
  bool plain = !name.empty() && name[0] >= 'a' && name[0] <= 'z';
  for (char c : name) plain = plain && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_');
  if (plain && !is_reserved_word(name)) return std::string(name);
  std::string out = "\"";
  for (char c : name) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

namespace {

// Decodes one code point; returns bytes consumed (>= 1) and sets cp, or cp = -1 when invalid.
std::size_t decode(std::string_view s, std::size_t i, long& cp) noexcept {
  auto b = static_cast<unsigned char>(s[i]);
  std::size_t n = 0;
  long v = 0, min = 0;
  if (b < 0x80) {
    cp = b;
    return 1;
  }
  if ((b & 0xE0) == 0xC0) {
    n = 2;
    v = b & 0x1F;
    min = 0x80;
  } else if ((b & 0xF0) == 0xE0) {
    n = 3;
    v = b & 0x0F;
    min = 0x800;
  } else if ((b & 0xF8) == 0xF0) {
    n = 4;
    v = b & 0x07;
    min = 0x10000;
  } else {
    cp = -1;
    return 1;
  }
  if (i + n > s.size()) {
    cp = -1;
    return 1;
  }
  for (std::size_t k = 1; k < n; ++k) {
    auto c = static_cast<unsigned char>(s[i + k]);
    if ((c & 0xC0) != 0x80) {
      cp = -1;
      return 1;
    }
    v = (v << 6) | (c & 0x3F);
  }
  if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) {
    cp = -1;
    return 1;
  }
  cp = v;
  return n;
}

// Ranges of East Asian Wide/Fullwidth code points (the ones wcwidth reports as 2).
constexpr std::array<std::pair<long, long>, 18> kWide = {{{0x1100, 0x115F},
                                                          {0x2E80, 0x303E},
                                                          {0x3041, 0x33FF},
                                                          {0x3400, 0x4DBF},
                                                          {0x4E00, 0x9FFF},
                                                          {0xA000, 0xA4CF},
                                                          {0xAC00, 0xD7A3},
                                                          {0xF900, 0xFAFF},
                                                          {0xFE30, 0xFE4F},
                                                          {0xFF00, 0xFF60},
                                                          {0xFFE0, 0xFFE6},
                                                          {0x1F300, 0x1F64F},
                                                          {0x1F900, 0x1F9FF},
                                                          {0x20000, 0x2FFFD},
                                                          {0x30000, 0x3FFFD},
                                                          {0x2329, 0x232A},
                                                          {0x1F680, 0x1F6FF},
                                                          {0x3000, 0x3000}}};

bool zero_width(long cp) {
  return (cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x20D0 && cp <= 0x20FF) ||
         (cp >= 0xFE20 && cp <= 0xFE2F) || cp == 0xFEFF;
}

}  // namespace

std::size_t display_width(std::string_view s) noexcept {
  std::size_t width = 0;
  for (std::size_t i = 0; i < s.size();) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {  // ASCII, most of what is printed: one column
      ++width;
      ++i;
      continue;
    }
    long cp = 0;
    i += decode(s, i, cp);
    if (cp < 0) {
      ++width;
      continue;
    }
    if (zero_width(cp)) continue;
    bool wide = false;
    for (auto [lo, hi] : kWide) wide = wide || (cp >= lo && cp <= hi);
    width += wide ? 2 : 1;
  }
  return width;
}

namespace {

long lower_code_point(long c) noexcept {
  if (c < 0x80) return c >= 'A' && c <= 'Z' ? c + 0x20 : c;
  if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 0x20;
  if (c >= 0x100 && c <= 0x17F) {  // Latin Extended-A: upper/lower pairs
    if (c == 0x130) return 'i';    // İ (Java's root locale: i followed by a combining dot)
    if (c == 0x178) return 0xFF;
    const bool odd_pairs = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E);
    if (c == 0x138 || c == 0x149 || c == 0x17F) return c;
    return odd_pairs ? (c % 2 == 1 ? c + 1 : c) : (c % 2 == 0 ? c + 1 : c);
  }
  if (c == 0x386) return 0x3AC;
  if (c >= 0x388 && c <= 0x38A) return c + 0x25;
  if (c == 0x38C) return 0x3CC;
  if (c == 0x38E || c == 0x38F) return c + 0x3F;
  if (c >= 0x391 && c <= 0x3AB && c != 0x3A2) return c + 0x20;
  if (c >= 0x400 && c <= 0x40F) return c + 0x50;
  if (c >= 0x410 && c <= 0x42F) return c + 0x20;
  if (((c >= 0x460 && c <= 0x481) || (c >= 0x48A && c <= 0x4BF) || (c >= 0x4D0 && c <= 0x52F)) && c % 2 == 0)
    return c + 1;
  if (c >= 0x531 && c <= 0x556) return c + 0x30;
  return c;
}

void append_code_point(std::string& out, long c) {
  const auto u = static_cast<unsigned long>(c);
  if (u < 0x80) {
    out += static_cast<char>(u);
  } else if (u < 0x800) {
    out += static_cast<char>(0xC0 | (u >> 6));
    out += static_cast<char>(0x80 | (u & 0x3F));
  } else if (u < 0x10000) {
    out += static_cast<char>(0xE0 | (u >> 12));
    out += static_cast<char>(0x80 | ((u >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (u & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (u >> 18));
    out += static_cast<char>(0x80 | ((u >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((u >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (u & 0x3F));
  }
}

}  // namespace

std::string unicode_lower(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    long cp = 0;
    const std::size_t n = decode(s, i, cp);
    if (cp < 0)
      out.append(s.substr(i, n));
    else
      append_code_point(out, lower_code_point(cp));
    i += n;
  }
  return out;
}

bool valid_utf8(std::string_view s) noexcept {
  for (std::size_t i = 0; i < s.size();) {
    long cp = 0;
    i += decode(s, i, cp);
    if (cp < 0) return false;
  }
  return true;
}

void append_cqlsh_escaped(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (std::size_t i = 0; i < s.size();) {
    long cp = 0;
    std::size_t n = decode(s, i, cp);
    if (cp == '\\')
      out += "\\\\";
    else if (cp == '\n')
      out += "\\n";
    else if (cp == '\t')
      out += "\\t";
    else if (cp == '\r')
      out += "\\r";
    else if ((cp >= 0 && cp < 0x20) || (cp >= 0x7F && cp <= 0xA0)) {
      out += "\\x";
      out += kHex[(cp >> 4) & 0xF];
      out += kHex[cp & 0xF];
    } else {
      out.append(s.substr(i, n));
    }
    i += n;
  }
}

std::string json_quoted(std::string_view s) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = "\"";
  for (char ch : s) {
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '\f': out += "\\f"; break;
      case '\r': out += "\\r"; break;
      default: {
        const auto c = static_cast<unsigned char>(ch);
        if (c >= 0x20) {
          out += ch;
        } else {
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 15];
        }
      }
    }
  }
  return out + "\"";
}

}  // namespace cqlbox::util
