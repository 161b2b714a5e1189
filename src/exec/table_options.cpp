// WITH options of CREATE/ALTER TABLE checked as Cassandra 5.0 checks them: duplicates and unknown
// names (PropertyDefinitions, SyntaxException), each value parsed in TableAttributes.build()'s
// order (integers, doubles, booleans, caching/compaction/compression maps, speculative_retry,
// read_repair), then TableParams.validate()'s ranges (ConfigurationException).
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <string>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/ddl_support.hpp"
#include "exec/terms.hpp"
#include "schema/option_names.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using error::ErrorClass;

namespace {

// Strategies and compressors a 5.0 node ships (short names; a dotted name is taken as given).
constexpr std::array<std::string_view, 4> kCompactions = {"SizeTieredCompactionStrategy", "LeveledCompactionStrategy",
                                                          "TimeWindowCompactionStrategy", "UnifiedCompactionStrategy"};
constexpr std::array<std::string_view, 5> kCompressors = {"LZ4Compressor", "SnappyCompressor", "DeflateCompressor",
                                                          "ZstdCompressor", "NoopCompressor"};

[[noreturn]] void config(const std::string& message) { error::fail(ErrorClass::ConfigurationException, "{}", message); }

// A value as Cassandra's property map holds it: the literal's text (strings unquoted).
std::string scalar(const ast::Term& t) { return std::string(t.text); }

std::int64_t parse_int(std::string_view key, const std::string& value) {
  std::int32_t v = 0;
  const char* first = value.data() + (!value.empty() && value[0] == '+' ? 1 : 0);
  auto [end, ec] = std::from_chars(first, value.data() + value.size(), v);
  if (value.empty() || ec != std::errc() || end != value.data() + value.size())
    error::fail(ErrorClass::SyntaxException, "Invalid integer value {} for '{}'", value, key);
  return v;
}

double parse_double(std::string_view key, const std::string& value) {
  char* end = nullptr;
  const double v = std::strtod(value.c_str(), &end);
  if (value.empty() || end != value.c_str() + value.size() || std::isnan(v))
    error::fail(ErrorClass::SyntaxException, "Invalid double value {} for '{}'", value, key);
  return v;
}

void parse_boolean(std::string_view key, const std::string& value) {
  const std::string v = util::ascii_lower(value);
  if (v == "1" || v == "true" || v == "yes" || v == "0" || v == "false" || v == "no") return;
  error::fail(ErrorClass::SyntaxException,
              "Invalid boolean value {} for '{}'. Positive values can be '1', 'true' or 'yes'. Negative values can be "
              "'0', 'false' or 'no'.",
              value, key);
}

// Java's Double.toString for the values these messages show.
std::string java_double(double d) {
  if (d == std::floor(d) && std::fabs(d) < 1e7) return fmt::format("{:.1f}", d);
  if (std::fabs(d) >= 1e-3 && std::fabs(d) < 1e7) return fmt::format("{}", d);
  std::string s = fmt::format("{:E}", d);  // 6.710000E-05
  const auto e = s.find('E');
  std::string mantissa = s.substr(0, e), exponent = s.substr(e + 1);
  while (mantissa.back() == '0' && mantissa[mantissa.size() - 2] != '.') mantissa.pop_back();
  const int x = std::stoi(exponent);
  return fmt::format("{}E{}", mantissa, x);
}

// key -> value of a map option; keys and values as text. {} reads as a set: an empty map.
std::vector<std::pair<std::string, std::string>> entries(std::string_view name, const ast::Term& t) {
  if (t.kind == ast::TermKind::Set && t.items.empty()) return {};
  if (t.kind != ast::TermKind::Map)
    error::fail(ErrorClass::SyntaxException, "Invalid value for property '{}'. It should be a map.", name);
  std::vector<std::pair<std::string, std::string>> out;
  for (std::size_t i = 0; i + 1 < t.items.size(); i += 2) {
    for (const auto& [k, v] : out)
      if (k == scalar(t.items[i]))  // Parser.g's convertPropertyMap
        error::fail(ErrorClass::SyntaxException, "Multiple definition for property {}", k);
    out.emplace_back(scalar(t.items[i]), scalar(t.items[i + 1]));
  }
  return out;
}

void check_caching(const ast::Term& t) {
  for (const auto& [k, v] : entries("caching", t)) {
    const std::string u = util::ascii_lower(v);
    if (k == "keys" && u != "all" && u != "none")
      config(fmt::format("Invalid value '{}' for caching sub-option 'keys': only 'ALL' and 'NONE' are allowed", v));
    if (k == "rows_per_partition" && u != "all" && u != "none" &&
        (v.empty() || !std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; })))
      config(
          fmt::format("Invalid value '{}' for caching sub-option 'rows_per_partition': only 'ALL', 'NONE', and "
                      "integer values are allowed",
                      v));
  }
}

