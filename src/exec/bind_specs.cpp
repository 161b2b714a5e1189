#include "exec/bind_specs.hpp"

#include "exec/collections.hpp"
#include "exec/functions.hpp"
#include "exec/terms.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/database.hpp"
#include "exec/executor.hpp"
#include "exec/selection.hpp"

namespace cqlbox::exec {

namespace {

using ast::TermKind;
using types::Kind;

struct SpecWalk {
  const schema::TableSchema* table = nullptr;
  std::vector<BindSpec>* out = nullptr;
  std::vector<bool> set;
  // The marker standing for each partition key column in an '=' (or an INSERT value).
  std::vector<int> pk_marker;

  void mark(const ast::Term& t, std::string name, const types::CqlType* type) {
    const std::size_t i = t.bind_index;
    if (i >= out->size()) return;
    BindSpec& s = (*out)[i];
    s.keyspace = table->keyspace;
    s.table = table->name;
    s.name = t.text.empty() ? std::move(name) : std::string(t.text);
    s.type = type;
    set[i] = true;
  }

  // A term meant for `type`, named `name`: a marker, or markers inside a literal of that type.
  void term(const ast::Term& t, const std::string& name, const types::CqlType* type) {
    if (type == nullptr) return;
    switch (t.kind) {
      case TermKind::Bind: mark(t, name, type); return;
      case TermKind::List:
      case TermKind::Set:
        if ((type->kind == Kind::List || type->kind == Kind::Set || type->kind == Kind::Vector) &&
            !type->params.empty())
          for (const auto& item : t.items) term(item, fmt::format("value({})", name), type->params[0]);
        return;
      case TermKind::Map:
        if (type->kind == Kind::Map)
          for (std::size_t i = 0; i < t.items.size(); ++i)
            term(t.items[i], (i % 2 ? "value(" : "key(") + name + ")", type->params[i % 2]);
        return;
      case TermKind::Tuple:
        if (t.items.size() == 1 && type->kind != Kind::Tuple && type->kind != Kind::Udt) {
          term(t.items[0], name, type);  // (x): a term in parentheses
          return;
        }
        if (type->kind == Kind::Tuple || type->kind == Kind::Udt)
          for (std::size_t i = 0; i < t.items.size() && i < type->params.size(); ++i)
            term(t.items[i], fmt::format("{}[{}]", name, i), type->params[i]);
        return;
      case TermKind::Udt:
        if (type->kind == Kind::Udt)
          for (std::size_t i = 0; i < t.items.size(); ++i)
            for (std::size_t f = 0; f < type->fields.size(); ++f)
              if (type->fields[f] == t.fields[i])
                term(t.items[i], fmt::format("{}.{}", name, type->fields[f]), type->params[f]);
        return;
      case TermKind::Operation:
        check_operation_markers(t, *type);
        for (const auto& item : t.items) term(item, name, type);
        return;
      case TermKind::FunctionCall: {  // fromJson(?): the document, as text
        if (is_from_json_call(t)) {
          term(t.items[0], "arg0(system.fromjson)", types::native_type(Kind::Text));
          return;
        }
        // Any other native function: an argument takes the parameter type its overloads agree
        // on (arg0(system.f)); a bare marker where they differ makes the call ambiguous.
        const std::string fn = util::ascii_lower(t.text);
        for (std::size_t i = 0; i < t.items.size(); ++i) {
          const ast::Term& item = t.items[i];
          if (item.kind == TermKind::Bind) check_marker_argument(fn, t.items.size(), i);
          const types::CqlType* param = parameter_type(fn, t.items.size(), i);
          if (!param && item.kind == TermKind::Cast) param = hint_type(item.text);
          term(item, fmt::format("arg{}(system.{})", i, fn), param);
        }
        return;
      }
      case TermKind::Cast: {  // (int)? : the marker takes the cast's type
        const types::CqlType* cast = hint_type(t.text);
        term(t.items[0], name, cast ? cast : type);
        return;
      }
      default: return;
    }
  }

