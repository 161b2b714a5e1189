#include "server/server.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <optional>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "server/connection.hpp"

namespace cqlbox::server {

namespace {

// Back-pressure, as Cassandra's native transport pauses reading a connection whose requests
// outrun it: a client that pipelines requests without reading the answers stops being read once
// kOutputLimit bytes of answers wait for it, and its unread requests wait in the kernel's socket
// buffer, not in memory here. Its input buffer holds at most one frame beyond a read.
constexpr std::size_t kOutputLimit = 4u << 20;
constexpr std::size_t kInputLimit = Connection::kMaxFrameBody + 9 + 65536;
// A connection that has not completed STARTUP by then is closed (a port scanner, a stuck peer).
constexpr auto kStartupTimeout = std::chrono::seconds(10);
// accept() failing for want of file descriptors: stop accepting for this long, instead of
// spinning on a listening socket that stays readable.
constexpr auto kAcceptBackoff = std::chrono::milliseconds(100);

struct Client {
  explicit Client(SharedState& shared) : protocol(shared), accepted(std::chrono::steady_clock::now()) {}
  Connection protocol;
  std::string in, out;
  bool closing = false;
  mutable std::uint32_t watched = 0;  // the events epoll watches for it (0: not added yet)
  std::chrono::steady_clock::time_point accepted;
  bool reading() const { return !closing && out.size() < kOutputLimit && in.size() < kInputLimit; }
};

void set_nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK); }

}  // namespace

struct Server::Impl {
  SharedState shared;
  int listen_fd = -1, epoll_fd = -1, wake_fd = -1;
  std::size_t max_connections = 1024;
  std::string address;  // as bound: host:port
  bool every_interface = false;
  std::thread thread;
  std::map<int, std::unique_ptr<Client>> clients;
  std::vector<int> answered;  // connections with new responses, this round
  std::vector<int> backlog;   // connections whose waiting requests can run again
  std::optional<std::chrono::steady_clock::time_point> accept_paused_until;

  ~Impl() {
    for (int fd : {listen_fd, epoll_fd, wake_fd})
      if (fd >= 0) close(fd);
    for (auto& [fd, c] : clients) close(fd);
  }

