// The checks every statement's authorize() and validate() share with Cassandra's ClientState:
// who the session's user is, and whether it holds a permission. With --auth off nothing is
// checked (AllowAllAuthorizer), but role statements still need a login (ensureNotAnonymous).
#pragma once

#include "auth/resource.hpp"
#include "exec/database.hpp"

namespace cqlbox::exec {

inline bool anonymous(const Session& s) { return !s.internal && s.user.empty(); }
// AuthenticatedUser.isSuper: never the anonymous user.
inline bool is_super(const Database& db, const Session& s) {
  return s.internal || (!s.user.empty() && db.auth.has_superuser_status(s.user));
}
// ClientState.ensureNotAnonymous.
void ensure_not_anonymous(const Session& s);
// ClientState.validateLogin: with --auth, nothing runs before a login.
void ensure_logged_in(const Database& db, const Session& s);
bool permitted(const Database& db, const Session& s, auth::Permission p, const auth::Resource& r);
// ClientState.ensurePermission: "User bob has no SELECT permission on <table ks.t> or any of its parents".
void ensure_permission(const Database& db, const Session& s, auth::Permission p, const auth::Resource& r);
// A shell command that shows a table's rows (LIST, GET, SSTABLEDUMP, DRAW PARTITION): a login,
// then the SELECT permission a SELECT of the table needs. Nothing without --auth.
void ensure_readable(const Database& db, const Session& s, const schema::TableSchema& t);

}  // namespace cqlbox::exec
