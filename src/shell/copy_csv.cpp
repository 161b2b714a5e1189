#include "shell/copy_csv.hpp"
#include "types/temporal.hpp"

#include <cctype>
#include <cstdlib>
#include <ctime>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/literal_types.hpp"
#include "types/codec.hpp"
#include "types/collection.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

namespace {

bool is_number(std::string_view v, bool integral) {
  std::size_t i = !v.empty() && (v[0] == '-' || v[0] == '+') ? 1 : 0;
  if (i == v.size()) return false;
  if (integral) {
    for (; i < v.size(); ++i)
      if (!std::isdigit(static_cast<unsigned char>(v[i]))) return false;
    return true;
  }
  // Plain decimal notation (digits, a fraction, an exponent) is a number: most fields are, and
  // they need no copy and no strtod.
  std::size_t j = i, digits = 0;
  for (; j < v.size() && std::isdigit(static_cast<unsigned char>(v[j])); ++j) ++digits;
  if (j < v.size() && v[j] == '.')
    for (++j; j < v.size() && std::isdigit(static_cast<unsigned char>(v[j])); ++j) ++digits;
  if (digits > 0 && j < v.size() && (v[j] == 'e' || v[j] == 'E')) {
    std::size_t k = j + 1;
    if (k < v.size() && (v[k] == '+' || v[k] == '-')) ++k;
    const std::size_t exponent_from = k;
    while (k < v.size() && std::isdigit(static_cast<unsigned char>(v[k]))) ++k;
    if (k > exponent_from) j = k;
  }
  if (digits > 0 && j == v.size()) return true;
  const std::string s(v);
  char* end = nullptr;
  std::strtod(s.c_str(), &end);
  return *end == '\0';
}

// "1.234,5" with THOUSANDSSEP '.' and DECIMALSEP ',' back to "1234.5": `v` itself with the
// default separators, else `out` filled.
std::string_view plain_number(const std::string& v, const CopyOptions& o, std::string& out) {
  if (o.thousands_sep.empty() && o.decimal_sep == ".") return v;
  out.clear();
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!o.thousands_sep.empty() && v.compare(i, o.thousands_sep.size(), o.thousands_sep) == 0) {
      i += o.thousands_sep.size() - 1;
    } else if (v.compare(i, o.decimal_sep.size(), o.decimal_sep) == 0) {
      out += '.';
      i += o.decimal_sep.size() - 1;
    } else {
      out += v[i];
    }
  }
  return out;
}

std::string plain_number(const std::string& v, const CopyOptions& o) {
  std::string out;
  return std::string(plain_number(v, o, out));
}

std::string quoted_literal(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

bool is_int_kind(types::Kind k) {
  return k == types::Kind::Int || k == types::Kind::Bigint || k == types::Kind::Smallint || k == types::Kind::Tinyint ||
         k == types::Kind::Varint || k == types::Kind::Counter;
}

// strptime() with the Python directives C lacks: %f (fraction) and %z (+HHMM). Returns ms.
std::optional<std::int64_t> parse_datetime(const std::string& v, const std::string& format) {
  std::tm tm{};
  std::size_t vi = 0;
  long long micros = 0, offset_s = 0;
  for (std::size_t fi = 0; fi < format.size(); ++fi) {
    if (format[fi] == '%' && fi + 1 < format.size() && (format[fi + 1] == 'f' || format[fi + 1] == 'z')) {
      const char d = format[++fi];
      if (d == 'f') {
        int digits = 0;
        while (vi < v.size() && std::isdigit(static_cast<unsigned char>(v[vi])) && digits < 6) {
          micros = micros * 10 + (v[vi++] - '0');
          ++digits;
        }
        if (digits == 0) return std::nullopt;
        for (; digits < 6; ++digits) micros *= 10;
      } else {
        if (vi + 5 > v.size() || (v[vi] != '+' && v[vi] != '-')) return std::nullopt;
        const int h = std::atoi(v.substr(vi + 1, 2).c_str()), m = std::atoi(v.substr(vi + 3, 2).c_str());
        offset_s = (v[vi] == '-' ? -1 : 1) * (h * 3600 + m * 60);
        vi += 5;
      }
      continue;
    }
    // Hand the run up to the next %f/%z to strptime.
    std::size_t next = fi;
    while (next < format.size() &&
           !(format[next] == '%' && next + 1 < format.size() && (format[next + 1] == 'f' || format[next + 1] == 'z')))
      next += format[next] == '%' ? 2u : 1u;
    const std::string part = format.substr(fi, next - fi);
    const char* end = strptime(v.c_str() + vi, part.c_str(), &tm);
    if (!end) return std::nullopt;
    vi = static_cast<std::size_t>(end - v.c_str());
    fi = next - 1;
  }
  if (vi != v.size()) return std::nullopt;
  const std::int64_t seconds = timegm(&tm) - offset_s;
  return seconds * 1000 + micros / 1000;
}

}  // namespace

