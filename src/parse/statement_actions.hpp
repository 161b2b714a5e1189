// PEGTL actions of the statements other than SELECT and the role statements: DML, BATCH, the
// schema statements (CREATE/ALTER/DROP of keyspaces, tables, types, indexes, functions), USE
// and TRUNCATE. Each statement rule's action moves its AST into Builder::result.
#pragma once

#include "parse/select_actions.hpp"

namespace cqlbox::parse {

// --- statements -------------------------------------------------------------------------------

template <>
struct action<g::create_keyspace> {
  static void apply0(Builder& b) {
    ast::CreateKeyspace s;
    s.name = b.keyspace_name;
    s.if_not_exists = b.if_not_exists;
    s.properties = std::move(b.properties);
    b.result = std::move(s);
  }
};
template <>
struct action<g::create_table> {
  static void apply0(Builder& b) {
    b.create_table.table = b.qname;
    b.create_table.if_not_exists = b.if_not_exists;
    b.create_table.properties = std::move(b.properties);
    b.result = std::move(b.create_table);
  }
};
template <>
struct action<g::drop_keyspace> {
  static void apply0(Builder& b) { b.result = ast::DropKeyspace{b.keyspace_name, b.if_exists}; }
};
template <>
struct action<g::view_name> {
  static void apply0(Builder& b) {
    b.view = ast::ViewStatement{};
    b.view.name = b.qname;
    b.view.if_not_exists = b.if_not_exists;
  }
};
template <>
struct action<g::view_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.view.columns.push_back(b.name_of(in.string_view()));
  }
};
template <>
struct action<g::view_base> {
  static void apply0(Builder& b) {
    b.view.base = b.qname;
    b.relations.clear();
  }
};
template <>
struct action<g::view_where> {
  static void apply0(Builder& b) { b.view.where = std::move(b.relations); }
};
template <>
struct action<g::create_view> {
  static void apply0(Builder& b) {
    b.view.kind = ast::ViewStatement::Kind::Create;
    b.view.partition_key = std::move(b.create_table.partition_key);
    b.view.clustering = std::move(b.create_table.clustering);
    b.view.primary_key_clauses = b.create_table.primary_key_clauses;
    b.view.clustering_order = std::move(b.create_table.clustering_order);
    b.view.compact_storage = b.create_table.compact_storage;
    b.view.properties = std::move(b.properties);
    b.result = std::move(b.view);
  }
};
template <>
struct action<g::alter_view> {
  static void apply0(Builder& b) {
    ast::ViewStatement s;
    s.kind = ast::ViewStatement::Kind::Alter;
    s.name = b.qname;
    s.if_exists = b.if_exists;
    s.properties = std::move(b.properties);
    s.clustering_order = std::move(b.create_table.clustering_order);
    s.compact_storage = b.create_table.compact_storage;
    b.result = std::move(s);
  }
};
template <>
struct action<g::drop_view> {
  static void apply0(Builder& b) {
    ast::ViewStatement s;
    s.kind = ast::ViewStatement::Kind::Drop;
    s.name = b.qname;
    s.if_exists = b.if_exists;
    b.result = std::move(s);
  }
};
template <>
struct action<g::drop_table> {
  static void apply0(Builder& b) { b.result = ast::DropTable{b.qname, b.if_exists}; }
};
template <>
struct action<g::use_stmt> {
  static void apply0(Builder& b) { b.result = ast::Use{b.keyspace_name}; }
};
template <>
struct action<g::truncate_stmt> {
  static void apply0(Builder& b) { b.result = ast::Truncate{b.qname}; }
};

template <>
struct action<g::insert_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.insert.columns.push_back(b.name_of(in.string_view()));
  }
};
template <>
struct action<g::insert_json_value> {
  static void apply0(Builder& b) { b.insert.json = b.pop_term().text; }
};
template <>
struct action<g::insert_json_marker> {
  static void apply0(Builder& b) { b.insert.json_marker = b.pop_term(); }
};
template <>
struct action<g::insert_default_unset> {
  static void apply0(Builder& b) { b.insert.default_unset = true; }
};
template <>
struct action<g::insert_values_open> {
  static void apply0(Builder& b) { b.insert_values_mark = b.terms.size(); }
};
template <>
struct action<g::using_ttl> {
  static void apply0(Builder& b) { b.using_ttl = b.pop_term(); }
};
template <>
struct action<g::using_timestamp> {
  static void apply0(Builder& b) { b.using_timestamp = b.pop_term(); }
};
template <>
struct action<g::insert_stmt> {
  static void apply0(Builder& b) {
    b.insert.table = b.qname;
    b.insert.values = b.take_terms(b.insert_values_mark);
    b.insert.if_not_exists = b.if_not_exists;
    b.insert.ttl = std::move(b.using_ttl);
    b.insert.timestamp = std::move(b.using_timestamp);
    b.result = std::move(b.insert);
  }
};

