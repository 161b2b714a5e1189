// COPY … TO 'file' | STDOUT: the table's rows as CSV, formatted as cqlsh's COPY formats them
// (FLOATPRECISION, DOUBLEPRECISION, BOOLSTYLE, NULL, DATETIMEFORMAT, DECIMALSEP), streamed a
// megabyte at a time, every write checked.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "print/error_text.hpp"
#include "print/value_text.hpp"
#include "shell/copy_csv.hpp"
#include "shell/progress_line.hpp"
#include "shell/internal.hpp"
#include "types/bytes.hpp"
#include "util/text.hpp"
#include "util/linux_errno.hpp"

namespace cqlbox::shell {

namespace {

// One value as a CSV field of COPY TO.
void export_field(std::string& field, const types::CqlType& type, const exec::Value& v, const CopyOptions& o) {
  if (!v) {
    field = o.null_text;
  } else if (type.kind == types::Kind::Boolean) {
    field = (*v)[0] ? o.bool_true : o.bool_false;
  } else if (type.kind == types::Kind::Float || type.kind == types::Kind::Double) {
    std::uint64_t bits =
        type.kind == types::Kind::Float ? types::read_be<std::uint32_t>(*v) : types::read_be<std::uint64_t>(*v);
    double d = 0;
    if (type.kind == types::Kind::Float) {
      float f = 0;
      const auto b32 = static_cast<std::uint32_t>(bits);
      std::memcpy(&f, &b32, 4);
      d = f;
    } else {
      std::memcpy(&d, &bits, 8);
    }
    field = print::format_floating(d, type.kind == types::Kind::Float ? o.float_precision : o.double_precision);
    if (o.decimal_sep != ".")
      if (const auto dot = field.find('.'); dot != std::string::npos) field.replace(dot, 1, o.decimal_sep);
  } else if (type.kind == types::Kind::Timestamp) {
    // Milliseconds, not the display's microseconds (cqlsh's round_microseconds).
    field = format_datetime(types::read_be<std::int64_t>(*v),
                            o.datetime_format.empty() ? std::string(kDisplayTimestampFormat) : o.datetime_format);
  } else {
    field = print::value_text(type, *v);
  }
}

}  // namespace

void copy_to(ShellState& sh, const CopyRequest& c) {
  const schema::TableSchema* t = c.table;
  const std::vector<int>& cols = c.cols;
  const CopyOptions& o = c.options;
  const std::string& target = c.target;
  const std::string qualified = t->keyspace + "." + t->name;
  std::string names;
  for (int col : cols) names += (names.empty() ? "" : ", ") + t->column(col).name;
  const bool to_stdout = util::iequals(target, "STDOUT");
  // Every write and the close are checked: a full disk is an error, never "N rows exported"
  // over a short file. The error names errno as Python's IOError does in cqlsh.
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(nullptr, std::fclose);
  std::string path;
  int write_errno = 0;
  if (!to_stdout) {
    path = target.size() >= 2 && target.front() == '\'' ? target.substr(1, target.size() - 2) : target;
    flush_all_before_waiting(sh);
    file.reset(std::fopen(path.c_str(), "wb"));
    if (!file)  // cqlsh: "Can't open %r for writing: %s" with Python's OSError text
      return print_error(sh, fmt::format("Can't open '{}' for writing: [Errno {}] {}: '{}'", path,
                                         util::linux_errno(errno), std::strerror(errno), path));
  }
  // cqlsh prints no messages around an export to STDOUT (copyutil: "unless --debug is set").
  if (!to_stdout) {
    sh.out += fmt::format("\nStarting copy of {} with columns [{}].\n", qualified, names);
    flush(sh);
  }
  // Written a megabyte at a time: the CSV text is never held whole.
  std::string csv;
  auto drain = [&](bool last) {
    if (!last && csv.size() < (1u << 20)) return;
    if (to_stdout) {
      sh.out += csv;
      flush(sh);
    } else if (write_errno == 0 && std::fwrite(csv.data(), 1, csv.size(), file.get()) != csv.size()) {
      write_errno = errno ? errno : EIO;
    }
    csv.clear();
  };
  std::vector<std::string> record(cols.size());
  if (o.header) {
    for (std::size_t k = 0; k < cols.size(); ++k) record[k] = t->column(cols[k]).name;
    append_csv_row(csv, record, o);
  }
  // Rows arrive one by one from the select (Session::row_sink): the table is never held whole.
  ProgressLine progress(sh.tty && !to_stdout);
  long long n = 0;
  std::function<void(const std::vector<exec::Value>&)> sink = [&](const std::vector<exec::Value>& row) {
    if (o.max_rows >= 0 && n >= o.max_rows) return;
    for (std::size_t k = 0; k < cols.size(); ++k) {
      std::string& field = record[k];
      const auto& v = row[static_cast<std::size_t>(cols[k])];
      export_field(field, *t->column(cols[k]).type, v, o);
    }
    append_csv_row(csv, record, o);
    ++n;
    progress.tick(n);
    drain(false);
  };
  ast::Select all;
  all.table = ast::QualifiedName{t->keyspace, t->name};
  sh.session.row_sink = &sink;
  try {
    run_select(sh, std::move(all));
  } catch (const error::CqlError& e) {  // refused (no SELECT permission, the memory budget)
    sh.session.row_sink = nullptr;
    return print_error(sh, print::error_text(e));
  } catch (...) {
    sh.session.row_sink = nullptr;
    throw;
  }
  sh.session.row_sink = nullptr;
  drain(true);
  progress.done();
  if (file) {
    if (write_errno == 0 && std::fflush(file.get()) != 0) write_errno = errno ? errno : EIO;
    if (std::fclose(file.release()) != 0 && write_errno == 0) write_errno = errno ? errno : EIO;
  }
  if (write_errno != 0)
    return print_error(
        sh, fmt::format("[Errno {}] {}", util::linux_errno(write_errno), std::strerror(write_errno)));  // cqlsh's words
  if (!to_stdout)
    sh.out += fmt::format("\n{} rows exported to 1 files in {}.\n", n, interval_text(copy_elapsed(sh, c)));
  flush(sh);
}

}  // namespace cqlbox::shell
