// Smoke test of `cqlbox --listen` with the DataStax Node.js driver (npm `cassandra-driver` 4.x).
//
//   node tests/protocol/node_smoke.js PORT
//
// The server must already be listening on 127.0.0.1:PORT; node_driver.js finds the driver.
// Prints one line per step, ends with `node smoke: ok` and exit status 0, or the error and
// status 1.
'use strict';

const { loadDriver, connectOptions } = require('./node_driver');

const cassandra = loadDriver('node smoke');
const port = parseInt(process.argv[2] || process.env.CQLBOX_PORT || '9042', 10);

function check(cond, what) {
  if (!cond) throw new Error(`check failed: ${what}`);
  console.log(`  ok ${what}`);
}

async function main() {
  const client = new cassandra.Client(connectOptions(cassandra, port));
  try {
    await client.connect();
    const version = client.controlConnection.protocolVersion;
    check(version === 4, `negotiated protocol version 4 (got ${version})`);
    const local = (await client.execute("SELECT release_version, cluster_name FROM system.local")).first();
    check(local && String(local.release_version).startsWith('5.0'), `release_version ${local && local.release_version}`);

    await client.execute("CREATE KEYSPACE IF NOT EXISTS node_smoke WITH replication = " +
                         "{'class': 'SimpleStrategy', 'replication_factor': 1}");
    await client.execute('CREATE TABLE IF NOT EXISTS node_smoke.t ' +
                         '(k int, c int, v text, l list<int>, m map<text, int>, ts timestamp, u uuid, ' +
                         'PRIMARY KEY (k, c))');
    const u = cassandra.types.Uuid.random();
    const ts = new Date(1700000000123);
    const ins = 'INSERT INTO node_smoke.t (k, c, v, l, m, ts, u) VALUES (?, ?, ?, ?, ?, ?, ?)';
    await client.execute(ins, [1, 1, 'héllo', [3, 1, 2], { b: 2, a: 1 }, ts, u], { prepare: true });
    const row = (await client.execute('SELECT * FROM node_smoke.t WHERE k = ? AND c = ?', [1, 1],
                                      { prepare: true })).first();
    check(row !== null, 'row read back');
    check(row.v === 'héllo', `text ${row.v}`);
    check(JSON.stringify(row.l) === '[3,1,2]', `list ${JSON.stringify(row.l)}`);
    check(JSON.stringify(row.m) === '{"a":1,"b":2}', `map ${JSON.stringify(row.m)}`);
    check(row.ts.getTime() === ts.getTime(), `timestamp ${row.ts.toISOString()}`);
    check(row.u.equals(u), `uuid ${row.u}`);

    // paging with prepared statements
    const queries = [];
    for (let i = 0; i < 250; i++) queries.push({ query: ins, params: [2, i, `v${i}`, null, null, null, null] });
    for (let i = 0; i < queries.length; i += 50) {
      await client.batch(queries.slice(i, i + 50), { prepare: true, logged: false });
    }
    const seen = [];
    await new Promise((resolve, reject) => {
      client.eachRow('SELECT c FROM node_smoke.t WHERE k = ?', [2], { prepare: true, fetchSize: 40, autoPage: true },
                     (n, r) => seen.push(r.c), (err) => (err ? reject(err) : resolve()));
    });
    check(seen.length === 250 && seen.every((c, i) => c === i), `250 rows over pages of 40 (got ${seen.length})`);

    // schema metadata
    const table = await client.metadata.getTable('node_smoke', 't');
    check(table && table.partitionKeys.map((c) => c.name).join() === 'k', 'table metadata partition key');
    check(table.clusteringKeys.map((c) => c.name).join() === 'c', 'table metadata clustering key');

    // an error comes back as a ResponseError and the client keeps working
    let code = null;
    try {
      await client.execute('SELECT * FROM node_smoke.nosuch');
    } catch (e) {
      code = e.code;
    }
    check(code === cassandra.types.responseErrorCodes.invalid, `error code 0x2200 (got ${code})`);
    check((await client.execute('SELECT count(*) FROM node_smoke.t WHERE k = 2')).first().count.toNumber() === 250,
          'count(*) after the error');
    await client.execute('DROP KEYSPACE node_smoke');
    console.log('node smoke: ok');
  } finally {
    await client.shutdown();
  }
}

main().then(() => process.exit(0), (err) => {
  console.error('node smoke: FAIL', err && err.stack ? err.stack : err);
  process.exit(1);
});
