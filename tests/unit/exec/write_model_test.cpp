// Writes at the statement level against a reference model (STYLE.md §3, a seeded property
// test): random INSERT / UPDATE (including set and map operations) / DELETE (partition, row,
// range, cell, collection element) with distinct but shuffled USING TIMESTAMPs and TTLs, run
// through the parser and exec::execute on a fixed clock that sometimes moves on. After every
// statement, SELECT * of the table must equal what the model says is visible, and two
// materialized views must hold exactly the rows derived from that (view_maintenance.cpp).
//
// The model keeps each value with its timestamp and expiry and decides visibility directly:
// a deletion at T hides everything written at or before T; a row is visible while its marker or
// any cell is live. Timestamps are distinct, so no reconciliation ties arise here (the store's
// own tie rules are tested in store/deletion_model_test.cpp).
#include <doctest/doctest.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <numeric>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "parse/parser.hpp"
#include "types/bytes.hpp"
#include "types/collection.hpp"

namespace exec = cqlbox::exec;
using cqlbox::types::read_be;

namespace {

constexpr std::int64_t kStart = 1704067200LL * 1000000;  // 2024-01-01, the fixed clock
constexpr std::int64_t kMin = INT64_MIN;
constexpr std::int32_t kNever = INT32_MAX;

std::uint64_t test_seed() {
  if (const char* s = std::getenv("CQLBOX_TEST_SEED")) return std::strtoull(s, nullptr, 10);
  return 20241122;
}

// A value (or a tombstone, value == nullopt) with its write timestamp and expiry second.
struct Versioned {
  std::optional<int> value;
  std::int64_t ts = kMin;
  std::int32_t expiry = kNever;
};

struct ModelRow {
  Versioned marker;  // value unused: the row marker of INSERT
  Versioned v, w;
  std::map<int, Versioned> s, m;
  std::int64_t s_deleted = kMin, m_deleted = kMin, row_deleted = kMin;
};

struct RangeDeletion {
  int p;
  std::optional<int> lo, hi;
  bool lo_inclusive, hi_inclusive;
  std::int64_t ts;
  bool covers(int pp, int c) const {
    if (pp != p) return false;
    if (lo && (c < *lo || (c == *lo && !lo_inclusive))) return false;
    if (hi && (c > *hi || (c == *hi && !hi_inclusive))) return false;
    return true;
  }
};

void put(Versioned& slot, const Versioned& write) {
  if (write.ts > slot.ts) slot = write;
}

// What SELECT * shows for one visible row: p, c, m, s, v, w as text.
using Shown = std::vector<std::string>;

class Model {
 public:
  std::map<std::pair<int, int>, ModelRow> rows;
  std::map<int, std::int64_t> partition_deleted;
  std::vector<RangeDeletion> ranges;

  std::int64_t shadow(int p, int c, const ModelRow& r) const {
    std::int64_t ts = r.row_deleted;
    if (auto it = partition_deleted.find(p); it != partition_deleted.end()) ts = std::max(ts, it->second);
    for (const auto& rd : ranges)
      if (rd.covers(p, c)) ts = std::max(ts, rd.ts);
    return ts;
  }
  static bool live(const Versioned& x, std::int64_t shadow, std::int32_t now) {
    return x.ts > shadow && x.value && now < x.expiry;
  }

  // Visible rows: (p, c) -> shown values; `v` gives the live v, if any.
  std::map<std::pair<int, int>, Shown> visible(std::int32_t now,
                                               std::map<std::pair<int, int>, int>* v_of = nullptr) const {
    std::map<std::pair<int, int>, Shown> out;
    for (const auto& [key, r] : rows) {
      const auto [p, c] = key;
      const std::int64_t sh = shadow(p, c, r);
      bool any = r.marker.ts > sh && now < r.marker.expiry;
      auto collection = [&](const std::map<int, Versioned>& elements, std::int64_t deleted, bool map) {
        std::string text;
        for (const auto& [k, e] : elements)
          if (live(e, std::max(sh, deleted), now)) {
            text += text.empty() ? "" : ",";
            text += map ? fmt::format("{}:{}", k, *e.value) : std::to_string(k);
          }
        if (!text.empty()) any = true;
        return text.empty() ? std::string("null") : "{" + text + "}";
      };
      const std::string m = collection(r.m, r.m_deleted, true);
      const std::string s = collection(r.s, r.s_deleted, false);
      const bool v_live = live(r.v, sh, now), w_live = live(r.w, sh, now);
      any = any || v_live || w_live;
      if (!any) continue;
      out[key] = {std::to_string(p),
                  std::to_string(c),
                  m,
                  s,
                  v_live ? std::to_string(*r.v.value) : "null",
                  w_live ? fmt::format("w{}", *r.w.value) : "null"};
      if (v_of && v_live) (*v_of)[key] = *r.v.value;
    }
    return out;
  }
};

std::string show_int(const std::optional<std::string>& v) {
  return v ? std::to_string(read_be<std::int32_t>(*v)) : "null";
}
std::string show_collection(const std::optional<std::string>& v, bool map) {
  if (!v) return "null";
  std::vector<std::string_view> parts;
  REQUIRE(cqlbox::types::decode_elements(*v, parts, map));
  std::string text;
  for (std::size_t i = 0; i < parts.size(); i += map ? 2 : 1) {
    text += text.empty() ? "" : ",";
    text += std::to_string(read_be<std::int32_t>(parts[i]));
    if (map) text += ":" + std::to_string(read_be<std::int32_t>(parts[i + 1]));
  }
  return "{" + text + "}";
}

class Harness {
 public:
  Harness() {
    db.clock = cqlbox::util::Clock(kStart);
    run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    run("USE ks");
    run("CREATE TABLE t (p int, c int, v int, w text, s set<int>, m map<int, int>, PRIMARY KEY (p, c))");
    run("CREATE MATERIALIZED VIEW by_v AS SELECT p, c, v, w FROM t "
        "WHERE v IS NOT NULL AND p IS NOT NULL AND c IS NOT NULL PRIMARY KEY (v, p, c)");
    run("CREATE MATERIALIZED VIEW by_c AS SELECT * FROM t WHERE c IS NOT NULL AND p IS NOT NULL PRIMARY KEY (c, p)");
  }

