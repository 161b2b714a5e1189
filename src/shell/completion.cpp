#include "shell/completion.hpp"

#include <algorithm>
#include <array>
#include <filesystem>

#include "parse/next_tokens.hpp"
#include "parse/splitter.hpp"
#include "schema/option_names.hpp"
#include "shell/command_table.hpp"
#include "shell/concept_help.hpp"
#include "shell/cql_help.hpp"
#include "shell/lessons.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

namespace {

// The shell's own commands are completed from their word patterns (command_table.cpp):
// KEYWORDS and <placeholders>. A command's words typed so far select the patterns they are a
// prefix of; the next slot gives the candidates. (CQL statements are completed from the
// statement grammar itself: parse/next_tokens.)
constexpr std::string_view kLevels[] = {"ANY",          "ONE",         "TWO",    "THREE",        "QUORUM",   "ALL",
                                        "LOCAL_QUORUM", "EACH_QUORUM", "SERIAL", "LOCAL_SERIAL", "LOCAL_ONE"};

// cqlsh's COPY options, as its completion offers them per direction.
constexpr std::string_view kCopyCommonOptions[] = {
    "DELIMITER",       "QUOTE",      "ESCAPE",       "HEADER",    "NULL",         "DATETIMEFORMAT", "MAXATTEMPTS",
    "REPORTFREQUENCY", "DECIMALSEP", "THOUSANDSSEP", "BOOLSTYLE", "NUMPROCESSES", "CONFIGFILE",     "RATEFILE"};
constexpr std::string_view kCopyFromOptions[] = {
    "CHUNKSIZE",      "INGESTRATE",      "MAXBATCHSIZE", "MINBATCHSIZE",       "MAXROWS", "SKIPROWS", "SKIPCOLS",
    "MAXPARSEERRORS", "MAXINSERTERRORS", "ERRFILE",      "PREPAREDSTATEMENTS", "TTL"};
constexpr std::string_view kCopyToOptions[] = {"ENCODING",    "PAGESIZE",       "PAGETIMEOUT",
                                               "BEGINTOKEN",  "ENDTOKEN",       "MAXOUTPUTSIZE",
                                               "MAXREQUESTS", "FLOATPRECISION", "DOUBLEPRECISION"};

// What CREATE TABLE (k <Tab> offers: the native types, the collection and tuple type names.
constexpr std::string_view kTypes[] = {"ascii",  "bigint",    "blob",     "boolean", "counter", "date",     "decimal",
                                       "double", "duration",  "float",    "inet",    "int",     "smallint", "text",
                                       "time",   "timestamp", "timeuuid", "tinyint", "uuid",    "varchar",  "varint",
                                       "list",   "set",       "map",      "frozen",  "tuple",   "vector"};

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> out;
  std::string current;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (!current.empty()) out.push_back(std::move(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) out.push_back(std::move(current));
  return out;
}

bool is_shell_word(std::string_view upper) {
  for (auto p : shell_command_patterns())
    if (p.substr(0, p.find(' ')) == upper) return true;
  return upper == "DESC";
}

// Collects candidates; `word` is the partial word they must start with (case-insensitively).
class Candidates {
 public:
  Candidates(const schema::Catalog& catalog, std::string_view keyspace, std::string_view word)
      : catalog_(catalog),
        keyspace_(keyspace),
        word_(word),
        lower_(!word.empty() && word[0] >= 'a' && word[0] <= 'z') {}

  std::string_view word() const { return word_; }
  void keyword(std::string_view k) { out_.push_back(lower_ ? util::ascii_lower(k) : std::string(k)); }
  void name(std::string n) { out_.push_back(std::move(n)); }

