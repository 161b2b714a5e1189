#include "exec/replica_copies.hpp"

#include <algorithm>
#include <optional>

#include "cluster/consistency.hpp"
#include "exec/system_tables.hpp"
#include "store/mutation_codec.hpp"
#include "util/murmur3.hpp"

namespace cqlbox::exec {

namespace {

using Key = std::pair<std::string, std::string>;

// The copies, sized to the ring and cleared after a schema change.
Database::Replicas& state(Database& db) {
  Database::Replicas& r = db.replicas;
  const std::size_t nodes = db.ring.nodes().size();
  if (r.copies.size() != nodes) {
    r.copies.clear();
    r.copies.resize(nodes);
    r.hints.assign(nodes, 0);
    r.oldest_hint_ms.assign(nodes, 0);
    r.newest_hint_ms.assign(nodes, 0);
    r.count = 0;
  }
  return r;
}

std::string store_name(const schema::TableSchema& t) { return t.keyspace + "." + t.name; }

std::vector<int> replicas_of(const Database& db, const schema::TableSchema& t, std::int64_t token) {
  const schema::KeyspaceSchema* ks = db.catalog.keyspace(t.keyspace);
  if (!ks) return {};
  return db.ring.replicas(token, cluster::replication_of(ks->replication));
}

// How many replicas a read at `code` asks.
std::size_t replicas_asked(std::uint16_t code, const Database& db, const schema::TableSchema& t) {
  const schema::KeyspaceSchema* ks = db.catalog.keyspace(t.keyspace);
  return static_cast<std::size_t>(
      cluster::block_for(code, ks ? cluster::replication_of(ks->replication) : cluster::Replication{}));
}

// `from`'s data written into `into` (newest timestamp wins, cell by cell).
void merge_into(store::Partition& into, const store::Partition& from, const store::TableStore& st) {
  store::partition_mutations(from, [&](const store::Mutation& m) { into.apply(m, st.comparator(), st.path_types()); });
}

// A copy of `p` (a partition is not copied as an object: its rows live in pages).
store::Partition copy_of(const store::Partition& p, const store::TableStore& st) {
  store::Partition out(p.key());
  merge_into(out, p, st);
  return out;
}

}  // namespace

std::vector<int> replicas_asked_for(const Database& db, std::uint16_t level, const schema::TableSchema& t,
                                    std::int64_t token) {
  // The first live replicas in ring order, as many as the level needs; prompt ones before slow
  // ones (the dynamic snitch ranks a slow node last).
  std::vector<int> asked;
  const std::size_t want = replicas_asked(level, db, t);
  const std::vector<int> replicas = replicas_of(db, t, token);
  for (const bool prompt : {true, false})
    for (int node : replicas)
      if (db.ring.is_up(node) && db.ring.answers_in_time(node) == prompt && asked.size() < want) asked.push_back(node);
  return asked;
}

void note_replica_writes(Database& db, const PreparedWrite& w) {
  // (The ring first: with every node up and no copy behind, the usual case, there is nothing to note.)
  if (db.ring.all_up() && !replicas_disagree(db)) return;
  if (!w.table || !w.store || is_system_table(*w.table)) return;
  Database::Replicas& r = state(db);
  const std::string name = store_name(*w.table);
  for (const store::Mutation& m : w.mutations) {
    const std::int64_t token = util::murmur3_token(m.partition_key);
    for (int node : replicas_of(db, *w.table, token)) {
      auto& copies = r.copies[static_cast<std::size_t>(node)];
      auto it = copies.find(Key{name, m.partition_key});
      if (!db.ring.is_up(node)) {
        if (it == copies.end()) {  // the partition as it is before this write
          const store::Partition* now = w.store->find(m.partition_key);
          it = copies
                   .emplace(
                       Key{name, m.partition_key},
                       Database::ReplicaCopy{now ? copy_of(*now, *w.store) : store::Partition(m.partition_key), false})
                   .first;
          ++r.count;
        }
        if (r.handoff) {
          it->second.hinted = true;
          const auto n = static_cast<std::size_t>(node);
          const std::int64_t now_ms = db.clock.now_us() / 1000;
          if (r.hints[n]++ == 0) r.oldest_hint_ms[n] = now_ms;
          r.newest_hint_ms[n] = now_ms;
        }
      } else if (it != copies.end()) {
        it->second.partition.apply(m, w.store->comparator(), w.store->path_types());
      }
    }
  }
}

const store::Partition& read_replicas(Database& db, std::uint16_t level, bool repair, const schema::TableSchema& t,
                                      const store::Partition& newest) {
  if (!replicas_disagree(db) || is_system_table(t)) return newest;
  Database::Replicas& r = state(db);
  const std::string name = store_name(t);
  const Key key{name, newest.key()};
  const std::vector<int> asked = replicas_asked_for(db, level, t, newest.token());
  std::vector<Database::ReplicaCopy*> behind;
  bool any_current = false;
  for (int node : asked) {
    auto& copies = r.copies[static_cast<std::size_t>(node)];
    auto it = copies.find(key);
    if (it == copies.end())
      any_current = true;
    else
      behind.push_back(&it->second);
  }
  if (behind.empty()) return newest;
  if (any_current) {
    // One replica asked has every write: the answer is the newest, and the ones behind are
    // repaired (blocking read repair, 4.0+).
    if (!repair) return newest;
    for (int node : asked)
      if (r.copies[static_cast<std::size_t>(node)].erase(key)) --r.count;
    return newest;
  }
  // Every replica asked is behind: they answer with what they hold, merged; more than one that
  // disagree are repaired to that merge.
  if (behind.size() == 1) return behind.front()->partition;
  const store::TableStore& st = db.store_of(t);
  if (!repair) {  // merged, the copies left as they are (EXPLAIN, DRAW)
    thread_local std::optional<store::Partition> merged;
    merged.emplace(copy_of(behind.front()->partition, st));
    for (std::size_t i = 1; i < behind.size(); ++i) merge_into(*merged, behind[i]->partition, st);
    return *merged;
  }
  store::Partition& first = behind.front()->partition;
  for (std::size_t i = 1; i < behind.size(); ++i) merge_into(first, behind[i]->partition, st);
  for (std::size_t i = 1; i < behind.size(); ++i) behind[i]->partition = copy_of(first, st);
  return first;
}

const store::Partition* replica_copy(const Database& db, int node, const schema::TableSchema& t, std::string_view key) {
  if (!replicas_disagree(db)) return nullptr;
  const auto& copies = db.replicas.copies[static_cast<std::size_t>(node)];
  auto it = copies.find(Key{store_name(t), std::string(key)});
  return it == copies.end() ? nullptr : &it->second.partition;
}

std::size_t replay_hints(Database& db, int node) {
  Database::Replicas& r = state(db);
  auto& copies = r.copies[static_cast<std::size_t>(node)];
  const std::size_t replayed = r.hints[static_cast<std::size_t>(node)];
  for (auto it = copies.begin(); it != copies.end();)
    if (it->second.hinted) {
      it = copies.erase(it);
      --r.count;
    } else {
      ++it;
    }
  r.hints[static_cast<std::size_t>(node)] = 0;
  return replayed;
}

void drop_replica_copies(Database& db, const schema::TableSchema& t) { db.forget_replica_copies(store_name(t)); }

std::size_t repair_replicas(Database& db) {
  Database::Replicas& r = state(db);
  const std::size_t mended = r.count;
  for (auto& copies : r.copies) copies.clear();
  std::fill(r.hints.begin(), r.hints.end(), 0);
  r.count = 0;
  return mended;
}

std::vector<std::size_t> pending_hints(const Database& db) {
  if (db.replicas.hints.size() != db.ring.nodes().size()) return std::vector<std::size_t>(db.ring.nodes().size(), 0);
  return db.replicas.hints;
}

void set_handoff(Database& db, bool on) { state(db).handoff = on; }

}  // namespace cqlbox::exec
