// Type syntax: native names (read as identifiers and resolved by prepare), list/set/map<…>,
// frozen<…>, tuple<…>. UDT names are identifiers, optionally keyspace-qualified.
#pragma once

#include "cql/lexical.hpp"

namespace cqlbox::grammar {

struct type_ref;
struct type_args_open : langle {};
struct type_args_close : rangle {};
struct type_name : sor<ident, kw_set> {};
// A name possibly followed by <args>: list<int>, frozen<map<text, int>>, tuple<int, text>.
struct type_ref : seq<type_name, opt<type_args_open, list<type_ref, comma>, type_args_close>> {};

}  // namespace cqlbox::grammar