  void keyspaces() {
    for (const auto& [name, ks] : catalog_.keyspaces()) out_.push_back(name);
  }
  // Tables (or views, or types) of the current keyspace, then "ks." for every keyspace; once
  // the word holds a '.', the named keyspace's names.
  template <class Each>
  void qualified(Each each) {
    if (const auto dot = word_.find('.'); dot != std::string_view::npos) {
      if (const auto* ks = catalog_.keyspace(word_.substr(0, dot)))
        each(*ks, [&](const std::string& n) { out_.push_back(ks->name + "." + n); });
      return;
    }
    if (const auto* ks = catalog_.keyspace(keyspace_)) each(*ks, [&](const std::string& n) { out_.push_back(n); });
    for (const auto& [name, ks] : catalog_.keyspaces()) out_.push_back(name + ".");
  }
  void tables(bool views) {
    qualified([&](const schema::KeyspaceSchema& ks, auto add) {
      for (const auto& [name, t] : ks.tables)
        if (views || !t.view) add(name);
    });
  }
  void views() {
    qualified([&](const schema::KeyspaceSchema& ks, auto add) {
      for (const auto& [name, t] : ks.tables)
        if (t.view) add(name);
    });
  }
  void udts() {
    qualified([&](const schema::KeyspaceSchema& ks, auto add) {
      for (const auto& [name, t] : ks.types) add(name);
    });
  }
  void indexes() {
    if (const auto* ks = catalog_.keyspace(keyspace_))
      for (const auto& [name, t] : ks->tables)
        for (const auto& idx : t.indexes) out_.push_back(idx.name);
  }
  void columns(std::string_view ks, std::string_view table) {
    if (const auto* t = catalog_.table(ks.empty() ? keyspace_ : ks, table))
      for (const auto& c : t->columns) out_.push_back(c.name);
  }
  // A WHERE relation's column, as cqlsh offers it (select_relation_lhs_completer): the first
  // partition key column and each next one once the one before it is restricted, the same for
  // the clustering columns, and every index target.
  void restrictable_columns(std::string_view ks, std::string_view table, const std::vector<std::string>& restricted) {
    const auto* t = catalog_.table(ks.empty() ? keyspace_ : ks, table);
    if (!t) return;
    auto is_restricted = [&](const std::string& name) {
      return std::find(restricted.begin(), restricted.end(), name) != restricted.end();
    };
    for (const schema::ColumnKind kind : {schema::ColumnKind::PartitionKey, schema::ColumnKind::Clustering}) {
      const schema::Column* previous = nullptr;
      for (const auto& c : t->columns) {
        if (c.kind != kind) continue;
        if (previous && !is_restricted(previous->name)) break;
        out_.push_back(c.name);
        previous = &c;
      }
    }
    for (const auto& idx : t->indexes) out_.push_back(idx.target);
  }
  void types() {
    for (auto t : kTypes) out_.emplace_back(t);
    if (const auto* ks = catalog_.keyspace(keyspace_))
      for (const auto& [name, t] : ks->types) out_.push_back(name);
  }
  // Entries of the directory the partial path names (SOURCE '…, CAPTURE '…, COPY … TO '…).
  void files() {
    namespace fs = std::filesystem;
    std::string_view w = word_;
    // The opening quote is part of the word when the line editor does not split there.
    const std::string quote = !w.empty() && (w[0] == '\'' || w[0] == '"') ? std::string(1, w[0]) : "";
    w.remove_prefix(quote.size());
    const std::size_t slash = w.rfind('/');
    const std::string dir = slash == std::string_view::npos ? "." : std::string(w.substr(0, slash + 1));
    const std::string shown = slash == std::string_view::npos ? "" : dir;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      // Hidden entries only when asked for, as shells do.
      if (it->path().filename().string().starts_with('.') && !w.substr(shown.size()).starts_with('.')) continue;
      std::string n = quote + shown + it->path().filename().string();
      if (it->is_directory(ec)) n += '/';
      out_.push_back(std::move(n));
    }
  }

  std::vector<std::string> take() {
    std::erase_if(out_, [&](const std::string& c) {
      return c.size() < word_.size() || !util::iequals(std::string_view(c).substr(0, word_.size()), word_);
    });
    std::sort(out_.begin(), out_.end());
    out_.erase(std::unique(out_.begin(), out_.end()), out_.end());
    return std::move(out_);
  }

