#include "shell/cqlshrc.hpp"

#include <fstream>

#include "util/text.hpp"

namespace cqlbox::shell {

namespace {
std::string trim(std::string s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return {};
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}
}  // namespace

const std::string* Cqlshrc::get(const std::string& section, const std::string& key) const {
  auto s = sections.find(section);
  if (s == sections.end()) return nullptr;
  const std::string* found = nullptr;
  for (const auto& [k, v] : s->second)
    if (k == key) found = &v;  // the last one wins
  return found;
}

std::optional<Cqlshrc> read_cqlshrc(const std::string& path, std::vector<std::string>& problems) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  Cqlshrc rc;
  rc.path = path;
  std::string section;
  std::string line;
  for (int n = 1; std::getline(in, line) && n <= 100000; ++n) {
    const std::string t = trim(line);
    if (t.empty() || t[0] == '#' || t[0] == ';') continue;
    if (t.front() == '[' && t.back() == ']') {
      section = trim(t.substr(1, t.size() - 2));
      rc.sections[section];
      continue;
    }
    const auto sep = t.find_first_of("=:");
    if (sep == std::string::npos || section.empty()) {
      problems.push_back(path + ":" + std::to_string(n) + ": not a section or an option: " + t);
      continue;
    }
    rc.sections[section].emplace_back(util::ascii_lower(trim(t.substr(0, sep))), trim(t.substr(sep + 1)));
  }
  return rc;
}

}  // namespace cqlbox::shell

// ---- applying it to the shell ---------------------------------------------------------------

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

#include <fmt/format.h>

#include "shell/internal.hpp"