  exec::Result run(const std::string& cql) {
    INFO(cql);
    return exec::execute(db, session, parser.parse(cql));
  }
  exec::Rows select(const std::string& cql) { return std::get<exec::Rows>(run(cql)); }
  std::int32_t now() const { return static_cast<std::int32_t>(db.clock.now_us() / 1000000); }

  exec::Database db;
  exec::Session session;
  cqlbox::parse::Parser parser;
};

std::map<std::pair<int, int>, Shown> table_rows(Harness& h) {
  std::map<std::pair<int, int>, Shown> out;
  for (const auto& row : h.select("SELECT * FROM t").rows) {
    const int p = read_be<std::int32_t>(*row[0]), c = read_be<std::int32_t>(*row[1]);
    out[{p, c}] = {
        show_int(row[0]), show_int(row[1]),         show_collection(row[2], true), show_collection(row[3], false),
        show_int(row[4]), row[5] ? *row[5] : "null"};
  }
  return out;
}

// Maps rendered as text, so a failing REQUIRE shows both sides.
template <class K, class V>
std::string text_of(const std::map<K, V>& m) {
  std::string out;
  for (const auto& [k, v] : m) out += fmt::format("{} -> {}\n", fmt::join(k, ","), fmt::format("{}", v));
  return out;
}
template <class K>
std::string text_of(const std::map<K, Shown>& m) {
  std::string out;
  for (const auto& [k, v] : m) out += fmt::format("{},{} -> {}\n", k.first, k.second, fmt::join(v, " "));
  return out;
}

struct Gen {
  std::mt19937_64 rng;
  int below(int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); }
  bool chance(int percent) { return below(100) < percent; }
};

std::string int_set(Gen& g, std::vector<int>& out) {
  const int n = 1 + g.below(2);
  std::set<int> picked;
  for (int i = 0; i < n; ++i) picked.insert(g.below(4));
  out.assign(picked.begin(), picked.end());
  std::string text;
  for (int x : out) text += (text.empty() ? "" : ", ") + std::to_string(x);
  return "{" + text + "}";
}

}  // namespace

