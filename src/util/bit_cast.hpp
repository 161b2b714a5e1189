// std::bit_cast, or the compiler's builtin where the standard library lacks it: the browser
// edition's libc++ (Debian's emscripten 3.1.6 ships libc++ 13) has no std::bit_cast.
#pragma once

#include <version>

#if defined(__cpp_lib_bit_cast)
#include <bit>
#endif

namespace cqlbox::util {

#if defined(__cpp_lib_bit_cast)
using std::bit_cast;
#else
template <class To, class From>
constexpr To bit_cast(const From& from) noexcept {
  static_assert(sizeof(To) == sizeof(From));
  return __builtin_bit_cast(To, from);
}
#endif

}  // namespace cqlbox::util