void check_compaction(const ast::Term& t) {
  std::string cls;
  bool has_class = false;
  for (const auto& [k, v] : entries("compaction", t))
    if (k == "class") cls = v, has_class = true;
  if (!has_class) config("Missing sub-option 'class' for the 'compaction' option");
  const std::string full = cls.find('.') != std::string::npos ? cls : "org.apache.cassandra.db.compaction." + cls;
  for (auto known : kCompactions)
    if (full == "org.apache.cassandra.db.compaction." + std::string(known)) return;
  config(fmt::format("Unable to find compaction strategy class '{}'", full));
}

// The compression map's chunk_length_in_kb (16 when not given) and min_compress_ratio (none
// when not given, or not a number: Double.parseDouble's exception is not Cassandra's to copy),
// read as CompressionParams.fromMap reads them.
struct CompressionSizes {
  std::int64_t chunk_kb = 16;
  std::optional<double> ratio;
};
CompressionSizes compression_sizes(const std::vector<std::pair<std::string, std::string>>& options) {
  CompressionSizes sizes;
  for (const auto& [k, v] : options) {
    if (k == "chunk_length_in_kb") {  // Integer.parseInt, then at most Integer.MAX_VALUE / 1024
      std::int32_t kb = 0;
      const bool plus = !v.empty() && v[0] == '+' && (v.size() < 2 || v[1] != '-');  // parseInt takes one sign
      auto [end, ec] = std::from_chars(v.data() + (plus ? 1 : 0), v.data() + v.size(), kb);
      if (v.empty() || ec != std::errc() || end != v.data() + v.size()) config("Invalid value for chunk_length_in_kb");
      if (kb > 2147483647 / 1024) config(fmt::format("Value of chunk_length_in_kb is too large ({})", kb));
      sizes.chunk_kb = kb;
    } else if (k == "min_compress_ratio") {
      char* end = nullptr;
      const double ratio = std::strtod(v.c_str(), &end);
      if (!v.empty() && end == v.c_str() + v.size() && std::isfinite(ratio)) sizes.ratio = ratio;
    }
  }
  return sizes;
}

// CompressionParams.fromMap: {} is no compression; otherwise 'class' names the compressor unless
// 'enabled' is false (and then nothing else may be given); what is left after the generic
// options must be an option of that compressor.
void check_compression(const ast::Term& t) {
  const auto options = entries("compression", t);
  if (options.empty()) return;
  std::optional<std::string> cls, enabled;
  for (const auto& [k, v] : options) {
    if (k == "class") cls = v;
    if (k == "enabled") enabled = v;
  }
  const bool on = !enabled || util::ascii_lower(*enabled) == "true";
  if (on && !cls) config("Missing sub-option 'class' for the 'compression' option.");
  if (!on && options.size() > 1) config("If the 'enabled' option is set to false no other options must be specified");
  if (!on) return;
  if (cls->empty()) config("The 'class' option must not be empty. To disable compression use 'enabled' : false");
  const CompressionSizes sizes = compression_sizes(options);
  const std::string full = cls->find('.') != std::string::npos ? *cls : "org.apache.cassandra.io.compress." + *cls;
  bool known = false;
  for (auto c : kCompressors) known = known || full == "org.apache.cassandra.io.compress." + std::string(c);
  if (!known) config("Could not create Compression for type " + full);
  const std::string name = full.substr(full.rfind('.') + 1);
  for (const auto& [k, v] : options) {
    if (k == "class" || k == "enabled" || k == "chunk_length_in_kb" || k == "min_compress_ratio") continue;
    const bool supported =
        (name == "LZ4Compressor" && (k == "lz4_compressor_type" || k == "lz4_high_compressor_level")) ||
        (name == "ZstdCompressor" && k == "compression_level");
    if (!supported) config("Unknown compression options " + k);
  }
  // CompressionParams.validate: the chunk a power of 2, and the largest compressed chunk the
  // ratio allows (ceil(chunk / ratio), at most Integer.MAX_VALUE; 0 allows any) not over it.
  if (sizes.chunk_kb <= 0) config("Invalid negative or null chunk_length_in_kb");
  if ((sizes.chunk_kb & (sizes.chunk_kb - 1)) != 0) config("chunk_length_in_kb must be a power of 2");
  if (sizes.ratio) {
    constexpr double kIntMax = 2147483647.0;
    const double chunk = static_cast<double>(sizes.chunk_kb) * 1024;
    const double most = std::ceil(std::min(chunk / *sizes.ratio, kIntMax));  // -0.0: -inf
    if (most < 0) config("Invalid negative min_compress_ratio");
    if (most < kIntMax && most > chunk) config("min_compress_ratio can either be 0 or greater than or equal to 1");
  }
}

