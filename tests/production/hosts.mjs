/**
 * Loaded into the production server under test (`node --import ./tests/production/hosts.mjs`), never
 * into Beacon itself: it plays the network a real deployment has. The vendors' hosts
 * (account.demandware.com, *.demandware.net, api.openai.com, …) are reached at the test's TLS front on
 * this machine, with their own names on the wire (SNI, certificate check, Host header), as a hosts file
 * and port 443 would do on a machine of their own. Only TLS connections to the listed names move;
 * everything else (PostgreSQL, loopback) is untouched.
 *
 * BEACON_TEST_HOSTS: `<name>[,<name>…]=<host>:<port>`, a name `*.example.com` standing for every
 * one-label subdomain, e.g. `account.demandware.com,*.demandware.net=127.0.0.1:4443`.
 */
import tls from 'node:tls';

const rule = process.env.BEACON_TEST_HOSTS ?? '';
const [names = '', target = ''] = rule.split('=');
const [toHost, toPort] = target.split(':');
if (!names || !toHost || !toPort) {
  throw new Error('BEACON_TEST_HOSTS must be <name>[,<name>…]=<host>:<port>');
}
const patterns = names.split(',').map((name) => name.trim().toLowerCase());

/** Whether a host name is one the front plays. */
function played(host) {
  const h = String(host ?? '').toLowerCase();
  return patterns.some((p) => {
    if (!p.startsWith('*.')) return h === p;
    const suffix = p.slice(1);
    const label = h.endsWith(suffix) ? h.slice(0, -suffix.length) : '';
    return /^[a-z0-9-]+$/.test(label);
  });
}

const connect = tls.connect;
tls.connect = function connectThroughFront(...args) {
  // tls.connect(options[, callback]) is how Node's fetch (undici) and https connect.
  const [options] = args;
  if (options && typeof options === 'object' && !options.socket && played(options.host)) {
    const servername = options.servername || options.host;
    args[0] = { ...options, host: toHost, port: Number(toPort), servername };
  }
  return connect.apply(this, args);
};
