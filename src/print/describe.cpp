#include "print/describe.hpp"

#include <algorithm>
#include <array>
#include <map>

#include <fmt/format.h>

#include "schema/option_names.hpp"
#include "schema/table_id.hpp"
#include "util/text.hpp"

namespace cqlbox::print {

namespace {

std::string quoted(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

// "CLUSTERING ORDER BY (…)\n    AND " when the table has clustering columns.
void append_clustering_order(std::string& out, const schema::TableSchema& t) {
  if (t.clustering.empty()) return;
  std::string order;
  for (int i : t.clustering)
    order += fmt::format("{}{} {}", order.empty() ? "" : ", ", util::cql_name(t.column(i).name),
                         t.column(i).reversed ? "DESC" : "ASC");
  out += fmt::format("CLUSTERING ORDER BY ({})\n    AND ", order);
}

// The clustering order, then every option in 5.0's order (views never print
// default_time_to_live).
void append_options(std::string& out, const schema::TableSchema& t, bool internals) {
  if (internals) out += fmt::format("ID = {}\n    AND ", schema::uuid_text(schema::table_id(t)));
  append_clustering_order(out, t);
  bool first = true;
  for (const auto& [name, def] : schema::kTableOptionDefaults) {
    if (t.view && name == "default_time_to_live") continue;
    auto given = t.options.find(std::string(name));
    out += fmt::format("{}{} = {}", first ? "" : "\n    AND ", name,
                       given == t.options.end() ? std::string(def) : given->second);
    first = false;
  }
}

}  // namespace

// "p, c1" or "(p1, p2), c1": the inside of PRIMARY KEY (…).
std::string primary_key_text(const schema::TableSchema& t) {
  std::string pk;
  if (t.partition_key.size() == 1) {
    pk = util::cql_name(t.column(t.partition_key[0]).name);
  } else {
    for (int i : t.partition_key) pk += (pk.empty() ? "(" : ", ") + util::cql_name(t.column(i).name);
    pk += ")";
  }
  for (int i : t.clustering) pk += ", " + util::cql_name(t.column(i).name);
  return pk;
}

bool is_system_keyspace(const std::string& name) { return name.rfind("system", 0) == 0; }

std::string keyspace_ddl(const schema::KeyspaceSchema& ks) {
  // A virtual keyspace cannot be created with CQL: 5.0 shows it inside a comment.
  if (ks.is_virtual)
    return fmt::format(
        "/*\nWarning: Keyspace {0} is a virtual keyspace and cannot be recreated with CQL.\n"
        "Structure, for reference:\nVIRTUAL KEYSPACE {0};\n*/",
        util::cql_name(ks.name));
  std::string repl;
  auto cls = ks.replication.find("class");
  if (cls != ks.replication.end()) {
    std::string name = cls->second;
    const std::string prefix = "org.apache.cassandra.locator.";
    if (name.rfind(prefix, 0) == 0) name = name.substr(prefix.size());
    repl = "'class': " + quoted(name);
  }
  for (const auto& [k, v] : ks.replication)
    if (k != "class") repl += fmt::format(", {}: {}", quoted(k), quoted(v));
  return fmt::format("CREATE KEYSPACE {} WITH replication = {{{}}}  AND durable_writes = {};", util::cql_name(ks.name),
                     repl, ks.durable_writes ? "true" : "false");
}

namespace {
// CompactTableMetadata.appendCqlTo: 5.0 shows a COMPACT STORAGE table inside a comment.
constexpr std::string_view kCompactWarningHead = "/*\nWarning: Table ";
constexpr std::string_view kCompactWarningTail =
    " omitted because it has constructs not compatible with CQL (was created via legacy API).\n"
    "Approximate structure, for reference:\n(this should not be used to reproduce this schema)\n\n";
}  // namespace

std::string replayable_ddl(std::string_view statement) {
  if (!statement.starts_with(kCompactWarningHead) || !statement.ends_with("\n*/")) return std::string(statement);
  const auto body = statement.find(kCompactWarningTail);
  if (body == std::string_view::npos) return std::string(statement);
  const auto from = body + kCompactWarningTail.size();
  return std::string(statement.substr(from, statement.size() - 3 - from));
}

namespace {
// table_ddl's text; with `alters`, the ALTER statements after the CREATE go there instead.
std::string table_text(const schema::TableSchema& t, bool internals, std::vector<std::string>* alters_out) {
  // Columns in "create order": keys as declared, then statics and regulars, each with simple
  // columns by name before non-frozen collections by name.
  std::vector<const schema::Column*> cols;
  for (int i : t.partition_key) cols.push_back(&t.column(i));
  for (int i : t.clustering) cols.push_back(&t.column(i));
  for (const auto* group : {&t.statics, &t.regulars}) {
    std::vector<const schema::Column*> simple, complex;
    for (int i : *group) {
      const types::CqlType* type = t.column(i).type;
      const bool is_complex = type->multi_cell() || (type->kind == types::Kind::Udt && !type->frozen);
      (is_complex ? complex : simple).push_back(&t.column(i));
    }
    for (const auto* c : simple) cols.push_back(c);
    for (const auto* c : complex) cols.push_back(c);
  }
  // A static compact table has a hidden clustering column: its key is never inline.
  const bool inline_key = t.partition_key.size() == 1 && t.clustering.empty() && !t.is_compact();
  const std::string name = util::cql_name(t.keyspace) + "." + util::cql_name(t.name);
  std::string out;
  if (t.is_compact()) out = fmt::format("{}{}{}", kCompactWarningHead, name, kCompactWarningTail);
  // A virtual table is shown commented out, as VIRTUAL TABLE, with its comment as only option.
  if (t.is_virtual)
    out = fmt::format(
        "/*\nWarning: Table {} is a virtual table and cannot be recreated with CQL.\n"
        "Structure, for reference:\n",
        name);
  out += fmt::format("{} TABLE {} (\n", t.is_virtual ? "VIRTUAL" : "CREATE", name);
  // WITH INTERNALS (TableMetadata.appendCqlTo with its dropped columns): the table as first
  // created, each dropped column in the list with its type then, and after the statement each
  // drop at its time and any later re-add, so replaying the text rebuilds what a drop hides.
  const bool with_dropped = internals && !t.dropped.empty();
  if (with_dropped)
    cols.erase(
        std::remove_if(cols.begin(), cols.end(), [&](const schema::Column* c) { return t.dropped.contains(c->name); }),
        cols.end());
  for (std::size_t i = 0; i < cols.size(); ++i) {
    const schema::Column& c = *cols[i];
    out += fmt::format("    {} {}", util::cql_name(c.name), c.type->name);
    if (c.kind == schema::ColumnKind::Static) out += " static";
    if (inline_key && i == 0) out += " PRIMARY KEY";
    out += (i + 1 < cols.size() || !inline_key || with_dropped) ? ",\n" : "\n";
  }
  std::string alters;
  if (with_dropped) {
    std::size_t left = t.dropped.size();
    for (const auto& [column, type] : t.dropped) {
      const bool is_static = t.dropped_static.contains(column);
      out += fmt::format("    {} {}{}{}\n", util::cql_name(column), type->name, is_static ? " static" : "",
                         --left > 0 || !inline_key ? "," : "");
      const auto at = t.dropped_time.find(column);
      std::vector<std::string> statements{fmt::format("ALTER TABLE {} DROP {} USING TIMESTAMP {};", name,
                                                      util::cql_name(column),
                                                      at == t.dropped_time.end() ? 0 : at->second)};
      if (const int now = t.find(column); now >= 0)
        statements.push_back(fmt::format("ALTER TABLE {} ADD {} {}{};", name, util::cql_name(column),
                                         t.column(now).type->name,
                                         t.column(now).kind == schema::ColumnKind::Static ? " static" : ""));
      for (auto& statement : statements) {
        if (alters_out)
          alters_out->push_back(std::move(statement));
        else
          alters += "\n" + statement;
      }
    }
  }
  if (!inline_key) out += fmt::format("    PRIMARY KEY ({})\n", primary_key_text(t));
  out += ") WITH ";
  if (t.is_compact()) {
    out += "COMPACT STORAGE\n    AND ";
    append_options(out, t, internals);
    return out + ";" + alters + "\n*/";
  }
  if (!t.is_virtual) {
    append_options(out, t, internals);
    return out + ";" + alters;
  }
  append_clustering_order(out, t);
  auto comment = t.options.find("comment");
  return out + fmt::format("comment = {};\n*/", comment == t.options.end() ? "''" : comment->second);
}
}  // namespace

std::string table_ddl(const schema::TableSchema& t, bool internals) { return table_text(t, internals, nullptr); }

std::vector<std::string> table_replay_ddl(const schema::TableSchema& t) {
  std::vector<std::string> alters;
  std::vector<std::string> out{replayable_ddl(table_text(t, true, &alters))};
  for (auto& a : alters) out.push_back(std::move(a));
  return out;
}

std::string view_ddl(const schema::TableSchema& v, bool internals) {
  std::string select;
  if (v.view->include_all_columns) {
    select = "*";
  } else {
    for (const auto& c : v.columns) select += (select.empty() ? "" : ", ") + util::cql_name(c.name);
  }
  std::string out = fmt::format("CREATE MATERIALIZED VIEW {}.{} AS\n    SELECT {}\n    FROM {}.{}\n    WHERE {}\n",
                                util::cql_name(v.keyspace), util::cql_name(v.name), select, util::cql_name(v.keyspace),
                                util::cql_name(v.view->base), v.view->where_text());
  out += fmt::format("    PRIMARY KEY ({})\n WITH ", primary_key_text(v));
  append_options(out, v, internals);
  return out + ";";
}

std::string type_ddl(const types::CqlType& udt) {
  std::string out = fmt::format("CREATE TYPE {}.{} (\n", util::cql_name(udt.keyspace), util::cql_name(udt.type_name));
  for (std::size_t i = 0; i < udt.fields.size(); ++i)
    out += fmt::format("    {} {}{}\n", util::cql_name(udt.fields[i]), udt.params[i]->name,
                       i + 1 < udt.fields.size() ? "," : "");
  return out + ");";
}

std::string index_ddl(const schema::TableSchema& t, const schema::IndexDef& index) {
  if (!index.custom_class.empty()) {
    std::string options;  // CqlBuilder.append(Map): keys in order, values quoted
    for (const auto& [k, v] : index.options)
      options += fmt::format("{}{}: {}", options.empty() ? "" : ", ", quoted(k), quoted(v));
    return fmt::format("CREATE CUSTOM INDEX {} ON {}.{} ({}) USING {}{};", util::cql_name(index.name),
                       util::cql_name(t.keyspace), util::cql_name(t.name), index.target, quoted(index.custom_class),
                       options.empty() ? "" : fmt::format(" WITH OPTIONS = {{{}}}", options));
  }
  return fmt::format("CREATE INDEX {} ON {}.{} ({});", util::cql_name(index.name), util::cql_name(t.keyspace),
                     util::cql_name(t.name), index.target);
}

std::string columnize(const std::vector<std::string>& items, std::size_t width) {
  if (items.empty()) return "<empty>\n";
  if (items.size() == 1) return items[0] + "\n";
  const std::size_t n = items.size();
  std::size_t rows = 1;
  std::vector<std::size_t> widths;
  for (; rows < n; ++rows) {
    const std::size_t ncols = (n + rows - 1) / rows;
    widths.assign(ncols, 0);
    for (std::size_t i = 0; i < n; ++i) widths[i / rows] = std::max(widths[i / rows], items[i].size());
    std::size_t total = 2 * (ncols - 1);
    for (auto w : widths) total += w;
    if (total <= width) break;
  }
  if (rows >= n) {  // nothing fits: one column, unpadded
    rows = n;
    widths.assign(1, 0);
  }
  std::string out;
  for (std::size_t r = 0; r < rows; ++r) {
    std::vector<std::string> cells;
    for (std::size_t c = 0; c * rows + r < n; ++c) {
      std::string cell = items[c * rows + r];
      if (widths[c] > cell.size()) cell.append(widths[c] - cell.size(), ' ');
      cells.push_back(std::move(cell));
    }
    for (std::size_t i = 0; i < cells.size(); ++i) out += (i ? "  " : "") + cells[i];
    out += '\n';
  }
  return out;
}

}  // namespace cqlbox::print
