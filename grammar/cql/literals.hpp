// Constants: strings ('…' with '' escapes, $$…$$), integers, floats (incl. NaN/Infinity),
// uuids, 0x blobs, booleans, durations (1h30m, P1DT2H), and null. Each constant kind is its own
// token rule, so the parse actions know the kind without re-scanning.
#pragma once

#include "cql/lexical.hpp"

namespace cqlbox::grammar {

struct string_sq_body : seq<one<'\''>, star<sor<two<'\''>, not_one<'\''>>>, one<'\''>> {};
struct string_dollar_body : seq<two<'$'>, until<two<'$'>>> {};
struct string_lit : tok<sor<string_sq_body, string_dollar_body>> {
  static constexpr const char* expected = "STRING_LITERAL";
};

struct hex_digit : ranges<'0', '9', 'a', 'f', 'A', 'F'> {};
struct uuid_body : seq<rep<8, hex_digit>, one<'-'>, rep<4, hex_digit>, one<'-'>, rep<4, hex_digit>, one<'-'>,
                       rep<4, hex_digit>, one<'-'>, rep<12, hex_digit>, not_at<ident_other>> {};
struct uuid_lit : tok<uuid_body> {
  static constexpr const char* expected = "UUID";
};

struct hex_body : seq<one<'0'>, one<'x', 'X'>, star<hex_digit>, not_at<ident_other>> {};
struct hex_lit : tok<hex_body> {
  static constexpr const char* expected = "HEXNUMBER";
};

struct duration_unit
    : sor<TAO_PEGTL_ISTRING("mo"), TAO_PEGTL_ISTRING("ms"), TAO_PEGTL_ISTRING("us"), TAO_PEGTL_STRING("\xc2\xb5s"),
          TAO_PEGTL_ISTRING("ns"), one<'y', 'Y', 'w', 'W', 'd', 'D', 'h', 'H', 'm', 'M', 's', 'S'>> {};
struct duration_units : plus<plus<digit>, duration_unit> {};
// ISO 8601, as Cassandra's lexer reads it: upper case, at least one designator (so a bare `p`
// or `P` is a name), the week form, and the alternative form P0001-02-03T04:05:06.
template <char C>
struct iso_part : seq<plus<digit>, one<C>> {};
struct duration_iso_period : sor<seq<iso_part<'Y'>, opt<iso_part<'M'>>, opt<iso_part<'D'>>>,
                                 seq<iso_part<'M'>, opt<iso_part<'D'>>>, iso_part<'D'>> {};
struct duration_iso_time : seq<one<'T'>, sor<seq<iso_part<'H'>, opt<iso_part<'M'>>, opt<iso_part<'S'>>>,
                                             seq<iso_part<'M'>, opt<iso_part<'S'>>>, iso_part<'S'>>> {};
struct duration_iso_alternative : seq<rep<4, digit>, one<'-'>, rep<2, digit>, one<'-'>, rep<2, digit>, one<'T'>,
                                      rep<2, digit>, one<':'>, rep<2, digit>, one<':'>, rep<2, digit>> {};
struct duration_iso : seq<one<'P'>, sor<duration_iso_alternative, iso_part<'W'>,
                                        seq<duration_iso_period, opt<duration_iso_time>>, duration_iso_time>> {};
struct duration_body : seq<opt<one<'-'>>, sor<duration_units, duration_iso>, not_at<ident_other>> {};
struct duration_lit : tok<duration_body> {
  static constexpr const char* expected = "DURATION";
};

struct exponent : seq<one<'e', 'E'>, opt<one<'+', '-'>>, plus<digit>> {};
// "1..3" is 1, the range '..', then 3 (a slice m[1..3]): a '.' right before another is no
// decimal point; "0...3." is 0., '..', 3. (Cassandra's lexer reads INTEGER '.' before a RANGE).
struct float_body
    : seq<opt<one<'-'>>, plus<digit>,
          sor<seq<one<'.'>, sor<at<two<'.'>>, seq<not_at<one<'.'>>, star<digit>, opt<exponent>>>>, exponent>,
          not_at<ident_other>> {};
struct float_special
    : seq<opt<one<'-'>>, sor<TAO_PEGTL_ISTRING("NaN"), TAO_PEGTL_ISTRING("Infinity")>, not_at<ident_other>> {};
struct float_lit : tok<sor<float_body, float_special>> {
  static constexpr const char* expected = "FLOAT";
};

struct integer_body : seq<opt<one<'-'>>, plus<digit>, not_at<sor<ident_other, seq<one<'.'>, not_at<one<'.'>>>>>> {};
struct integer_lit : tok<integer_body> {
  static constexpr const char* expected = "INTEGER";
};

// Bind markers: '?' or ':name'. Values come with the statement over the native protocol; the
// shell has none to give, so executing one there is an InvalidRequest.
struct qmark_tok : tok<one<'?'>> {
  static constexpr const char* expected = "QMARK";
};
struct named_marker_body : seq<one<':'>, sp, ident> {};
struct bind_marker : sor<qmark_tok, named_marker_body> {};

// Parser.g's intValue (USING TTL/TIMESTAMP, LIMIT): an INTEGER or a bind marker.
struct int_value : sor<integer_lit, bind_marker> {};

struct boolean_lit : sor<kw_true, kw_false> {};
struct null_lit : kw_null {};

// Order matters: a uuid and a duration both start with digits, a float with an integer.
struct constant : sor<string_lit, uuid_lit, hex_lit, duration_lit, float_lit, integer_lit, boolean_lit> {};

}  // namespace cqlbox::grammar
