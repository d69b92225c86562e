// Merges English translations into locales/en.json, keeping the keys sorted:
//   node scripts/i18n-add-en.mjs my-keys.json      (a JSON object { "id": "English text" })
// Read-modify-write in one step, so several people adding keys at once do not undo each other.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

const file = 'locales/en.json';
const added = JSON.parse(readFileSync(process.argv[2] ?? '/dev/stdin', 'utf8'));
const current = JSON.parse(readFileSync(file, 'utf8'));
const merged = Object.fromEntries(Object.entries({ ...current, ...added }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const tmp = `${file}.${process.pid}.tmp`;
writeFileSync(tmp, `${JSON.stringify(merged, null, 2)}\n`);
renameSync(tmp, file);
console.log(`${Object.keys(added).length} key(s) merged into ${file}`);