  // A column the statement names: an unknown one fails the PREPARE, as it would the statement
  // (TableMetadata.getExistingColumn; a compact table's hidden columns are unknown too).
  const schema::Column* column(std::string_view name) const {
    const int i = table->find(name);
    if (i < 0) error::invalid("Undefined column name {} in table {}", util::cql_name(name), table_text(*table));
    return &table->column(i);
  }

  void integer(const std::optional<ast::Term>& t, const char* name, Kind kind) {
    if (t) term(*t, name, types::native_type(kind));
  }

  // `dml`: "UPDATE" or "DELETE", which refuse CONTAINS before anything else (StatementRestrictions).
  void relations(const ast::Vec<ast::Relation>& where, const char* dml = nullptr) {
    if (dml)
      for (const auto& r : where)
        if (r.op == ast::Operator::Contains || r.op == ast::Operator::ContainsKey)
          error::invalid("Cannot use {} with {}", dml, r.op == ast::Operator::Contains ? "CONTAINS" : "CONTAINS KEY");
    for (const auto& r : where) {
      if (r.kind == ast::RelationKind::Token) {
        for (const auto& v : r.values) term(v, "partition key token", types::native_type(Kind::Bigint));
        continue;
      }
      if (r.kind == ast::RelationKind::Multi) {
        for (const auto& v : r.values) {
          if (v.kind == TermKind::Tuple) {
            for (std::size_t i = 0; i < v.items.size() && i < r.columns.size(); ++i)
              if (const auto* c = column(r.columns[i])) term(v.items[i], c->name, c->type);
          } else if (v.kind == TermKind::Bind) {
            std::vector<const types::CqlType*> parts;
            for (auto name : r.columns)
              if (const auto* c = column(name)) parts.push_back(c->type);
            const types::CqlType* tuple = types::tuple_type(parts);
            if (r.in_marker)  // (b, c) IN ?: a list of tuples (Cassandra's in(b,c))
              mark(v, fmt::format("in({})", fmt::join(r.columns, ",")),
                   types::collection_type(Kind::List, {tuple}, true));
            else
              mark(v, fmt::format("({})", fmt::join(r.columns, ",")), tuple);
          }
        }
        continue;
      }
      const schema::Column* c = r.columns.empty() ? nullptr : column(r.columns[0]);
      if (!c) continue;
      // Relation.toRestriction's refusals come at PREPARE, as in 5.0.
      if (r.op == ast::Operator::Neq && !r.map_entry && !r.values.empty())
        error::invalid("Unsupported \"!=\" relation: {} != {}", util::cql_name(c->name), term_text(r.values[0]));
      if (r.op == ast::Operator::IsNotNull)
        error::invalid("Unsupported restriction: {} IS NOT NULL", util::cql_name(c->name));
      if ((r.op == ast::Operator::Contains || r.op == ast::Operator::ContainsKey) && !c->type->is_collection())
        error::invalid("Cannot use {} on non-collection column {}",
                       r.op == ast::Operator::Contains ? "CONTAINS" : "CONTAINS KEY", util::cql_name(c->name));
      if (r.op == ast::Operator::ContainsKey && c->type->kind != Kind::Map)
        error::invalid("Cannot use CONTAINS KEY on non-map column {}", util::cql_name(c->name));
      const types::CqlType* t = c->type;
      if (r.map_entry && r.values.size() == 2 && t->kind == Kind::Map) {
        term(r.values[0], fmt::format("key({})", c->name), t->params[0]);
        term(r.values[1], fmt::format("value({})", c->name), t->params[1]);
        continue;
      }
      if (r.op == ast::Operator::Contains && !t->params.empty()) {
        for (const auto& v : r.values)
          term(v, fmt::format("value({})", c->name), t->params[t->kind == Kind::Map ? 1 : 0]);
        continue;
      }
      if (r.op == ast::Operator::ContainsKey && !t->params.empty()) {
        for (const auto& v : r.values) term(v, fmt::format("key({})", c->name), t->params[0]);
        continue;
      }
      if (r.in_marker && !r.values.empty()) {
        mark(r.values[0], fmt::format("in({})", c->name), types::collection_type(Kind::List, {t}, true));
        continue;
      }
      for (const auto& v : r.values) term(v, c->name, t);
      if (r.op == ast::Operator::Eq && c->kind == schema::ColumnKind::PartitionKey && r.values.size() == 1 &&
          r.values[0].kind == TermKind::Bind)
        pk_marker[static_cast<std::size_t>(c->position)] = static_cast<int>(r.values[0].bind_index);
    }
  }