template <>
struct action<g::assignment_begin> {
  static void apply0(Builder& b) { b.assignment = ast::Assignment{}; }
};
template <>
struct action<g::update_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.assignment.column = b.name_of(in.string_view());
  }
};
template <>
struct action<g::assignment_field> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.assignment.field = b.name_of(in.string_view());
  }
};
template <>
struct action<g::assignment_element> {
  static void apply0(Builder& b) {
    b.assignment.element = b.pop_term();
    b.assignment.kind = ast::AssignmentKind::SetElement;
  }
};
// The reference may be read and then abandoned (c = now() reads "now" first): only the
// operator that follows makes it count.
template <>
struct action<g::assignment_ref> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.assignment.ref = b.name_of(in.string_view());
  }
};
template <>
struct action<g::assignment_add> {
  static void apply0(Builder& b) { b.assignment.kind = ast::AssignmentKind::Add; }
};
template <>
struct action<g::assignment_subtract> {
  static void apply0(Builder& b) { b.assignment.kind = ast::AssignmentKind::Subtract; }
};
template <ast::AssignmentKind K>
struct shorthand_operation {
  static void apply0(Builder& b) {
    b.assignment.kind = K;
    b.assignment.ref = b.assignment.column;
  }
};
template <>
struct action<g::shorthand_add> : shorthand_operation<ast::AssignmentKind::Add> {};
template <>
struct action<g::shorthand_subtract> : shorthand_operation<ast::AssignmentKind::Subtract> {};
template <>
struct action<g::assignment_prepend> {
  static void apply0(Builder& b) { b.assignment.kind = ast::AssignmentKind::Prepend; }
};
template <>
struct action<g::assignment> {
  static void apply0(Builder& b) {
    b.assignment.value = b.pop_term();
    if (b.assignment.kind == ast::AssignmentKind::Set || b.assignment.kind == ast::AssignmentKind::SetElement)
      b.assignment.ref = {};
    b.update.assignments.push_back(std::move(b.assignment));
    b.assignment = ast::Assignment{};
  }
};
template <>
struct action<g::condition_field> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.condition.field = b.name_of(in.string_view());
  }
};
template <>
struct action<g::condition_begin> {
  static void apply0(Builder& b) {
    b.condition = ast::Condition{};
    b.condition_mark = b.terms.size();
    b.condition_has_element = false;
    b.relation.op = ast::Operator::Eq;
  }
};
template <>
struct action<g::condition_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.condition.column = b.name_of(in.string_view());
  }
};
template <>
struct action<g::condition_element> {
  static void apply0(Builder& b) { b.condition_has_element = true; }
};
template <>
struct action<g::condition_in> {
  static void apply0(Builder& b) { b.relation.op = ast::Operator::In; }
};
template <>
struct action<g::condition> {
  static void apply0(Builder& b) {
    ast::Vec<ast::Term> terms = b.take_terms(b.condition_mark);
    std::size_t first = 0;
    if (b.condition_has_element) {
      b.condition.element = std::move(terms[0]);
      first = 1;
    }
    for (std::size_t i = first; i < terms.size(); ++i) b.condition.values.push_back(std::move(terms[i]));
    b.condition.op = b.relation.op;
    b.condition.in_marker = std::exchange(b.relation.in_marker, false);
    b.conditions.push_back(std::move(b.condition));
  }
};
template <>
struct action<g::if_exists_word> {
  static void apply0(Builder& b) { b.if_exists = true; }
};
template <>
struct action<g::update_stmt> {
  static void apply0(Builder& b) {
    b.update.table = b.qname;
    b.update.where = std::move(b.relations);
    b.update.if_exists = b.if_exists;
    b.update.conditions = std::move(b.conditions);
    b.update.ttl = std::move(b.using_ttl);
    b.update.timestamp = std::move(b.using_timestamp);
    b.result = std::move(b.update);
  }
};
template <>
struct action<g::delete_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.del.columns.push_back(ast::DeleteTarget{b.name_of(in.string_view()), std::nullopt, {}});
  }
};
template <>
struct action<g::delete_field> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.del.columns.back().field = b.name_of(in.string_view());
  }
};
template <>
struct action<g::delete_element> {
  static void apply0(Builder& b) { b.del.columns.back().element = b.pop_term(); }
};
template <>
struct action<g::delete_stmt> {
  static void apply0(Builder& b) {
    b.del.table = b.qname;
    b.del.where = std::move(b.relations);
    b.del.if_exists = b.if_exists;
    b.del.conditions = std::move(b.conditions);
    b.del.ttl = std::move(b.using_ttl);
    b.del.timestamp = std::move(b.using_timestamp);
    b.result = std::move(b.del);
  }
};

