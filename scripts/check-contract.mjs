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
process.exit(stale ? 1 : 0);
