// Type syntax: native names (read as identifiers and resolved by prepare), list/set/map<…>,
// frozen<…>, tuple<…>. UDT names are identifiers, optionally keyspace-qualified.
#pragma once

#include "cql/lexical.hpp"

namespace cqlbox::grammar {

struct type_ref;
struct type_args_open : langle {};
struct type_args_close : rangle {};
struct type_name : sor<ident, kw_set> {};
// A user type's keyspace: ks.address (frozen<ks.address>).
struct type_keyspace : seq<ident, dot> {};
// vector<float, 3>'s dimension: an argument that is a number, not a type.
struct type_dimension : tok<plus<digit>> {
  static constexpr const char* expected = "INTEGER";
};
// A name possibly followed by <args>: list<int>, frozen<map<text, int>>, tuple<int, text>,
// vector<float, 3>.
struct type_ref : seq<opt<type_keyspace>, type_name,
                      opt<type_args_open, list<sor<type_ref, type_dimension>, comma>, type_args_close>> {};

}  // namespace cqlbox::grammar
