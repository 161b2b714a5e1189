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

#include <cerrno>
#include <cstring>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "server/connection.hpp"

namespace cqlbox::server {

namespace {

struct Client {
  explicit Client(SharedState& shared) : protocol(shared) {}
  Connection protocol;
  std::string in, out;
  bool closing = false;
};

void set_nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK); }

}  // namespace

struct Server::Impl {
  SharedState shared;
  int listen_fd = -1, epoll_fd = -1, wake_fd = -1;
  std::thread thread;
  std::map<int, std::unique_ptr<Client>> clients;

  ~Impl() {
    for (int fd : {listen_fd, epoll_fd, wake_fd})
      if (fd >= 0) close(fd);
    for (auto& [fd, c] : clients) close(fd);
  }

  void watch(int fd, bool want_write) {
    epoll_event ev{};
    ev.events = EPOLLIN | EPOLLRDHUP | (want_write ? EPOLLOUT : 0u);
    ev.data.fd = fd;
    if (epoll_ctl(epoll_fd, EPOLL_CTL_MOD, fd, &ev) != 0) epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &ev);
  }

  void drop(int fd) {
    epoll_ctl(epoll_fd, EPOLL_CTL_DEL, fd, nullptr);
    close(fd);
    clients.erase(fd);
  }

  // Writes what it can; false when the connection is finished with.
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
    watch(fd, !c.out.empty());
    return true;
  }

  void accept_all() {
    for (;;) {
      const int fd = accept(listen_fd, nullptr, nullptr);
      if (fd < 0) return;
      set_nonblocking(fd);
      const int one = 1;
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      clients.emplace(fd, std::make_unique<Client>(shared));
      watch(fd, false);
    }
  }

  // Reads and answers what arrived; the answers go out in run(), after the commit log sync.
  void readable(int fd) {
    auto it = clients.find(fd);
    if (it == clients.end()) return;
    Client& c = *it->second;
    char buf[65536];
    for (;;) {
      const ssize_t n = recv(fd, buf, sizeof buf, 0);
      if (n > 0) {
        c.in.append(buf, static_cast<std::size_t>(n));
        if (!c.closing && !c.protocol.consume(c.in, c.out)) c.closing = true;
        continue;
      }
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      if (n < 0 && errno == EINTR) continue;
      // The peer closed (or the socket failed): whatever is half-sent is dropped with it.
      return drop(fd);
    }
    answered.push_back(fd);
  }

  std::vector<int> answered;  // connections with new responses, this round

  void run() {
    epoll_event events[64];
    for (;;) {
      const int n = epoll_wait(epoll_fd, events, 64, -1);
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
        if (events[i].events & EPOLLIN) readable(fd);
        else if (events[i].events & (EPOLLERR | EPOLLHUP)) drop(fd);
        else if (auto it = clients.find(fd); it != clients.end() && !flush(fd, *it->second)) drop(fd);
      }
      // A response acknowledges its statement: with --data (batch sync) the round's writes are
      // fsynced once, then every answer of the round goes out.
      if (!answered.empty() && shared.sync) shared.sync();
      for (int fd : answered)
        if (auto it = clients.find(fd); it != clients.end() && !flush(fd, *it->second)) drop(fd);
      answered.clear();
    }
  }

  void broadcast(std::string_view type, std::string_view body) {
    for (auto& [fd, c] : clients)
      if (c->protocol.registered(type)) {
        c->protocol.push_event(c->out, body);
        watch(fd, true);
      }
  }
};

Server::Server(exec::Database& db, std::recursive_mutex& db_mutex) : impl_(std::make_unique<Impl>()) {
  impl_->shared.db = &db;
  impl_->shared.db_mutex = &db_mutex;
  impl_->shared.broadcast = [this](std::string_view type, std::string_view body) { impl_->broadcast(type, body); };
}

Server::~Server() { stop(); }

SharedState& Server::shared() { return impl_->shared; }

std::string Server::start(const std::string& address) {
  // host, host:port, [v6], [v6]:port
  std::string host = address, port = "9042";
  if (!address.empty() && address.front() == '[') {
    const auto close_at = address.find(']');
    host = address.substr(1, close_at == std::string::npos ? std::string::npos : close_at - 1);
    if (close_at != std::string::npos && close_at + 1 < address.size() && address[close_at + 1] == ':')
      port = address.substr(close_at + 2);
  } else if (auto colon = address.find(':'); colon != std::string::npos && address.find(':', colon + 1) == std::string::npos) {
    host = address.substr(0, colon);
    port = address.substr(colon + 1);
  }
  if (host.empty()) host = "127.0.0.1";
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
