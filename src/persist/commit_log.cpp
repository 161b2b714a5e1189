#include "persist/commit_log.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <algorithm>
#include <dirent.h>

#include "util/big_endian.hpp"
#include "util/crc32.hpp"

namespace cqlbox::persist {

namespace {

using util::put_be;
using Cursor = util::BigEndianReader;

std::string encode(const Record& r) {
  std::string p;
  p += r.user.empty() ? '\1' : '\2';
  put_be(p, static_cast<std::uint64_t>(r.now_us), 8);
  p += r.clock_fixed ? '\1' : '\0';
  put_be(p, static_cast<std::uint64_t>(r.last_timestamp), 8);
  put_be(p, r.random_state, 8);
  put_be(p, static_cast<std::uint64_t>(r.last_uuid_time), 8);
  put_be(p, static_cast<std::uint64_t>(r.prepend_ticks), 8);
  p += r.client_timestamp ? '\1' : '\0';
  put_be(p, static_cast<std::uint64_t>(r.client_timestamp.value_or(0)), 8);
  put_be(p, r.keyspace.size(), 2);
  p += r.keyspace;
  put_be(p, r.text.size(), 4);
  p += r.text;
  put_be(p, r.values.size(), 2);
  for (const auto& v : r.values) {
    p += static_cast<char>(v.state);
    put_be(p, v.bytes.size(), 4);
    p += v.bytes;
  }
  if (!r.user.empty()) {
    put_be(p, r.user.size(), 2);
    p += r.user;
  }
  std::string out;
  put_be(out, p.size(), 4);
  put_be(out, util::crc32(p), 4);
  return out + p;
}

bool decode(std::string_view payload, Record& r) {
  Cursor c{payload};
  const std::uint64_t version = c.u(1);
  if (version != 1 && version != 2) return false;
  r.now_us = static_cast<std::int64_t>(c.u(8));
  r.clock_fixed = c.u(1) != 0;
  r.last_timestamp = static_cast<std::int64_t>(c.u(8));
  r.random_state = c.u(8);
  r.last_uuid_time = static_cast<std::int64_t>(c.u(8));
  r.prepend_ticks = static_cast<std::int64_t>(c.u(8));
  const bool has_client = c.u(1) != 0;
  const auto client = static_cast<std::int64_t>(c.u(8));
  if (has_client) r.client_timestamp = client;
  r.keyspace = c.str(2);
  r.text = c.str(4);
  const std::uint64_t n = c.u(2);
  for (std::uint64_t i = 0; c.ok && i < n; ++i) {
    Record::Value v;
    v.state = static_cast<std::uint8_t>(c.u(1));
    v.bytes = c.str(4);
    r.values.push_back(std::move(v));
  }
  if (version == 2) r.user = c.str(2);
  return c.ok && c.data.empty();
}

std::int64_t now_us() {
  using namespace std::chrono;
  return duration_cast<microseconds>(steady_clock::now().time_since_epoch()).count();
}

}  // namespace

void CommitLog::close() {
  if (fd_ >= 0) {
    fsync(fd_);
    ::close(fd_);
    fd_ = -1;
  }
  if (lock_fd_ >= 0) {
    ::close(lock_fd_);  // releases the flock
    lock_fd_ = -1;
  }
}

std::string CommitLog::open(const std::string& dir, SyncMode mode) {
  mode_ = mode;
  dir_ = dir;
  if (mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
    return "Cannot create data directory " + dir + ": " + std::strerror(errno);
  DIR* d = opendir(dir.c_str());
  if (!d) return "Cannot read data directory " + dir + ": " + std::strerror(errno);
  closedir(d);
  // Writable? (A read-only directory should stop the start, not the first write.)
  if (access(dir.c_str(), W_OK) != 0) return "Cannot write to data directory " + dir + ": " + std::strerror(errno);
  // One process at a time: two appending to one log lose each other's writes.
  const std::string lock = dir + "/lock";
  lock_fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_fd_ < 0) return "Cannot create " + lock + ": " + std::strerror(errno);
  if (flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    const bool busy = errno == EWOULDBLOCK;
    const std::string why = std::strerror(errno);
    ::close(lock_fd_);
    lock_fd_ = -1;
    if (busy) return "Data directory " + dir + " is in use by another cqlbox process (" + lock + " is locked)";
    return "Cannot lock " + lock + ": " + why;
  }
  // A data file a kill cut short was never renamed into place: its .tmp is garbage.
  if (DIR* d2 = opendir(dir.c_str())) {
    std::vector<std::string> stale;
    while (dirent* e = readdir(d2)) {
      const std::string name = e->d_name;
      if (name.compare(0, 5, "data-") == 0 && name.size() > 7 && name.compare(name.size() - 7, 7, ".db.tmp") == 0)
        stale.push_back(dir + "/" + name);
    }
    closedir(d2);
    for (const auto& f : stale) unlink(f.c_str());
  }
  return "";
}

std::vector<std::uint64_t> CommitLog::numbered(const char* prefix, const char* suffix) const {
  std::vector<std::uint64_t> out;
  DIR* d = opendir(dir_.c_str());
  if (!d) return out;
  const std::string pre(prefix), suf(suffix);
  while (dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (name.size() <= pre.size() + suf.size() || name.compare(0, pre.size(), pre) != 0 ||
        name.compare(name.size() - suf.size(), suf.size(), suf) != 0)
      continue;
    const std::string digits = name.substr(pre.size(), name.size() - pre.size() - suf.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 18) continue;
    out.push_back(std::stoull(digits));
  }
  closedir(d);
  std::sort(out.begin(), out.end());
  return out;
}

std::uint64_t CommitLog::data_generation() const {
  const auto gens = numbered("data-", ".db");
  return gens.empty() ? 0 : gens.back();
}

std::string CommitLog::open_segment(std::uint64_t n) {
  const std::string path = dir_ + "/commitlog-" + std::to_string(n);
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return "Cannot open commit log " + path + ": " + std::strerror(errno);
  if (fd_ >= 0) {
    fdatasync(fd_);
    ::close(fd_);
  }
  fd_ = fd;
  path_ = path;
  segment_ = n;
  struct stat st {};
  fstat(fd_, &st);
  size_ = before_last_ = static_cast<std::uint64_t>(st.st_size);
  dirty_ = false;
  return "";
}

std::uint64_t CommitLog::rotate(std::string& error) {
  error = open_segment(segment_ + 1);
  if (error.empty()) {
    const int d = ::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (d >= 0) {
      fsync(d);
      ::close(d);
    }
  }
  return segment_;
}

void CommitLog::remove_before(std::uint64_t generation) {
  for (auto n : numbered("commitlog-", ""))
    if (n < generation) unlink((dir_ + "/commitlog-" + std::to_string(n)).c_str());
  for (auto n : numbered("data-", ".db"))
    if (n < generation) unlink((dir_ + "/data-" + std::to_string(n) + ".db").c_str());
}

std::string CommitLog::write_data_file(std::uint64_t generation, const std::string& payload) {
  const std::string path = dir_ + "/data-" + std::to_string(generation) + ".db";
  const std::string tmp = path + ".tmp";
  std::string bytes = "CQLBOXDB1";
  put_be(bytes, payload.size(), 8);
  put_be(bytes, util::crc32(payload), 4);
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return "Cannot write " + tmp + ": " + std::strerror(errno);
  auto write_all = [&](const std::string& b) {
    std::size_t done = 0;
    while (done < b.size()) {
      const ssize_t n = ::write(fd, b.data() + done, b.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      done += static_cast<std::size_t>(n);
    }
    return true;
  };
  if (!write_all(bytes) || !write_all(payload) || fsync(fd) != 0) {
    const std::string why = std::strerror(errno);
    ::close(fd);
    unlink(tmp.c_str());
    return "Cannot write " + tmp + ": " + why;
  }
  ::close(fd);
  if (rename(tmp.c_str(), path.c_str()) != 0) return "Cannot rename " + tmp + ": " + std::strerror(errno);
  const int d = ::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (d >= 0) {
    fsync(d);
    ::close(d);
  }
  return "";
}

bool CommitLog::read_data_file(std::uint64_t generation, std::string& payload, std::string& error) const {
  const std::string path = dir_ + "/data-" + std::to_string(generation) + ".db";
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = "Cannot read " + path + ": " + std::strerror(errno);
    return false;
  }
  std::string all;
  char buf[1 << 16];
  for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) all.append(buf, static_cast<std::size_t>(n));
  ::close(fd);
  Cursor c{all};
  const bool magic = all.compare(0, 9, "CQLBOXDB1") == 0;
  c.data.remove_prefix(std::min<std::size_t>(9, c.data.size()));
  const std::uint64_t size = c.u(8);
  const auto crc = static_cast<std::uint32_t>(c.u(4));
  if (!magic || !c.ok || c.data.size() != size || util::crc32(c.data) != crc) {
    error = "Data file " + path + " is damaged (bad header, length or checksum)";
    return false;
  }
  payload.assign(c.data);
  return true;
}