  void conditions(const ast::Vec<ast::Condition>& cs) {
    for (const auto& cond : cs) {
      const schema::Column* c = column(cond.column);
      if (!c) continue;
      const types::CqlType* t = c->type;
      std::string name = c->name;
      if (cond.element && (t->kind == Kind::Map || t->kind == Kind::List)) {
        if (t->kind == Kind::Map)
          term(*cond.element, fmt::format("key({})", name), t->params[0]);
        else
          term(*cond.element, fmt::format("idx({})", name), types::native_type(Kind::Int));
        t = t->kind == Kind::Map ? t->params[1] : t->params[0];
        name = fmt::format("value({})", name);
      } else if (!cond.field.empty() && t->kind == Kind::Udt) {
        for (std::size_t f = 0; f < t->fields.size(); ++f)
          if (t->fields[f] == cond.field) {
            name = fmt::format("{}.{}", name, cond.field);
            t = t->params[f];
          }
      }
      if (cond.in_marker && !cond.values.empty()) {
        mark(cond.values[0], fmt::format("in({})", name), types::collection_type(Kind::List, {t}, true));
        continue;
      }
      for (const auto& v : cond.values) term(v, name, t);
    }
  }

  void statement(const ast::Insert& s) {
    if (s.json_marker) term(*s.json_marker, "[json]", types::native_type(Kind::Text));
    for (std::size_t i = 0; i < s.values.size() && i < s.columns.size(); ++i) {
      const schema::Column* c = column(s.columns[i]);
      if (!c) continue;
      term(s.values[i], c->name, c->type);
      if (c->kind == schema::ColumnKind::PartitionKey && s.values[i].kind == TermKind::Bind)
        pk_marker[static_cast<std::size_t>(c->position)] = static_cast<int>(s.values[i].bind_index);
    }
    integer(s.ttl, "[ttl]", Kind::Int);
    integer(s.timestamp, "[timestamp]", Kind::Bigint);
  }
  void statement(const ast::Update& s) {
    for (const auto& a : s.assignments) {
      const schema::Column* c = column(a.column);
      if (!c) continue;
      const types::CqlType* t = c->type;
      // Operation.prepare's refusals come at PREPARE, as in 5.0.
      if (!c->is_primary_key()) check_operation_kind(*c, a);
      if (a.kind == ast::AssignmentKind::Subtract && t->kind == Kind::Map && a.value.kind == TermKind::Map)
        error::invalid("Value for a map substraction has to be a set, but was: '{}'", term_text(a.value));
      if (a.kind == ast::AssignmentKind::SetElement && a.element) {
        if (t->kind == Kind::Map) {
          term(*a.element, fmt::format("key({})", c->name), t->params[0]);
          term(a.value, fmt::format("value({})", c->name), t->params[1]);
        } else if (t->kind == Kind::List) {
          term(*a.element, fmt::format("idx({})", c->name), types::native_type(Kind::Int));
          term(a.value, fmt::format("value({})", c->name), t->params[0]);
        }
      } else if (!a.field.empty() && t->kind == Kind::Udt) {
        for (std::size_t f = 0; f < t->fields.size(); ++f)
          if (t->fields[f] == a.field) term(a.value, fmt::format("{}.{}", c->name, a.field), t->params[f]);
      } else if (a.kind == ast::AssignmentKind::Subtract && t->kind == Kind::Map) {
        term(a.value, c->name, types::collection_type(Kind::Set, {t->params[0]}, false));
      } else {
        term(a.value, c->name, t);
      }
    }
    relations(s.where, "UPDATE");
    conditions(s.conditions);
    integer(s.ttl, "[ttl]", Kind::Int);
    integer(s.timestamp, "[timestamp]", Kind::Bigint);
  }
  void statement(const ast::Delete& s) {
    for (const auto& target : s.columns) {
      const schema::Column* c = column(target.column);
      if (!c || !target.element) continue;
      if (c->type->kind == Kind::Map)
        term(*target.element, fmt::format("key({})", c->name), c->type->params[0]);
      else if (c->type->kind == Kind::Set)
        term(*target.element, fmt::format("value({})", c->name), c->type->params[0]);
      else
        term(*target.element, fmt::format("idx({})", c->name), types::native_type(Kind::Int));
    }
    relations(s.where, "DELETE");
    conditions(s.conditions);
    integer(s.timestamp, "[timestamp]", Kind::Bigint);
  }
  void statement(const ast::Select& s) {
    relations(s.where);
    for (const auto& o : s.order_by)  // ANN OF ?: the ordered column's vector
      if (o.ann) {
        const schema::Column* c = column(o.column);
        term(*o.ann, c->name, c->type);
      }
    integer(s.per_partition_limit, "[per_partition_limit]", Kind::Int);
    integer(s.limit, "[limit]", Kind::Int);
  }
};

template <class S>
void walk_one(const Database& db, const Session& session, const S& s, SpecWalk& w, BindSpecs& specs, bool keys) {
  w.table = &resolve_table(db, session, s.table);
  w.pk_marker.assign(w.table->partition_key.size(), -1);
  w.statement(s);
  if (!keys) return;
  for (int m : w.pk_marker)
    if (m < 0) return;
  for (int m : w.pk_marker) specs.pk_index.push_back(static_cast<std::uint16_t>(m));
}

}  // namespace

BindSpecs bind_specs(const Database& db, const Session& session, const ast::Statement& statement, std::size_t markers) {
  BindSpecs specs;
  specs.markers.resize(markers);
  SpecWalk w;
  w.out = &specs.markers;
  w.set.assign(markers, false);
  std::visit(
      [&](const auto& s) {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, ast::Select>) {
          const schema::TableSchema& t = resolve_table(db, session, s.table);
          specs.result_keyspace = t.keyspace;
          specs.result_table = t.name;
          std::vector<SelectionMarker> selected;
          const Selection selection = resolve_selection(t, s.selectors, &selected);
          if (s.json)
            specs.result = std::vector<ResultColumn>{{"[json]", types::native_type(Kind::Text)}};
          else if (!s.explain)
            specs.result = selection.result_columns();
          for (const auto& m : selected)
            if (m.index < markers) {
              specs.markers[m.index] = BindSpec{t.keyspace, t.name, m.name, m.type};
              w.set[m.index] = true;
            }
        }
        if constexpr (std::is_same_v<S, ast::Select> || std::is_same_v<S, ast::Insert> ||
                      std::is_same_v<S, ast::Update> || std::is_same_v<S, ast::Delete>) {
          walk_one(db, session, s, w, specs, true);
        } else if constexpr (std::is_same_v<S, ast::Batch>) {
          for (const auto& inner : s.statements)
            std::visit([&](const auto& st) { walk_one(db, session, st, w, specs, false); }, inner);
          if (s.timestamp && s.timestamp->kind == TermKind::Bind) {
            BindSpec& b = specs.markers[s.timestamp->bind_index];
            b.name = "[timestamp]";
            b.type = types::native_type(Kind::Bigint);
            w.set[s.timestamp->bind_index] = true;
          }
        }
      },
      statement);
  for (std::size_t i = 0; i < markers; ++i)
    if (!w.set[i]) {
      specs.markers[i].name = fmt::format("[marker{}]", i);
      specs.markers[i].type = types::native_type(Kind::Blob);
    }
  return specs;
}

}  // namespace cqlbox::exec
