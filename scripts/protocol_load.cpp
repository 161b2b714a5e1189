// cqlbox-load: a native protocol load generator (protocol v4, no driver), for scripts/bench.
// It starts `cqlbox --listen` on a free port, creates a table, prepares a single-row INSERT and
// SELECT, then keeps N requests in flight over a few connections (stream ids, pipelined) and
// reports requests per second, latency percentiles and the server's CPU time per request (user
// + system, from /proc/PID/stat over the timed part only). Not a test: numbers for the notes.
//
//   cqlbox-load BINARY|--floor [--in-flight 64] [--connections 4] [--requests 200000]
//
// With --in-flight 1 the latencies are those of one request at a time. --floor serves the same
// requests from a server that does no work (protocol_floor.cpp): the machine's own latency and
// tail, to subtract.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "server/wire.hpp"
#include "protocol_floor.hpp"
#include "protocol_frame.hpp"

namespace {

using cqlbox::server::Reader;
using cqlbox::server::Writer;
using Clock = std::chrono::steady_clock;

constexpr std::uint8_t kStartup = 0x01, kReady = 0x02, kQuery = 0x07, kResult = 0x08, kPrepare = 0x09,
                       kExecute = 0x0A, kError = 0x00;

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "cqlbox-load: %s\n", why.c_str());
  std::exit(1);
}

struct Frame {
  std::int16_t stream = 0;
  std::uint8_t opcode = 0;
  std::string body;
};

class Connection {
 public:
  explicit Connection(int port) {
    fd_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) die("cannot connect");
    const int one = 1;
    setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  }
  ~Connection() { close(fd_); }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Appends a request frame to the output (sent by flush()).
  void queue(std::int16_t stream, std::uint8_t opcode, const std::string& body) {
    append_frame(out_, 0x04, stream, opcode, body);
  }
  void flush() {
    for (std::size_t done = 0; done < out_.size();) {
      const ssize_t n = send(fd_, out_.data() + done, out_.size() - done, MSG_NOSIGNAL);
      if (n <= 0) die("send failed");
      done += static_cast<std::size_t>(n);
    }
    out_.clear();
  }
  // Whether a whole response is already read.
  bool has_frame() const {
    if (in_.size() - at_ < 9) return false;
    const auto* h = reinterpret_cast<const unsigned char*>(in_.data() + at_);
    return in_.size() - at_ >= 9 + frame_length(h);
  }
  // The next response, reading as much as is there.
  Frame next() {
    for (;;) {
      if (in_.size() - at_ >= 9) {
        const auto* h = reinterpret_cast<const unsigned char*>(in_.data() + at_);
        const std::size_t length = frame_length(h);
        if (in_.size() - at_ >= 9 + length) {
          Frame f;
          f.stream = static_cast<std::int16_t>((h[2] << 8) | h[3]);
          f.opcode = h[4];
          f.body.assign(in_, at_ + 9, length);
          at_ += 9 + length;
          if (at_ == in_.size()) in_.clear(), at_ = 0;
          return f;
        }
      }
      char buf[1 << 16];
      const ssize_t n = recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) die("the server closed the connection");
      if (at_ > 0) in_.erase(0, at_), at_ = 0;
      in_.append(buf, static_cast<std::size_t>(n));
    }
  }
  // One request, answered.
  Frame call(std::uint8_t opcode, const std::string& body) {
    queue(0, opcode, body);
    flush();
    Frame f = next();
    if (f.opcode == kError) {
      Reader r(f.body);
      (void)r.i32();
      die("error: " + std::string(r.string()));
    }
    return f;
  }

 private:
  int fd_ = -1;
  std::string out_, in_;
  std::size_t at_ = 0;
};

std::string query_body(const std::string& text) {
  std::string b;
  Writer w(b);
  w.long_string(text);
  w.u16(1);  // ONE
  w.byte(0);
  return b;
}

std::string prepare(Connection& c, const std::string& text) {
  std::string b;
  Writer(b).long_string(text);
  const Frame f = c.call(kPrepare, b);
  Reader r(f.body);
  (void)r.i32();  // kind: Prepared
  return std::string(r.short_bytes());
}

std::string int_value(std::int32_t v) {
  std::string s;
  Writer(s).i32(v);
  return s;
}

// EXECUTE of `id` with `values` at ONE, skipping the result metadata, as a driver sends it.
std::string execute_body(const std::string& id, const std::vector<std::string>& values) {
  std::string b;
  Writer w(b);
  w.short_bytes(id);
  w.u16(1);
  w.byte(0x01 | 0x02);  // values, skip metadata
  w.u16(static_cast<std::uint16_t>(values.size()));
  for (const auto& v : values) w.bytes(v);
  return b;
}

