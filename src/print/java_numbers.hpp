// Number texts of Cassandra's Java tools, for nodetool's columns.
#pragma once

#include <string>

namespace cqlbox::print {

// DecimalFormat("#.##"): at most two decimals, no trailing zeros ("1.5", "2", "0.33").
std::string at_most_two_decimals(double v);

// FileUtils.stringifyFileSize: "512 bytes", "104.32 KiB", "1 MiB", up to TiB.
std::string file_size(double bytes);

}  // namespace cqlbox::print
