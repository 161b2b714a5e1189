#include "store/clustering.hpp"

#include "types/bytes.hpp"
#include "types/compare.hpp"

namespace cqlbox::store {

void append_component(std::string& key, std::string_view value) {
  types::append_be(key, static_cast<std::uint32_t>(value.size()));
  key.append(value);
}

std::vector<std::string_view> split_components(std::string_view key) {
  std::vector<std::string_view> out;
  split_components(key, out);
  return out;
}

void split_components(std::string_view key, std::vector<std::string_view>& out) {
  out.clear();
  while (key.size() >= 4) {
    auto len = types::read_be<std::uint32_t>(key);
    out.push_back(key.substr(4, len));
    key.remove_prefix(4 + len);
  }
}

int ClusteringComparator::compare(std::string_view a, std::string_view b) const {
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    if (a.size() < 4 || b.size() < 4) return (a.size() >= 4) - (b.size() >= 4);
    auto la = types::read_be<std::uint32_t>(a), lb = types::read_be<std::uint32_t>(b);
    int c = types::compare_values(*columns_[i].type, a.substr(4, la), b.substr(4, lb));
    if (c != 0) return columns_[i].reversed ? -c : c;
    a.remove_prefix(4 + la);
    b.remove_prefix(4 + lb);
  }
  return 0;
}

}  // namespace cqlbox::store
