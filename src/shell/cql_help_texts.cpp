// Data, not code (so over the 600-line rule on purpose): the offline CQL help texts, one per
// topic, in cqlbox's own words. Facts follow Cassandra 5.0's grammar (Parser.g) and defaults
// (cassandra.yaml); layout follows the shell help in session_commands.cpp: syntax indented 8,
// explanation indented 4, an optional example.
#include "shell/cql_help.hpp"

#include "exec/function_registry.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace cqlbox::shell {

namespace {

struct Topic {
  std::string_view name;
  std::string_view text;
};

// Sorted by name (byte order), so the lookup can binary-search; a static_assert checks it.
// Each text is a raw string: what is between the delimiters is printed as is.
constexpr std::array kTopics = {
    Topic{"AGGREGATES",
          R"txt(        count(*) | count(<column>)
        min(<column>) | max(<column>) | sum(<column>) | avg(<column>)
        [<keyspace>.]<user-defined aggregate>(<argument> [, ...])

    An aggregate folds all the rows a SELECT matches into one value, or into
    one value per group when the query has GROUP BY. count(*) counts rows;
    count(<column>) counts the rows where that column is not null. sum and
    avg answer in their argument's type, so avg over an int column drops the
    fraction. A plain column selected next to an aggregate shows the value
    of the first row. HELP CREATE_AGGREGATE covers user-defined ones.
    cqlbox runs the native aggregates; for user-defined ones see
    docs/compatibility.md.

    Example:
        SELECT count(*), max(total) FROM shop.orders WHERE customer = 7;
)txt"},

    Topic{"ALTER_KEYSPACE",
          R"txt(        ALTER KEYSPACE [IF EXISTS] <keyspace>
          WITH replication = {'class': '<strategy>', <replica counts>}
          [AND durable_writes = true | false]

    Changes how a keyspace is replicated, or whether its writes go through
    the commit log. Either property may be given alone. A new replication
    map replaces the old one whole, so repeat every entry you keep. On a
    real cluster, run a repair after raising a replication factor so the
    new replicas receive the data written before.

    Example:
        ALTER KEYSPACE shop WITH replication =
          {'class': 'NetworkTopologyStrategy', 'dc1': 3};
)txt"},

    Topic{"ALTER_MATERIALIZED_VIEW",
          R"txt(        ALTER MATERIALIZED VIEW [IF EXISTS] [<keyspace>.]<view>
          WITH <option> = <value> [AND <option> = <value> ...]

    Changes the table options of a materialized view, such as comment,
    compaction, compression or caching. Its columns and primary key are
    fixed; drop the view and create it again to change them. A view refuses
    default_time_to_live: its rows expire with the base rows they mirror.

    Example:
        ALTER MATERIALIZED VIEW shop.orders_by_status
          WITH comment = 'orders grouped by status';
)txt"},

    Topic{"ALTER_TABLE",
          R"txt(        ALTER TABLE [IF EXISTS] [<keyspace>.]<table> <change>
        <change>: ADD [IF NOT EXISTS] <column> <type> [STATIC] [, ...]
                | DROP [IF EXISTS] <column> [, ...]
                | RENAME [IF EXISTS] <column> TO <name> [AND <c> TO <name>]
                | WITH <option> = <value> [AND <option> = <value> ...]

    Changes a table's definition. ADD and DROP also take a list in
    parentheses. Only primary key columns can be renamed, and those cannot
    be dropped. Changing a column's type is no longer supported in 5.0. A
    dropped column may be added back later only with a compatible type.
    WITH sets table options, as in CREATE TABLE.

    Example:
        ALTER TABLE shop.orders ADD note text;
)txt"},

    Topic{"ALTER_TYPE",
          R"txt(        ALTER TYPE [IF EXISTS] [<keyspace>.]<type> <change>
        <change>: ADD [IF NOT EXISTS] <field> <type>
                | RENAME [IF EXISTS] <field> TO <name> [AND <f> TO <name>]

    Adds a field to a user-defined type, or renames fields. Values stored
    before the change read the new field as null. Fields cannot be removed,
    and changing a field's type is no longer supported in 5.0.

    Example:
        ALTER TYPE shop.address ADD country text;
)txt"},

    Topic{"ALTER_USER",
          R"txt(        ALTER USER [IF EXISTS] <user>
          [WITH [HASHED] PASSWORD '<password>']
          [SUPERUSER | NOSUPERUSER]

    The older spelling of ALTER ROLE for roles that can log in: it changes
    the password or the superuser flag. A user name is a bare identifier or
    a quoted string; double-quoted names are refused. Passwords need the
    PasswordAuthenticator; a default 5.0 node has no authentication.
    In cqlbox, role statements need a login: run it with --auth
    (cassandra/cassandra is the default superuser).
)txt"},

    Topic{"APPLY",
          R"txt(        APPLY BATCH

    Closes a batch opened with BEGIN [UNLOGGED | COUNTER] BATCH. The INSERT,
    UPDATE and DELETE statements collected since then run together at this
    point. See HELP BATCH.
)txt"},

    Topic{"ASCII",
          R"txt(        <column> ascii
        '<US-ASCII characters>' | $$<US-ASCII characters>$$

    A string made only of 7-bit US-ASCII characters (codes 0 to 127); any
    other character is rejected. The quoting rules are those of text: a
    single quote inside '...' is written twice, and $$...$$ needs no
    escaping at all.

    Example:
        INSERT INTO shop.items (sku, code) VALUES (1, 'AB-12');
)txt"},

    Topic{"BATCH",
          R"txt(        BEGIN [UNLOGGED | COUNTER] BATCH
          [USING TIMESTAMP <microseconds>]
          <INSERT, UPDATE or DELETE statement>;
          ...
        APPLY BATCH

    Sends several writes as one request; they share one timestamp unless
    each statement sets its own. A logged batch (the default) is written to
    the batch log first, so all of it is applied in the end even if the
    coordinator fails; UNLOGGED skips that. Writes to one partition apply
    atomically and in isolation. Counter updates go in a COUNTER (or
    UNLOGGED) batch of their own; IF conditions must all target one
    partition.

    Example:
        BEGIN BATCH
          INSERT INTO shop.users (id, name) VALUES (1, 'ana');
          INSERT INTO shop.users_by_name (name, id) VALUES ('ana', 1);
        APPLY BATCH;
)txt"},

    Topic{"BEGIN",
          R"txt(        BEGIN [UNLOGGED | COUNTER] BATCH [USING TIMESTAMP <microseconds>]

    Opens a batch: the INSERT, UPDATE and DELETE statements that follow are
    collected and run together at APPLY BATCH. UNLOGGED skips the batch
    log; COUNTER marks a batch of counter updates, which a logged batch
    cannot hold. See HELP BATCH.
)txt"},

    Topic{"BLOB",
          R"txt(        <column> blob
        0x<hex digits>

    Arbitrary bytes, written without quotes as 0x followed by two hex
    digits per byte; 0x alone is the empty blob. Strings are not accepted.
    Conversion functions move between a value and its bytes: text_as_blob
    ('hi') gives 0x6869, and blob_as_int(0x0000002a) gives 42.

    Example:
        INSERT INTO shop.files (id, data) VALUES (1, 0xcafe01);
)txt"},

    Topic{"BOOLEAN",
          R"txt(        <column> boolean
        true | false

    Written without quotes, in any letter case (TRUE and False work too).
    A quoted string such as 'true' is not accepted for a boolean.

    Example:
        UPDATE shop.users SET active = false WHERE id = 1;
)txt"},

    Topic{"COUNTER",
          R"txt(        <column> counter
        UPDATE <table> SET <counter> = <counter> + <n> WHERE <key> ...
        UPDATE <table> SET <counter> = <counter> - <n> WHERE <key> ...

    A 64-bit signed integer that is only ever added to or subtracted from;
    a counter never written counts as 0. A table with counters may have no
    other columns outside its primary key, and counters cannot be key
    columns. Counters cannot be INSERTed or set to a value, take no TTL or
    USING TIMESTAMP, and cannot go in a logged batch (use BEGIN COUNTER
    BATCH).

    Example:
        UPDATE shop.page_views SET views = views + 1 WHERE page = '/home';
)txt"},

    Topic{"CREATE_AGGREGATE",
          R"txt(        CREATE [OR REPLACE] AGGREGATE [IF NOT EXISTS]
          [<keyspace>.]<aggregate> (<type> [, ...])
          SFUNC <state function> STYPE <state type>
          [FINALFUNC <final function>]
          [INITCOND <initial state>]

    Defines an aggregate from scalar functions. For each row, the state
    function receives the current state followed by the row's arguments and
    returns the next state; the final function, if any, turns the last
    state into the result. INITCOND is the first state (null if left out).
    OR REPLACE and IF NOT EXISTS cannot be used together.
    cqlbox accepts this statement's syntax only where noted in
    docs/compatibility.md.

    Example:
        CREATE AGGREGATE shop.total_of(int) SFUNC add_to STYPE int
          INITCOND 0;
)txt"},

    Topic{"CREATE_COLUMNFAMILY",
          R"txt(        CREATE COLUMNFAMILY [IF NOT EXISTS] [<keyspace>.]<table> (...)

    COLUMNFAMILY is the old word for TABLE. This is CREATE TABLE under its
    former name and takes exactly the same definition; see HELP
    CREATE_TABLE.
)txt"},

    Topic{"CREATE_FUNCTION",
          R"txt(        CREATE [OR REPLACE] FUNCTION [IF NOT EXISTS]
          [<keyspace>.]<function> (<argument> <type> [, ...])
          CALLED ON NULL INPUT | RETURNS NULL ON NULL INPUT
          RETURNS <type>
          LANGUAGE java
          AS '<body>' | $$<body>$$

    Defines a scalar function whose body is Java code. CALLED ON NULL INPUT
    runs the body even when an argument is null; RETURNS NULL ON NULL INPUT
    answers null without running it. A name may be overloaded with other
    argument types. A default 5.0 node refuses this statement until
    user_defined_functions_enabled is set in cassandra.yaml.
    cqlbox accepts this statement's syntax only where noted in
    docs/compatibility.md.

    Example:
        CREATE FUNCTION shop.twice(x int) RETURNS NULL ON NULL INPUT
          RETURNS int LANGUAGE java AS 'return x * 2;';
)txt"},

    Topic{"CREATE_INDEX",
          R"txt(        CREATE [CUSTOM] INDEX [IF NOT EXISTS] [<index>]
          ON [<keyspace>.]<table> (<target>)
          [USING '<class or alias>' [WITH OPTIONS = {<map>}]]
        <target>: <column> | KEYS(<map>) | VALUES(<collection>)
                | ENTRIES(<map>) | FULL(<frozen collection>)

    Lets WHERE select rows by a column outside the primary key without
    ALLOW FILTERING. On a map, KEYS, VALUES and ENTRIES index its keys, its
    values or its pairs; a bare collection column means its values, and
    FULL indexes a frozen collection as a whole. USING 'sai' builds a
    storage-attached index; without USING, a default node builds a legacy
    index. The name defaults to <table>_<column>_idx.

    Example:
        CREATE INDEX ON shop.orders (status);
)txt"},

    Topic{"CREATE_KEYSPACE",
          R"txt(        CREATE KEYSPACE [IF NOT EXISTS] <keyspace>
          WITH replication = {'class': '<strategy>', <replica counts>}
          [AND durable_writes = true | false]

    Creates a namespace for tables, types and functions, and decides how
    many copies of each partition the cluster keeps. SimpleStrategy takes a
    'replication_factor'; NetworkTopologyStrategy takes a count per data
    center name. A name has up to 48 letters, digits or underscores; put it
    in double quotes to keep upper-case letters.

    Example:
        CREATE KEYSPACE shop WITH replication =
          {'class': 'SimpleStrategy', 'replication_factor': 1};
)txt"},

    Topic{"CREATE_MATERIALIZED_VIEW",
          R"txt(        CREATE MATERIALIZED VIEW [IF NOT EXISTS] [<keyspace>.]<view> AS
          SELECT <column> [, ...] | * FROM [<keyspace>.]<base table>
          WHERE <column> IS NOT NULL [AND <column> IS NOT NULL ...]
          PRIMARY KEY (<partition key> [, <clustering column> ...])
          [WITH <option> = <value> [AND ...]]

    A view is a table the node keeps in step with a base table, keyed
    differently so that another query becomes a single-partition read. Its
    key holds every key column of the base table plus at most one other
    column, each restricted with IS NOT NULL. Views are never written
    directly. They are experimental and off by default in 5.0; the switch
    is materialized_views_enabled in cassandra.yaml.

    Example:
        CREATE MATERIALIZED VIEW shop.orders_by_status AS
          SELECT * FROM shop.orders
          WHERE status IS NOT NULL AND customer IS NOT NULL
            AND placed IS NOT NULL
          PRIMARY KEY (status, customer, placed);
)txt"},

    Topic{"CREATE_ROLE",
          R"txt(        CREATE ROLE [IF NOT EXISTS] <role>
          [WITH <option> [AND <option> ...]]
        <option>: LOGIN = true | false | SUPERUSER = true | false
                | PASSWORD = '<password>' | HASHED PASSWORD = '<hash>'
                | OPTIONS = {<map>}
                | ACCESS TO ALL DATACENTERS
                | ACCESS TO DATACENTERS {'<dc>' [, ...]}
                | ACCESS FROM ALL CIDRS | ACCESS FROM CIDRS {'<group>' [, ...]}

    A role is a login, a bundle of permissions, or both; roles can be
    granted to other roles. LOGIN and SUPERUSER default to false. A name
    folds to lower case unless it is double-quoted or a quoted string. A
    default 5.0 node has no authentication, so its role manager takes only
    the LOGIN and SUPERUSER options; PASSWORD needs PasswordAuthenticator
    (cqlbox --auth).
    In cqlbox, role statements need a login: run it with --auth
    (cassandra/cassandra is the default superuser).

    Example:
        CREATE ROLE analyst WITH LOGIN = true AND SUPERUSER = false;
)txt"},

    Topic{"CREATE_TABLE",
          R"txt(        CREATE TABLE [IF NOT EXISTS] [<keyspace>.]<table> (
            <column> <type> [STATIC] [PRIMARY KEY] [, ...]
            [, PRIMARY KEY (<partition key> [, <clustering column> ...])]
          ) [WITH <option> = <value> [AND <option> = <value> ...]
             [AND CLUSTERING ORDER BY (<clustering column> ASC | DESC, ...)]]
        <partition key>: <column> | (<column>, <column> [, ...])

    Defines a table; the primary key is given exactly once. Its first part,
    the partition key, is hashed to a token that places the partition on
    nodes; the other key columns sort the rows inside a partition. A STATIC
    column holds one value per partition and needs clustering columns.
    Common options: comment, default_time_to_live, gc_grace_seconds,
    compaction, compression, caching.

    Example:
        CREATE TABLE shop.orders (
            customer int, placed timestamp, status text, total decimal,
            PRIMARY KEY (customer, placed)
          ) WITH CLUSTERING ORDER BY (placed DESC);
)txt"},

