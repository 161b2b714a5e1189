// The DataStax Node.js driver (npm `cassandra-driver` 4.x) for node_smoke.js and
// scripts/protocol_latency.js: found the usual way (NODE_PATH), then in $CQLBOX_NODE_MODULES,
// /tmp/cqlbox-node/node_modules, /tmp/nodecass/node_modules; NOTES.md says how to install it
// (outside the repository). Missing: exit status 77, meson's SKIP.
'use strict';

const path = require('path');

function loadDriver(who) {
  const tried = [];
  const candidates = ['cassandra-driver'];
  for (const dir of [process.env.CQLBOX_NODE_MODULES, '/tmp/cqlbox-node/node_modules', '/tmp/nodecass/node_modules']) {
    if (dir) candidates.push(path.join(dir, 'cassandra-driver'));
  }
  for (const c of candidates) {
    try {
      return require(c);
    } catch (e) {
      tried.push(c);
    }
  }
  console.error(`${who}: cassandra-driver not found (tried ${tried.join(', ')}); see tests/protocol/NOTES.md`);
  process.exit(77);
}

// A client of the one server at 127.0.0.1:port only (cqlbox's simulated peers share its address).
function connectOptions(cassandra, port) {
  const lb = cassandra.policies.loadBalancing;
  const allow = lb.AllowListPolicy || lb.WhiteListPolicy;
  return {
    contactPoints: [`127.0.0.1:${port}`],
    localDataCenter: 'datacenter1',
    protocolOptions: { port },   // no maxVersion: the driver starts high and must be told to go down to v4
    policies: { loadBalancing: new allow(new lb.DCAwareRoundRobinPolicy('datacenter1'), [`127.0.0.1:${port}`]) },
    socketOptions: { connectTimeout: 5000, readTimeout: 20000 },
  };
}

module.exports = { loadDriver, connectOptions };
