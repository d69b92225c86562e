import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each operation is bound by one handler module: server/routes/handlers.ts spreads them into one map, where a second
 * binding of the same operationId would silently replace the first (two engineers once built getCustomerTraining
 * twice, and the later spread won).
 */
describe('route handlers', () => {
  it('bind every operationId in one module only', () => {
    const dir = path.join(__dirname, '../../../server/routes');
    const where = new Map<string, string[]>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      for (const [, operation] of readFileSync(path.join(dir, file), 'utf8').matchAll(/^ {2}async (\w+)\(ctx/gm)) {
        where.set(operation!, [...(where.get(operation!) ?? []), file]);
      }
    }
    expect(where.size).toBeGreaterThan(100);
    expect([...where].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