// User and system CPU seconds the process has used.
std::pair<double, double> cpu_seconds(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
  std::string all((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  std::istringstream rest(all.substr(all.rfind(')') + 2));
  std::string field;
  double utime = 0, stime = 0;
  for (int i = 3; rest >> field; ++i) {
    if (i == 14) utime = std::stod(field);
    if (i == 15) {
      stime = std::stod(field);
      break;
    }
  }
  const auto tick = static_cast<double>(sysconf(_SC_CLK_TCK));
  return {utime / tick, stime / tick};
}

int free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t len = sizeof a;
  getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  close(fd);
  return ntohs(a.sin_port);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) die("usage: cqlbox-load BINARY|--floor [--in-flight N] [--connections N] [--requests N]");
  const std::string binary = argv[1];
  const bool floor = binary == "--floor";
  int in_flight = 64, connections = 4;
  long requests = 200000;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string k = argv[i];
    if (k == "--in-flight") in_flight = std::max(1, std::atoi(argv[i + 1]));
    else if (k == "--connections") connections = std::max(1, std::atoi(argv[i + 1]));
    else if (k == "--requests") requests = std::max(2L, std::atol(argv[i + 1]));
    else die("unknown option " + k);
  }
  connections = std::min(connections, in_flight);
  const int port = free_port();
  const pid_t server = fork();
  if (server == 0) {
    const std::string address = "127.0.0.1:" + std::to_string(port);
    freopen("/dev/null", "r", stdin);
    freopen("/dev/null", "w", stdout);
    freopen("/dev/null", "w", stderr);
    if (floor) serve_floor(port);
    execl(binary.c_str(), binary.c_str(), "--listen", address.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  std::vector<std::unique_ptr<Connection>> conns;
  for (int attempt = 0; attempt < 200 && conns.empty(); ++attempt) {
    usleep(50000);
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool up = connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    close(fd);
    if (up) conns.push_back(std::make_unique<Connection>(port));
  }
  if (conns.empty()) die("the server did not start");
  while (static_cast<int>(conns.size()) < connections) conns.push_back(std::make_unique<Connection>(port));
  std::string startup;
  Writer(startup).string_multimap({{"CQL_VERSION", {"3.0.0"}}});
  for (auto& c : conns)
    if (c->call(kStartup, startup).opcode != kReady) die("STARTUP not answered READY");
  Connection& first = *conns[0];
  first.call(kQuery, query_body("CREATE KEYSPACE load WITH replication = {'class': 'SimpleStrategy', "
                                "'replication_factor': 1}"));
  first.call(kQuery, query_body("CREATE TABLE load.kv (k int, c int, v text, PRIMARY KEY (k, c))"));
  const std::string insert = prepare(first, "INSERT INTO load.kv (k, c, v) VALUES (?, ?, ?)");
  const std::string select = prepare(first, "SELECT v FROM load.kv WHERE k = ? AND c = ?");

  // Requests alternate: an INSERT of row i, then the SELECT of it, over the connections in turn.
  const int per_connection = std::max(1, in_flight / connections);
  std::vector<double> latencies;
  latencies.reserve(static_cast<std::size_t>(requests));
  std::vector<std::vector<Clock::time_point>> sent(conns.size(), std::vector<Clock::time_point>(static_cast<std::size_t>(per_connection)));
  long issued = 0, done = 0;
  auto body_for = [&](long n) {
    const auto row = static_cast<std::int32_t>(n / 2);
    if (n % 2 == 0) return execute_body(insert, {int_value(row % 1000), int_value(row), "value " + std::to_string(row)});
    return execute_body(select, {int_value(row % 1000), int_value(row)});
  };
  const auto cpu_before = cpu_seconds(server);
  const auto start = Clock::now();
  for (std::size_t ci = 0; ci < conns.size(); ++ci) {
    for (int s = 0; s < per_connection && issued < requests; ++s) {
      sent[ci][static_cast<std::size_t>(s)] = Clock::now();
      conns[ci]->queue(static_cast<std::int16_t>(s), kExecute, body_for(issued++));
    }
    conns[ci]->flush();
  }
  // Each connection in turn: the responses that have arrived, each replaced by a new request,
  // and the new requests written together (as a driver coalesces its writes).
  while (done < requests) {
    for (std::size_t ci = 0; ci < conns.size() && done < requests; ++ci) {
      do {
        const Frame f = conns[ci]->next();
        if (f.opcode != kResult) die("a request failed");
        const auto s = static_cast<std::size_t>(f.stream);
        latencies.push_back(std::chrono::duration<double>(Clock::now() - sent[ci][s]).count());
        ++done;
        if (issued < requests) {
          sent[ci][s] = Clock::now();
          conns[ci]->queue(f.stream, kExecute, body_for(issued++));
        }
      } while (conns[ci]->has_frame() && done < requests);
      conns[ci]->flush();
    }
  }
  const double took = std::chrono::duration<double>(Clock::now() - start).count();
  const auto cpu_after = cpu_seconds(server);
  const double user = cpu_after.first - cpu_before.first, sys = cpu_after.second - cpu_before.second;
  std::sort(latencies.begin(), latencies.end());
  auto pct = [&](double p) {
    return latencies[std::min(latencies.size() - 1, static_cast<std::size_t>(p * static_cast<double>(latencies.size())))] * 1e6;
  };
  std::printf(
      "%s: %ld prepared requests (INSERT, SELECT alternating), %d in flight over %zu connections: %.0f "
      "req/s, p50 %.0f us, p99 %.0f us; server CPU %.2f us per request (user %.2f, system %.2f)\n",
      floor ? "floor (a server doing no work)" : "cqlbox-load", requests,
      per_connection * static_cast<int>(conns.size()), conns.size(), static_cast<double>(requests) / took,
      pct(0.50), pct(0.99), (user + sys) * 1e6 / static_cast<double>(requests), user * 1e6 / static_cast<double>(requests),
      sys * 1e6 / static_cast<double>(requests));
  kill(server, SIGTERM);
  waitpid(server, nullptr, 0);
  return 0;
}
