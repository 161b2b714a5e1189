// Whether this build runs under AddressSanitizer: shortcuts that hide memory from it (the row
// pools, leaving the heap to the OS at exit) are off there, so it sees every block.
#pragma once

namespace cqlbox::util {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif
#else
inline constexpr bool kAddressSanitizer = false;
#endif

}  // namespace cqlbox::util
