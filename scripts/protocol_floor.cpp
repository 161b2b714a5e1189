// The floor for cqlbox-load --floor: a native protocol "server" that does no work. It answers
// every complete frame at once with the smallest fitting response (READY to STARTUP, a PREPARED
// id to PREPARE, a VOID result to the rest), through the same epoll, recv and send calls a real
// server makes. What a client measures against it is the machine's own cost and tail: loopback
// TCP, two wake-ups and the scheduler. cqlbox's latency minus this is what cqlbox adds.
#include "protocol_floor.hpp"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <map>
#include <string>

#include "protocol_frame.hpp"

namespace {

constexpr unsigned char kStartup = 0x01, kReady = 0x02, kResult = 0x08, kPrepare = 0x09;

// The response to one request frame (its header at `h`): same version with the response bit set,
// same stream.
void answer(const unsigned char* h, std::string& out) {
  std::string body;
  cqlbox::server::Writer w(body);
  unsigned char op = kResult;
  if (h[4] == kStartup) {
    op = kReady;
  } else if (h[4] == kPrepare) {  // kind 4, the id "P", then empty bind and result metadata
    w.i32(4);
    w.short_bytes("P");
    for (int i = 0; i < 5; ++i) w.i32(0);
  } else {
    w.i32(1);  // VOID
  }
  append_frame(out, static_cast<std::uint8_t>(h[0] | 0x80), static_cast<std::int16_t>((h[2] << 8) | h[3]), op, body);
}

}  // namespace

void serve_floor(int port) {
  const int listener = socket(AF_INET, SOCK_STREAM, 0), one = 1;
  setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(listener, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || listen(listener, 64) != 0) _exit(1);
  const int ep = epoll_create1(0);
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.fd = listener;
  epoll_ctl(ep, EPOLL_CTL_ADD, listener, &ev);
  std::map<int, std::string> input;
  epoll_event events[64];
  char buf[65536];
  for (;;) {
    const int n = epoll_wait(ep, events, 64, -1);
    for (int i = 0; i < n; ++i) {
      const int fd = events[i].data.fd;
      if (fd == listener) {
        const int c = accept(listener, nullptr, nullptr);
        if (c < 0) continue;
        setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        ev.data.fd = c;
        epoll_ctl(ep, EPOLL_CTL_ADD, c, &ev);
        continue;
      }
      const ssize_t got = recv(fd, buf, sizeof buf, 0);
      if (got <= 0) {
        close(fd);  // also leaves the epoll set
        input.erase(fd);
        continue;
      }
      std::string& in = input[fd];
      in.append(buf, static_cast<std::size_t>(got));
      std::string out;
      std::size_t at = 0;
      while (in.size() - at >= 9) {
        const auto* h = reinterpret_cast<const unsigned char*>(in.data() + at);
        const std::size_t len = frame_length(h);
        if (in.size() - at < 9 + len) break;
        answer(h, out);
        at += 9 + len;
      }
      in.erase(0, at);
      // Blocking sends: the answers are small and the client reads them.
      for (std::size_t sent = 0; sent < out.size();) {
        const ssize_t w = send(fd, out.data() + sent, out.size() - sent, MSG_NOSIGNAL);
        if (w <= 0) break;
        sent += static_cast<std::size_t>(w);
      }
    }
  }
}