void check_speculative_retry(const std::string& value) {
  static const std::regex pattern(
      R"(^(always|none|never|[0-9]+(\.[0-9]+)?(p|percentile|ms)|(min|max)\(\s*[^,()]+\s*,\s*[^,()]+\s*\))$)",
      std::regex::icase);
  if (!std::regex_match(value, pattern)) config(fmt::format("Invalid value {} for option 'speculative_retry'", value));
}

}  // namespace

std::string stored_option_text(std::string_view name, const ast::Term& value) {
  auto quote = [](std::string_view text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
  };
  const bool map_option = name == "caching" || name == "compaction" || name == "compression";
  if (!map_option) return term_text(value);
  std::map<std::string, std::string> stored;
  for (const auto& [k, v] : entries(name, value)) stored[k] = v;
  auto full_class = [&](const std::string& package) {
    auto c = stored.find("class");
    if (c != stored.end() && c->second.find('.') == std::string::npos) c->second = package + c->second;
  };
  if (name == "compression") {  // CompressionParams.asMap
    auto enabled = stored.find("enabled");
    if (stored.empty() || (enabled != stored.end() && util::ascii_lower(enabled->second) != "true"))
      return "{'enabled': 'false'}";
    stored.erase("enabled");
    full_class("org.apache.cassandra.io.compress.");
    // asMap: the chunk as a number of KiB, the ratio as a Java double and only when not 0.
    const std::vector<std::pair<std::string, std::string>> options(stored.begin(), stored.end());
    const CompressionSizes sizes = compression_sizes(options);
    stored["chunk_length_in_kb"] = std::to_string(sizes.chunk_kb);
    if (sizes.ratio && *sizes.ratio == 0)
      stored.erase("min_compress_ratio");
    else if (sizes.ratio)
      stored["min_compress_ratio"] = java_double(*sizes.ratio);
  } else if (name == "compaction") {  // CompactionParams.asMap
    full_class("org.apache.cassandra.db.compaction.");
    stored.emplace("max_threshold", "32");
    stored.emplace("min_threshold", "4");
  } else {  // CachingParams.asMap
    for (auto& [k, v] : stored)
      if (util::ascii_lower(v) == "all" || util::ascii_lower(v) == "none") v = util::ascii_upper(v);
    stored.emplace("keys", "ALL");
    stored.emplace("rows_per_partition", "NONE");
  }
  std::string out = "{";
  for (const auto& [k, v] : stored) out += (out.size() > 1 ? ", " : "") + quote(k) + ": " + quote(v);
  return out + "}";
}

