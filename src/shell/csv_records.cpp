// CSV records as cqlsh's csv module reads and writes them with copyutil's dialect
// (copy_csv.hpp): split_csv for COPY FROM, append_csv_field and append_csv_row for COPY TO.
#include <string>
#include <string_view>
#include <vector>

#include "shell/copy_csv.hpp"

namespace cqlbox::shell {

bool split_csv(std::string_view record, const CopyOptions& o, std::vector<std::string>& fields,
               std::vector<bool>& quoted) {
  // Python's csv reader (Modules/_csv.c, not strict), with cqlsh's dialect: an escape character
  // unless it is the quote, and doubled quotes ("") only then (copyutil sets doublequote so).
  const bool escapes = o.escape != o.quote;
  const bool doublequote = !escapes;
  enum class State { StartField, InField, InQuoted, QuoteInQuoted } state = State::StartField;
  // The vectors are reused record after record (COPY FROM reads millions): a field's string is
  // cleared, not freed, and plain characters are appended a run at a time.
  std::size_t n = 0;
  auto start_field = [&] {
    if (n == fields.size())
      fields.emplace_back();
    else
      fields[n].clear();
    if (n == quoted.size())
      quoted.push_back(false);
    else
      quoted[n] = false;
    ++n;
  };
  // The end of the run of characters from `i` that no rule of `state` treats specially.
  auto run_end = [&](std::size_t i, bool in_quotes) {
    std::size_t j = i + 1;
    while (j < record.size()) {
      const char d = record[j];
      if ((escapes && d == o.escape) || (in_quotes ? d == o.quote : (d == o.delimiter || d == '\r'))) break;
      ++j;
    }
    return j;
  };
  start_field();
  for (std::size_t i = 0; i < record.size(); ++i) {
    const char c = record[i];
    const bool escaped_next = escapes && c == o.escape && i + 1 < record.size();
    std::string& field = fields[n - 1];
    switch (state) {
      case State::StartField:
      case State::InField:
        if (state == State::StartField && c == o.quote) {
          state = State::InQuoted;
          quoted[n - 1] = true;
        } else if (escaped_next) {
          field += record[++i];
          state = State::InField;
        } else if (c == o.delimiter) {
          start_field();
          state = State::StartField;
        } else if (c != '\r') {  // a quote inside an unquoted field is a character
          const std::size_t end = run_end(i, false);
          field.append(record.data() + i, end - i);
          i = end - 1;
          state = State::InField;
        }
        break;
      case State::InQuoted:
        if (escaped_next) {
          field += record[++i];
        } else if (c == o.quote) {
          state = doublequote ? State::QuoteInQuoted : State::InField;
        } else {
          const std::size_t end = run_end(i, true);
          field.append(record.data() + i, end - i);
          i = end - 1;
        }
        break;
      case State::QuoteInQuoted:
        if (c == o.quote) {
          field += c;
          state = State::InQuoted;
        } else if (c == o.delimiter) {
          start_field();
          state = State::StartField;
        } else if (c != '\r') {
          field += c;
          state = State::InField;
        }
        break;
    }
  }
  fields.resize(n);
  quoted.resize(n);
  return state != State::InQuoted;
}

void append_csv_field(std::string& out, std::string_view v, const CopyOptions& o) {
  // Python's csv.writer as cqlsh configures it (copyutil's dialect, QUOTE_MINIMAL, line ends
  // "\r\n"): with an escape character other than the quote, a quote or an escape character is
  // preceded by the escape character and does not make the field quoted (doublequote=False);
  // with ESCAPE = QUOTE a quote is doubled and the field quoted. A delimiter, CR or LF makes
  // the field quoted.
  const bool doublequote = o.escape == o.quote;
  bool quoted = false;
  std::string body;
  body.reserve(v.size());
  for (char c : v) {
    if (c == o.quote) {
      if (doublequote) {
        body += c;
        quoted = true;
      } else {
        body += o.escape;
      }
    } else if (c == o.escape && !doublequote) {
      body += o.escape;
    } else if (c == o.delimiter || c == '\r' || c == '\n') {
      quoted = true;
    }
    body += c;
  }
  if (quoted) out += o.quote;
  out += body;
  if (quoted) out += o.quote;
}

void append_csv_row(std::string& out, const std::vector<std::string>& fields, const CopyOptions& o) {
  // csv.writer quotes a record whose one field is empty, so that the line is not blank.
  if (fields.size() == 1 && fields[0].empty()) {
    out += o.quote;
    out += o.quote;
  } else {
    for (std::size_t k = 0; k < fields.size(); ++k) {
      if (k) out += o.delimiter;
      append_csv_field(out, fields[k], o);
    }
  }
  out += "\r\n";
}

}  // namespace cqlbox::shell