// CREATE / ALTER / DROP TYPE
template <>
struct action<g::type_field_name> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.type_field_name = b.name_of(in.string_view());
  }
};
template <>
struct action<g::type_field> {
  static void apply0(Builder& b) {
    b.type_fields.emplace_back(b.type_field_name, std::move(b.types.back()));
    b.types.pop_back();
  }
};
template <>
struct action<g::create_type> {
  static void apply0(Builder& b) {
    ast::CreateType s;
    s.name = b.qname;
    s.if_not_exists = b.if_not_exists;
    s.fields = std::move(b.type_fields);
    b.result = std::move(s);
  }
};
// --- user-defined functions and aggregates ---------------------------------------------------
template <>
struct action<g::udf_or_replace> {
  static void apply0(Builder& b) { b.function.or_replace = true; }
};
template <>
struct action<g::udf_state_function> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.function.state_function = b.name_of(in.string_view());
  }
};
template <>
struct action<g::udf_drop_types> {
  static void apply0(Builder& b) { b.function.args_given = true; }
};
template <>
struct action<g::udf_body> {
  static void apply0(Builder& b) { (void)b.pop_term(); }
};
template <>
struct action<g::udf_initcond> {
  static void apply0(Builder& b) { (void)b.pop_term(); }
};
// The function's types are the top-level entries of b.types (nested ones fold into their owner).
inline void finish_function(Builder& b, ast::FunctionStatement::Kind kind, bool state_type) {
  ast::FunctionStatement& f = b.function;
  f.kind = kind;
  f.name = b.qname;
  f.if_exists = b.if_exists;
  f.if_not_exists = b.if_not_exists;
  for (auto& t : b.types) f.arg_types.push_back(std::move(t));
  b.types.clear();
  if (kind == ast::FunctionStatement::Kind::CreateFunction && !f.arg_types.empty()) f.arg_types.pop_back();  // RETURNS
  if (state_type && !f.arg_types.empty()) {
    f.state_type = std::move(f.arg_types.back());
    f.arg_types.pop_back();
  }
  b.result = std::move(f);
}
template <>
struct action<g::create_function> {
  static void apply0(Builder& b) { finish_function(b, ast::FunctionStatement::Kind::CreateFunction, false); }
};
template <>
struct action<g::create_aggregate> {
  static void apply0(Builder& b) { finish_function(b, ast::FunctionStatement::Kind::CreateAggregate, true); }
};
template <>
struct action<g::drop_function> {
  static void apply0(Builder& b) { finish_function(b, ast::FunctionStatement::Kind::DropFunction, false); }
};
template <>
struct action<g::drop_aggregate> {
  static void apply0(Builder& b) { finish_function(b, ast::FunctionStatement::Kind::DropAggregate, false); }
};
template <>
struct action<g::drop_type> {
  static void apply0(Builder& b) { b.result = ast::DropType{b.qname, b.if_exists}; }
};
template <>
struct action<g::alter_type> {
  static void apply0(Builder& b) {
    ast::AlterType s;
    s.name = b.qname;
    s.if_exists = b.if_exists;
    s.add_if_not_exists = b.alter.action_if;
    s.add = std::move(b.type_fields);
    s.rename = std::move(b.alter.rename);
    s.alter_field_type = b.alter_field_type;
    b.result = std::move(s);
  }
};

