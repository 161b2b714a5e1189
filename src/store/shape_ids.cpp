#include "store/shape_ids.hpp"

#include <atomic>
#include <cstddef>
#include <map>
#include <mutex>
#include <stdexcept>

namespace cqlbox::store {

namespace {

constexpr std::size_t kIds = 65536, kChunk = 256;
constexpr std::size_t kInterned = 61440;  // the ids past it name plain shapes, by component count

// The shapes by id, in chunks allocated as ids are given (a reader finds its chunk without a
// lock: the id it holds was given, under the lock, after the entry was written).
std::atomic<RowShape*> chunks[kIds / kChunk];
std::mutex mu;

// Under mu.
std::map<RowShape, ShapeId>& known() {
  static auto* ids = new std::map<RowShape, ShapeId>;  // never destroyed: pages outlive statics
  return *ids;
}
std::size_t next_id = 0;  // under mu

void store(ShapeId id, const RowShape& shape) {
  std::atomic<RowShape*>& slot = chunks[id / kChunk];
  RowShape* chunk = slot.load(std::memory_order_relaxed);
  if (!chunk) {
    chunk = new RowShape[kChunk];
    chunk[id % kChunk] = shape;  // written before the chunk is published, as every entry is
    slot.store(chunk, std::memory_order_release);
    return;
  }
  chunk[id % kChunk] = shape;
}

}  // namespace

ShapeId shape_id(RowShape& shape) {
  std::lock_guard<std::mutex> lock(mu);
  std::map<RowShape, ShapeId>& ids = known();
  if (auto it = ids.find(shape); it != ids.end()) return it->second;
  std::size_t id = next_id;
  if (id < kInterned) {
    ++next_id;
  } else {
    RowShape plain{shape.parts};  // `shape` changes only once a number is certain
    if (auto it = ids.find(plain); it != ids.end()) {
      shape = plain;
      return it->second;
    }
    if (plain.parts >= kIds - kInterned)
      throw std::length_error("cqlbox: too many distinct table layouts for a key of this many clustering columns");
    shape = plain;
    id = kInterned + shape.parts;
  }
  store(static_cast<ShapeId>(id), shape);
  ids.emplace(shape, static_cast<ShapeId>(id));
  return static_cast<ShapeId>(id);
}

const RowShape& shape_of(ShapeId id) { return chunks[id / kChunk].load(std::memory_order_acquire)[id % kChunk]; }

ShapeId implied_shape_id(ShapeId base, unsigned char flags) {
  struct Last {
    ShapeId base;
    unsigned char flags;
    ShapeId id;
    bool set = false;
  };
  thread_local Last last{};
  if (last.set && last.base == base && last.flags == flags) return last.id;
  RowShape shape = shape_of(base);
  shape.implied = 1;
  shape.flags = flags;
  const ShapeId id = shape_id(shape);
  last = Last{base, flags, id, true};
  return id;
}

}  // namespace cqlbox::store
