// Prints how much of the contract the server implements: in total, per tag, and what is missing.
import { listOperations, loadDocument } from '../server/openapi/document';
import { handlers } from '../server/routes/handlers';

const operations = listOperations(loadDocument());
const byTag = new Map<string, { done: number; total: number; missing: string[] }>();
for (const operation of operations) {
  const tag = (operation.operation as { tags?: string[] }).tags?.[0] ?? 'untagged';
  const entry = byTag.get(tag) ?? { done: 0, total: 0, missing: [] };
  entry.total++;
  if (operation.operationId in handlers) entry.done++;
  else entry.missing.push(operation.operationId);
  byTag.set(tag, entry);
}
const done = operations.filter((o) => o.operationId in handlers).length;
console.log(`Implemented ${done} / ${operations.length} operations (${((100 * done) / operations.length).toFixed(1)} %)\n`);
for (const [tag, entry] of [...byTag].sort()) {
  console.log(`${tag.padEnd(16)} ${String(entry.done).padStart(3)} / ${String(entry.total).padEnd(3)}`);
}
if (process.argv.includes('--missing')) {
  for (const [tag, entry] of byTag) if (entry.missing.length) console.log(`\n${tag}: ${entry.missing.join(', ')}`);
}
const unknown = Object.keys(handlers).filter((id) => !operations.some((o) => o.operationId === id));
if (unknown.length) {
  console.error(`\nHandlers bound to no operation of the contract: ${unknown.join(', ')}`);
  process.exit(1);
}
