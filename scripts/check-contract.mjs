// Fails when openapi/dist/openapi.json or src/api/schema.gen.ts is not what the YAML sources produce.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'contract-'));
const bundle = path.join(dir, 'openapi.json');
const types = path.join(dir, 'schema.gen.ts');
const run = (bin, args) => execFileSync(process.execPath, [bin, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });

run('node_modules/@redocly/cli/bin/cli.js', ['bundle', 'openapi/openapi.yaml', '-o', bundle, '--ext', 'json']);
run('node_modules/openapi-typescript/bin/cli.js', [bundle, '-o', types]);

let stale = false;
for (const [fresh, committed] of [
  [bundle, 'openapi/dist/openapi.json'],
  [types, 'src/api/schema.gen.ts'],
]) {
  if (readFileSync(fresh, 'utf8') !== readFileSync(committed, 'utf8')) {
    console.error(`✗ ${committed} is stale: run "npm run api:generate" and commit the result.`);
    stale = true;
  } else console.log(`✓ ${committed} is up to date`);
}
// Our JSON request bodies are named schemas (issue 9), so the generated types name them and nobody writes a copy;
// what a provider posts to its webhook is not ours to describe beyond "an object".
const contract = JSON.parse(readFileSync(bundle, 'utf8'));
const inline = Object.values(contract.paths)
  .flatMap((operations) => Object.values(operations))
  .filter((operation) => operation && typeof operation === 'object' && operation.requestBody)
  .filter((operation) => {
    const schema = operation.requestBody.content?.['application/json']?.schema;
    return schema && !schema.$ref && schema.properties;
  })
  .map((operation) => operation.operationId);
if (inline.length) {
  console.error(`✗ inline JSON request bodies (run "python3 scripts/name-request-bodies.py"): ${inline.join(', ')}`);
  stale = true;
} else console.log('✓ every JSON request body is a named schema');
process.exit(stale ? 1 : 0);