std::vector<std::string> apply_copy_option(CopyOptions& o, const std::string& key, const std::string& value,
                                           std::string& error) {
  auto number = [&](long long& out) {
    if (!is_number(value, true))
      error = fmt::format("invalid literal for int() with base 10: '{}'", value);
    else
      out = std::atoll(value.c_str());
  };
  long long n = 0;
  if (key == "DELIMITER" && !value.empty())
    o.delimiter = value[0];
  else if (key == "QUOTE" && !value.empty())
    o.quote = value[0];
  else if (key == "ESCAPE" && !value.empty())
    o.escape = value[0];
  else if (key == "HEADER")
    o.header = util::iequals(value, "true");
  else if (key == "NULL")
    o.null_text = value;
  else if (key == "MAXROWS")
    number(o.max_rows);
  else if (key == "SKIPROWS")
    number(o.skip_rows);
  else if (key == "MAXPARSEERRORS")
    number(o.max_parse_errors);
  else if (key == "MAXINSERTERRORS")
    number(o.max_insert_errors);
  else if (key == "TTL")
    number(o.ttl);
  else if (key == "CHUNKSIZE")
    number(o.chunk_size);
  else if (key == "NUMPROCESSES")
    number(o.num_processes);
  else if (key == "INGESTRATE")
    number(o.ingest_rate);
  else if (key == "FLOATPRECISION") {
    number(n);
    o.float_precision = static_cast<int>(n);
  } else if (key == "DOUBLEPRECISION") {
    number(n);
    o.double_precision = static_cast<int>(n);
  } else if (key == "DATETIMEFORMAT")
    o.datetime_format = value;
  else if (key == "ERRFILE")
    o.err_file = value;
  else if (key == "DECIMALSEP")
    o.decimal_sep = value;
  else if (key == "THOUSANDSSEP")
    o.thousands_sep = value;
  else if (key == "SKIPCOLS") {
    std::string cur;
    for (char c : value + ",") {
      if (c != ',') {
        cur += c;
        continue;
      }
      cur.erase(0, cur.find_first_not_of(' '));
      cur.erase(cur.find_last_not_of(' ') + 1);
      if (!cur.empty()) o.skip_columns.push_back(cur);
      cur.clear();
    }
  } else if (key == "BOOLSTYLE") {
    const auto comma = value.find(',');
    std::string t = comma == std::string::npos ? value : value.substr(0, comma);
    std::string f = comma == std::string::npos ? "" : value.substr(comma + 1);
    for (auto* s : {&t, &f}) {
      s->erase(0, s->find_first_not_of(' '));
      s->erase(s->find_last_not_of(' ') + 1);
    }
    if (comma == std::string::npos || t.empty() || f.empty() || t == f || f.find(',') != std::string::npos)
      error = fmt::format("Invalid boolean styles [{}]", [&] {
        std::string list;
        std::string cur;
        for (char c : value + ",") {
          if (c != ',') {
            cur += c;
            continue;
          }
          cur.erase(0, cur.find_first_not_of(' '));
          cur.erase(cur.find_last_not_of(' ') + 1);
          list += (list.empty() ? "'" : ", '") + cur + "'";
          cur.clear();
        }
        return list;
      }());
    o.bool_true = t;
    o.bool_false = f;
  } else if (key != "ENCODING" && key != "MAXATTEMPTS" && key != "REPORTFREQUENCY" && key != "CONFIGFILE" &&
             key != "RATEFILE" && key != "MINBATCHSIZE" && key != "MAXBATCHSIZE" && key != "PREPAREDSTATEMENTS" &&
             key != "PAGESIZE" && key != "PAGETIMEOUT" && key != "BEGINTOKEN" && key != "ENDTOKEN" &&
             key != "MAXREQUESTS" && key != "MAXOUTPUTSIZE") {
    return {util::ascii_lower(key)};
  }
  return {};
}

