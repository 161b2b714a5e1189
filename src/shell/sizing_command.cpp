// PARTITION SIZE [ks.]table [ROWS n] [TEXT bytes] (cqlbox's own): the data-modelling sizing
// formulas applied to a table's schema, on paper, then the live partitions for comparison.
//   Nv = Nr × (Nc − Npk − Ns) + Ns                     values (cells) in one partition
//   St = Σ size(pk) + Σ size(static) + Nr × (Σ size(clustering) + Σ size(regular)) + Nv × 8
// where Nr is rows per partition, Nc the table's columns, Npk the partition key columns, Ns the
// static columns, and 8 bytes per value stand for its write timestamp. Variable-length values
// (text, blob, varint, collections…) are taken at TEXT bytes (default 20).
#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "shell/internal.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

namespace {

constexpr std::uint64_t kMaxValues = 2'000'000'000;  // Cassandra's cells-per-partition limit
constexpr std::uint64_t kRowsGuideline = 100'000;
constexpr std::uint64_t kBytesGuideline = 100ull << 20;

std::string bytes_text(std::uint64_t b) {
  if (b < 1024) return fmt::format("{} bytes", b);
  if (b < (1u << 20)) return fmt::format("{} bytes ({:.1f} KiB)", b, static_cast<double>(b) / 1024);
  if (b < (1ull << 30)) return fmt::format("{} bytes ({:.1f} MiB)", b, static_cast<double>(b) / (1 << 20));
  return fmt::format("{} bytes ({:.1f} GiB)", b, static_cast<double>(b) / (1ull << 30));
}

std::string grouped(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

void cmd_partition_size(ShellState& sh, std::string_view word, const std::vector<std::string>& args) {
  // PARTITION SIZE <table> [ROWS n] [TEXT bytes]
  std::uint64_t rows = 0, text_bytes = 20;
  bool ok = args.size() >= 2 && util::iequals(args[0], "size") && args.size() % 2 == 0;
  for (std::size_t i = 2; ok && i + 1 < args.size(); i += 2) {
    char* end = nullptr;
    const unsigned long long v = std::strtoull(args[i + 1].c_str(), &end, 10);
    ok = *end == '\0' && !args[i + 1].empty() && args[i + 1][0] != '-';
    if (util::iequals(args[i], "rows"))
      rows = v;
    else if (util::iequals(args[i], "text"))
      text_bytes = v;
    else
      ok = false;
  }
  if (!ok)
    return print_error(sh, fmt::format("Improper {} command: PARTITION SIZE [ks.]table [ROWS n] [TEXT bytes]", word));
  // Bounds that keep the arithmetic below in 64 bits.
  if (rows > 1'000'000'000'000 || text_bytes > 1'000'000'000)
    return print_error(sh, "PARTITION SIZE takes ROWS up to 1,000,000,000,000 and TEXT up to 1,000,000,000");
  auto norm = [](const std::string& n) {
    return n.size() >= 2 && n.front() == '"' ? n.substr(1, n.size() - 2) : util::ascii_lower(n);
  };
  std::string ks = sh.session.keyspace, name = args[1];  // the session's keyspace is already exact
  if (const auto dot = name.find('.'); dot != std::string::npos) {
    ks = norm(name.substr(0, dot));
    name = name.substr(dot + 1);
  }
  name = norm(name);
  if (ks.empty())
    return print_error(sh, "No keyspace has been specified. USE a keyspace, or explicitly specify keyspace.tablename");
  const schema::TableSchema* t = sh.db.catalog.table(ks, name);
  if (!t) return print_error(sh, fmt::format("table {}.{} does not exist", ks, name));

  // The live partitions: how many, and the largest by rows and by bytes.
  const store::TableStore& st = sh.db.store_of(*t);
  std::uint64_t partitions = 0, max_rows = 0, max_bytes = 0, total_rows = 0;
  for (const store::Partition& p : st.partitions()) {
    ++partitions;
    const std::uint64_t n = p.rows().size();
    total_rows += n;
    max_rows = std::max(max_rows, n);
    max_bytes = std::max<std::uint64_t>(max_bytes, p.data_size());
  }
  if (rows == 0) rows = partitions ? std::max<std::uint64_t>(1, total_rows / partitions) : 1;

  auto size_of = [&](const schema::Column& c) -> std::uint64_t {
    return c.type->fixed_size >= 0 ? static_cast<std::uint64_t>(c.type->fixed_size) : text_bytes;
  };
  std::uint64_t pk = 0, statics = 0, per_row = 0;
  std::size_t npk = 0, ns = 0, nck = 0, nreg = 0;
  std::string assumed;
  for (const auto& c : t->columns) {
    switch (c.kind) {
      case schema::ColumnKind::PartitionKey:
        pk += size_of(c);
        ++npk;
        break;
      case schema::ColumnKind::Static:
        statics += size_of(c);
        ++ns;
        break;
      case schema::ColumnKind::Clustering:
        per_row += size_of(c);
        ++nck;
        break;
      default:
        per_row += size_of(c);
        ++nreg;
        break;
    }
    assumed += fmt::format("{}{} {}", assumed.empty() ? "" : ", ", c.name, size_of(c));
  }
  const std::size_t nc = t->columns.size();
  const std::uint64_t nv = rows * (nc - npk - ns) + ns;
  // Checked: ROWS 10^12 × a row of many TEXT 10^9 columns passes 2^64.
  std::uint64_t nv_bytes = 0, row_bytes = 0, bytes = pk + statics;
  if (__builtin_mul_overflow(nv, std::uint64_t{8}, &nv_bytes) || __builtin_mul_overflow(rows, per_row, &row_bytes) ||
      __builtin_add_overflow(bytes, row_bytes, &bytes) || __builtin_add_overflow(bytes, nv_bytes, &bytes))
    return print_error(sh, "PARTITION SIZE: the estimate passes 2^64 bytes; use smaller ROWS or TEXT");

  sh.out += fmt::format("\nPartition size of {}.{} on paper, for {} {} per partition{}:\n", util::cql_name(t->keyspace),
                        util::cql_name(t->name), grouped(rows), rows == 1 ? "row" : "rows",
                        args.size() > 2 ? ""
                        : partitions    ? " (the live average)"
                                        : "");
  sh.out += fmt::format("  columns   Nc = {}: {} partition key, {} clustering, {} static, {} regular\n", nc, npk, nck,
                        ns, nreg);
  sh.out += fmt::format("  values    Nv = Nr × (Nc − Npk − Ns) + Ns = {} × ({} − {} − {}) + {} = {}\n", rows, nc, npk,
                        ns, ns, grouped(nv));
  sh.out += fmt::format(
      "  bytes     St = pk + static + Nr × (clustering + regular) + Nv × 8\n"
      "               = {} + {} + {} × {} + {} × 8 = {}\n",
      pk, statics, rows, per_row, nv, bytes_text(bytes));
  sh.out += fmt::format("  sizes     {} (bytes per value; TEXT n sets the variable-length ones)\n", assumed);
  std::string verdict;
  if (nv > kMaxValues)
    verdict = fmt::format("over Cassandra's limit of {} values per partition", grouped(kMaxValues));
  else if (rows > kRowsGuideline || bytes > kBytesGuideline)
    verdict = "too large: keep partitions under 100,000 rows and 100 MB (split them with a bucket column)";
  else
    verdict = "within the guidelines (under 100,000 rows and 100 MB; at most 2 billion values)";
  sh.out += fmt::format("  verdict   {}\n", verdict);
  sh.out += fmt::format("Live data: {} {}, largest {} rows and {}.\n\n", grouped(partitions),
                        partitions == 1 ? "partition" : "partitions", grouped(max_rows), bytes_text(max_bytes));
  flush(sh);
}

}  // namespace cqlbox::shell
