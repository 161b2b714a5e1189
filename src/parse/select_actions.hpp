// PEGTL actions of SELECT (grammar/cql/select.hpp): the selectors with their nesting, WHERE,
// GROUP BY, ORDER BY, LIMIT and the statement's options, built into Builder's select state.
#pragma once

#include "parse/actions.hpp"

namespace cqlbox::parse {

// SELECT
template <>
struct action<g::selector_name> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    ast::Selector s;
    s.name = b.name_of(in.string_view());
    b.selectors.push_back(std::move(s));
  }
};
template <>
struct action<g::selector_star> {
  static void apply0(Builder& b) {
    ast::Selector s;
    s.kind = ast::SelectorKind::Star;
    b.selectors.push_back(std::move(s));
  }
};
template <>
struct action<g::selector_constant> {
  static void apply0(Builder& b) {
    ast::Selector s;
    s.kind = ast::SelectorKind::Constant;
    s.constant = b.pop_term();
    b.bound_depth(s, nullptr);
    b.selectors.push_back(std::move(s));
  }
};
template <>
struct action<g::selector_literal_arg> : action<g::selector_constant> {};
template <>
struct action<g::selector_type_hint> : action<g::term_cast> {};
template <>
struct action<g::selector_call_open> {
  static void apply0(Builder& b) { b.selector_marks.push_back(b.selectors.size()); }
};
template <>
struct action<g::selector_call_close> {
  static void apply0(Builder& b) {
    std::size_t mark = b.selector_marks.back();
    b.selector_marks.pop_back();
    ast::Selector& fn = b.selectors[mark - 1];
    fn.kind = ast::SelectorKind::FunctionCall;
    for (std::size_t i = mark; i < b.selectors.size(); ++i) fn.args.push_back(std::move(b.selectors[i]));
    b.selectors.resize(mark);
    b.bound_depth(b.selectors[mark - 1], nullptr);
  }
};
// Arithmetic: an operator is remembered, and once its right operand is on the selector stack
// the two operands become one "operator" function selector.
template <class Rule>
struct remember_operator {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.operators.push_back(in.string_view()[0]);
  }
};
template <>
struct action<g::product_op> : remember_operator<g::product_op> {};
template <>
struct action<g::sum_op> : remember_operator<g::sum_op> {};
template <class Rule>
struct combine_operands {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    ast::Selector op;
    op.kind = ast::SelectorKind::FunctionCall;
    static constexpr std::string_view kNames[] = {"+", "-", "*", "/", "%"};
    const char c = b.operators.back();
    b.operators.pop_back();
    op.name = c == '+' ? kNames[0] : c == '-' ? kNames[1] : c == '*' ? kNames[2] : c == '/' ? kNames[3] : kNames[4];
    ast::Selector rhs = std::move(b.selectors.back());
    b.selectors.pop_back();
    op.args.push_back(std::move(b.selectors.back()));
    op.args.push_back(std::move(rhs));
    b.bound_depth(op, in.begin());
    b.selectors.back() = std::move(op);
  }
};
template <>
struct action<g::product_tail> : combine_operands<g::product_tail> {};
template <>
struct action<g::sum_tail> : combine_operands<g::sum_tail> {};
template <>
struct action<g::selector_negated> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    ast::Selector op;
    op.kind = ast::SelectorKind::FunctionCall;
    op.name = "_-";  // unary minus
    op.args.push_back(std::move(b.selectors.back()));
    b.bound_depth(op, in.begin());
    b.selectors.back() = std::move(op);
  }
};

// m[k] / m[from..to]: the selector so far becomes the collection the subscript reads.
template <>
struct action<g::subscript_open> {
  static void apply0(Builder& b) { b.subscripts.push_back({b.terms.size(), 0}); }
};
template <>
struct action<g::subscript_from> {
  static void apply0(Builder& b) { b.subscripts.back().bounds |= ast::Selector::kFrom; }
};
template <>
struct action<g::subscript_to> {
  static void apply0(Builder& b) { b.subscripts.back().bounds |= ast::Selector::kTo; }
};
template <>
struct action<g::subscript_range> {
  static void apply0(Builder& b) { b.subscripts.back().bounds |= Builder::kSlice; }
};
template <>
struct action<g::selector_subscript> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    const Builder::Subscript sub = b.subscripts.back();
    b.subscripts.pop_back();
    ast::Selector sel;
    const bool slice = (sub.bounds & Builder::kSlice) != 0;
    sel.kind = slice ? ast::SelectorKind::Slice : ast::SelectorKind::Element;
    sel.bounds = static_cast<std::uint8_t>(sub.bounds & (ast::Selector::kFrom | ast::Selector::kTo));
    if (slice) {
      sel.constant.kind = TermKind::Tuple;
      sel.constant.items = b.take_terms(sub.mark);
      b.bound_depth(sel.constant);
    } else {
      sel.constant = b.pop_term();
    }
    sel.args.push_back(std::move(b.selectors.back()));
    b.bound_depth(sel, in.begin());
    b.selectors.back() = std::move(sel);
  }
};

