#include "cluster/ring.hpp"

#include <algorithm>
#include <cstdlib>

#include "util/murmur3.hpp"

namespace cqlbox::cluster {

Replication replication_of(const std::map<std::string, std::string>& options) {
  Replication r;
  auto cls = options.find("class");
  r.network_topology = cls != options.end() && cls->second.find("NetworkTopologyStrategy") != std::string::npos;
  // NetworkTopologyStrategy's 'replication_factor' expands to every datacenter (4.0+).
  auto rf = options.find(r.network_topology ? "datacenter1" : "replication_factor");
  if (r.network_topology && rf == options.end()) rf = options.find("replication_factor");
  r.replication_factor = rf == options.end() ? 0 : std::atoi(rf->second.c_str());
  r.total_replication_factor = r.replication_factor;
  if (r.network_topology && options.find("replication_factor") == options.end()) {
    r.total_replication_factor = 0;
    for (const auto& [name, value] : options)
      if (name != "class") {
        r.datacenters.emplace_back(name, std::atoi(value.c_str()));
        r.total_replication_factor += r.datacenters.back().second;
      }
  } else if (r.network_topology) {
    r.datacenters.emplace_back("datacenter1", r.replication_factor);
  }
  return r;
}

namespace {

std::string host_id(const std::string& address) {
  // Two murmur3 words over the address, shaped as a version-4 uuid.
  static constexpr char kHex[] = "0123456789abcdef";
  auto a = static_cast<std::uint64_t>(util::murmur3_token(address));
  auto b = static_cast<std::uint64_t>(util::murmur3_token(address + "#host"));
  a = (a & 0xffffffffffff0fffULL) | 0x0000000000004000ULL;
  b = (b & 0x3fffffffffffffffULL) | 0x8000000000000000ULL;
  std::string hex;
  for (int i = 60; i >= 0; i -= 4) hex += kHex[(a >> i) & 15];
  for (int i = 60; i >= 0; i -= 4) hex += kHex[(b >> i) & 15];
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-" +
         hex.substr(20);
}

}  // namespace

Ring::Ring(int nodes, int tokens_per_node) {
  const int n = std::max(nodes, 1), t = std::max(tokens_per_node, 1);
  const int total = n * t;
  for (int i = 0; i < n; ++i) {
    Node node;
    node.address = "127.0.0." + std::to_string(i + 1);
    node.host_id = host_id(node.address);
    nodes_.push_back(std::move(node));
  }
  // 2^64 = q * total + r, so floor(i * 2^64 / total) = i * q + floor(i * r / total).
  const auto utotal = static_cast<std::uint64_t>(total);
  std::uint64_t q = UINT64_MAX / utotal, r = UINT64_MAX % utotal + 1;
  if (r == utotal) {
    ++q;
    r = 0;
  }
  for (int i = 0; i < total; ++i) {
    const auto ui = static_cast<std::uint64_t>(i);
    const std::uint64_t offset = ui * q + ui * r / utotal;
    const auto token = static_cast<std::int64_t>(0x8000000000000000ULL + offset);
    tokens_.emplace_back(token, i % n);
    nodes_[static_cast<std::size_t>(i % n)].tokens.push_back(token);
  }
}

std::size_t Ring::owner_index(std::int64_t token) const {
  auto it = std::lower_bound(tokens_.begin(), tokens_.end(), std::make_pair(token, INT32_MIN));
  return it == tokens_.end() ? 0 : static_cast<std::size_t>(it - tokens_.begin());
}

std::vector<int> Ring::replicas(std::int64_t token, const Replication& r) const {
  std::vector<int> out;
  const std::size_t want =
      static_cast<std::size_t>(std::max(0, std::min<int>(r.replication_factor, static_cast<int>(nodes_.size()))));
  const std::size_t start = owner_index(token);
  for (std::size_t k = 0; k < tokens_.size() && out.size() < want; ++k) {
    int node = tokens_[(start + k) % tokens_.size()].second;
    if (std::find(out.begin(), out.end(), node) == out.end()) out.push_back(node);
  }
  return out;
}

std::vector<std::pair<std::string, std::vector<std::string>>> Ring::range_ownership(const Replication& r) const {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  for (const auto& [token, node] : tokens_) {
    std::vector<std::string> endpoints;
    for (int n : replicas(token, r)) endpoints.push_back("/" + nodes_[static_cast<std::size_t>(n)].address + ":7000");
    out.emplace_back(std::to_string(token), std::move(endpoints));
  }
  std::sort(out.begin(), out.end());
  return out;
}

double Ring::range_share(std::int64_t from, std::int64_t to) {
  const std::uint64_t width = static_cast<std::uint64_t>(to) - static_cast<std::uint64_t>(from);
  return width == 0 ? 1.0 : static_cast<double>(width) / 18446744073709551616.0;  // 2^64
}

std::vector<double> Ring::primary_shares() const {
  std::vector<double> share(nodes_.size(), 0.0);
  for (std::size_t i = 0; i < tokens_.size(); ++i) {
    const std::int64_t from = tokens_[(i + tokens_.size() - 1) % tokens_.size()].first;
    share[static_cast<std::size_t>(tokens_[i].second)] +=
        tokens_.size() == 1 ? 1.0 : range_share(from, tokens_[i].first);
  }
  return share;
}

std::vector<double> Ring::replica_shares(const Replication& r) const {
  std::vector<double> share(nodes_.size(), 0.0);
  for (std::size_t i = 0; i < tokens_.size(); ++i) {
    const std::int64_t to = tokens_[i].first;
    const std::int64_t from = tokens_[(i + tokens_.size() - 1) % tokens_.size()].first;
    const double f = tokens_.size() == 1 ? 1.0 : range_share(from, to);
    for (int n : replicas(to, r)) share[static_cast<std::size_t>(n)] += f;
  }
  return share;
}

void Ring::set_up(int node, bool up) {
  if (down_.empty()) down_.assign(nodes_.size(), false);
  auto at = static_cast<std::size_t>(node);
  if (down_[at] == !up) return;
  down_[at] = !up;
  down_count_ += up ? -1 : 1;
}

int Ring::live_count(const std::vector<int>& replicas) const {
  int live = 0;
  for (int n : replicas) live += is_up(n) ? 1 : 0;
  return live;
}

void Ring::set_slow(int node, bool slow) {
  if (slow_.empty()) slow_.assign(nodes_.size(), false);
  auto at = static_cast<std::size_t>(node);
  if (slow_[at] == slow) return;
  slow_[at] = slow;
  slow_count_ += slow ? 1 : -1;
}

int Ring::prompt_count(const std::vector<int>& replicas) const {
  int prompt = 0;
  for (int n : replicas) prompt += answers_in_time(n) ? 1 : 0;
  return prompt;
}

}  // namespace cqlbox::cluster
