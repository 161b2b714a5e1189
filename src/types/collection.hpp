// Cassandra's serialized collections (protocol v3+, also the bytes a frozen collection stores
// and hashes): an int32 element count, then each element as an int32 length and its bytes
// (a map alternates key, value). Tuples: each component as int32 length (-1 = null) + bytes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cqlbox::types {

std::string encode_elements(const std::vector<std::string>& elements);
// The same with null elements (length -1), which only 5.0's writetime()/ttl() lists carry;
// decode_elements returns them as views with no data (data() == nullptr).
std::string encode_optional_elements(const std::vector<std::optional<std::string>>& elements);
std::string encode_pairs(const std::vector<std::pair<std::string, std::string>>& pairs);
std::string encode_tuple(const std::vector<std::optional<std::string>>& components);

// Splits serialized elements; false when malformed. With `map`, the count is of entries and
// keys and values alternate in `out`.
bool decode_elements(std::string_view bytes, std::vector<std::string_view>& out, bool map = false);
// Tuple components (nullopt for null); false when malformed.
bool decode_tuple(std::string_view bytes, std::vector<std::optional<std::string_view>>& out);

// A vector's elements: `element_size` bytes each when > 0, else each behind an unsigned vint
// length. Decoding is false when malformed.
std::string encode_vector(const std::vector<std::string>& elements, int element_size);
bool decode_vector(std::string_view bytes, int element_size, std::vector<std::string_view>& out);

}  // namespace cqlbox::types
