#include "exec/availability.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cluster/consistency.hpp"
#include "error/cql_error.hpp"
#include "exec/replica_activity_notes.hpp"
#include "exec/select_rows.hpp"
#include "exec/system_tables.hpp"
#include "exec/terms.hpp"
#include "types/cql_type.hpp"
#include "util/murmur3.hpp"

namespace cqlbox::exec {

namespace {

// Whether datacenter1 holds a replica of `t`'s keyspace, so that ONE, LOCAL_ONE and ANY are
// met while every node is up: the common case, answered per table once per schema epoch.
bool one_replica_here(const Database& db, const schema::TableSchema& t) {
  thread_local struct {
    const Database* db = nullptr;
    std::uint64_t epoch = 0;
    const schema::TableSchema* table = nullptr;
    bool answer = false;
  } last;
  if (last.db == &db && last.epoch == db.catalog.epoch() && last.table == &t) return last.answer;
  const schema::KeyspaceSchema* ks = db.catalog.keyspace(t.keyspace);
  last = {&db, db.catalog.epoch(), &t, !ks || cluster::replication_of(ks->replication).replication_factor > 0};
  return last.answer;
}

// The keyspace's replication, or nullopt for a table that needs no check: a system table, or
// one whose level is surely met.
std::optional<cluster::Replication> replication_to_check(const Database& db, std::uint16_t consistency,
                                                         const schema::TableSchema& t) {
  const bool one_like =
      consistency == cluster::kOne || consistency == cluster::kLocalOne || consistency == cluster::kAny;
  if (db.ring.all_prompt() && one_like && one_replica_here(db, t)) return std::nullopt;
  if (is_system_table(t)) return std::nullopt;
  const schema::KeyspaceSchema* ks = db.catalog.keyspace(t.keyspace);
  if (!ks) return std::nullopt;
  return cluster::replication_of(ks->replication);
}

[[noreturn]] void raise(const cluster::Unavailable& u) {
  error::CqlError e(error::ErrorClass::Unavailable, u.message);
  e.consistency = u.consistency;
  e.required = u.required;
  e.alive = u.alive;
  throw e;
}

// A ReadTimeout (the replica asked for the data answered if any did), or a WriteTimeout of
// `write_type`.
[[noreturn]] void timed_out(const cluster::Timeout& t, error::ErrorClass cls, std::string write_type,
                            bool applied = false) {
  error::CqlError e(cls, t.message);
  e.write_applied = applied;
  e.consistency = t.consistency;
  e.required = t.block_for;
  e.received = t.received;
  e.write_type = std::move(write_type);
  e.data_present = t.received > 0;
  throw e;
}

// A read checks that enough replicas are alive and then that enough answer in time: it asks
// the prompt ones first (the dynamic snitch ranks a slow node last), so it times out only when
// fewer than the level needs are prompt. The replica asked for the data answered if any did.
void check_token(const Database& db, std::uint16_t consistency, const cluster::Replication& r, std::int64_t token,
                 bool write) {
  const std::vector<int> replicas = db.ring.replicas(token, r);
  const int live = db.ring.live_count(replicas);
  if (auto u = cluster::check_live_replicas(consistency, r, live, write)) raise(*u);
  if (write || db.ring.all_prompt()) return;
  if (auto t = cluster::check_prompt_replicas(consistency, r, db.ring.prompt_count(replicas), false)) {
    // A SERIAL read is a Paxos round: its timeout reports no response and no data
    // (StorageProxy.readWithPaxos).
    if (consistency == cluster::kSerial || consistency == cluster::kLocalSerial)
      *t = {"Operation timed out - received only 0 responses.", t->consistency, t->block_for, 0};
    timed_out(*t, error::ErrorClass::ReadTimeout, {});
  }
}

// ReplicaPlans.forPaxos: a majority of the replicas that exist (a replication factor above the
// number of nodes counts the nodes), Unavailable at the serial level when fewer are alive.
// Returns that majority.
int paxos_majority(const Database& db, std::uint16_t serial, const std::vector<int>& replicas) {
  const int need = static_cast<int>(replicas.size()) / 2 + 1, live = db.ring.live_count(replicas);
  if (live < need) raise({"Cannot achieve consistency level " + cluster::consistency_name(serial), serial, need, live});
  return need;
}

// Distinct partitions among `ms` (counting stops at 2).
std::size_t partition_count(const std::vector<store::Mutation>& ms) {
  for (const auto& m : ms)
    if (m.partition_key != ms.front().partition_key) return 2;
  return ms.empty() ? 0 : 1;
}

bool has_counters(const schema::TableSchema& t) {
  return std::any_of(t.columns.begin(), t.columns.end(),
                     [](const schema::Column& c) { return c.type->kind == types::Kind::Counter; });
}

void check_mutations(const Database& db, std::uint16_t consistency, const PreparedWrite& w) {
  if (!w.table) return;
  const auto r = replication_to_check(db, consistency, *w.table);
  if (!r) return;
  for (const store::Mutation& m : w.mutations)
    check_token(db, consistency, *r, util::murmur3_token(m.partition_key), true);
}

// The partition keys `r` names: every combination of its '=' / IN values.
std::vector<std::string> named_partitions(const schema::TableSchema& t, const SelectRestrictions& r) {
  std::vector<const std::vector<std::string>*> columns;
  for (int col : t.partition_key) columns.push_back(&r.columns[static_cast<std::size_t>(col)].values);
  return partition_key_product(columns);
}

}  // namespace

void check_write_replicas(const Database& db, const Session& session, const PreparedWrite& w) {
  if (!session.check_replicas) return;
  // ConsistencyLevel.validateCounterForWrite: a counter is a read before a write.
  if (session.consistency == cluster::kAny && w.table && has_counters(*w.table))
    error::invalid("Consistency level ANY is not yet supported for counter table {}", w.table->name);
  check_mutations(db, session.consistency, w);
}

void write_answers(const Database& db, const Session& session, const PreparedWrite& w, std::string_view write_type) {
  note_traced_write(db, session, w);  // the replicas it reached, for a trace
  if (!session.check_replicas || db.ring.all_prompt() || !w.table) return;
  const auto r = replication_to_check(db, session.consistency, *w.table);
  if (!r) return;
  for (const store::Mutation& m : w.mutations) {
    const std::vector<int> replicas = db.ring.replicas(util::murmur3_token(m.partition_key), *r);
    const bool hinted = db.ring.live_count(replicas) < static_cast<int>(replicas.size());
    if (auto t = cluster::check_prompt_replicas(session.consistency, *r, db.ring.prompt_count(replicas), hinted)) {
      // StorageProxy.mutate: one partition is SIMPLE, several an UNLOGGED_BATCH.
      std::string type = has_counters(*w.table) ? "COUNTER" : std::string(write_type);
      if (type == "SIMPLE" && partition_count(w.mutations) > 1) type = "UNLOGGED_BATCH";
      timed_out(*t, error::ErrorClass::WriteTimeout, std::move(type), true);
    }
  }
}

namespace {

// Whether `writes` change more than one Mutation: Cassandra groups a batch's updates by keyspace
// and partition key (BatchUpdatesCollector), so two tables of one keyspace written under the
// same key are one.
bool several_mutations(const std::vector<PreparedWrite>& writes) {
  const PreparedWrite* first = nullptr;
  for (const auto& w : writes)
    for (const auto& m : w.mutations) {
      if (!first) first = &w;
      if ((w.table && first->table && w.table->keyspace != first->table->keyspace) ||
          m.partition_key != first->mutations.front().partition_key)
        return true;
    }
  return false;
}

}  // namespace

std::string_view batch_write_type(const std::vector<PreparedWrite>& writes, bool logged) {
  // BatchStatement: a batch of one mutation is applied as a plain one (SIMPLE); a logged one of
  // several goes through the batchlog (BATCH), an unlogged one is UNLOGGED_BATCH.
  if (!several_mutations(writes)) return "SIMPLE";
  return logged ? "BATCH" : "UNLOGGED_BATCH";
}

void check_batchlog(const Database& db, const Session& session, const std::vector<PreparedWrite>& writes) {
  // StorageProxy.mutateAtomically: a logged batch of several
  // mutations is first written to the batchlog of live nodes in the coordinator's datacenter,
  // other than the coordinator (127.0.0.1) unless it is the datacenter's only node
  // (ReplicaPlans.forBatchlogWrite). With none, it is Unavailable at TWO; ANY falls back to the
  // coordinator itself. It is planned before any mutation's own replicas are checked.
  if (!session.check_replicas || db.ring.all_up() || session.consistency == cluster::kAny) return;
  if (db.ring.nodes().size() < 2 || !several_mutations(writes)) return;
  for (const auto& w : writes)
    if (w.table && is_system_table(*w.table)) return;
  for (int node = 1; node < static_cast<int>(db.ring.nodes().size()); ++node)
    if (db.ring.is_up(node)) return;
  // No node chosen: the batchlog's level is TWO (ONE only for exactly one node), and none is
  // alive.
  raise({"Cannot achieve consistency level TWO", cluster::kTwo, 2, 0});
}

void check_paxos_replicas(const Database& db, const Session& session, const PreparedWrite& w) {
  // StorageProxy.cas with Paxos v1 (5.0's default): the serial level and the commit level are
  // validated first (ConsistencyLevel.validateForCas, validateForCasCommit), whatever the nodes.
  const std::uint16_t serial = session.serial_consistency, commit = session.consistency;
  if (serial != cluster::kSerial && serial != cluster::kLocalSerial)
    error::invalid("Invalid consistency for conditional update. Must be one of SERIAL or LOCAL_SERIAL");
  if (commit == cluster::kSerial || commit == cluster::kLocalSerial)
    error::invalid(
        "{} is not supported as conditional update commit consistency. Use ANY if you mean \"make sure it is "
        "accepted but I don't care how many replicas commit it for non-SERIAL reads\"",
        cluster::consistency_name(commit));
  if (!w.table || is_system_table(*w.table)) return;
  const schema::KeyspaceSchema* ks = db.catalog.keyspace(w.table->keyspace);
  if (!ks) return;
  const cluster::Replication r = cluster::replication_of(ks->replication);
  if (commit == cluster::kEachQuorum && !r.network_topology) {
    const auto cls = ks->replication.find("class");
    error::invalid("consistency level EACH_QUORUM not compatible with replication strategy ({})",
                   cls == ks->replication.end() ? "org.apache.cassandra.locator.SimpleStrategy" : cls->second);
  }
  if (!session.check_replicas || db.ring.all_prompt()) return;
  // ReplicaPlans.forPaxos: a majority of the replicas that exist (a replication factor above
  // the number of nodes counts the nodes), whatever the keyspace's factor says; LOCAL_SERIAL
  // counts datacenter1's, which here are all of them. Paxos's prepare waits for that majority
  // to answer: with slow replicas among them it times out (a CAS WriteTimeout at the serial
  // level), before anything is proposed. Then the current row is read at QUORUM (LOCAL_QUORUM
  // for LOCAL_SERIAL), which needs its own replicas when the factor exceeds the nodes.
  for (const store::Mutation& m : w.mutations) {
    const std::int64_t token = util::murmur3_token(m.partition_key);
    const std::vector<int> replicas = db.ring.replicas(token, r);
    const int need = paxos_majority(db, serial, replicas);
    if (const int prompt = db.ring.prompt_count(replicas); prompt < need)
      // StorageProxy.cas rethrows it as a CasWriteTimeoutException, which names the contentions.
      timed_out({"CAS operation timed out - encountered contentions: 0", serial, need, prompt},
                error::ErrorClass::WriteTimeout, "CAS");
    check_token(db, paxos_read_level(serial), r, token, false);
  }
}

void check_paxos_commit(const Database& db, const Session& session, const PreparedWrite& w) {
  // commitPaxos plans a write at the session's level (ReplicaPlans.forWrite), which checks the
  // live replicas; ANY does not wait. Only a proposal that applies is committed.
  if (session.check_replicas) check_mutations(db, session.consistency, w);
}

void paxos_commit_answers(const Database& db, const Session& session, const PreparedWrite& w) {
  // The commit waits for the level's answers as a SIMPLE write does; doPaxos rethrows its
  // timeout as a CasWriteTimeoutException that keeps the write type. The commit has reached
  // the prompt replicas and reaches the slow one late: it stays applied.
  if (!session.check_replicas || db.ring.all_prompt() || !w.table || session.consistency == cluster::kAny) return;
  const auto r = replication_to_check(db, session.consistency, *w.table);
  if (!r) return;
  for (const store::Mutation& m : w.mutations) {
    const std::vector<int> replicas = db.ring.replicas(util::murmur3_token(m.partition_key), *r);
    if (auto t = cluster::check_prompt_replicas(session.consistency, *r, db.ring.prompt_count(replicas), false)) {
      t->message = "CAS operation timed out - encountered contentions: 0";
      timed_out(*t, error::ErrorClass::WriteTimeout, "SIMPLE", true);
    }
  }
}

namespace {

// A read at SERIAL or LOCAL_SERIAL of one partition (StorageProxy's legacyReadWithPaxos): a
// Paxos round on a majority of the replicas that exist, whose prepare timing out is a
// ReadTimeout at the serial level with nothing received; then the read itself at QUORUM
// (LOCAL_QUORUM), checked as any read is.
void check_serial_read(const Database& db, std::uint16_t serial, const cluster::Replication& r, std::int64_t token) {
  const std::vector<int> replicas = db.ring.replicas(token, r);
  if (db.ring.prompt_count(replicas) < paxos_majority(db, serial, replicas))
    timed_out({"Operation timed out - received only 0 responses.", serial, cluster::block_for(serial, r), 0},
              error::ErrorClass::ReadTimeout, {});
  check_token(db, paxos_read_level(serial), r, token, false);
}

}  // namespace

void check_read_replicas(const Database& db, const Session& session, const schema::TableSchema& t,
                         const SelectRestrictions& r) {
  const bool serial = session.consistency == cluster::kSerial || session.consistency == cluster::kLocalSerial;
  if (serial && r.partition_lookup && !is_system_table(t) && named_partitions(t, r).size() > 1)
    error::invalid("SERIAL/LOCAL_SERIAL consistency may only be requested for one partition at a time");
  const auto rep = replication_to_check(db, session.consistency, t);
  if (!rep) return;
  if (r.partition_lookup) {
    for (const std::string& key : named_partitions(t, r)) {
      if (serial)
        check_serial_read(db, session.consistency, *rep, util::murmur3_token(key));
      else
        check_token(db, session.consistency, *rep, util::murmur3_token(key), false);
    }
    return;
  }
  // A range read: each token range it covers, in token order from the ring's start (the range
  // that wraps, ending at the first token, comes first).
  const auto& tokens = db.ring.tokens();
  const std::int64_t lo = r.token && r.token->lower ? *r.token->lower : INT64_MIN;
  const std::int64_t hi = r.token && r.token->upper ? *r.token->upper : INT64_MAX;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::int64_t end = tokens[i].first;
    // The range (previous, end] holds a token the restriction takes.
    const bool after_lo = r.token && r.token->lower && !r.token->lower_inclusive ? end > lo : end >= lo;
    const bool covered = i == 0 ? (after_lo || hi > tokens.back().first) : (tokens[i - 1].first < hi && after_lo);
    if (covered) check_token(db, session.consistency, *rep, end, false);
  }
}

}  // namespace cqlbox::exec