namespace {

constexpr std::uint64_t kMinPayload = 59;  // a record with empty keyspace, text and values

// Whether `payload` has a record's shape: its lengths add up to exactly its size. Cheap and
// allocation-free, so a scan for the next record checks it before any checksum.
bool well_formed(std::string_view payload) {
  Cursor c{payload};
  const std::uint64_t version = c.u(1);
  for (int bytes : {8, 1, 8, 8, 8, 8, 1, 8}) c.u(bytes);
  auto skip = [&](int length_bytes) {
    const std::uint64_t n = c.u(length_bytes);
    if (!c.ok || c.data.size() < n) return c.ok = false;
    c.data.remove_prefix(static_cast<std::size_t>(n));
    return true;
  };
  if (!skip(2) || !skip(4)) return false;
  const std::uint64_t values = c.u(2);
  for (std::uint64_t i = 0; c.ok && i < values; ++i) {
    c.u(1);
    skip(4);
  }
  if (version == 2) skip(2);
  return c.ok && (version == 1 || version == 2) && c.data.empty();
}

// The length of the intact record at `at` of `seg` (header included), 0 when none is there.
std::uint64_t intact_at(std::string_view seg, std::uint64_t at, Record* r) {
  Cursor c{seg.substr(static_cast<std::size_t>(at))};
  const std::uint64_t length = c.u(4);
  const auto crc = static_cast<std::uint32_t>(c.u(4));
  if (!c.ok || length < kMinPayload || c.data.size() < length || (c.data[0] != 1 && c.data[0] != 2)) return 0;
  const std::string_view payload = c.data.substr(0, static_cast<std::size_t>(length));
  if (!well_formed(payload) || util::crc32(payload) != crc) return 0;
  Record scratch;
  if (!decode(payload, r ? *r : scratch)) return 0;
  return 8 + length;
}

// The next offset after `from` where an intact record starts, or npos.
std::uint64_t next_intact(std::string_view seg, std::uint64_t from) {
  for (std::uint64_t at = from; at + 8 + kMinPayload <= seg.size(); ++at)
    if (seg[static_cast<std::size_t>(at) + 8] == 1 && intact_at(seg, at, nullptr)) return at;
  return std::string_view::npos;
}

// A read-only view of a whole file (empty for an empty file); unmapped by the destructor.
struct MappedFile {
  void* base = MAP_FAILED;
  std::size_t size = 0;
  MappedFile(int fd, std::uint64_t n) : size(static_cast<std::size_t>(n)) {
    if (size) base = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  }
  ~MappedFile() {
    if (base != MAP_FAILED) munmap(base, size);
  }
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  bool ok() const { return size == 0 || base != MAP_FAILED; }
  std::string_view view() const {
    return size ? std::string_view(static_cast<const char*>(base), size) : std::string_view();
  }
};

bool copy_file(const std::string& from, const std::string& to) {
  const int in = ::open(from.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) return false;
  const int out = ::open(to.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  bool ok = out >= 0;
  char buf[1 << 16];
  for (ssize_t n; ok && (n = ::read(in, buf, sizeof buf)) > 0;)
    ok = ::write(out, buf, static_cast<std::size_t>(n)) == n;
  ok = ok && out >= 0 && fsync(out) == 0;
  ::close(in);
  if (out >= 0) ::close(out);
  return ok;
}

}  // namespace

std::size_t CommitLog::replay(std::uint64_t generation, const std::function<void(const Record&)>& apply,
                              std::string& notice) {
  ReplayReport report = replay(generation, [&](const Record& r) {
    apply(r);
    return std::string();
  });
  notice = report.notice;
  if (!report.error.empty()) notice += (notice.empty() ? "" : "\n") + report.error;
  return report.replayed;
}

CommitLog::ReplayReport CommitLog::replay(std::uint64_t generation,
                                          const std::function<std::string(const Record&)>& apply, bool salvage) {
  ReplayReport report;
  std::vector<std::uint64_t> segments;
  for (auto n : numbered("commitlog-", ""))
    if (n >= generation) segments.push_back(n);
  if (segments.empty()) segments.push_back(std::max<std::uint64_t>(generation, 1));

  // The record being applied, in a mapped file the kernel keeps if the process dies: at the next
  // start it names the record whose replay crashed.
  const std::string marker_path = dir_ + "/replay-position";
  Poison poison;
  if (const int m = ::open(marker_path.c_str(), O_RDONLY | O_CLOEXEC); m >= 0) {
    std::uint64_t pos[2] = {0, 0};
    if (::read(m, pos, sizeof pos) == static_cast<ssize_t>(sizeof pos) && pos[0] > 0) poison = {pos[0], pos[1], true};
    ::close(m);
  }
  std::uint64_t* marker = nullptr;
  const int mfd = ::open(marker_path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (mfd >= 0 && ftruncate(mfd, 16) == 0) {
    void* p = mmap(nullptr, 16, PROT_READ | PROT_WRITE, MAP_SHARED, mfd, 0);
    if (p != MAP_FAILED) marker = static_cast<std::uint64_t*>(p);
  }

  // A segment counts as the newest when only empty segments follow it: a crash right after a
  // rotation can leave the new segment empty and the old one's tail torn.
  std::vector<bool> newest(segments.size(), false);
  for (std::size_t i = segments.size(); i-- > 0;) {
    newest[i] = true;
    struct stat st {};
    if (stat((dir_ + "/commitlog-" + std::to_string(segments[i])).c_str(), &st) == 0 && st.st_size > 0) break;
  }
  for (std::size_t i = 0; i < segments.size(); ++i) {
    if (std::string error = open_segment(segments[i]); !error.empty()) {
      report.error = error;
      break;
    }
    bool copied = false;
    replay_segment(apply, newest[i], salvage, poison, marker, report, copied);
    if (!report.error.empty()) break;
  }
  report.retire_log = report.salvaged || report.quarantined > 0;
  if (marker) munmap(marker, 16);
  if (mfd >= 0) ::close(mfd);
  unlink(marker_path.c_str());  // replay ended without dying: no record to suspect
  // Appends go after everything there is: never into a segment older than another one.
  if (report.error.empty() && !segments.empty() && segment_ != segments.back())
    report.error = open_segment(segments.back());
  return report;
}

void CommitLog::quarantine(std::string_view record_bytes, ReplayReport& report) {
  const std::string path = dir_ + "/commitlog-quarantine";
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  bool ok = fd >= 0;
  if (ok) ok = ::write(fd, record_bytes.data(), record_bytes.size()) == static_cast<ssize_t>(record_bytes.size());
  if (ok) ok = fsync(fd) == 0;
  if (fd >= 0) ::close(fd);
  ++report.quarantined;
  if (!ok)
    report.notice += (report.notice.empty() ? "" : "\n") +
                     ("Cannot keep the skipped record in " + path + ": " + std::strerror(errno));
}

void CommitLog::replay_segment(const std::function<std::string(const Record&)>& apply, bool last, bool salvage,
                               const Poison& poison, std::uint64_t* marker, ReplayReport& report, bool& copied) {
  auto note = [&](const std::string& line) { report.notice += (report.notice.empty() ? "" : "\n") + line; };
  const MappedFile file(fd_, size_);
  if (!file.ok()) {
    report.error = "Cannot read commit log " + path_ + ": " + std::strerror(errno);
    return;
  }
  const std::string_view seg = file.view();
  std::uint64_t at = 0, good = 0;
  std::size_t count = 0;
  while (at < seg.size()) {
    Record r;
    const std::uint64_t length = intact_at(seg, at, &r);
    if (length == 0) {
      const std::uint64_t next = next_intact(seg, at + 1);
      if (next == std::string_view::npos && last) {  // a torn tail: the crash's last write
        note("Commit log " + path_ + ": dropped " + std::to_string(seg.size() - at) +
             " bytes of a torn or corrupt record at offset " + std::to_string(at) + " (" + std::to_string(count) +
             " statements replayed)");
        break;
      }
      const std::string where = "Commit log " + path_ + " is damaged at offset " + std::to_string(at) + " (" +
                                std::to_string((next == std::string_view::npos ? seg.size() : next) - at) +
                                " bytes fail their checksum";
      if (!salvage) {
        report.error =
            where + (next == std::string_view::npos ? ", and later segments follow" : ", and intact records follow") +
            "). cqlbox will not start on it, so that nothing after it is lost; the file is unchanged. "
            "Start with --salvage-commitlog to skip the damage (every skip is reported, the "
            "damaged segment is kept as " +
            path_ + ".damaged).";
        return;
      }
      if (!copied && !copy_file(path_, path_ + ".damaged")) {  // every damaged segment keeps a copy
        report.error = where + "): salvage needs a copy of the damaged segment first, and " + path_ +
                       ".damaged could not be written: " + std::strerror(errno);
        return;
      }
      copied = true;
      report.salvaged = true;
      note(where + "): skipped");
      if (next == std::string_view::npos) {
        good = at;
        break;
      }
      at = next;
      continue;
    }
    const std::string_view bytes = seg.substr(static_cast<std::size_t>(at), static_cast<std::size_t>(length));
    std::string failure;
    if (poison.known && poison.segment == segment_ && poison.offset == at) {
      // Its replay died last time. Try it in a child first: if that dies too, skip it.
      const pid_t pid = fork();
      if (pid == 0) {
        try {
          apply(r);
        } catch (...) {  // only whether it dies matters: never let the child run on
        }
        _exit(0);
      }
      int status = 0;
      if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFSIGNALED(status))
        failure = std::string("its replay crashed cqlbox (signal ") + std::to_string(WTERMSIG(status)) + ")";
    }
    if (failure.empty()) {
      if (marker) {
        marker[0] = segment_;
        marker[1] = at;
      }
      failure = apply(r);
    }
    if (!failure.empty()) {
      quarantine(bytes, report);
      note("Commit log " + path_ + ": the statement at offset " + std::to_string(at) + " was skipped: " + failure +
           ". Its record is kept in " + dir_ + "/commitlog-quarantine: " + r.text.substr(0, 80));
    } else {
      ++count;
    }
    at += length;
    good = at;
  }
  if (good < size_ && !report.salvaged) {
    if (ftruncate(fd_, static_cast<off_t>(good)) == 0) fsync(fd_);
    size_ = good;
  }
  report.replayed += count;
}

std::string CommitLog::append(const Record& r) {
  const std::string bytes = encode(r);
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = pwrite(fd_, bytes.data() + done, bytes.size() - done, static_cast<off_t>(size_ + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string why = std::strerror(errno);
      if (ftruncate(fd_, static_cast<off_t>(size_)) != 0) {
      }  // drop what part was written
      return "Cannot write to the commit log " + path_ + ": " + why + "; the statement was not applied";
    }
    done += static_cast<std::size_t>(n);
  }
  before_last_ = size_;
  size_ += bytes.size();
  dirty_ = true;
  if (mode_ == SyncMode::Periodic) {
    const std::int64_t now = now_us();
    if (now - last_sync_us_ >= kPeriodUs) {
      fdatasync(fd_);  // a failure here surfaces at the next sync(); the write itself succeeded
      last_sync_us_ = now;
      dirty_ = false;
    }
  }
  return "";
}

std::string CommitLog::sync(bool idle) {
  if (fd_ < 0 || !dirty_) return "";
  const std::int64_t now = now_us();
  if (mode_ == SyncMode::Periodic && !idle && now - last_sync_us_ < kPeriodUs) return "";
  if (fdatasync(fd_) != 0) return "Cannot sync the commit log " + path_ + ": " + std::strerror(errno);
  dirty_ = false;
  last_sync_us_ = now;
  return "";
}

void CommitLog::rollback() {
  if (size_ == before_last_) return;
  if (ftruncate(fd_, static_cast<off_t>(before_last_)) == 0) size_ = before_last_;
}

std::string copy_into(const std::string& file, const std::string& dir) {
  const std::string parent = dir.substr(0, dir.rfind('/'));
  if (mkdir(parent.c_str(), 0755) != 0 && errno != EEXIST)
    return "Cannot create " + parent + ": " + std::strerror(errno);
  if (mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) return "Cannot create " + dir + ": " + std::strerror(errno);
  const int in = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) return "Cannot read " + file + ": " + std::strerror(errno);
  const std::string target = dir + "/data.db";
  const int out = ::open(target.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out < 0) {
    ::close(in);
    return "Cannot write " + target + ": " + std::strerror(errno);
  }
  char buf[1 << 16];
  bool ok = true;
  for (ssize_t n; ok && (n = ::read(in, buf, sizeof buf)) > 0;)
    ok = ::write(out, buf, static_cast<std::size_t>(n)) == n;
  ok = ok && fsync(out) == 0;
  const std::string why = ok ? "" : std::strerror(errno);
  ::close(in);
  ::close(out);
  return ok ? "" : "Cannot write " + target + ": " + why;
}

void remove_snapshots(const std::string& snapshots, const std::string& tag) {
  DIR* d = opendir(snapshots.c_str());
  if (!d) return;
  std::vector<std::string> names;
  while (dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (name != "." && name != ".." && (tag.empty() || name == tag)) names.push_back(name);
  }
  closedir(d);
  for (const auto& name : names) {
    const std::string dir = snapshots + "/" + name;
    unlink((dir + "/data.db").c_str());
    rmdir(dir.c_str());
  }
}

}  // namespace cqlbox::persist
