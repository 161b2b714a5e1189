#include "util/memory.hpp"

#include <cstdio>

#include <unistd.h>

#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
#include <malloc.h>

#include <cstdlib>
#include <new>

// The browser edition has no /proc, and malloc's own statistics walk the whole heap. The C++
// heap counts what it holds instead: every allocation goes through these (one thread).
namespace {
std::size_t g_cpp_heap_bytes = 0;
}  // namespace

void* operator new(std::size_t n) {
  void* p = std::malloc(n ? n : 1);
  if (!p) throw std::bad_alloc();
  g_cpp_heap_bytes += malloc_usable_size(p);
  return p;
}
void* operator new[](std::size_t n) { return ::operator new(n); }
void operator delete(void* p) noexcept {
  if (!p) return;
  g_cpp_heap_bytes -= malloc_usable_size(p);
  std::free(p);
}
void operator delete[](void* p) noexcept { ::operator delete(p); }
void operator delete(void* p, std::size_t) noexcept { ::operator delete(p); }
void operator delete[](void* p, std::size_t) noexcept { ::operator delete(p); }
#endif

namespace cqlbox::util {

#ifdef __EMSCRIPTEN__
// What the C++ heap holds stands for the resident size (it falls again when memory is freed,
// as resident size does); the ceiling is the most the module's memory may grow to.
std::uint64_t resident_bytes() { return g_cpp_heap_bytes; }
std::uint64_t physical_memory_bytes() { return emscripten_get_heap_max(); }
#else
// Anonymous resident memory: statm's resident pages less its shared (file-backed) ones. Code
// pages the program touches for the first time are not what --max-memory guards, and in an
// instrumented build (coverage counters beside every branch) they alone grew past 8 MiB.
std::uint64_t resident_bytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  unsigned long long size = 0, resident = 0, shared = 0;
  const int n = std::fscanf(f, "%llu %llu %llu", &size, &resident, &shared);
  std::fclose(f);
  if (n != 3 || shared > resident) return 0;
  const long page = ::sysconf(_SC_PAGESIZE);
  return (resident - shared) * static_cast<std::uint64_t>(page > 0 ? page : 4096);
}

std::uint64_t physical_memory_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : 0;
}
#endif

}  // namespace cqlbox::util
