// PEGTL actions of the schema statements: CREATE/ALTER/DROP of keyspaces, tables, views, types,
// indexes, functions and aggregates, USE and TRUNCATE. Each statement rule's action moves
// its AST into Builder::result.
#pragma once

#include "parse/statement_actions.hpp"

namespace cqlbox::parse {

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
