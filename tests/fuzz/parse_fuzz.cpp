// libFuzzer target: arbitrary bytes through the statement splitter, cqlsh's lexer check and
// the parser. Anything but a clean parse or a CqlError is a bug.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "error/cql_error.hpp"
#include "parse/lex_check.hpp"
#include "parse/parser.hpp"
#include "parse/splitter.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  cqlbox::parse::StatementSplitter splitter;
  std::vector<std::string> statements;
  std::size_t start = 0;
  while (start <= input.size()) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    splitter.feed_line(input.substr(start, end - start), statements);
    start = end + 1;
  }
  statements.push_back(splitter.take_pending());
  statements.emplace_back(input);
  cqlbox::parse::Parser parser;
  for (const auto& s : statements) {
    (void)cqlbox::parse::find_lex_failure(s);
    try {
      (void)parser.parse(s);
    } catch (const cqlbox::error::CqlError&) {
    }
  }
  return 0;
}
