// An errno as Linux numbers it, for the "[Errno N]" cqlsh prints (Python on Linux). The browser
// edition's libc numbers errors as WASI does (ENOENT is 44 there); the native build is Linux.
#pragma once

#include <cerrno>

namespace cqlbox::util {

constexpr int linux_errno(int err) noexcept {
#ifdef __linux__
  return err;
#else
  switch (err) {
    case EPERM: return 1;
    case ENOENT: return 2;
    case EIO: return 5;
    case EBADF: return 9;
    case EACCES: return 13;
    case EBUSY: return 16;
    case EEXIST: return 17;
    case ENOTDIR: return 20;
    case EISDIR: return 21;
    case EINVAL: return 22;
    case EMFILE: return 24;
    case EFBIG: return 27;
    case ENOSPC: return 28;
    case EROFS: return 30;
    case ENAMETOOLONG: return 36;
    case ENOTEMPTY: return 39;
    case ELOOP: return 40;
    default: return err;
  }
#endif
}

}  // namespace cqlbox::util