namespace cqlbox::shell {

void apply_cqlshrc(ShellState& sh) {
  // cqlsh: --cqlshrc, else ~/.cassandra/cqlshrc; the command line and the environment win.
  const char* home = std::getenv("HOME");
  const std::string path = sh.options.cqlshrc
                               ? *sh.options.cqlshrc
                               : (home && *home ? std::string(home) + "/.cassandra/cqlshrc" : std::string());
  std::vector<std::string> problems;
  std::optional<Cqlshrc> rc = path.empty() ? std::nullopt : read_cqlshrc(path, problems);
  if (!rc && sh.options.cqlshrc)
    std::fprintf(stderr, "cqlbox: cannot read the cqlshrc file %s: its settings are not used\n", path.c_str());
  for (const auto& p : problems) std::fprintf(stderr, "cqlbox: %s\n", p.c_str());
  if (rc) sh.cqlshrc = std::move(*rc);
  auto number = [&](const char* key, int& into) {
    if (const std::string* v = sh.cqlshrc.get("ui", key)) {
      char* end = nullptr;
      const long n = std::strtol(v->c_str(), &end, 10);
      if (end && *end == '\0' && n >= 0 && n <= 20)
        into = static_cast<int>(n);
      else
        std::fprintf(stderr, "cqlbox: cqlshrc [ui] %s = %s is not a precision (0 to 20): ignored\n", key, v->c_str());
    }
  };
  number("float_precision", sh.display.float_precision);
  number("double_precision", sh.display.double_precision);
  if (const std::string* v = sh.cqlshrc.get("ui", "time_format")) sh.display.time_format = *v;
  if (const std::string* v = sh.cqlshrc.get("csv", "field_size_limit")) {
    char* end = nullptr;
    const unsigned long long n = std::strtoull(v->c_str(), &end, 10);
    if (!v->empty() && *end == '\0' && (*v)[0] != '-')
      sh.csv_field_size_limit = static_cast<std::size_t>(n);
    else
      std::fprintf(stderr, "cqlbox: cqlshrc [csv] field_size_limit = %s is not a number: ignored\n", v->c_str());
  }
  if (const char* env = std::getenv("CQLSH_DEFAULT_TIMESTAMP_FORMAT"); env && *env) sh.display.time_format = env;
  if (const std::string* v = sh.cqlshrc.get("ui", "color")) {
    const std::string c = util::ascii_lower(*v);
    if (c == "on" || c == "true" || c == "yes" || c == "1")
      sh.rc_color = true;
    else if (c == "off" || c == "false" || c == "no" || c == "0")
      sh.rc_color = false;
  }
  // cqlbox shows UTC: cqlsh's words for a custom format with no timezone it can find.
  if (!sh.display.time_format.empty() && sh.display.time_format != "%Y-%m-%d %H:%M:%S.%f%z" &&
      !sh.cqlshrc.get("ui", "timezone"))
    std::fputs(
        "Warning: custom timestamp format specified in cqlshrc, but local timezone could not be detected.\n"
        "Either install Python 'tzlocal' module for auto-detection or specify client timezone in your "
        "cqlshrc.\n\n",
        stderr);
  if (const std::string* v = sh.cqlshrc.get("ui", "timezone"); v && util::ascii_lower(*v) != "utc" && *v != "Etc/UTC")
    std::fprintf(stderr, "cqlbox: timestamps are shown in UTC: ignoring cqlshrc [ui] timezone = %s\n", v->c_str());
  if (const std::string* v = sh.cqlshrc.get("ui", "encoding");
      v && util::ascii_lower(*v) != "utf8" && util::ascii_lower(*v) != "utf-8")
    std::fprintf(stderr, "cqlbox: input and output are UTF-8: ignoring cqlshrc [ui] encoding = %s\n", v->c_str());
  // [authentication]: the login, where the command line gives none; cqlsh 6.2's warnings.
  const std::string* rc_user = sh.cqlshrc.get("authentication", "username");
  const std::string* rc_password = sh.cqlshrc.get("authentication", "password");
  if (rc_user || rc_password) {
    struct stat st {};
    const bool secure = ::stat(sh.cqlshrc.path.c_str(), &st) != 0 ||
                        ((getuid() == 0 || st.st_uid == getuid()) && (st.st_mode & (S_IRGRP | S_IROTH)) == 0);
    if (rc_password && !secure)
      std::fputs(
          "\nWarning: Password is found in an insecure cqlshrc file. The file is owned or readable by other "
          "users on the system.",
          stderr);
    std::fputs(
        "\nNotice: Credentials in the cqlshrc file is deprecated and will be ignored in the future.\n"
        "Please use a credentials file to specify the username and password.\n\n",
        stderr);
  }
  if (!sh.options.username)
    if (const std::string* v = sh.cqlshrc.get("authentication", "username")) sh.options.username = *v;
  if (!sh.options.password)
    if (const std::string* v = sh.cqlshrc.get("authentication", "password")) sh.options.password = *v;
}

std::vector<std::pair<std::string, const std::vector<std::pair<std::string, std::string>>*>> copy_sections(
    ShellState& sh, const std::string& direction, const std::string& keyspace, const std::string& table) {
  // copyutil's order: [copy], [copy-to|copy-from], [copy:ks.table], [copy-to|copy-from:ks.table];
  // later wins.
  const std::string dir = direction == "TO" ? "copy-to" : "copy-from";
  std::vector<std::pair<std::string, const std::vector<std::pair<std::string, std::string>>*>> out;
  for (const std::string& section :
       {std::string("copy"), dir, "copy:" + keyspace + "." + table, dir + ":" + keyspace + "." + table})
    if (auto s = sh.cqlshrc.sections.find(section); s != sh.cqlshrc.sections.end())
      out.emplace_back(section, &s->second);
  return out;
}

std::string python_dict(const std::vector<std::pair<std::string, std::string>>& items) {
  // repr() of a str: single quotes unless it holds ' and no ", escapes for \\, the quote and
  // control characters; other characters as they are.
  auto repr = [](std::string_view s) {
    const char q = s.find('\'') != std::string_view::npos && s.find('"') == std::string_view::npos ? '"' : '\'';
    std::string r(1, q);
    for (char c : s) {
      const auto u = static_cast<unsigned char>(c);
      if (c == '\\' || c == q)
        r += {'\\', c};
      else if (c == '\n')
        r += "\\n";
      else if (c == '\r')
        r += "\\r";
      else if (c == '\t')
        r += "\\t";
      else if (u < 0x20 || u == 0x7f)
        r += fmt::format("\\x{:02x}", u);
      else
        r += c;
    }
    return r + q;
  };
  std::string out = "{";
  for (const auto& [k, v] : items) out += (out.size() > 1 ? ", " : "") + repr(k) + ": " + repr(v);
  return out + "}";
}

}  // namespace cqlbox::shell
