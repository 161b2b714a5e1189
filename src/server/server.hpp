// `cqlbox --listen host:port`: the native protocol server. One thread runs an epoll loop over
// the listening socket and every connection (non-blocking sockets, per-connection input and
// output buffers); requests execute on that thread, one at a time, under the database mutex the
// shell takes for each of its lines. Plain epoll rather than a networking library: one thread,
// a few hundred lines, nothing to install.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "engine/engine.hpp"

namespace cqlbox::server {

class Server {
 public:
  explicit Server(engine::Engine& engine);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds `address` ("host:port", port 9042 when omitted) and starts serving on a thread.
  // Returns an error message, or "" once listening.
  std::string start(const std::string& address);

  // Once started: the address bound (host:port, the real port for :0), and whether it is every
  // interface (0.0.0.0 or ::).
  const std::string& address() const;
  bool every_interface() const;
  // Connections over this many are closed as soon as they are accepted (default 1024).
  void set_max_connections(std::size_t n);

  // Stops serving and closes every connection (also done by the destructor).
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cqlbox::server
