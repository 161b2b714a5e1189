#include "types/type_name.hpp"

#include <cstddef>
#include <vector>

#include "util/text.hpp"

namespace cqlbox::types {

namespace {

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Recursive descent over `text`; `at` moves past what was read. Nesting depth is bounded by
// the caller's text (our own schema strings), so recursion needs no limit.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  const CqlType* type(bool frozen_context) {
    const std::string_view word = name();
    if (word.empty()) return nullptr;
    if (!peek('<')) {
      if (util::iequals(word, "frozen") || util::iequals(word, "tuple")) return nullptr;
      return find_native_type(word);
    }
    take('<');
    const CqlType* t = nullptr;
    if (util::iequals(word, "frozen")) {
      t = type(true);
      if (t) t = frozen_of(t);
    } else if (util::iequals(word, "tuple")) {
      std::vector<const CqlType*> parts;
      do {
        parts.push_back(type(true));
        if (!parts.back()) return nullptr;
      } while (take(','));
      t = tuple_type(std::move(parts));
    } else if (util::iequals(word, "vector")) {
      const CqlType* element = type(true);
      if (!element || !take(',')) return nullptr;
      const int dimension = number();
      if (dimension <= 0) return nullptr;
      t = vector_type(element, dimension);
    } else {
      t = collection(word, frozen_context);
    }
    return t && take('>') ? t : nullptr;
  }

  bool at_end() {
    skip_spaces();
    return at_ == text_.size();
  }

 private:
  // list<e>, set<e>, map<k, v> after the '<'. A non-frozen collection may hold only frozen or
  // simple types, as Cassandra requires.
  const CqlType* collection(std::string_view word, bool frozen) {
    Kind kind;
    if (util::iequals(word, "list"))
      kind = Kind::List;
    else if (util::iequals(word, "set"))
      kind = Kind::Set;
    else if (util::iequals(word, "map"))
      kind = Kind::Map;
    else
      return nullptr;
    std::vector<const CqlType*> params{type(frozen)};
    if (kind == Kind::Map && take(',')) params.push_back(type(frozen));
    if (params.size() != (kind == Kind::Map ? 2u : 1u)) return nullptr;
    for (const CqlType* p : params)
      if (!p || p->multi_cell()) return nullptr;
    return collection_type(kind, std::move(params), frozen);
  }

  void skip_spaces() {
    while (at_ < text_.size() && text_[at_] == ' ') ++at_;
  }
  bool peek(char c) {
    skip_spaces();
    return at_ < text_.size() && text_[at_] == c;
  }
  bool take(char c) {
    if (!peek(c)) return false;
    ++at_;
    return true;
  }
  std::string_view name() {
    skip_spaces();
    const std::size_t start = at_;
    while (at_ < text_.size() && is_name_char(text_[at_])) ++at_;
    return text_.substr(start, at_ - start);
  }
  int number() {
    skip_spaces();
    int n = 0;
    const std::size_t start = at_;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9' && n < 1000000)
      n = n * 10 + (text_[at_++] - '0');
    return at_ == start ? -1 : n;
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace

const CqlType* parse_type_name(std::string_view text) {
  Reader reader(text);
  const CqlType* t = reader.type(false);
  return t && reader.at_end() ? t : nullptr;
}

}  // namespace cqlbox::types
