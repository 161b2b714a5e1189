#include "persist/commit_log.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <algorithm>
#include <dirent.h>

#include "util/crc32.hpp"

namespace cqlbox::persist {

namespace {

void put_u(std::string& out, std::uint64_t v, int bytes) {
  for (int s = (bytes - 1) * 8; s >= 0; s -= 8) out += static_cast<char>((v >> s) & 0xff);
}

struct Cursor {
  std::string_view data;
  bool ok = true;
  std::uint64_t u(int bytes) {
    if (data.size() < static_cast<std::size_t>(bytes)) {
      ok = false;
      return 0;
    }
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v = (v << 8) | static_cast<unsigned char>(data[static_cast<std::size_t>(i)]);
    data.remove_prefix(static_cast<std::size_t>(bytes));
    return v;
  }
  std::string str(int length_bytes) {
    const std::uint64_t n = u(length_bytes);
    if (!ok || data.size() < n) {
      ok = false;
      return {};
    }
    std::string s(data.substr(0, n));
    data.remove_prefix(n);
    return s;
  }
};

std::string encode(const Record& r) {
  std::string p;
  p += '\1';
  put_u(p, static_cast<std::uint64_t>(r.now_us), 8);
  p += r.clock_fixed ? '\1' : '\0';
  put_u(p, static_cast<std::uint64_t>(r.last_timestamp), 8);
  put_u(p, r.random_state, 8);
  put_u(p, static_cast<std::uint64_t>(r.last_uuid_time), 8);
  put_u(p, static_cast<std::uint64_t>(r.prepend_ticks), 8);
  p += r.client_timestamp ? '\1' : '\0';
  put_u(p, static_cast<std::uint64_t>(r.client_timestamp.value_or(0)), 8);
  put_u(p, r.keyspace.size(), 2);
  p += r.keyspace;
  put_u(p, r.text.size(), 4);
  p += r.text;
  put_u(p, r.values.size(), 2);
  for (const auto& v : r.values) {
    p += static_cast<char>(v.state);
    put_u(p, v.bytes.size(), 4);
    p += v.bytes;
  }
  std::string out;
  put_u(out, p.size(), 4);
  put_u(out, util::crc32(p), 4);
  return out + p;
}

bool decode(std::string_view payload, Record& r) {
  Cursor c{payload};
  if (c.u(1) != 1) return false;
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
  put_u(bytes, payload.size(), 8);
  put_u(bytes, util::crc32(payload), 4);
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

std::size_t CommitLog::replay(std::uint64_t generation, const std::function<void(const Record&)>& apply,
                              std::string& notice) {
  std::vector<std::uint64_t> segments;
  for (auto n : numbered("commitlog-", ""))
    if (n >= generation) segments.push_back(n);
  if (segments.empty()) segments.push_back(std::max<std::uint64_t>(generation, 1));
  std::size_t total = 0;
  for (auto n : segments) {
    if (std::string error = open_segment(n); !error.empty()) {
      notice = error;
      return total;
    }
    std::string seg_notice;
    total += replay_segment(apply, seg_notice);
    if (!seg_notice.empty()) {
      notice += (notice.empty() ? "" : "\n") + seg_notice;
      if (n != segments.back()) {  // later segments would leave a gap: stop at the damage
        notice += "\nCommit log: later segments were not replayed";
        break;
      }
    }
  }
  return total;
}

std::size_t CommitLog::replay_segment(const std::function<void(const Record&)>& apply, std::string& notice) {
  // Read a block at a time (records are small, the log may be large); a record that spans
  // blocks waits in `buf` for the rest.
  constexpr std::size_t kBlock = 1 << 20;
  std::string buf;
  std::uint64_t file_pos = 0;   // where buf's bytes end in the file
  std::uint64_t good = 0;       // the end of the last intact record
  std::size_t count = 0;
  bool bad = false;
  for (;;) {
    std::size_t at = 0;
    while (!bad) {
      Cursor c{std::string_view(buf).substr(at)};
      const std::uint64_t length = c.u(4);
      const std::uint32_t crc = static_cast<std::uint32_t>(c.u(4));
      if (!c.ok || c.data.size() < length) break;  // incomplete here: more to read, or a torn tail
      Record r;
      if (util::crc32(c.data.substr(0, length)) != crc || !decode(c.data.substr(0, length), r)) {
        bad = true;
        break;
      }
      apply(r);
      ++count;
      at += 8 + length;
      good += 8 + length;
    }
    buf.erase(0, at);
    if (bad || file_pos >= size_) break;
    const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(kBlock, size_ - file_pos));
    const std::size_t old = buf.size();
    buf.resize(old + want);
    const ssize_t n = pread(fd_, buf.data() + old, want, static_cast<off_t>(file_pos));
    if (n <= 0) {
      buf.resize(old);
      break;
    }
    buf.resize(old + static_cast<std::size_t>(n));
    file_pos += static_cast<std::uint64_t>(n);
  }
  if (good < size_) {
    notice = "Commit log " + path_ + ": dropped " + std::to_string(size_ - good) +
             " bytes of a torn or corrupt record at offset " + std::to_string(good) + " (" +
             std::to_string(count) + " statements replayed)";
    if (ftruncate(fd_, static_cast<off_t>(good)) == 0) fsync(fd_);
  }
  size_ = good;
  return count;
}

std::string CommitLog::append(const Record& r) {
  const std::string bytes = encode(r);
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = pwrite(fd_, bytes.data() + done, bytes.size() - done, static_cast<off_t>(size_ + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string why = std::strerror(errno);
      if (ftruncate(fd_, static_cast<off_t>(size_)) != 0) {}  // drop what part was written
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
  if (mkdir(parent.c_str(), 0755) != 0 && errno != EEXIST) return "Cannot create " + parent + ": " + std::strerror(errno);
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
