// Cuts input into statements the way cqlsh does: a statement ends at a ';' that is not inside a
// 'string', a "quoted name", a $$string$$ or a comment (-- // /* */). Lines are fed one at a
// time; state carries across lines. Leading blank lines and comments are not part of a
// statement's text; the text runs from its first token through its ';'.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cqlbox::parse {

// The statements one line completed. Its strings are reused from line to line (swapped with
// the splitter's buffer), so a script of one-line statements allocates nothing per line.
class CutStatements {
 public:
  static constexpr std::size_t kKeptCapacity = 64 * 1024;

  std::size_t size() const { return count_; }
  const std::string& operator[](std::size_t i) const { return texts_[i]; }
  const std::string* begin() const { return texts_.data(); }
  const std::string* end() const { return texts_.data() + count_; }
  void clear() { count_ = 0; }
  // Adds a copy of `text` (a statement found without the splitter: Parser::parse_line).
  void add(std::string_view text) {
    if (count_ == texts_.size()) texts_.emplace_back();
    texts_[count_++].assign(text);
  }
  // Takes `text`, leaving `text` empty with the capacity of a string used before (unless that
  // was a big statement's, which is freed rather than kept for the rest of the session).
  void take(std::string& text) {
    if (count_ == texts_.size()) texts_.emplace_back();
    texts_[count_++].swap(text);
    if (text.capacity() > kKeptCapacity) std::string().swap(text);
    text.clear();
  }

 private:
  std::vector<std::string> texts_;
  std::size_t count_ = 0;
};

class StatementSplitter {
 public:
  // Feeds one line (without its newline). Each statement completed by this line is appended
  // to `done` (text from its first token through ';').
  void feed_line(std::string_view line, std::vector<std::string>& done);
  void feed_line(std::string_view line, CutStatements& done);

  // True while a statement has started (a token was seen) and is not finished.
  bool in_statement() const { return !pending_.empty(); }
  // True when the scanner is inside a string or block comment.
  bool in_literal() const { return state_ != State::Normal; }

  // Lines the unfinished statement spans so far (0 when none has started).
  std::size_t pending_lines() const;
  // Bytes held for the unfinished statement.
  std::size_t pending_size() const { return pending_.size(); }
  // Drops the unfinished statement's text but keeps scanning it (quotes, comments, BATCH) so
  // its end is still found: the shell's statement-size limit.
  void truncate_pending();
  // The unfinished statement's text so far (tab completion reads it).
  std::string_view pending() const { return pending_; }
  // What is left of an unfinished statement; resets the splitter.
  std::string take_pending();
  void reset();

 private:
  template <class Done>
  void feed(std::string_view line, Done&& done);

  enum class State { Normal, SingleQuote, DoubleQuote, Dollar, BlockComment };
  State state_ = State::Normal;
  std::string pending_;
};

}  // namespace cqlbox::parse
