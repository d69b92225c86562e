import type { Database } from './client.js';
import { tableWritesOf } from './tableWrites.js';

/**
 * Entries read from the database, kept while a version of the tables they come from (tableWrites.ts) stays the same:
 * when it moves, every entry is dropped at once. An entry whose read overlapped a write (the version moved between
 * the read's start and its end) is not kept. At most `max` entries, the oldest dropped first. The caches of rows this
 * process keeps are built on it: the callers by token (auth/session.ts) and `versionedReads` below.
 */
export class VersionedEntries<V> {
  private readonly entries = new Map<string, V>();
  private version = -1;

  constructor(
    private readonly versionNow: () => number,
    private readonly max: number,
  ) {}

  /** The version now (to hand back to `set` once the read ends); entries read at another one are dropped. */
  current(): number {
    const version = this.versionNow();
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    return version;
  }

  get(key: string): V | undefined {
    this.current();
    return this.entries.get(key);
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  /** Keeps `value`, read from `versionBefore` on, unless a write may have happened meanwhile (versions only grow). */
  set(key: string, value: V, versionBefore: number) {
    if (this.current() !== versionBefore) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }
}

/**
 * A read kept by key until a statement of this process may change, delete or add rows of `tables` (`contentVersion`).
 * Only on PGlite, which no other process writes: on PostgreSQL, and inside a transaction (which must see its own
 * writes), every call reads. A read that ran while such a statement ran is answered but not kept.
 *
 * What is kept is shared by every caller: callers must not change it.
 */
export function versionedReads<V>(tables: readonly string[], max: number) {
  const kept = new WeakMap<Database, VersionedEntries<V> | null>();
  return async (db: Database, key: string, read: () => Promise<V>): Promise<V> => {
    let entries = kept.get(db);
    if (entries === undefined) {
      const writes = tableWritesOf(db);
      kept.set(db, (entries = writes ? new VersionedEntries<V>(() => writes.contentVersion(tables), max) : null));
    }
    if (!entries) return read();
    const before = entries.current();
    const hit = entries.get(key);
    if (hit !== undefined) return hit;
    const value = await read();
    entries.set(key, value, before);
    return value;
  };
}
