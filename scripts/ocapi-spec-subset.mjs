#!/usr/bin/env node
// Writes domain/instances/ocapi-data-25.6.spec.json: the schemas of the official OCAPI Data API spec that
// Beacon's requests and answers use, with everything they reference. Run with the spec's path:
//   node scripts/ocapi-spec-subset.mjs <b2c-developer-tooling>/packages/b2c-tooling-sdk/specs/data-api.json
// Source: SalesforceCommerceCloud/b2c-developer-tooling (Apache-2.0), info.version 25.6.
import { readFileSync, writeFileSync } from 'node:fs';

const ROOTS = [
  'product',
  'search_request',
  'product_search_result',
  'content_asset',
  'object_attribute_definition',
  'catalog',
  'category',
  'site',
  'fault',
  'match_all_query',
  'term_query',
  'text_query',
  'bool_query',
  'filtered_query',
  'range_filter',
  'term_filter',
  'bool_filter',
  'sort',
];

const [specPath] = process.argv.slice(2);
if (!specPath) {
  console.error('usage: node scripts/ocapi-spec-subset.mjs <data-api.json>');
  process.exit(2);
}
const spec = JSON.parse(readFileSync(specPath, 'utf8'));
const all = spec.components.schemas;
const kept = {};
const visit = (name) => {
  if (kept[name] || !all[name]) return;
  kept[name] = all[name];
  JSON.stringify(all[name], (key, value) => {
    if (key === '$ref' && typeof value === 'string') visit(value.split('/').pop());
    return value;
  });
};
for (const root of ROOTS) visit(root);
const out = {
  source:
    'SalesforceCommerceCloud/b2c-developer-tooling@4dee938 packages/b2c-tooling-sdk/specs/data-api.json (Apache-2.0)',
  version: spec.info.version,
  schemas: Object.fromEntries(Object.entries(kept).sort(([a], [b]) => a.localeCompare(b))),
};
writeFileSync('domain/instances/ocapi-data-25.6.spec.json', `${JSON.stringify(out, null, 2)}\n`);
console.log(
  `${Object.keys(kept).length} schemas written to domain/instances/ocapi-data-25.6.spec.json`,
);