std::string literal_for(const types::CqlType& type, const std::string& v, const CopyOptions& o) {
  using types::Kind;
  switch (type.kind) {
    case Kind::Timestamp:
      if (!o.datetime_format.empty())
        if (auto ms = parse_datetime(v, o.datetime_format)) return std::to_string(*ms);
      if (is_number(v, true)) return v;  // milliseconds, as COPY TO writes dates it cannot format
      return quoted_literal(v);
    case Kind::Text:
    case Kind::Ascii:
    case Kind::Inet:
    case Kind::Date:
    case Kind::Time: return quoted_literal(v);
    case Kind::Boolean:
      if (v == o.bool_true || util::iequals(v, "true")) return "true";
      if (v == o.bool_false || util::iequals(v, "false")) return "false";
      return quoted_literal(v);
    case Kind::Float:
    case Kind::Double:
    case Kind::Decimal: return plain_number(v, o);
    default:
      if (is_int_kind(type.kind)) return plain_number(v, o);
      return v;  // uuids, 0x blobs, durations, and collections in CQL literal syntax
  }
}

namespace {

// The kind of constant `number` is as CQL's lexer reads it: an INTEGER ('-'? digits) or a FLOAT
// (with a fraction or an exponent); nullopt for anything else (NaN, Infinity, '+5', …).
std::optional<types::ConstantKind> number_kind(std::string_view number) {
  std::size_t i = !number.empty() && number[0] == '-' ? 1 : 0;
  const std::size_t digits_from = i;
  while (i < number.size() && std::isdigit(static_cast<unsigned char>(number[i]))) ++i;
  if (i == digits_from) return std::nullopt;
  if (i == number.size()) return types::ConstantKind::Integer;
  if (number[i] == '.')
    for (++i; i < number.size() && std::isdigit(static_cast<unsigned char>(number[i]));) ++i;
  if (i < number.size() && (number[i] == 'e' || number[i] == 'E')) {
    ++i;
    if (i < number.size() && (number[i] == '+' || number[i] == '-')) ++i;
    const std::size_t exponent_from = i;
    while (i < number.size() && std::isdigit(static_cast<unsigned char>(number[i]))) ++i;
    if (i == exponent_from) return std::nullopt;
  }
  return i == number.size() ? std::optional(types::ConstantKind::Float) : std::nullopt;
}

bool is_uuid_text(std::string_view v) {
  if (v.size() != 36) return false;
  for (std::size_t i = 0; i < v.size(); ++i)
    if (i == 8 || i == 13 || i == 18 || i == 23 ? v[i] != '-' : !std::isxdigit(static_cast<unsigned char>(v[i])))
      return false;
  return true;
}

}  // namespace

