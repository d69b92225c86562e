import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Database } from './client.js';

/**
 * What may have changed rows of a table, as seen from the statements sent to an embedded PGlite: a version per
 * table, raised after every statement that updates, deletes or upserts its rows (and after the transaction that
 * held it ends, committed or not). Caches of rows in this process (auth/session.ts) compare versions to know that
 * what they hold is still what the database holds. Only PGlite: it belongs to this one process, so every write
 * passes here; PostgreSQL may be written by other processes, and gets no watch (`tableWritesOf` answers undefined).
 *
 * Read from the SQL text, erring on the side of "changed": a plain INSERT adds rows and changes none (so it does not
 * count), an `ON CONFLICT … DO UPDATE` does; TRUNCATE and any statement this cannot read (DDL, COPY, MERGE, DO…)
 * raise every table. Cascades reach other tables only through foreign keys, so a watcher of a table also watches
 * the tables whose deletions cascade into it (see SESSION_TABLES in auth/session.ts).
 */
export class TableWrites {
  private readonly versions = new Map<string, number>();
  private everything = 0;

  /** A number that changes whenever rows of any of `tables` may have changed. */
  version(tables: readonly string[]): number {
    let sum = this.everything;
    for (const table of tables) sum += this.versions.get(table) ?? 0;
    return sum;
  }

  /** Takes note of a statement about to run or just run; answers whether it may change rows. */
  noteStatement(text: string): boolean {
    const written = writtenTables(text);
    if (written === 'all') this.everything++;
    else for (const table of written) this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
    return written === 'all' || written.size > 0;
  }

  /** Raises every table (a transaction that wrote ended: what it wrote is now visible, or rolled back). */
  noteAll() {
    this.everything++;
  }
}

const NAME = String.raw`(?:"((?:[^"]|"")+)"|([A-Za-z_][\w$]*))`;
/** `update x`, `delete from x`, `insert into x` (schema-qualified or not); the last name is the table. Not `do update set`, `for update`. */
const WRITE = new RegExp(String.raw`\b(?<!\b(?:do|for)\s+)(update|delete\s+from|insert\s+into)\s+(?:only\s+)?(?:${NAME}\s*\.\s*)?${NAME}`, 'gi');
/** Statements that may change rows without naming them in one of the forms above. */
const OPAQUE = /^\s*(?:do|call)\b|\b(?:truncate|alter|drop|copy|merge|create\s+(?:or\s+replace\s+)?(?:trigger|rule|function|procedure))\b/i;
const UPSERT = /\bon\s+conflict\b[\s\S]*\bdo\s+update\b/i;
/** Most statements are reads: this tells them apart without running the regular expressions above. */
const MAY_WRITE = /\b(?:update|delete|insert|truncate|alter|drop|copy|merge|do|call|create)\b/i;

const NONE: ReadonlySet<string> = new Set();
/** The same texts come again and again (drizzle builds the same SQL for the same query): read each once. */
const readings = new Map<string, ReadonlySet<string> | 'all'>();
const MAX_READINGS = 2_000;
/** Longer texts (bulk inserts with thousands of placeholders) are read each time rather than kept. */
const MAX_KEPT_LENGTH = 4_096;

/** The tables a statement may change rows of, or 'all' when it cannot be told. */
export function writtenTables(text: string): ReadonlySet<string> | 'all' {
  if (text.length > MAX_KEPT_LENGTH) return readStatement(text);
  let reading = readings.get(text);
  if (reading === undefined) {
    reading = readStatement(text);
    if (readings.size >= MAX_READINGS) readings.clear();
    readings.set(text, reading);
  }
  return reading;
}

function readStatement(text: string): ReadonlySet<string> | 'all' {
  if (!MAY_WRITE.test(text)) return NONE;
  const tables = new Set<string>();
  if (OPAQUE.test(text)) return 'all';
  const upsert = UPSERT.test(text);
  for (const match of text.matchAll(WRITE)) {
    const verb = match[1]!.toLowerCase();
    // An INSERT adds rows; it changes existing ones only as an upsert.
    if (verb.startsWith('insert') && !upsert) continue;
    const table = match[4] !== undefined ? match[4].replaceAll('""', '"') : match[5]!.toLowerCase();
    tables.add(table);
  }
  return tables;
}

const watches = new WeakMap<object, TableWrites>();

/** The watch of a database's writes (PGlite), or undefined (PostgreSQL: other processes may write). */
export function tableWritesOf(db: Database): TableWrites | undefined {
  return watches.get(db);
}

/** Records `writes` as the watch of `db` (db/client.ts, when it opens a PGlite through `watchTableWrites`). */
export function registerTableWrites(db: Database, writes: TableWrites) {
  watches.set(db, writes);
}

type Queryable = Pick<PGlite, 'query' | 'exec'>;

/** A statement runs, then its writes are noted (before and after: a reader that started in between sees a new version). */
function watched<T extends Queryable>(target: T, writes: TableWrites, onWrite: () => void): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object) as unknown;
      if (property === 'query' || property === 'exec') {
        const run = value as (text: string, ...rest: unknown[]) => Promise<unknown>;
        return async (text: string, ...rest: unknown[]) => {
          const wrote = writes.noteStatement(text);
          if (wrote) onWrite();
          try {
            return await run.call(object, text, ...rest);
          } finally {
            if (wrote) writes.noteStatement(text);
          }
        };
      }
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/**
 * PGlite whose statements (top-level ones and those of its transactions) are noted in `writes` before they run and
 * after they end; a transaction that wrote raises every table once it has ended.
 */
export function watchTableWrites(client: PGlite, writes: TableWrites): PGlite {
  const top = watched(client, writes, () => undefined);
  return new Proxy(top, {
    get(object, property) {
      if (property === 'transaction') {
        return async <T>(fn: (tx: Transaction) => Promise<T>) => {
          let wrote = false;
          try {
            return await client.transaction((tx) => fn(watched(tx, writes, () => (wrote = true))));
          } finally {
            if (wrote) writes.noteAll();
          }
        };
      }
      return Reflect.get(object, property, object) as unknown;
    },
  });
}