void validate_table_options(const ast::Vec<ast::Property>& properties) {
  std::set<std::string_view> seen;
  for (const auto& p : properties)
    if (!seen.insert(p.name).second)
      error::fail(ErrorClass::SyntaxException, "Multiple definitions for property '{}'", p.name);
  for (const auto& p : properties)
    if (p.name != "id" &&  // TableAttributes.ID: CREATE's alone, not a table option (apply_table_properties)
        std::find(schema::kTableOptionNames.begin(), schema::kTableOptionNames.end(), p.name) ==
            schema::kTableOptionNames.end())
      error::fail(ErrorClass::SyntaxException, "Unknown property '{}'", p.name);
  auto find = [&](std::string_view name) -> const ast::Term* {
    for (const auto& p : properties)
      if (p.name == name) return &p.value;
    return nullptr;
  };

  // TableAttributes.build(), in its order.
  double bloom = 0.01, crc = 1.0;
  std::int64_t ttl = 0, gc = 864000, max_index = 2048, flush = 0, min_index = 128;
  if (const ast::Term* t = find("allow_auto_snapshot")) parse_boolean("allow_auto_snapshot", scalar(*t));
  if (const ast::Term* t = find("bloom_filter_fp_chance")) bloom = parse_double("bloom_filter_fp_chance", scalar(*t));
  if (const ast::Term* t = find("caching")) check_caching(*t);
  if (const ast::Term* t = find("compaction")) check_compaction(*t);
  if (const ast::Term* t = find("compression")) check_compression(*t);
  if (const ast::Term* t = find("default_time_to_live")) ttl = parse_int("default_time_to_live", scalar(*t));
  if (const ast::Term* t = find("gc_grace_seconds")) gc = parse_int("gc_grace_seconds", scalar(*t));
  if (const ast::Term* t = find("incremental_backups")) parse_boolean("incremental_backups", scalar(*t));
  if (const ast::Term* t = find("max_index_interval")) max_index = parse_int("max_index_interval", scalar(*t));
  if (const ast::Term* t = find("memtable_flush_period_in_ms"))
    flush = parse_int("memtable_flush_period_in_ms", scalar(*t));
  if (const ast::Term* t = find("min_index_interval")) min_index = parse_int("min_index_interval", scalar(*t));
  if (const ast::Term* t = find("speculative_retry")) check_speculative_retry(scalar(*t));
  if (const ast::Term* t = find("additional_write_policy")) check_speculative_retry(scalar(*t));
  if (const ast::Term* t = find("crc_check_chance")) crc = parse_double("crc_check_chance", scalar(*t));
  if (const ast::Term* t = find("cdc")) parse_boolean("cdc", scalar(*t));
  if (const ast::Term* t = find("read_repair")) {
    const std::string v = util::ascii_upper(scalar(*t));
    if (v != "BLOCKING" && v != "NONE")
      error::fail(ErrorClass::ServerError,
                  "java.lang.IllegalArgumentException: No enum constant "
                  "org.apache.cassandra.service.reads.repair.ReadRepairStrategy.{}",
                  v);
  }

  // TableParams.validate().
  constexpr double kMinBloom = 6.71e-05;  // BloomCalculations.minSupportedBloomFilterFpChance()
  if (bloom <= kMinBloom || bloom > 1)
    config(fmt::format("bloom_filter_fp_chance must be larger than 6.71E-5 and less than or equal to 1.0 (got {})",
                       java_double(bloom)));
  if (crc < 0 || crc > 1.0)
    config(fmt::format("crc_check_chance must be larger than or equal to 0 and smaller than or equal to 1.0 (got {})",
                       java_double(crc)));
  if (ttl < 0) config(fmt::format("default_time_to_live must be greater than or equal to 0 (got {})", ttl));
  if (ttl > 630720000)
    config(fmt::format("default_time_to_live must be less than or equal to 630720000 (got {})", ttl));
  if (gc < 0) config(fmt::format("gc_grace_seconds must be greater than or equal to 0 (got {})", gc));
  if (min_index < 1) config(fmt::format("min_index_interval must be greater than or equal to 1 (got {})", min_index));
  if (max_index < min_index)
    config(fmt::format("max_index_interval must be greater than or equal to min_index_interval ({}) (got {})",
                       min_index, max_index));
  if (flush < 0) config(fmt::format("memtable_flush_period_in_ms must be greater than or equal to 0 (got {})", flush));
}

std::vector<std::pair<std::string, std::string>> property_map(std::string_view name, const ast::Term& value) {
  return entries(name, value);
}

}  // namespace cqlbox::exec