bool append_bound_bytes(const types::CqlType& type, const std::string& v, const CopyOptions& o, std::string_view column,
                        std::string& out) {
  using types::ConstantKind;
  using types::Kind;
  std::optional<ConstantKind> kind;
  thread_local std::string scratch;
  std::string_view number;  // the literal, when it is not `v` itself
  switch (type.kind) {
    case Kind::Timestamp:
      if (!o.datetime_format.empty())
        if (auto ms = parse_datetime(v, o.datetime_format)) {
          scratch = std::to_string(*ms);
          number = scratch;
          kind = ConstantKind::Integer;
          break;
        }
      kind = is_number(v, true) ? number_kind(v) : ConstantKind::String;
      break;
    case Kind::Text:
    case Kind::Ascii:
    case Kind::Inet:
    case Kind::Date:
    case Kind::Time: kind = ConstantKind::String; break;
    case Kind::Boolean:
      if (v == o.bool_true || util::iequals(v, "true"))
        number = "true";
      else if (v == o.bool_false || util::iequals(v, "false"))
        number = "false";
      else
        return false;
      kind = ConstantKind::Boolean;
      break;
    case Kind::Uuid:
    case Kind::Timeuuid:
      if (is_uuid_text(v)) kind = ConstantKind::Uuid;
      break;
    case Kind::Float:
    case Kind::Double:
    case Kind::Decimal:
    case Kind::Int:
    case Kind::Bigint:
    case Kind::Smallint:
    case Kind::Tinyint:
    case Kind::Varint:
      number = plain_number(v, o, scratch);
      kind = number_kind(number);
      if (number.empty()) return false;
      break;
    default: break;  // blobs, durations, counters, collections, tuples, UDTs, vectors
  }
  if (!kind) return false;
  const std::string_view literal = number.data() ? number : std::string_view(v);
  out.clear();
  if (types::append_constant(type, *kind, literal, out)) return true;
  try {
    out = types::encode_constant(type, *kind, literal, column);
  } catch (const error::CqlError&) {
    return false;  // the INSERT's text gives the error
  }
  return true;
}

namespace {

// True when `v` is exactly one bracketed literal ([…], {…} or (…)): brackets balanced outside
// quoted strings, no comment or statement end outside them, nothing after the closing bracket.
// A field is pasted into the INSERT, so it must not be able to end the literal early.
bool one_bracketed_literal(std::string_view v) {
  if (v.empty() || (v[0] != '[' && v[0] != '{' && v[0] != '(')) return false;
  int depth = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const char c = v[i];
    if (c == '\'' || c == '"') {
      for (++i; i < v.size() && !(v[i] == c && (i + 1 >= v.size() || v[i + 1] != c)); ++i)
        if (v[i] == c) ++i;  // '' inside a string
      if (i >= v.size()) return false;
      continue;
    }
    if (c == ';' || c == '$') return false;
    if ((c == '-' || c == '/') && i + 1 < v.size() && (v[i + 1] == c || (c == '/' && v[i + 1] == '*'))) return false;
    if (c == '[' || c == '{' || c == '(') ++depth;
    if (c == ']' || c == '}' || c == ')') {
      if (--depth < 0) return false;
      if (depth == 0 && i + 1 != v.size()) return false;
    }
  }
  return depth == 0;
}

bool all_of(std::string_view v, bool (*ok)(char)) {
  for (char c : v)
    if (!ok(c)) return false;
  return !v.empty();
}

