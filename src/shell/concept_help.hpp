// HELP on data-modelling concepts (cqlbox's own, pure text): HELP PRIMARY KEY, PARTITION,
// CLUSTERING, TOKEN, TOMBSTONE, ALLOW FILTERING, DENORMALIZATION. Each is short and names the
// LESSON that shows it.
#pragma once

#include <string_view>

namespace cqlbox::shell {

// The topics, as HELP lists them (two-word ones with their space).
inline constexpr const char* kConceptTopics[] = {"ALLOW FILTERING", "CLUSTERING", "DENORMALIZATION", "PARTITION",
                                                 "PRIMARY KEY",     "TOKEN",      "TOMBSTONE"};

// The text for an upper-case topic, or nullptr.
const char* concept_help(std::string_view topic);

}  // namespace cqlbox::shell
