// Cells, row liveness and deletions, with Cassandra's reconciliation rules (db/rows/Cells,
// LivenessInfo, DeletionTime). Times: timestamps in µs (write time), expiry and deletion
// times in seconds (Cassandra's localDeletionTime).
//
// Memory (this first store, before the packed layout of DESIGN.md): a Cell is 48 bytes plus
// its value's heap bytes when longer than the small-string buffer (15 bytes).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cqlbox::store {

inline constexpr std::int64_t kNoTimestamp = INT64_MIN;
// Times in seconds are 64-bit: an expiry past 2038 (a 20-year TTL from 2024) must not wrap.
inline constexpr std::int64_t kNoExpiry = INT64_MAX;

struct Cell {
  std::string value;
  std::int64_t timestamp = kNoTimestamp;  // kNoTimestamp: no cell
  std::int32_t ttl = 0;                   // seconds, 0 when not expiring
  std::int64_t local_time = kNoExpiry;    // expiry (expiring) or deletion time (tombstone)
  bool tombstone = false;

  bool exists() const { return timestamp != kNoTimestamp; }
  bool expiring() const { return ttl > 0 && !tombstone; }
  // Live at `now_s`: present, not a tombstone, not expired.
  bool live(std::int64_t now_s) const { return exists() && !tombstone && (ttl == 0 || now_s < local_time); }
};

// True when `a` wins over `b` (Cells.resolveRegular): higher timestamp; on a tie a tombstone
// or expiring cell beats a live one, a tombstone beats an expiring one, then the later local
// time, then the greater value as unsigned bytes.
inline bool supersedes(const Cell& a, const Cell& b) {
  if (a.timestamp != b.timestamp) return a.timestamp > b.timestamp;
  const bool a_dead = a.tombstone || a.expiring(), b_dead = b.tombstone || b.expiring();
  if (a_dead != b_dead) return a_dead;
  if (a_dead) {
    if (a.tombstone != b.tombstone) return a.tombstone;
    if (a.local_time != b.local_time) return a.local_time > b.local_time;
  }
  return a.value > b.value;  // std::string compares as unsigned char
}

// The primary-key liveness ("row marker"), written by INSERT only.
struct Liveness {
  std::int64_t timestamp = kNoTimestamp;
  std::int32_t ttl = 0;
  std::int64_t expiry = kNoExpiry;

  bool exists() const { return timestamp != kNoTimestamp; }
  bool live(std::int64_t now_s) const { return exists() && (ttl == 0 || now_s < expiry); }
};

// LivenessInfo.supersedes: higher timestamp; on a tie the expiring one, then later expiry.
inline bool supersedes(const Liveness& a, const Liveness& b) {
  if (a.timestamp != b.timestamp) return a.timestamp > b.timestamp;
  if ((a.ttl > 0) != (b.ttl > 0)) return a.ttl > 0;
  return a.expiry > b.expiry;
}

// A deletion at `timestamp` shadows everything written at or before it.
struct Deletion {
  std::int64_t timestamp = kNoTimestamp;
  std::int64_t local_time = 0;

  bool exists() const { return timestamp != kNoTimestamp; }
  bool deletes(std::int64_t ts) const { return exists() && ts <= timestamp; }
  void merge(const Deletion& other) {
    if (other.timestamp > timestamp) *this = other;
  }
};

// One element of a non-frozen collection: its path (list: a timeuuid, set: the element, map:
// the key) and its cell (a set element's cell has an empty value).
struct PathCell {
  std::string path;
  Cell cell;
};

// A non-frozen collection column within a row: the collection tombstone written when the
// whole collection is replaced (at timestamp - 1), and the element cells sorted by path.
struct ComplexColumn {
  Deletion deletion;
  std::vector<PathCell> cells;
};

}  // namespace cqlbox::store