// A field of a type pasted into the INSERT unquoted must be a literal of that type, nothing more.
std::optional<std::string> unquoted_literal_problem(const types::CqlType& type, const std::string& v) {
  using types::Kind;
  auto hex = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); };
  switch (type.kind) {
    case Kind::Uuid:
    case Kind::Timeuuid: {
      bool ok = v.size() == 36;
      for (std::size_t i = 0; ok && i < v.size(); ++i)
        ok = (i == 8 || i == 13 || i == 18 || i == 23) ? v[i] == '-' : hex(v[i]);
      if (!ok) return std::string("badly formed hexadecimal UUID string");
      return std::nullopt;
    }
    case Kind::Blob:
      if (v.size() < 2 || v[0] != '0' || (v[1] != 'x' && v[1] != 'X') ||
          !(v.size() == 2 || all_of(std::string_view(v).substr(2), [](char c) {
              return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            })))
        return fmt::format("can't interpret '{}' as a blob", v);
      return std::nullopt;
    case Kind::Duration:
      if (!all_of(v, [](char c) {
            return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' ||
                   static_cast<unsigned char>(c) >= 0x80;  // µs
          }))
        return fmt::format("can't interpret '{}' as a duration", v);
      return std::nullopt;
    case Kind::List:
    case Kind::Set:
    case Kind::Map:
    case Kind::Tuple:
    case Kind::Udt:
    case Kind::Vector:
      // copyutil's split() looks at the ends first.
      if (v.size() < 2 || !((v.front() == '[' && v.back() == ']') || (v.front() == '{' && v.back() == '}') ||
                            (v.front() == '(' && v.back() == ')')))
        return fmt::format("Invalid composite string, it should start and end with matching parentheses: {}", v);
      if (!one_bracketed_literal(v)) return fmt::format("can't interpret '{}' as a {} literal", v, type.name);
      return std::nullopt;
    default: return std::nullopt;
  }
}

}  // namespace

bool bound_bytes_suffice(const types::CqlType& type) {
  // A counter is a number too: append_bound_bytes binds none, so the text INSERT reports it.
  return exec::is_numeric_kind(type.kind) || exec::is_text_kind(type.kind);
}

std::optional<std::string> parse_error_for(const types::CqlType& type, const std::string& v, const CopyOptions& o) {
  using types::Kind;
  if (auto problem = unquoted_literal_problem(type, v)) return problem;
  if (type.kind == Kind::Timestamp) {
    // cqlsh's convert_datetime: the DATETIMEFORMAT, else a CQL date-time, else milliseconds.
    const std::string& format = o.datetime_format.empty() ? std::string(kDisplayTimestampFormat) : o.datetime_format;
    const bool cql_like =
        v.size() >= 10 && std::isdigit(static_cast<unsigned char>(v[0])) && v[4] == '-' && v[7] == '-';
    if (!cql_like && !is_number(v, true) && !parse_datetime(v, format))
      return fmt::format("can't interpret '{}' as a date with format {} or as int", v, format);
  }
  std::string scratch;
  if (is_int_kind(type.kind) && type.kind != Kind::Counter && !is_number(plain_number(v, o, scratch), true))
    return fmt::format("invalid literal for int() with base 10: '{}'", v);
  if ((type.kind == Kind::Float || type.kind == Kind::Double || type.kind == Kind::Decimal) &&
      !is_number(plain_number(v, o, scratch), false))
    return fmt::format("could not convert string to float: '{}'", v);
  return std::nullopt;
}

std::string format_datetime(std::int64_t ms, const std::string& format) {
  std::string out = types::strftime_utc(ms, format);
  // round_microseconds: ".NNNNNN" becomes ".NNN".
  if (const auto dot = out.find('.'); dot != std::string::npos) {
    std::size_t end = dot + 1;
    while (end < out.size() && std::isdigit(static_cast<unsigned char>(out[end]))) ++end;
    if (end - dot - 1 > 3) out.erase(dot + 4, end - dot - 4);
  }
  return out;
}

std::string interval_text(double seconds) {
  std::vector<std::string> parts;
  for (auto [length, unit] : {std::pair{86400.0, "day"}, {3600.0, "hour"}, {60.0, "minute"}}) {
    const auto n = static_cast<long long>(seconds / length);
    if (n > 0) {
      parts.push_back(fmt::format("{} {}{}", n, unit, n > 1 ? "s" : ""));
      seconds -= static_cast<double>(n) * length;
    }
  }
  std::string words = fmt::format("{:.3f} seconds", seconds);
  if (parts.size() > 1) {
    std::string joined;
    for (const auto& p : parts) joined += (joined.empty() ? "" : ", ") + p;
    return joined + ", and " + words;
  }
  return parts.size() == 1 ? parts[0] + " and " + words : words;
}

}  // namespace cqlbox::shell
