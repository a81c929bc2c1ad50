#!/usr/bin/env node
// Writes domain/instances/account-manager-v1.spec.json: the parts of Salesforce's Account Manager API
// specs that Beacon's requests and answers use (ADR 0046), with everything they reference. Run with
// the specs' paths (YAML, read through Debian's python3-yaml, as Node has no YAML parser here):
//   node scripts/am-spec-subset.mjs <b2c-developer-tooling>/packages/b2c-tooling-sdk/specs/am-apiclients-api-v1.yaml \
//     <b2c-developer-tooling>/packages/b2c-tooling-sdk/specs/am-users-api-v1.yaml
// Source: SalesforceCommerceCloud/b2c-developer-tooling (Apache-2.0).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const OUT = 'domain/instances/account-manager-v1.spec.json';
/** The operations Beacon sends, by spec, as `METHOD path`. */
const OPERATIONS = {
  apiclients: [
    'get /dw/rest/v1/apiclients',
    'post /dw/rest/v1/apiclients',
    'get /dw/rest/v1/apiclients/{apiClientId}',
    'put /dw/rest/v1/apiclients/{apiClientId}/password',
  ],
  users: [],
};
/** Schemas outside those operations: an organization (as `/organizations` answers it), a user, and the update the simulator plays. */
const ROOTS = { apiclients: ['Organization', 'APIClientUpdate'], users: ['UserRead'] };

const [apiclientsPath, usersPath] = process.argv.slice(2);
if (!apiclientsPath || !usersPath) {
  console.error(
    'usage: node scripts/am-spec-subset.mjs <am-apiclients-api-v1.yaml> <am-users-api-v1.yaml>',
  );
  process.exit(2);
}
const readYaml = (path) =>
  JSON.parse(
    execFileSync('python3', [
      '-c',
      'import json,sys,yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)',
      path,
    ]).toString(),
  );

function subset(spec, operations, roots) {
  const kept = { schemas: {}, headers: {}, responses: {} };
  const visit = (value) =>
    JSON.stringify(value, (key, v) => {
      if (key === '$ref' && typeof v === 'string') {
        const [, , kind, name] = v.split('/');
        if (!kept[kind] || kept[kind][name]) return v;
        kept[kind][name] = spec.components[kind][name];
        visit(kept[kind][name]);
      }
      return v;
    });
  const paths = {};
  for (const operation of operations) {
    const [method, path] = operation.split(' ');
    const found = spec.paths[path]?.[method];
    if (!found) throw new Error(`${operation} is not in the spec`);
    (paths[path] ??= {})[method] = found;
    visit(found);
  }
  for (const root of roots) visit({ $ref: `#/components/schemas/${root}` });
  const sorted = (o) =>
    Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  return {
    version: spec.info.version,
    paths,
    schemas: sorted(kept.schemas),
    headers: sorted(kept.headers),
    responses: sorted(kept.responses),
  };
}

const out = {
  source:
    'SalesforceCommerceCloud/b2c-developer-tooling@4dee938 packages/b2c-tooling-sdk/specs/am-apiclients-api-v1.yaml and am-users-api-v1.yaml (Apache-2.0)',
  apiclients: subset(readYaml(apiclientsPath), OPERATIONS.apiclients, ROOTS.apiclients),
  users: subset(readYaml(usersPath), OPERATIONS.users, ROOTS.users),
};
writeFileSync(OUT, `${JSON.stringify(out, null, 2)}\n`);
console.log(
  `${OUT}: ${Object.keys(out.apiclients.schemas).length} + ${Object.keys(out.users.schemas).length} schemas`,
);
