// Latency of `cqlbox --listen` as a Node.js application sees it: one request in flight, through
// the DataStax Node.js driver (tests/protocol/node_driver.js finds it), a prepared single-row
// INSERT and then a prepared single-row SELECT, each timed from execute() to its promise.
//
//   node scripts/protocol_latency.js PORT [REQUESTS]
//
// Prints p50, p90, p99, p99.9 and the maximum in microseconds for each. scripts/bench runs it
// (its protocol part) when node and the driver are there. A benchmark, never a test.
'use strict';

const path = require('path');
const { loadDriver, connectOptions } = require(path.join(__dirname, '..', 'tests', 'protocol', 'node_driver'));

const cassandra = loadDriver('protocol latency');
const port = parseInt(process.argv[2], 10);
const requests = parseInt(process.argv[3] || '20000', 10);
const warmup = 2000;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

async function timed(client, cql, params) {
  for (let i = 0; i < warmup; ++i) await client.execute(cql, params(i), { prepare: true });
  const us = new Float64Array(requests);
  for (let i = 0; i < requests; ++i) {
    const start = process.hrtime.bigint();
    await client.execute(cql, params(i), { prepare: true });
    us[i] = Number(process.hrtime.bigint() - start) / 1000;
  }
  return us.sort();
}

async function main() {
  const client = new cassandra.Client(connectOptions(cassandra, port));
  await client.connect();
  try {
    await client.execute("CREATE KEYSPACE IF NOT EXISTS latency WITH replication = " +
                         "{'class': 'SimpleStrategy', 'replication_factor': 1}");
    await client.execute('CREATE TABLE IF NOT EXISTS latency.t (id int PRIMARY KEY, v text)');
    const kinds = [
      ['INSERT', 'INSERT INTO latency.t (id, v) VALUES (?, ?)', (i) => [i, `value ${i}`]],
      ['SELECT', 'SELECT id, v FROM latency.t WHERE id = ?', (i) => [i % requests]],
    ];
    for (const [name, cql, params] of kinds) {
      const us = await timed(client, cql, params);
      const p = (q) => percentile(us, q).toFixed(0).padStart(6);
      console.log(`node driver, 1 in flight, ${name}: p50 ${p(0.5)} us  p90 ${p(0.9)}  p99 ${p(0.99)}  ` +
                  `p99.9 ${p(0.999)}  max ${us[us.length - 1].toFixed(0)}  (p99/p50 ${(percentile(us, 0.99) / percentile(us, 0.5)).toFixed(2)})`);
    }
    await client.execute('DROP KEYSPACE latency');
  } finally {
    await client.shutdown();
  }
}

main().catch((err) => {
  console.error('protocol latency: FAIL', err && err.stack ? err.stack : err);
  process.exit(1);
});