    Topic{"CREATE_TRIGGER",
          R"txt(        CREATE TRIGGER [IF NOT EXISTS] <trigger> ON [<keyspace>.]<table>
          USING '<Java class name>'

    Attaches Java code to a table. The class implements ITrigger and is
    loaded from the triggers directory of every node; for each write to
    the table it may return further mutations to apply with it. Triggers
    cannot be put on materialized views.
    cqlbox accepts this statement's syntax only where noted in
    docs/compatibility.md.

    Example:
        CREATE TRIGGER audit ON shop.orders USING 'org.example.AuditTrigger';
)txt"},

    Topic{"CREATE_TYPE",
          R"txt(        CREATE TYPE [IF NOT EXISTS] [<keyspace>.]<type> (
            <field> <type> [, <field> <type> ...]
          )

    Defines a user-defined type: a named group of typed fields, kept in a
    keyspace and usable as a column type. A value is written as {<field>:
    <value>, ...}, and fields left out are null. Inside a collection,
    another type or a primary key it must be frozen<...>; a tuple freezes
    it by itself. A type cannot contain counters.

    Example:
        CREATE TYPE shop.address (street text, city text, zip int);
)txt"},

    Topic{"CREATE_USER",
          R"txt(        CREATE USER [IF NOT EXISTS] <user>
          [WITH [HASHED] PASSWORD '<password>']
          [SUPERUSER | NOSUPERUSER]

    The older spelling of CREATE ROLE: it makes a role that can log in and
    is not a superuser unless SUPERUSER is given. A user name is a bare
    identifier or a quoted string. CREATE ROLE <name> WITH LOGIN = true is
    the current form. Passwords need the PasswordAuthenticator.
    In cqlbox, role statements need a login: run it with --auth
    (cassandra/cassandra is the default superuser).
)txt"},

    Topic{"DATE",
          R"txt(        <column> date
        '<yyyy>-<mm>-<dd>' | <day number>

    A calendar day, with no time of day and no time zone. The integer form
    counts days so that 2147483648 (2^31) is 1970-01-01; it runs from 0 to
    4294967295, about 5.88 million years either side of 1970. current_date()
    gives today, and to_date(<timestamp>) the day of an instant.

    Example:
        INSERT INTO shop.users (id, born) VALUES (1, '1990-04-17');
)txt"},

    Topic{"DELETE",
          R"txt(        DELETE [<selection> [, <selection> ...]]
          FROM [<keyspace>.]<table>
          [USING TIMESTAMP <microseconds>]
          WHERE <primary key relations>
          [IF EXISTS | IF <condition> [AND <condition> ...]]
        <selection>: <column> | <column>[<key or index>] | <column>.<field>

    Without a selection, removes whole rows: a partition key alone removes
    the partition, and a range on a clustering column removes a slice of
    rows. With one, only those values go (or one collection element or UDT
    field). A delete writes tombstones, which compaction purges once
    gc_grace_seconds have passed. IF makes it a lightweight transaction.

    Example:
        DELETE FROM shop.orders WHERE customer = 7 AND placed < '2024-01-01';
)txt"},

    Topic{"DROP_AGGREGATE",
          R"txt(        DROP AGGREGATE [IF EXISTS] [<keyspace>.]<aggregate> [(<type> [, ...])]

    Removes a user-defined aggregate. When several aggregates share the
    name, give the argument types to choose which one goes.
    cqlbox accepts this statement's syntax only where noted in
    docs/compatibility.md.
)txt"},

    Topic{"DROP_COLUMNFAMILY",
          R"txt(        DROP COLUMNFAMILY [IF EXISTS] [<keyspace>.]<table>

    COLUMNFAMILY is the old word for TABLE. This is DROP TABLE under its
    former name; see HELP DROP_TABLE.
)txt"},

    Topic{"DROP_FUNCTION",
          R"txt(        DROP FUNCTION [IF EXISTS] [<keyspace>.]<function> [(<type> [, ...])]

    Removes a user-defined function. When the name is overloaded, give the
    argument types to choose which one goes. A function that an aggregate
    still uses cannot be dropped.
    cqlbox accepts this statement's syntax only where noted in
    docs/compatibility.md.
)txt"},

    Topic{"DROP_INDEX",
          R"txt(        DROP INDEX [IF EXISTS] [<keyspace>.]<index>

    Removes a secondary index; the table and its data stay. The prefix is
    the keyspace, not the table: index names are unique in a keyspace.
    DESCRIBE TABLE shows the indexes of a table with their names.

    Example:
        DROP INDEX shop.orders_status_idx;
)txt"},

    Topic{"DROP_KEYSPACE",
          R"txt(        DROP KEYSPACE [IF EXISTS] <keyspace>

    Removes a keyspace together with its tables, views, types and
    functions, and all their data. Without IF EXISTS a missing keyspace is
    an error. A real node first snapshots the data if auto_snapshot is on.
)txt"},

    Topic{"DROP_MATERIALIZED_VIEW",
          R"txt(        DROP MATERIALIZED VIEW [IF EXISTS] [<keyspace>.]<view>

    Removes a view and its data; the base table is not touched. A base
    table cannot be dropped while views depend on it, and DROP TABLE does
    not take a view's name.

    Example:
        DROP MATERIALIZED VIEW shop.orders_by_status;
)txt"},

    Topic{"DROP_ROLE",
          R"txt(        DROP ROLE [IF EXISTS] <role>

    Removes a role with its permissions; roles it was granted to lose what
    it gave them. The role you are logged in as cannot be dropped, and only
    a superuser may drop a superuser.
    In cqlbox, role statements need a login: run it with --auth
    (cassandra/cassandra is the default superuser).
)txt"},

    Topic{"DROP_TABLE",
          R"txt(        DROP TABLE [IF EXISTS] [<keyspace>.]<table>

    Removes a table with its indexes and all its data. Drop its
    materialized views first. To empty a table but keep its definition, use
    TRUNCATE instead.

    Example:
        DROP TABLE IF EXISTS shop.orders;
)txt"},

    Topic{"DROP_TRIGGER",
          R"txt(        DROP TRIGGER [IF EXISTS] <trigger> ON [<keyspace>.]<table>

    Detaches a trigger from a table; later writes no longer run its code.
    cqlbox accepts this statement's syntax only where noted in
    docs/compatibility.md.
)txt"},

    Topic{"DROP_TYPE",
          R"txt(        DROP TYPE [IF EXISTS] [<keyspace>.]<type>

    Removes a user-defined type. No table, other type or function may still
    use it.

    Example:
        DROP TYPE shop.address;
)txt"},

    Topic{"DROP_USER",
          R"txt(        DROP USER [IF EXISTS] <user>

    The older spelling of DROP ROLE, for roles that can log in.
    In cqlbox, role statements need a login: run it with --auth
    (cassandra/cassandra is the default superuser).
)txt"},

    Topic{"FUNCTIONS",
          R"txt(        <function>(<argument> [, ...])
        CAST(<selector> AS <type>)
        WRITETIME(<column>) | MAXWRITETIME(<column>) | TTL(<column>)

    Functions may appear in a SELECT list and as values in INSERT, UPDATE
    and WHERE. The native ones cqlbox runs:
{native functions}
    The math functions and sum and avg take every number type, varint and
    decimal included. The older camelCase names, such as toTimestamp,
    intAsBlob and castAsInt, still work. User-defined functions are off,
    as in a default Cassandra 5.0: see docs/compatibility.md.

    Example:
        SELECT token(customer), WRITETIME(status) FROM shop.orders;
)txt"},

    Topic{"GRANT",
          R"txt(        GRANT <permission> [, ...] | ALL [PERMISSIONS]
          ON <resource> TO <role>
        GRANT <role> TO <role>
        <resource>: ALL KEYSPACES | KEYSPACE <ks> | [TABLE] <ks>.<table>
                  | ALL TABLES IN KEYSPACE <ks> | ALL ROLES | ROLE <role>
                  | ALL FUNCTIONS [IN KEYSPACE <ks>]
                  | FUNCTION <ks>.<function>(<type> [, ...])
                  | ALL MBEANS | MBEAN '<name>' | MBEANS '<pattern>'

    Gives a role permissions on a resource, or makes one role a member of
    another so that it inherits that role's permissions. A grant on a
    keyspace covers its tables, and ALL KEYSPACES covers every keyspace. A
    default 5.0 node uses AllowAllAuthorizer, which refuses permission
    grants; CassandraAuthorizer stores and enforces them.
    In cqlbox, role statements need a login: run it with --auth
    (cassandra/cassandra is the default superuser).

    Example:
        GRANT SELECT ON KEYSPACE shop TO analyst;
)txt"},

    Topic{"INSERT",
          R"txt(        INSERT INTO [<keyspace>.]<table> (<column> [, ...])
          VALUES (<value> [, ...])
          [IF NOT EXISTS]
          [USING <attribute> [AND <attribute>]]
        <attribute>: TTL <seconds> | TIMESTAMP <microseconds>

    Writes one row; every primary key column must be given. A row already
    there is overwritten without being read first (an upsert). TTL makes
    the values expire after that many seconds (at most 20 years; 0 means
    never). IF NOT EXISTS writes only when the row is absent, as a
    lightweight transaction, and cannot be combined with USING TIMESTAMP.

    Example:
        INSERT INTO shop.orders (customer, placed, status, total)
          VALUES (7, '2024-05-01 10:00:00+0000', 'new', 19.90);
)txt"},

    Topic{"INSERT_JSON",
          R"txt(        INSERT INTO [<keyspace>.]<table> JSON '<JSON object>'
          [DEFAULT NULL | DEFAULT UNSET]
          [IF NOT EXISTS]
          [USING <attribute> [AND <attribute>]]

    Writes one row given as a JSON object whose keys are column names; the
    primary key columns are required. Columns missing from the object are
    set to null (DEFAULT NULL, the default) or left as they are (DEFAULT
    UNSET). A case-sensitive name keeps its double quotes, escaped, as in
    '{"\"Name\"": 1}'. HELP JSON lists the value forms.

    Example:
        INSERT INTO shop.users JSON '{"id": 2, "name": "bo"}' DEFAULT UNSET;
)txt"},

    Topic{"INT",
          R"txt(        <column> int
        [-]<digits>

    A 32-bit signed integer, from -2147483648 to 2147483647, written as
    digits with an optional minus sign and no quotes or decimal point; a
    value out of range is an error. Other widths: tinyint (8 bits),
    smallint (16), bigint (64) and varint (no limit).

    Example:
        UPDATE shop.items SET stock = 12 WHERE sku = 1;
)txt"},

    Topic{"JSON",
          R"txt(        SELECT JSON <selectors> FROM ...
        INSERT INTO <table> JSON '<object>' [DEFAULT NULL | DEFAULT UNSET]
        to_json(<selector>)  from_json('<JSON value>')

    Values map to JSON and back: numbers and booleans as JSON numbers and
    booleans; text, uuid, timestamp, date, time, duration, inet and blob
    (as "0x...") as strings; lists, sets and tuples as arrays; maps and
    user-defined types as objects. On input, numbers may also be given as
    strings. See HELP SELECT_JSON and HELP INSERT_JSON.

    Example:
        UPDATE shop.users SET tags = from_json('["a", "b"]') WHERE id = 1;
)txt"},

    Topic{"KEYWORDS",
          R"txt(        ADD ALLOW ALTER AND APPLY ASC AUTHORIZE BATCH BEGIN BY COLUMNFAMILY
        CREATE DELETE DESC DESCRIBE DROP ENTRIES EXECUTE FROM FULL GRANT IF IN
        INDEX INFINITY INSERT INTO IS KEYSPACE LIMIT MATERIALIZED MODIFY NAN
        NORECURSIVE NOT NULL OF ON OR ORDER PRIMARY RENAME REVOKE SCHEMA SELECT
        SET TABLE TO TOKEN TRUNCATE UNLOGGED UPDATE USE USING VIEW WHERE WITH

    These are CQL 5.0's reserved keywords: a keyspace, table, column or
    other name may be one of them only in double quotes ("order"). Other
    keywords such as KEY, TTL, TYPE, VALUES or JSON can be names as they
    are. Keywords ignore letter case. Unquoted names fold to lower case;
    double quotes keep case, and "" inside them stands for one ".

    Example:
        CREATE TABLE shop.events ("order" int PRIMARY KEY, "Label" text);
)txt"},

    Topic{"LIST_PERMISSIONS",
          R"txt(        LIST <permission> [, ...] | ALL [PERMISSIONS]
          [ON <resource>] [OF <role>] [NORECURSIVE]

    Shows granted permissions, narrowed by permission, resource and role.
    With ON and without NORECURSIVE, grants on the resource's parents are
    listed too (a table's keyspace, then ALL KEYSPACES). Resources are
    written as for GRANT. A default 5.0 node (AllowAllAuthorizer) refuses
    this statement.
    In cqlbox, role statements need a login: run it with --auth
    (cassandra/cassandra is the default superuser).
)txt"},

    Topic{"LIST_ROLES",
          R"txt(        LIST ROLES [OF <role>] [NORECURSIVE]

    Lists roles with their superuser and login flags. OF <role> shows the
    roles granted to that role, including those it holds through other
    roles unless NORECURSIVE is given.
    In cqlbox, role statements need a login: run it with --auth
    (cassandra/cassandra is the default superuser).
)txt"},

    Topic{"LIST_USERS",
          R"txt(        LIST USERS

    The older form of LIST ROLES: it lists the roles that can log in and
    whether each is a superuser.
    In cqlbox, role statements need a login: run it with --auth
    (cassandra/cassandra is the default superuser).
)txt"},

    Topic{"PERMISSIONS",
          R"txt(        CREATE | ALTER | DROP | SELECT | MODIFY | AUTHORIZE | DESCRIBE
        | EXECUTE | UNMASK | SELECT_MASKED | ALL PERMISSIONS

    SELECT reads data; MODIFY writes it (INSERT, UPDATE, DELETE, TRUNCATE).
    CREATE, ALTER and DROP govern keyspaces, tables, functions and roles.
    AUTHORIZE lets a role grant and revoke; DESCRIBE lets it list roles or
    MBeans; EXECUTE lets it call functions. UNMASK and SELECT_MASKED belong
    to dynamic data masking. Each applies only to fitting resource kinds.
    cqlbox accepts GRANT, REVOKE and LIST PERMISSIONS only where noted in
    docs/compatibility.md.
)txt"},

    Topic{"REVOKE",
          R"txt(        REVOKE <permission> [, ...] | ALL [PERMISSIONS]
          ON <resource> FROM <role>
        REVOKE <role> FROM <role>

    Takes back permissions, or a role membership, given with GRANT. A role
    keeps a permission it still receives through another role it holds.
    Resources are written as for GRANT; see HELP GRANT.
    In cqlbox, role statements need a login: run it with --auth
    (cassandra/cassandra is the default superuser).

    Example:
        REVOKE SELECT ON KEYSPACE shop FROM analyst;
)txt"},

    Topic{"SELECT",
          R"txt(        SELECT [JSON] [DISTINCT] <selector> [AS <alias>] [, ...] | *
          FROM [<keyspace>.]<table>
          [WHERE <relation> [AND <relation> ...]]
          [GROUP BY <key column> [, ...]]
          [ORDER BY <clustering column> [ASC | DESC] [, ...]]
          [PER PARTITION LIMIT <n>] [LIMIT <n>]
          [ALLOW FILTERING]
        <selector>: <column> | <function>(...) | CAST(<selector> AS <type>)
                  | WRITETIME(<column>) | TTL(<column>) | COUNT(*) | <literal>

    Reads rows of one table. WHERE normally fixes the partition key with =
    or IN and may narrow the clustering columns in key order, with a range
    only on the last one used. Other conditions need an index or ALLOW
    FILTERING, which scans and discards rows. ORDER BY keeps or reverses
    the clustering order, and needs the partition key fixed.

    Example:
        SELECT placed, total FROM shop.orders
          WHERE customer = 7 AND placed >= '2024-01-01' LIMIT 10;
)txt"},

    Topic{"SELECT_JSON",
          R"txt(        SELECT JSON [DISTINCT] <selector> [, ...] | * FROM [<keyspace>.]<table>
          [WHERE ...] [GROUP BY ...] [ORDER BY ...] [LIMIT <n>] ...

    Runs like SELECT, but each result row comes back as one text column,
    [json], holding a JSON object. Its keys are the column names or
    aliases; a name that needs double quotes keeps them. Values follow the
    mappings in HELP JSON.

    Example:
        SELECT JSON id, name FROM shop.users WHERE id = 1;
)txt"},

    Topic{"TEXT",
          R"txt(        <column> text          (varchar is the same type)
        '<characters>' | $$<characters>$$

    A UTF-8 string. Inside single quotes, write a quote as two quotes:
    'it''s'. Between $$ and $$ nothing needs escaping. The empty string ''
    is a value of its own, different from null.

    Example:
        INSERT INTO shop.users (id, name) VALUES (3, 'O''Brien');
)txt"},

    Topic{"TIME",
          R"txt(        <column> time
        '<hh>:<mm>:<ss>[.<fraction>]' | <nanoseconds>

    A time of day with nanosecond precision, with no date and no time zone.
    The string form takes up to nine fraction digits; the integer form
    counts nanoseconds since midnight, from 0 to 86399999999999.
    current_time() gives the time now.

    Example:
        INSERT INTO shop.shifts (id, starts) VALUES (1, '08:30:00');
)txt"},

    Topic{"TIMESTAMP",
          R"txt(        <column> timestamp
        '<yyyy>-<mm>-<dd>[ <hh>:<mm>[:<ss>[.<fff>]]][<zone>]' | <milliseconds>

    An instant, stored as a signed 64-bit count of milliseconds since
    1970-01-01 00:00:00 UTC; the integer form is that count. In a string the
    time may follow a space or a T, and the zone looks like Z, +0200 or
    +02:00; a date alone means midnight. Without a zone Cassandra uses the
    node's time zone and cqlbox uses UTC. to_timestamp(now()) gives now.

    Example:
        INSERT INTO shop.orders (customer, placed) VALUES (7, '2024-05-01');
)txt"},

    Topic{"TRUNCATE",
          R"txt(        TRUNCATE [TABLE] [<keyspace>.]<table>

    Removes every row of a table at once and keeps its definition, indexes
    and options. On a real cluster every node must be up. A materialized
    view cannot be truncated directly; truncate its base table.

    Example:
        TRUNCATE shop.orders;
)txt"},

    Topic{"TYPES",
          R"txt(        ascii bigint blob boolean counter date decimal double duration float
        inet int smallint text time timestamp timeuuid tinyint uuid varchar
        varint list<T> set<T> map<K, V> tuple<T, ...> vector<T, n>
        frozen<T> <user-defined type>

    The column types. Integers: tinyint 8 bits, smallint 16, int 32, bigint
    64, varint unlimited; float and double are IEEE 754, decimal is exact.
    Collections keep many values in one column. frozen<...> stores a value
    as one unit that can only be replaced whole, as primary keys and nested
    collections require. HELP <type> shows the literals of several types.
)txt"},

    Topic{"UPDATE",
          R"txt(        UPDATE [<keyspace>.]<table>
          [USING <attribute> [AND <attribute>]]
          SET <assignment> [, <assignment> ...]
          WHERE <primary key relations>
          [IF EXISTS | IF <condition> [AND <condition> ...]]
        <attribute>: TTL <seconds> | TIMESTAMP <microseconds>
        <assignment>: <c> = <value> | <c> = <c> + <value> | <c> += <value>
                    | <c> = <c> - <value> | <c> -= <value>
                    | <c> = <value> + <c> | <c>[<key or index>] = <value>
                    | <c>.<field> = <value>

    Writes columns of the rows named by the full primary key, creating them
    if absent (an upsert: nothing is read first). + and - change counters
    and add to or remove from collections; <value> + <c> puts elements at
    the front of a list. IF makes it a lightweight transaction whose answer
    has an [applied] column.

    Example:
        UPDATE shop.orders SET status = 'paid'
          WHERE customer = 7 AND placed = '2024-05-01 10:00:00+0000';
)txt"},

    Topic{"USE",
          R"txt(        USE <keyspace>

    Makes <keyspace> the default for names written without a keyspace
    prefix, for the rest of the session; the prompt shows it. Put the name
    in double quotes if it was created with upper-case letters.

    Example:
        USE shop;
)txt"},

    Topic{"UUID",
          R"txt(        <column> uuid
        <8 hex>-<4 hex>-<4 hex>-<4 hex>-<12 hex>      (no quotes)

    A 128-bit identifier, written as 32 hex digits in groups of 8-4-4-4-12
    without quotes. uuid() returns a new random (version 4) value. The
    related timeuuid type holds only time-based (version 1) values, sorts
    them by time, and gets a new one from now().

    Example:
        INSERT INTO shop.sessions (id, started) VALUES (uuid(), '2024-05-01');
)txt"},
};

constexpr bool sorted_by_name() {
  for (std::size_t i = 1; i < kTopics.size(); ++i)
    if (!(kTopics[i - 1].name < kTopics[i].name)) return false;
  return true;
}
static_assert(sorted_by_name(), "kTopics must stay sorted by name for the binary search");

}  // namespace

std::string cql_help_text(std::string_view topic) {
  const auto it = std::lower_bound(kTopics.begin(), kTopics.end(), topic,
                                   [](const Topic& t, std::string_view name) { return t.name < name; });
  if (it == kTopics.end() || it->name != topic) return {};
  // FUNCTIONS lists the native functions from their one table (exec/function_registry.hpp).
  std::string text(it->text);
  constexpr std::string_view kList = "{native functions}\n";
  if (const auto at = text.find(kList); at != std::string::npos)
    text.replace(at, kList.size(), exec::native_function_groups(72));
  return text;
}

}  // namespace cqlbox::shell