template <>
struct action<g::cast_type> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.cast_type = b.name_of(in.string_view());
  }
};
template <>
struct action<g::selector_cast> {
  static void apply0(Builder& b) {
    ast::Selector cast;
    cast.kind = ast::SelectorKind::FunctionCall;
    cast.name = "cast";
    cast.cast_type = b.cast_type;
    cast.args.push_back(std::move(b.selectors.back()));
    b.bound_depth(cast, nullptr);
    b.selectors.back() = std::move(cast);
  }
};
// (type)(expression): a call named "(hint)", which no written name can be, holding the
// expression; its type is the hint's name.
template <>
struct action<g::selector_hinted> {
  // The type is read back from the matched text, "(type)": the expression after it may have
  // pushed (and left) type names of its own failed attempts onto cast_types.
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    const std::string_view text = in.string_view();
    const std::size_t open = text.find('('), close = text.find(')', open);
    std::string type(text.substr(open + 1, close - open - 1));
    while (!type.empty() &&
           (type.front() == ' ' || type.front() == '\t' || type.front() == '\n' || type.front() == '\r'))
      type.erase(0, 1);
    while (!type.empty() && (type.back() == ' ' || type.back() == '\t' || type.back() == '\n' || type.back() == '\r'))
      type.pop_back();
    ast::Selector hint;
    hint.kind = ast::SelectorKind::FunctionCall;
    hint.name = "(hint)";
    hint.cast_type = type.find('<') == std::string::npos ? b.name_of(b.keep(type)) : b.keep(type);
    hint.args.push_back(std::move(b.selectors.back()));
    b.bound_depth(hint, nullptr);
    b.selectors.back() = std::move(hint);
  }
};
template <>
struct action<g::selector_function_name> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.qualified_function = b.name_of(in.string_view());
  }
};
// ks.f(…) became a call named ks: system.f is the native f; any other keyspace has no
// functions in cqlbox, so the name stays qualified and fails as "Unknown function 'ks.f'".
template <>
struct action<g::selector_qualified_call> {
  static void apply0(Builder& b) {
    ast::Selector& fn = b.selectors.back();
    fn.name = fn.name == "system" ? b.qualified_function
                                  : b.keep(std::string(fn.name) + "." + std::string(b.qualified_function));
  }
};
template <>
struct action<g::selector_field> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    ast::Selector field;
    field.kind = ast::SelectorKind::Field;
    field.name = b.name_of(in.string_view());
    field.args.push_back(std::move(b.selectors.back()));
    b.bound_depth(field, in.begin());
    b.selectors.back() = std::move(field);
  }
};
template <>
struct action<g::selector_alias> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.selectors.back().alias = b.name_of(in.string_view());
  }
};
template <>
struct action<g::select_json> {
  static void apply0(Builder& b) { b.select.json = true; }
};
template <>
struct action<g::select_distinct> {
  static void apply0(Builder& b) { b.select.distinct = true; }
};
template <>
struct action<g::group_by_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.select.group_by.push_back(b.name_of(in.string_view()));
  }
};
template <>
struct action<g::order_by_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    ast::Ordering o;
    o.column = b.name_of(in.string_view());
    b.select.order_by.push_back(std::move(o));
  }
};
template <>
struct action<g::order_by_ann> {
  static void apply0(Builder& b) { b.select.order_by.back().ann = b.pop_term(); }
};
template <>
struct action<g::order_by_desc> {
  static void apply0(Builder& b) { b.select.order_by.back().descending = true; }
};
template <>
struct action<g::per_partition_limit_value> {
  static void apply0(Builder& b) { b.select.per_partition_limit = b.pop_term(); }
};
template <>
struct action<g::limit_value> {
  static void apply0(Builder& b) { b.select.limit = b.pop_term(); }
};
template <>
struct action<g::allow_filtering> {
  static void apply0(Builder& b) { b.select.allow_filtering = true; }
};
template <>
struct action<g::explain_stmt> {
  static void apply0(Builder& b) { std::get<ast::Select>(*b.result).explain = true; }
};
template <>
struct action<g::select_stmt> {
  static void apply0(Builder& b) {
    b.select.table = b.qname;
    b.select.selectors.assign(std::make_move_iterator(b.selectors.begin()), std::make_move_iterator(b.selectors.end()));
    b.select.where = std::move(b.relations);
    b.result = std::move(b.select);
  }
};

// Records where token rules fail, for "mismatched input 'x' expecting K_FROM".
template <class Rule>
struct control : tao::pegtl::normal<Rule> {
  static constexpr bool kToken = requires { Rule::expected; };

  // Optional sub-rules that push terms declare rewinds_terms: a failed attempt drops them.
  static constexpr bool kRewinds = requires { Rule::rewinds_terms; };

  // Rules that recurse into themselves without a bracket (unary minus) declare `nests`: each
  // level counts against kMaxNesting before the grammar goes a level deeper.
  static constexpr bool kNests = requires { Rule::nests; };
  static constexpr bool kCounted = requires { Rule::counted; };

  template <class Input>
  static void start(const Input& in, Builder& b) {
    if constexpr (kToken) b.token_start = in.current();
    if constexpr (kRewinds) b.rewind_marks.push_back(b.terms.size());
    if constexpr (kNests)
      if (++b.unary_levels > kMaxNesting) b.too_deep(static_cast<std::size_t>(in.current() - b.text.data()));
  }
  template <class Input>
  static void success(const Input& in, Builder& b) {
    if constexpr (kRewinds) b.rewind_marks.pop_back();
    if constexpr (kNests) --b.unary_levels;
    if constexpr (kCounted)
      if (++b.term_count > kMaxTerms)
        throw error::CqlError(error::ErrorClass::InvalidRequest,
                              fmt::format("Statement too large: more than {} terms (cqlbox's limit), at char {}",
                                          kMaxTerms, in.current() - b.text.data()));
  }
  template <class Input>
  static void failure(const Input&, Builder& b) {
    if constexpr (kNests) --b.unary_levels;
    if constexpr (requires { Rule::token_name; })
      b.note_failure(b.token_start, Rule::token_name);
    else if constexpr (kToken)
      b.note_failure(b.token_start, Rule::expected);
    if constexpr (kRewinds) {
      b.terms.resize(std::min(b.terms.size(), b.rewind_marks.back()));
      b.rewind_marks.pop_back();
    }
  }
};

}  // namespace cqlbox::parse