TEST_CASE("random INSERT/UPDATE/DELETE with collections, TTLs and views read as the model says (seeded)") {
  const std::uint64_t seed = test_seed();
  INFO("seed " << seed << " (set CQLBOX_TEST_SEED to replay)");
  Gen g{std::mt19937_64(seed)};
  Harness h;
  Model model;

  constexpr int kOps = 400;
  // Distinct timestamps, applied in shuffled order: later statements may be older.
  std::vector<std::int64_t> stamps(kOps);
  std::iota(stamps.begin(), stamps.end(), 1);
  std::shuffle(stamps.begin(), stamps.end(), g.rng);

  for (int op = 0; op < kOps; ++op) {
    const std::int64_t ts = kStart + stamps[static_cast<std::size_t>(op)] * 10;
    const int p = g.below(3), c = g.below(5);
    const std::int32_t now = h.now();
    const int ttl = g.chance(20) ? 1 + g.below(4) : 0;
    const std::int32_t expiry = ttl ? now + ttl : kNever;
    const std::string using_ts = fmt::format("USING TIMESTAMP {}{}", ts, ttl ? fmt::format(" AND TTL {}", ttl) : "");
    std::string cql;
    const int kind = g.below(100);
    if (kind < 5) {
      h.db.clock.advance(static_cast<std::int64_t>(1 + g.below(3)) * 1000000);
      cql = "-- clock advance";
    } else if (kind < 35) {
      // INSERT with a random subset of the regular columns (null = tombstone).
      ModelRow& r = model.rows[{p, c}];
      put(r.marker, {0, ts, expiry});
      std::string cols = "p, c", vals = fmt::format("{}, {}", p, c);
      if (g.chance(70)) {
        const bool null = g.chance(20);
        const int v = g.below(4);
        cols += ", v";
        vals += null ? ", null" : fmt::format(", {}", v);
        put(r.v, {null ? std::nullopt : std::optional<int>(v), ts, expiry});
      }
      if (g.chance(60)) {
        const int w = g.below(4);
        cols += ", w";
        vals += fmt::format(", 'w{}'", w);
        put(r.w, {w, ts, expiry});
      }
      if (g.chance(50)) {
        std::vector<int> elements;
        const std::string set = g.chance(20) ? "null" : int_set(g, elements);
        cols += ", s";
        vals += ", " + set;
        r.s_deleted = std::max(r.s_deleted, ts - 1);
        for (int e : elements) put(r.s[e], {0, ts, expiry});
      }
      if (g.chance(50)) {
        const int k = g.below(4), v = g.below(9);
        cols += ", m";
        vals += fmt::format(", {{{}: {}}}", k, v);
        r.m_deleted = std::max(r.m_deleted, ts - 1);
        put(r.m[k], {v, ts, expiry});
      }
      cql = fmt::format("INSERT INTO t ({}) VALUES ({}) {}", cols, vals, using_ts);
    } else if (kind < 70) {
      // UPDATE: one or two assignments; no row marker.
      ModelRow& r = model.rows[{p, c}];
      std::string sets;
      const int n = 1 + g.below(2);
      std::set<int> used;  // one assignment per column
      for (int i = 0; i < n; ++i) {
        const int a = g.below(9);
        const int column = a < 2 ? 0 : a < 3 ? 1 : a < 6 ? 2 : 3;  // v, w, s, m
        if (!used.insert(column).second) continue;
        std::string one;
        switch (a) {
          case 0: {
            const int v = g.below(4);
            one = fmt::format("v = {}", v);
            put(r.v, {v, ts, expiry});
            break;
          }
          case 1:
            one = "v = null";
            put(r.v, {std::nullopt, ts, kNever});
            break;
          case 2: {
            const int w = g.below(4);
            one = fmt::format("w = 'w{}'", w);
            put(r.w, {w, ts, expiry});
            break;
          }
          case 3: {
            std::vector<int> elements;
            one = "s = s + " + int_set(g, elements);
            for (int e : elements) put(r.s[e], {0, ts, expiry});
            break;
          }
          case 4: {
            std::vector<int> elements;
            one = "s = s - " + int_set(g, elements);
            for (int e : elements) put(r.s[e], {std::nullopt, ts, kNever});
            break;
          }
          case 5: {
            std::vector<int> elements;
            one = "s = " + int_set(g, elements);
            r.s_deleted = std::max(r.s_deleted, ts - 1);
            for (int e : elements) put(r.s[e], {0, ts, expiry});
            break;
          }
          case 6: {
            const int k = g.below(4), v = g.below(9);
            one = fmt::format("m[{}] = {}", k, v);
            put(r.m[k], {v, ts, expiry});
            break;
          }
          case 7: {
            const int k = g.below(4), v = g.below(9);
            one = fmt::format("m = m + {{{}: {}}}", k, v);
            put(r.m[k], {v, ts, expiry});
            break;
          }
          default: {
            const int k = g.below(4);
            one = fmt::format("m = m - {{{}}}", k);
            put(r.m[k], {std::nullopt, ts, kNever});
            break;
          }
        }
        sets += (sets.empty() ? "" : ", ") + one;
      }
      cql = fmt::format("UPDATE t {} SET {} WHERE p = {} AND c = {}", using_ts, sets, p, c);
    } else {
      // DELETE: partition, row, range, cells, a map element, a whole collection.
      const std::string at = fmt::format("USING TIMESTAMP {}", ts);
      const int form = g.below(6);
      if (form == 0) {
        cql = fmt::format("DELETE FROM t {} WHERE p = {}", at, p);
        auto& d = model.partition_deleted[p];
        d = std::max(d, ts);
      } else if (form == 1) {
        cql = fmt::format("DELETE FROM t {} WHERE p = {} AND c = {}", at, p, c);
        ModelRow& r = model.rows[{p, c}];
        r.row_deleted = std::max(r.row_deleted, ts);
      } else if (form == 2) {
        RangeDeletion rd{p, std::nullopt, std::nullopt, g.chance(50), g.chance(50), ts};
        std::string where = fmt::format("p = {}", p);
        if (g.chance(70)) {
          rd.lo = g.below(5);
          where += fmt::format(" AND c {} {}", rd.lo_inclusive ? ">=" : ">", *rd.lo);
        }
        if (!rd.lo || g.chance(60)) {
          rd.hi = g.below(5);
          where += fmt::format(" AND c {} {}", rd.hi_inclusive ? "<=" : "<", *rd.hi);
        }
        cql = fmt::format("DELETE FROM t {} WHERE {}", at, where);
        model.ranges.push_back(rd);
      } else if (form == 3) {
        cql = fmt::format("DELETE v, w FROM t {} WHERE p = {} AND c = {}", at, p, c);
        ModelRow& r = model.rows[{p, c}];
        put(r.v, {std::nullopt, ts, kNever});
        put(r.w, {std::nullopt, ts, kNever});
      } else if (form == 4) {
        const int k = g.below(4);
        cql = fmt::format("DELETE m[{}] FROM t {} WHERE p = {} AND c = {}", k, at, p, c);
        put(model.rows[{p, c}].m[k], {std::nullopt, ts, kNever});
      } else {
        cql = fmt::format("DELETE s FROM t {} WHERE p = {} AND c = {}", at, p, c);
        ModelRow& r = model.rows[{p, c}];
        r.s_deleted = std::max(r.s_deleted, ts);
      }
    }
    if (std::getenv("CQLBOX_TEST_TRACE")) fmt::print("{}: {}\n", op, cql);
    if (cql.rfind("--", 0) != 0) h.run(cql);

    INFO("after op " << op << ": " << cql);
    std::map<std::pair<int, int>, int> v_of;
    const auto expected = model.visible(h.now(), &v_of);
    REQUIRE(text_of(table_rows(h)) == text_of(expected));

    // by_v: (v, p, c) -> w, for rows whose v is live.
    std::map<std::vector<int>, std::string> by_v_expected, by_v;
    for (const auto& [key, v] : v_of) by_v_expected[{v, key.first, key.second}] = expected.at(key)[5];
    for (const auto& row : h.select("SELECT v, p, c, w FROM by_v").rows)
      by_v[{read_be<std::int32_t>(*row[0]), read_be<std::int32_t>(*row[1]), read_be<std::int32_t>(*row[2])}] =
          row[3] ? *row[3] : "null";
    REQUIRE(text_of(by_v) == text_of(by_v_expected));

    // by_c: every visible row, keyed (c, p).
    std::map<std::pair<int, int>, Shown> by_c;
    for (const auto& row : h.select("SELECT p, c, m, s, v, w FROM by_c").rows) {
      const int pp = read_be<std::int32_t>(*row[0]), cc = read_be<std::int32_t>(*row[1]);
      by_c[{pp, cc}] = {
          show_int(row[0]), show_int(row[1]),         show_collection(row[2], true), show_collection(row[3], false),
          show_int(row[4]), row[5] ? *row[5] : "null"};
    }
    REQUIRE(text_of(by_c) == text_of(expected));
  }
}