  // Input while the connection may read; output while it has some to send.
  void watch(int fd, const Client& c) {
    epoll_event ev{};
    // No EPOLLRDHUP while not reading: level-triggered, a half-closed peer would wake the loop
    // at once, again and again, until its output drained.
    ev.events = (c.reading() ? EPOLLIN | EPOLLRDHUP : 0u) | (c.out.empty() ? 0u : EPOLLOUT);
    ev.data.fd = fd;
    // A request answered at once leaves the events as they were: no system call for it.
    if (c.watched != 0 && ev.events == (c.watched & ~kAdded)) return;
    if (epoll_ctl(epoll_fd, EPOLL_CTL_MOD, fd, &ev) != 0) epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &ev);
    c.watched = ev.events | kAdded;
  }
  static constexpr std::uint32_t kAdded = 1u << 31;  // (EPOLLET, never asked for here)

  void drop(int fd) {
    epoll_ctl(epoll_fd, EPOLL_CTL_DEL, fd, nullptr);
    close(fd);
    clients.erase(fd);
  }

  // Writes what it can; false when the connection is finished with. Requests that waited for
  // room in the output are queued to run again.
  bool flush(int fd, Client& c) {
    while (!c.out.empty()) {
      const ssize_t n = send(fd, c.out.data(), c.out.size(), MSG_NOSIGNAL);
      if (n < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK) break;
        if (errno == EINTR) continue;
        return false;
      }
      c.out.erase(0, static_cast<std::size_t>(n));
    }
    if (c.out.empty() && c.closing) return false;
    if (c.protocol.stalled() && c.out.size() < kOutputLimit) backlog.push_back(fd);
    watch(fd, c);
    return true;
  }

  // Runs the complete requests waiting in the connection's input, up to the output limit.
  void process(int fd, Client& c) {
    if (!c.closing && !c.protocol.consume(c.in, c.out, kOutputLimit)) c.closing = true;
    answered.push_back(fd);
  }

  void accept_all() {
    for (;;) {
      const int fd = accept(listen_fd, nullptr, nullptr);
      if (fd < 0) {
        if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
          accept_paused_until = std::chrono::steady_clock::now() + kAcceptBackoff;
          epoll_ctl(epoll_fd, EPOLL_CTL_DEL, listen_fd, nullptr);
        }
        return;
      }
      if (clients.size() >= max_connections) {  // over the cap: refused at once, not left hanging
        close(fd);
        continue;
      }
      set_nonblocking(fd);
      const int one = 1;
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      auto& c = *clients.emplace(fd, std::make_unique<Client>(shared)).first->second;
      watch(fd, c);
    }
  }

  // Reads and answers what arrived, while the connection may read; the answers go out in run(),
  // after the commit log sync.
  void readable(int fd) {
    auto it = clients.find(fd);
    if (it == clients.end()) return;
    Client& c = *it->second;
    char buf[65536];
    while (c.reading()) {
      const ssize_t n = recv(fd, buf, sizeof buf, 0);
      if (n > 0) {
        c.in.append(buf, static_cast<std::size_t>(n));
        if (!c.closing && !c.protocol.consume(c.in, c.out, kOutputLimit)) c.closing = true;
        // Level-triggered: a short read took all there was, and epoll says when more comes
        // (or the peer closes). Reading again would only return EAGAIN.
        if (static_cast<std::size_t>(n) < sizeof buf) break;
        continue;
      }
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      if (n < 0 && errno == EINTR) continue;
      // The peer closed (or the socket failed): whatever is half-sent is dropped with it.
      return drop(fd);
    }
    answered.push_back(fd);
  }

  // Milliseconds until the next timed duty (accepting again, a STARTUP deadline), -1 for none.
  int next_timeout() const {
    const auto now = std::chrono::steady_clock::now();
    std::optional<std::chrono::steady_clock::time_point> next = accept_paused_until;
    for (const auto& [fd, c] : clients)
      if (!c->protocol.started()) {
        const auto deadline = c->accepted + kStartupTimeout;
        if (!next || deadline < *next) next = deadline;
      }
    if (!next) return -1;
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(*next - now).count();
    return static_cast<int>(std::clamp<long long>(ms + 1, 0, 60'000));
  }

  void timed_duties() {
    const auto now = std::chrono::steady_clock::now();
    if (accept_paused_until && now >= *accept_paused_until) {
      accept_paused_until.reset();
      epoll_event ev{};
      ev.events = EPOLLIN;
      ev.data.fd = listen_fd;
      epoll_ctl(epoll_fd, EPOLL_CTL_ADD, listen_fd, &ev);
    }
    std::vector<int> idle;
    for (const auto& [fd, c] : clients)
      if (!c->protocol.started() && now - c->accepted >= kStartupTimeout) idle.push_back(fd);
    for (int fd : idle) drop(fd);
  }

  void run() {
    epoll_event events[64];
    for (;;) {
      const int timeout = backlog.empty() ? next_timeout() : 0;
      const int n = epoll_wait(epoll_fd, events, 64, timeout);
      if (n < 0) {
        if (errno == EINTR) continue;
        return;
      }
      for (int i = 0; i < n; ++i) {
        const int fd = events[i].data.fd;
        if (fd == wake_fd) return;
        if (fd == listen_fd) {
          accept_all();
          continue;
        }
        if (events[i].events & EPOLLIN)
          readable(fd);
        else if (events[i].events & (EPOLLERR | EPOLLHUP))
          drop(fd);
        else if (auto it = clients.find(fd); it != clients.end() && !flush(fd, *it->second))
          drop(fd);
      }
      timed_duties();
      // Requests that waited for their connection's output to drain.
      std::vector<int> resume;
      resume.swap(backlog);
      for (int fd : resume)
        if (auto it = clients.find(fd); it != clients.end()) process(fd, *it->second);
      // A response acknowledges its statement: with --data (batch sync) the round's writes are
      // fsynced once, then every answer of the round goes out.
      if (!answered.empty())
        if (const std::string error = shared.engine->sync(); !error.empty())
          std::fprintf(stderr, "%s\n", error.c_str());
      std::vector<int> round;
      round.swap(answered);
      for (int fd : round)
        if (auto it = clients.find(fd); it != clients.end() && !flush(fd, *it->second)) drop(fd);
    }
  }

  void broadcast(std::string_view type, std::string_view body) {
    for (auto& [fd, c] : clients)
      if (c->protocol.registered(type)) {
        c->protocol.push_event(c->out, body);
        watch(fd, *c);
      }
  }
};

Server::Server(engine::Engine& engine) : impl_(std::make_unique<Impl>()) {
  impl_->shared.engine = &engine;
  impl_->shared.broadcast = [this](std::string_view type, std::string_view body) { impl_->broadcast(type, body); };
}

Server::~Server() { stop(); }

const std::string& Server::address() const { return impl_->address; }
bool Server::every_interface() const { return impl_->every_interface; }
void Server::set_max_connections(std::size_t n) { impl_->max_connections = n; }

std::string Server::start(const std::string& address) {
  // host, host:port, [v6], [v6]:port
  std::string host = address, port = "9042";
  if (!address.empty() && address.front() == '[') {
    const auto close_at = address.find(']');
    host = address.substr(1, close_at == std::string::npos ? std::string::npos : close_at - 1);
    if (close_at != std::string::npos && close_at + 1 < address.size() && address[close_at + 1] == ':')
      port = address.substr(close_at + 2);
  } else if (auto colon = address.find(':');
             colon != std::string::npos && address.find(':', colon + 1) == std::string::npos) {
    host = address.substr(0, colon);
    port = address.substr(colon + 1);
  }
  if (host.empty()) host = "127.0.0.1";
  const bool numeric = !port.empty() && port.size() <= 5 && port.find_first_not_of("0123456789") == std::string::npos;
  if (!numeric || std::stoul(port) > 65535)
    return fmt::format("Cannot listen on {}: the port must be a number from 0 to 65535 (0: any free port)", address);
  addrinfo hints{}, *found = nullptr;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  if (int rc = getaddrinfo(host.c_str(), port.c_str(), &hints, &found); rc != 0)
    return fmt::format("Cannot listen on {}: {}", address, gai_strerror(rc));
  const int fd = socket(found->ai_family, SOCK_STREAM, 0);
  const int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (fd < 0 || bind(fd, found->ai_addr, found->ai_addrlen) != 0 || listen(fd, 128) != 0) {
    const std::string why = std::strerror(errno);
    freeaddrinfo(found);
    if (fd >= 0) close(fd);
    return fmt::format("Cannot listen on {}: {}", address, why);
  }
  freeaddrinfo(found);
  // What was bound, with the port the kernel chose for :0.
  sockaddr_storage bound{};
  socklen_t bound_size = sizeof bound;
  char host_text[INET6_ADDRSTRLEN] = "", port_text[8] = "";
  if (getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &bound_size) == 0 &&
      getnameinfo(reinterpret_cast<sockaddr*>(&bound), bound_size, host_text, sizeof host_text, port_text,
                  sizeof port_text, NI_NUMERICHOST | NI_NUMERICSERV) == 0)
    impl_->address = bound.ss_family == AF_INET6 ? fmt::format("[{}]:{}", host_text, port_text)
                                                 : fmt::format("{}:{}", host_text, port_text);
  else
    impl_->address = address;
  impl_->every_interface = host == "0.0.0.0" || host == "::";
  set_nonblocking(fd);
  impl_->listen_fd = fd;
  impl_->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  impl_->wake_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.fd = fd;
  epoll_ctl(impl_->epoll_fd, EPOLL_CTL_ADD, fd, &ev);
  ev.data.fd = impl_->wake_fd;
  epoll_ctl(impl_->epoll_fd, EPOLL_CTL_ADD, impl_->wake_fd, &ev);
  // The serving thread takes no signals: SIGINT stays with the shell (or its sigwait).
  sigset_t all, saved;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &saved);
  impl_->thread = std::thread([this] { impl_->run(); });
  pthread_sigmask(SIG_SETMASK, &saved, nullptr);
  return "";
}

void Server::stop() {
  if (!impl_ || !impl_->thread.joinable()) return;
  const std::uint64_t one = 1;
  (void)!write(impl_->wake_fd, &one, sizeof one);
  impl_->thread.join();
}

}  // namespace cqlbox::server