// ALTER TABLE / ALTER KEYSPACE
template <>
struct action<g::alter_add_column> {
  static void apply0(Builder& b) {
    b.column.type = std::move(b.types.back());
    b.types.pop_back();
    b.alter.add.push_back(std::move(b.column));
    b.column = ast::ColumnDef{};
    b.alter.action = ast::AlterTable::Action::Add;
  }
};
template <>
struct action<g::alter_drop_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.alter.drop.push_back(b.name_of(in.string_view()));
    b.alter.action = ast::AlterTable::Action::Drop;
  }
};
template <>
struct action<g::alter_drop_timestamp> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    // Parser.g reads it with Long.parseLong: out of range is an error, not a wrap.
    std::string_view text = in.string_view();
    text = text.substr(0, text.find_first_not_of("-0123456789"));  // the token's trailing space
    std::int64_t v = 0;
    if (std::from_chars(text.data(), text.data() + text.size(), v).ec != std::errc())
      throw error::CqlError(
          error::ErrorClass::SyntaxException,
          fmt::format("Failed parsing statement: [{}] reason: NumberFormatException For input string: "
                      "\"{}\"",
                      b.text, text));
    b.alter.drop_timestamp = v;
  }
};
template <>
struct action<g::alter_drop_compact> {
  static void apply0(Builder& b) { b.alter.action = ast::AlterTable::Action::DropCompactStorage; }
};
template <>
struct action<g::alter_if_not_exists> {
  static void apply0(Builder& b) { b.alter.action_if = true; }
};
template <>
struct action<g::alter_if_exists> {
  static void apply0(Builder& b) { b.alter.action_if = true; }
};
template <>
struct action<g::rename_from> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.rename_from = b.name_of(in.string_view());
  }
};
template <>
struct action<g::rename_to> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.alter.rename.emplace_back(b.rename_from, b.name_of(in.string_view()));
    b.alter.action = ast::AlterTable::Action::Rename;
  }
};
template <>
struct action<g::alter_with> {
  static void apply0(Builder& b) {
    b.alter.action = ast::AlterTable::Action::With;
    b.alter.properties = std::move(b.properties);
    b.alter.clustering_order = std::move(b.create_table.clustering_order);
  }
};
template <>
struct action<g::alter_column_type> {
  static void apply0(Builder& b) {
    b.types.pop_back();
    b.alter.action = ast::AlterTable::Action::AlterType;
  }
};
template <>
struct action<g::alter_field_type> {
  static void apply0(Builder& b) {
    b.types.pop_back();
    b.alter_field_type = true;
  }
};
template <>
struct action<g::alter_table> {
  static void apply0(Builder& b) {
    b.alter.table = b.qname;
    b.alter.if_exists = b.if_exists;
    b.result = std::move(b.alter);
  }
};
template <>
struct action<g::alter_keyspace> {
  static void apply0(Builder& b) {
    b.result = ast::AlterKeyspace{b.keyspace_name, b.if_exists, std::move(b.properties)};
  }
};

// BATCH: each child statement's action leaves its AST in `result`; the child rule moves it in.
template <>
struct action<g::batch_unlogged> {
  static void apply0(Builder& b) { b.batch.type = ast::BatchType::Unlogged; }
};
template <>
struct action<g::batch_counter> {
  static void apply0(Builder& b) { b.batch.type = ast::BatchType::Counter; }
};
template <>
struct action<g::batch_using> {
  static void apply0(Builder& b) {
    b.batch.timestamp = std::move(b.using_timestamp);
    b.batch.ttl = b.using_ttl.has_value();
    b.using_timestamp.reset();
    b.using_ttl.reset();
  }
};
template <>
struct action<g::batch_child_begin> {
  static void apply0(Builder& b) {
    b.insert = {};
    b.update = {};
    b.del = {};
    b.if_exists = b.if_not_exists = false;
    b.using_ttl.reset();
    b.using_timestamp.reset();
    b.relations.clear();
    b.conditions.clear();
  }
};
template <>
struct action<g::batch_child> {
  static void apply0(Builder& b) {
    std::visit(
        [&](auto& s) {
          using S = std::decay_t<decltype(s)>;
          if constexpr (std::is_same_v<S, ast::Insert> || std::is_same_v<S, ast::Update> ||
                        std::is_same_v<S, ast::Delete>)
            b.batch.statements.emplace_back(std::move(s));
        },
        *b.result);
    b.result.reset();
  }
};
template <>
struct action<g::batch_stmt> {
  static void apply0(Builder& b) { b.result = std::move(b.batch); }
};

// CREATE INDEX / DROP INDEX
template <>
struct action<g::kw_custom> {
  static void apply0(Builder& b) { b.create_index.custom = true; }
};
template <>
struct action<g::index_name> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.create_index.name = b.name_of(in.string_view());
  }
};
template <>
struct action<g::index_target_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.create_index.column = b.name_of(in.string_view());
  }
};
template <>
struct action<g::index_target_inner> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.create_index.target_function = b.create_index.column;
    b.create_index.column = b.name_of(in.string_view());
  }
};
template <>
struct action<g::index_class> {
  static void apply0(Builder& b) { b.create_index.custom_class = b.pop_term().text; }
};
template <>
struct action<g::create_index> {
  static void apply0(Builder& b) {
    b.create_index.table = b.qname;
    b.create_index.if_not_exists = b.if_not_exists;
    b.create_index.properties = std::move(b.properties);
    b.result = std::move(b.create_index);
  }
};
template <>
struct action<g::drop_index_first> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.drop_index.name = b.name_of(in.string_view());
  }
};
template <>
struct action<g::drop_index_second> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.drop_index.keyspace = b.drop_index.name;
    b.drop_index.name = b.name_of(in.string_view());
  }
};
template <>
struct action<g::drop_index> {
  static void apply0(Builder& b) {
    b.drop_index.if_exists = b.if_exists;
    b.result = std::move(b.drop_index);
  }
};

}  // namespace cqlbox::parse