 private:
  const schema::Catalog& catalog_;
  std::string_view keyspace_, word_;
  bool lower_;
  std::vector<std::string> out_;
};

// The candidates of a pattern slot.
void fill_slot(Candidates& c, std::string_view slot) {
  if (slot == "<keyspace>")
    c.keyspaces();
  else if (slot == "<table>")
    c.tables(true);
  else if (slot == "<view>")
    c.views();
  else if (slot == "<udt>")
    c.udts();
  else if (slot == "<index>")
    c.indexes();
  else if (slot == "<name>") {
    c.keyspaces();
    c.tables(true);
  } else if (slot == "<dataset>")
    for (const auto& d : datasets()) c.name(std::string(d.name));
  else if (slot == "<level>")
    for (auto l : kLevels) c.keyword(l);
  else if (slot == "<serial>") {
    c.keyword("SERIAL");
    c.keyword("LOCAL_SERIAL");
  } else if (slot == "<topic>") {
    for (auto t : kShellHelpTopics) c.keyword(t);
    for (auto t : kCqlHelpTopics) c.keyword(t);
    for (auto t : kConceptTopics) c.keyword(std::string_view(t).substr(0, std::string_view(t).find(' ')));
  } else if (slot == "<file>") {
    // Only inside the quotes the file name is written in.
  } else
    c.keyword(slot);
}

bool slot_matches(std::string_view slot, std::string_view word) {
  return slot.starts_with('<') || util::iequals(slot, word);
}

// `statement` is the command typed so far; `before` the raw text before the cursor.
void complete_shell(Candidates& c, std::vector<std::string> words, std::string_view statement,
                    std::string_view before) {
  if (util::iequals(words[0], "DESC")) words[0] = "DESCRIBE";
  const bool quote_open = !before.empty() && (before.back() == '\'' || before.back() == '"');
  const std::string first = util::ascii_upper(words[0]);
  if (first == "COPY") {
    // COPY t (a, b <Tab>: the table's columns; COPY … WITH x = y AND <Tab>: the options.
    const std::size_t open = statement.find('('), close = statement.find(')');
    if (open != std::string_view::npos && close == std::string_view::npos && words.size() >= 2) {
      std::string table = words[1].substr(0, words[1].find('('));
      const auto dot = table.find('.');
      if (dot == std::string::npos)
        c.columns("", util::ascii_lower(table));
      else
        c.columns(util::ascii_lower(table.substr(0, dot)), util::ascii_lower(table.substr(dot + 1)));
      return;
    }
    for (std::size_t i = 0; i < words.size(); ++i)
      if (util::iequals(words[i], "WITH")) {
        const std::string& last = words.back();
        if (util::iequals(last, "WITH") || util::iequals(last, "AND")) {
          bool from = false;
          for (const auto& w : words) from = from || util::iequals(w, "FROM");
          for (auto o : kCopyCommonOptions) c.keyword(o);
          if (from)
            for (auto o : kCopyFromOptions) c.keyword(o);
          else
            for (auto o : kCopyToOptions) c.keyword(o);
        } else if (words.size() - i >= 3 && !last.ends_with('='))
          c.keyword("AND");
        return;
      }
    // Drop a column list so the words line up with the patterns.
    std::vector<std::string> kept;
    bool inside = false;
    for (auto& w : words) {
      if (w.find('(') != std::string::npos) inside = true;
      if (!inside) kept.push_back(w);
      if (w.find(')') != std::string::npos) inside = false;
    }
    words = std::move(kept);
    if (words.size() >= 4 && !quote_open) return c.keyword("WITH");
  }
  const bool quoted_word = !c.word().empty() && (c.word()[0] == '\'' || c.word()[0] == '"');
  if (quote_open || quoted_word) {
    if (first == "SOURCE" || first == "CAPTURE" || first == "COPY") c.files();
    return;
  }
  for (std::string_view pattern : shell_command_patterns()) {
    std::vector<std::string_view> slots;
    for (std::size_t i = 0; i <= pattern.size();) {
      std::size_t j = pattern.find(' ', i);
      if (j == std::string_view::npos) j = pattern.size();
      slots.push_back(pattern.substr(i, j - i));
      i = j + 1;
    }
    if (slots.size() <= words.size()) continue;
    bool match = true;
    for (std::size_t i = 0; match && i < words.size(); ++i) match = slot_matches(slots[i], words[i]);
    if (match) fill_slot(c, slots[words.size()]);
  }
}

