// cqlsh's configuration file, ~/.cassandra/cqlshrc (or --cqlshrc FILE), read as Python's
// ConfigParser reads it: [section] headers, `key = value` or `key: value` lines, `#` and `;`
// comment lines, keys case-insensitive. What cqlbox takes from it (shell.cpp applies it, the
// command line and the environment first): [ui] color, float_precision, double_precision,
// time_format, timezone and encoding; [authentication] username and password; [copy],
// [copy-to], [copy-from] and their [copy…:ks.table] forms as COPY's defaults. [connection],
// [cql], [csv], [tracing] and [ssl] are accepted: nothing to connect to, or nothing to change.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cqlbox::shell {

struct Cqlshrc {
  std::string path;
  // section -> (key, value) in file order; keys lower case, values trimmed.
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> sections;

  const std::string* get(const std::string& section, const std::string& key) const;
};

// nullopt when the file cannot be read; a line that is not a section, an option or a comment
// is skipped, and named in `problems` as ConfigParser would refuse it.
std::optional<Cqlshrc> read_cqlshrc(const std::string& path, std::vector<std::string>& problems);

// Python's repr of a dict of strings, as COPY prints the options it read:
// {'header': 'true', 'delimiter': '|'}.
std::string python_dict(const std::vector<std::pair<std::string, std::string>>& items);

}  // namespace cqlbox::shell
