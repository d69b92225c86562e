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
 * raise `version`), an `ON CONFLICT … DO UPDATE` does; TRUNCATE and any statement this cannot read (DDL, COPY,
 * MERGE, DO…) raise every table. Added rows are counted apart (`contentVersion`): a cache of rows looked up by key
 * (a caller by token) ignores them, a cache of a whole set (a training's outline) cannot. Cascades reach other
 * tables only through foreign keys, so a watcher of a table also watches the tables whose deletions cascade into
 * it (see SESSION_TABLES in auth/session.ts).
 */
export class TableWrites {
  private readonly versions = new Map<string, number>();
  private readonly additions = new Map<string, number>();
  private everything = 0;

  /** A number that changes whenever rows of any of `tables` may have changed (rows added do not count). */
  version(tables: readonly string[]): number {
    let sum = this.everything;
    for (const table of tables) sum += this.versions.get(table) ?? 0;
    return sum;
  }

  /** A number that changes whenever any of `tables` may hold other rows: changed, deleted or added. */
  contentVersion(tables: readonly string[]): number {
    let sum = this.version(tables);
    for (const table of tables) sum += this.additions.get(table) ?? 0;
    return sum;
  }

  /** Takes note of a statement about to run or just run; answers whether it may change rows, and the tables it adds rows to. */
  noteStatement(text: string): { changes: boolean; adds: ReadonlySet<string> } {
    const { changed, added } = readingOf(text);
    if (changed === 'all') this.everything++;
    else for (const table of changed) bump(this.versions, table);
    this.noteAdded(added);
    return { changes: changed === 'all' || changed.size > 0, adds: added };
  }

  /** Raises every table (a transaction that wrote ended: what it wrote is now visible, or rolled back). */
  noteAll() {
    this.everything++;
  }

  /** Raises the added rows of `tables` (a transaction that added to them ended). */
  noteAdded(tables: Iterable<string>) {
    for (const table of tables) bump(this.additions, table);
  }
}

const bump = (counts: Map<string, number>, table: string) => counts.set(table, (counts.get(table) ?? 0) + 1);

const NAME = String.raw`(?:"((?:[^"]|"")+)"|([A-Za-z_][\w$]*))`;
/** `update x`, `delete from x`, `insert into x` (schema-qualified or not); the last name is the table. Not `do update set`, `for update`. */
const WRITE = new RegExp(String.raw`\b(?<!\b(?:do|for)\s+)(update|delete\s+from|insert\s+into)\s+(?:only\s+)?(?:${NAME}\s*\.\s*)?${NAME}`, 'gi');
/** Statements that may change rows without naming them in one of the forms above. */
const OPAQUE = /^\s*(?:do|call)\b|\b(?:truncate|alter|drop|copy|merge|create\s+(?:or\s+replace\s+)?(?:trigger|rule|function|procedure))\b/i;
const UPSERT = /\bon\s+conflict\b[\s\S]*\bdo\s+update\b/i;
/** Most statements are reads: this tells them apart without running the regular expressions above. */
const MAY_WRITE = /\b(?:update|delete|insert|truncate|alter|drop|copy|merge|do|call|create)\b/i;

const NONE: ReadonlySet<string> = new Set();
/** What a statement does to tables: those it may change rows of ('all' when it cannot be told), those it adds rows to. */
interface Reading {
  changed: ReadonlySet<string> | 'all';
  added: ReadonlySet<string>;
}
const READ_ONLY: Reading = { changed: NONE, added: NONE };
/** The same texts come again and again (drizzle builds the same SQL for the same query): read each once. */
const readings = new Map<string, Reading>();
const MAX_READINGS = 2_000;
/** Longer texts (bulk inserts with thousands of placeholders) are read each time rather than kept. */
const MAX_KEPT_LENGTH = 4_096;

function readingOf(text: string): Reading {
  if (text.length > MAX_KEPT_LENGTH) return readStatement(text);
  let reading = readings.get(text);
  if (reading === undefined) {
    reading = readStatement(text);
    if (readings.size >= MAX_READINGS) readings.clear();
    readings.set(text, reading);
  }
  return reading;
}

/** The tables a statement may change rows of, or 'all' when it cannot be told. */
export function writtenTables(text: string): ReadonlySet<string> | 'all' {
  return readingOf(text).changed;
}

/** The tables a statement may add rows to (an INSERT, upsert or not). */
export function addedTables(text: string): ReadonlySet<string> {
  return readingOf(text).added;
}

function readStatement(text: string): Reading {
  if (!MAY_WRITE.test(text)) return READ_ONLY;
  const changed = new Set<string>();
  const added = new Set<string>();
  const opaque = OPAQUE.test(text);
  const upsert = UPSERT.test(text);
  for (const match of text.matchAll(WRITE)) {
    const verb = match[1]!.toLowerCase();
    const table = match[4] !== undefined ? match[4].replaceAll('""', '"') : match[5]!.toLowerCase();
    // An INSERT adds rows; it changes existing ones only as an upsert.
    if (verb.startsWith('insert')) {
      added.add(table);
      if (!upsert) continue;
    }
    changed.add(table);
  }
  return { changed: opaque ? 'all' : changed, added };
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
function watched<T extends Queryable>(target: T, writes: TableWrites, onWrite: (noted: ReturnType<TableWrites['noteStatement']>) => void): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object) as unknown;
      if (property === 'query' || property === 'exec') {
        const run = value as (text: string, ...rest: unknown[]) => Promise<unknown>;
        return async (text: string, ...rest: unknown[]) => {
          const noted = writes.noteStatement(text);
          const wrote = noted.changes || noted.adds.size > 0;
          if (wrote) onWrite(noted);
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
 * after they end; once a transaction has ended, one that changed rows raises every table, and the tables it added
 * rows to are raised again.
 */
export function watchTableWrites(client: PGlite, writes: TableWrites): PGlite {
  const top = watched(client, writes, () => undefined);
  return new Proxy(top, {
    get(object, property) {
      if (property === 'transaction') {
        return async <T>(fn: (tx: Transaction) => Promise<T>) => {
          let changed = false;
          const added = new Set<string>();
          const note = (noted: ReturnType<TableWrites['noteStatement']>) => {
            changed ||= noted.changes;
            for (const table of noted.adds) added.add(table);
          };
          try {
            return await client.transaction((tx) => fn(watched(tx, writes, note)));
          } finally {
            if (changed) writes.noteAll();
            writes.noteAdded(added);
          }
        };
      }
      return Reflect.get(object, property, object) as unknown;
    },
  });
}
