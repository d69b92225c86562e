import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { withPreparedStatements } from './pgliteStatements.js';
import { registerTableWrites, TableWrites, watchTableWrites } from './tableWrites.js';
import * as schema from './schema.js';
import type { QueueDatabase } from '../jobs/queue.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Where the job queue (server/jobs/queue.ts) keeps its tables: the same database, through its own driver. */
  queueDatabase: QueueDatabase;
  close(): Promise<void>;
}

/** Start-up work (migrations, seeds) that several processes must not do at once. */
export type StartupWork = (db: Database) => Promise<void>;

// Any fixed number: every process of this app takes the same PostgreSQL advisory lock.
const STARTUP_LOCK = 727_001;

/**
 * Extensions the migrations use, created before them (drizzle-kit does not write them): pg_trgm for the trigram
 * index of the customers search. PGlite carries it in its contrib; PostgreSQL ships it and lets a database's owner
 * create it (a trusted extension).
 */
const CREATE_EXTENSIONS = 'create extension if not exists pg_trgm';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Migrations sit beside the sources in development and are copied beside the bundle by the build. */
export function migrationsFolder(): string {
  return process.env.MIGRATIONS_DIR ?? path.resolve(here, '../../server/db/migrations');
}

/**
 * Opens PostgreSQL when a URL is given, else an embedded PGlite in `dataDir`.
 * Both go through the same pg-core schema and queries; only the driver differs.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  startup?: StartupWork;
  /** ":memory:" only: a PGlite dump (`dumpDataDir`) to start from instead of an empty cluster (unit tests' migrated template). */
  template?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    const db = drizzle(pool, { schema });
    // Processes starting together on one database take turns: the first migrates and seeds, the
    // others then find the work done. The lock lives on one dedicated connection.
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
      await lockClient.query(CREATE_EXTENSIONS);
      await migrate(db, { migrationsFolder: migrationsFolder() });
      await options.startup?.(db as unknown as Database);
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
      lockClient.release();
    }
    return { db: db as unknown as Database, kind: 'postgres', queueDatabase: { kind: 'postgres', url: options.databaseUrl }, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // ":memory:" keeps the database in memory (unit tests); otherwise it lives in the data directory.
  const inMemory = options.dataDir === ':memory:';
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const extensions = { pg_trgm };
  if (options.template && !inMemory) throw new Error('a template starts an in-memory database only');
  const client = inMemory
    ? new PGlite({ extensions, ...(options.template ? { loadDataDir: options.template } : {}) })
    : new PGlite(path.resolve(options.dataDir, 'pgdata'), { extensions });
  // Statements the server runs again and again are prepared once (pgliteStatements.ts): planning cost more than running them.
  // Every statement is also noted for the caches of rows this process keeps (tableWrites.ts: the sessions' one).
  const writes = new TableWrites();
  const db = drizzle(watchTableWrites(withPreparedStatements(client), writes), { schema });
  registerTableWrites(db as unknown as Database, writes);
  // PGlite belongs to this one process: no lock needed.
  await client.exec(CREATE_EXTENSIONS);
  await migrate(db, { migrationsFolder: migrationsFolder() });
  await options.startup?.(db as unknown as Database);
  return { db: db as unknown as Database, kind: 'pglite', queueDatabase: { kind: 'pglite', client }, close: () => client.close() };
}