TEST_CASE("a read stops when the shell's Ctrl-C flag is set, and nothing changes") {
  Harness h;
  for (int p = 0; p < 50; ++p) h.run("INSERT INTO t (p, c, v) VALUES (" + std::to_string(p) + ", 1, 1)");
  volatile int flag = 0;
  h.session.interrupted = &flag;
  CHECK(h.select("SELECT count(*) FROM t").rows.size() == 1);
  flag = 1;
  try {
    h.run("SELECT * FROM t WHERE w = 'x' ALLOW FILTERING");
    FAIL("the read ran to its end");
  } catch (const cqlbox::error::CqlError& e) {
    CHECK(e.cls == cqlbox::error::ErrorClass::ShellError);
    CHECK(e.message == "Interrupted");
  }
  flag = 0;
  CHECK(h.select("SELECT * FROM t").rows.size() == 50);
}

TEST_CASE("a write is cancelled whole when the shell's Ctrl-C flag is set before it applies") {
  Harness h;
  volatile int flag = 1;
  h.session.interrupted = &flag;
  try {
    h.run(
        "BEGIN BATCH INSERT INTO t (p, c, v) VALUES (1, 1, 1); INSERT INTO t (p, c, v) VALUES (2, 1, 1); APPLY BATCH");
    FAIL("the batch was applied");
  } catch (const cqlbox::error::CqlError& e) {
    CHECK(e.cls == cqlbox::error::ErrorClass::ShellError);
    CHECK(e.message == "Interrupted");
  }
  flag = 0;
  CHECK(h.select("SELECT * FROM t").rows.empty());
  h.run("INSERT INTO t (p, c, v) VALUES (1, 1, 1)");
  CHECK(h.select("SELECT * FROM t").rows.size() == 1);
}