void complete_cql(Candidates& c, std::string_view statement) {
  const parse::NextTokens next = parse::next_tokens(statement);
  for (auto k : next.keywords) c.keyword(k);
  if (next.wants(parse::kKeyspaceName)) c.keyspaces();
  if (next.wants(parse::kTableName)) c.tables(true);
  if (next.wants(parse::kViewName)) c.views();
  if (next.wants(parse::kUdtName)) c.udts();
  if (next.wants(parse::kIndexName)) c.indexes();
  if (next.wants(parse::kTypeName)) c.types();
  if (next.wants(parse::kColumnName) && !next.table.empty()) {
    // After WHERE or AND of a WHERE clause: the columns a relation may restrict, as cqlsh offers
    // them; elsewhere (SELECT lists, SET, INSERT's columns) every column.
    const std::vector<std::string> words = words_of(statement);
    std::size_t where = words.size();
    for (std::size_t i = 0; i < words.size(); ++i)
      if (util::iequals(words[i], "WHERE")) where = i;
    const bool relation_start = where < words.size() && !words.empty() &&
                                (util::iequals(words.back(), "WHERE") || util::iequals(words.back(), "AND"));
    if (relation_start) {
      std::vector<std::string> restricted;
      for (std::size_t i = where; i + 1 < words.size(); ++i)
        if (util::iequals(words[i], "WHERE") || util::iequals(words[i], "AND")) {
          std::string name = words[i + 1].substr(0, words[i + 1].find_first_of("=<>!("));
          if (name.size() >= 2 && name.front() == '"')
            name = name.substr(1, name.size() - 2);
          else
            name = util::ascii_lower(name);
          restricted.push_back(std::move(name));
        }
      c.restrictable_columns(next.table_keyspace, next.table, restricted);
    } else {
      c.columns(next.table_keyspace, next.table);
    }
  }
  if (next.wants(parse::kPropertyName)) {
    if (next.keyspace_options)
      for (auto o : schema::kKeyspaceOptionNames) c.name(std::string(o));
    else
      for (auto o : schema::kTableOptionNames) c.name(std::string(o));
  }
}

}  // namespace

std::vector<std::string> completions(const schema::Catalog& catalog, std::string_view keyspace, std::string_view before,
                                     std::string_view word) {
  // Only the statement the cursor is in: earlier ones on the line ended at their ';'.
  parse::StatementSplitter splitter;
  std::vector<std::string> done;
  std::size_t start = 0;
  while (start <= before.size()) {
    std::size_t end = before.find('\n', start);
    if (end == std::string_view::npos) end = before.size();
    splitter.feed_line(before.substr(start, end - start), done);
    start = end + 1;
  }
  const bool in_literal = splitter.in_literal();
  const std::string statement = splitter.take_pending();

  Candidates c(catalog, keyspace, word);
  const std::vector<std::string> words = words_of(statement);
  if (words.empty()) {
    for (auto k : parse::next_tokens("").keywords) c.keyword(k);
    for (auto p : shell_command_patterns()) c.keyword(p.substr(0, p.find(' ')));
    c.keyword("DESC");
    c.keyword("USE");
  } else if (is_shell_word(util::ascii_upper(words[0])) || util::iequals(words[0], "DESC")) {
    complete_shell(c, words, statement, before);
  } else if (!in_literal) {
    complete_cql(c, statement);
  }
  return c.take();
}

}  // namespace cqlbox::shell
