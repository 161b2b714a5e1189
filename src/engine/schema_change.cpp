#include "engine/schema_change.hpp"

namespace cqlbox::engine {

namespace {

std::string ks_of(const ast::QualifiedName& n, std::string_view session) {
  return std::string(n.keyspace.empty() ? session : n.keyspace);
}

}  // namespace

std::optional<PlannedChange> plan_schema_change(const ast::Statement& statement, const schema::Catalog& catalog,
                                                std::string_view keyspace) {
  return std::visit(
      [&](const auto& s) -> std::optional<PlannedChange> {
        using S = std::decay_t<decltype(s)>;
        PlannedChange p;
        exec::SchemaChange& c = p.change;
        auto table_exists = [&](const std::string& ks, std::string_view t) { return catalog.table(ks, t) != nullptr; };
        auto type_exists = [&](const std::string& ks, std::string_view t) {
          const auto* k = catalog.keyspace(ks);
          return k && k->types.count(std::string(t)) > 0;
        };
        if constexpr (std::is_same_v<S, ast::CreateKeyspace>) {
          c = {"CREATED", "KEYSPACE", std::string(s.name), ""};
          p.noop_if_exists = s.if_not_exists && catalog.keyspace(s.name);
        } else if constexpr (std::is_same_v<S, ast::AlterKeyspace>) {
          c = {"UPDATED", "KEYSPACE", std::string(s.name), ""};
          p.noop_if_exists = s.if_exists && !catalog.keyspace(s.name);
        } else if constexpr (std::is_same_v<S, ast::DropKeyspace>) {
          c = {"DROPPED", "KEYSPACE", std::string(s.name), ""};
          p.noop_if_exists = s.if_exists && !catalog.keyspace(s.name);
        } else if constexpr (std::is_same_v<S, ast::CreateTable>) {
          c = {"CREATED", "TABLE", ks_of(s.table, keyspace), std::string(s.table.name)};
          p.noop_if_exists = s.if_not_exists && table_exists(c.keyspace, c.name);
        } else if constexpr (std::is_same_v<S, ast::AlterTable>) {
          c = {"UPDATED", "TABLE", ks_of(s.table, keyspace), std::string(s.table.name)};
          p.noop_if_exists = s.if_exists && !table_exists(c.keyspace, c.name);
        } else if constexpr (std::is_same_v<S, ast::DropTable>) {
          c = {"DROPPED", "TABLE", ks_of(s.table, keyspace), std::string(s.table.name)};
          p.noop_if_exists = s.if_exists && !table_exists(c.keyspace, c.name);
        } else if constexpr (std::is_same_v<S, ast::CreateIndex>) {
          c = {"UPDATED", "TABLE", ks_of(s.table, keyspace), std::string(s.table.name)};
          if (s.if_not_exists && !s.name.empty())
            if (const auto* t = catalog.table(c.keyspace, c.name))
              for (const auto& i : t->indexes) p.noop_if_exists = p.noop_if_exists || i.name == s.name;
        } else if constexpr (std::is_same_v<S, ast::DropIndex>) {
          // The table of the index is found by name across the keyspace's tables.
          const std::string ks(s.keyspace.empty() ? keyspace : s.keyspace);
          c = {"UPDATED", "TABLE", ks, ""};
          if (const auto* k = catalog.keyspace(ks))
            for (const auto& [name, t] : k->tables)
              for (const auto& i : t.indexes)
                if (i.name == s.name) c.name = name;
          p.noop_if_exists = c.name.empty();
        } else if constexpr (std::is_same_v<S, ast::CreateType>) {
          c = {"CREATED", "TYPE", ks_of(s.name, keyspace), std::string(s.name.name)};
          p.noop_if_exists = s.if_not_exists && type_exists(c.keyspace, c.name);
        } else if constexpr (std::is_same_v<S, ast::AlterType>) {
          c = {"UPDATED", "TYPE", ks_of(s.name, keyspace), std::string(s.name.name)};
          p.noop_if_exists = s.if_exists && !type_exists(c.keyspace, c.name);
        } else if constexpr (std::is_same_v<S, ast::DropType>) {
          c = {"DROPPED", "TYPE", ks_of(s.name, keyspace), std::string(s.name.name)};
          p.noop_if_exists = s.if_exists && !type_exists(c.keyspace, c.name);
        } else if constexpr (std::is_same_v<S, ast::ViewStatement>) {
          static constexpr const char* kChange[] = {"CREATED", "UPDATED", "DROPPED"};
          c = {kChange[static_cast<int>(s.kind)], "TABLE", ks_of(s.name, keyspace), std::string(s.name.name)};
          const bool exists = table_exists(c.keyspace, c.name);
          p.noop_if_exists =
              s.kind == ast::ViewStatement::Kind::Create ? (s.if_not_exists && exists) : (s.if_exists && !exists);
        } else {
          return std::nullopt;
        }
        return p;
      },
      statement);
}

}  // namespace cqlbox::engine
