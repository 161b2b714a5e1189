// The browser edition's Server (scripts/web): a page has no sockets to listen on, so --listen
// is refused with a message. The shell links this instead of server.cpp there.
#include "server/server.hpp"

namespace cqlbox::server {

struct Server::Impl {
  std::string address;
};

Server::Server(engine::Engine&) : impl_(std::make_unique<Impl>()) {}
Server::~Server() = default;

std::string Server::start(const std::string&) { return "--listen: the browser edition has no network server"; }
const std::string& Server::address() const { return impl_->address; }
bool Server::every_interface() const { return false; }
void Server::set_max_connections(std::size_t) {}
void Server::stop() {}

}  // namespace cqlbox::server
