import type { Database } from './client.js';
import { tableWritesOf, type TableWrites } from './tableWrites.js';

interface Kept<V> {
  writes: TableWrites;
  /** The `contentVersion` of the tables the entries were read at. */
  version: number;
  entries: Map<string, V>;
}

/**
 * A read kept by key until a statement of this process may change, delete or add rows of `tables` (tableWrites.ts);
 * then every kept answer is dropped at once. Only on PGlite, which no other process writes: on PostgreSQL, and
 * inside a transaction (which must see its own writes), every call reads. A read that ran while such a statement
 * ran is answered but not kept. At most `max` keys, the oldest dropped first.
 *
 * What is kept is shared by every caller: callers must not change it.
 */
export function versionedReads<V>(tables: readonly string[], max: number) {
  const kept = new WeakMap<Database, Kept<V> | null>();
  return async (db: Database, key: string, read: () => Promise<V>): Promise<V> => {
    let cache = kept.get(db);
    if (cache === undefined) {
      const writes = tableWritesOf(db);
      kept.set(db, (cache = writes ? { writes, version: -1, entries: new Map() } : null));
    }
    if (!cache) return read();
    const before = cache.writes.contentVersion(tables);
    if (before !== cache.version) {
      cache.entries.clear();
      cache.version = before;
    }
    const hit = cache.entries.get(key);
    if (hit !== undefined) return hit;
    const value = await read();
    // Versions only grow: the same number after the read means nothing was written meanwhile, and `cache.version` is it.
    if (cache.writes.contentVersion(tables) === before) {
      if (cache.entries.size >= max) cache.entries.delete(cache.entries.keys().next().value!);
      cache.entries.set(key, value);
    }
    return value;
  };
}
