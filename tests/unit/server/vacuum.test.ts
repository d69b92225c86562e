// The nightly VACUUM of the embedded PGlite (server/db/vacuum.ts): it makes the visibility map current (what the
// customers list's deep pages need), and does nothing on PostgreSQL, which vacuums itself.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import { vacuumEmbeddedDatabase } from '../../../server/db/vacuum';

let client: PGlite;
let db: Database;
beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client) as unknown as Database;
  await client.exec('create table rows (id int primary key, value text); insert into rows select n, md5(n::text) from generate_series(1, 5000) n; delete from rows where id % 3 = 0;');
});
afterAll(async () => {
  await client.close();
});

const visiblePages = async () => (await client.query<{ pages: number }>("select relallvisible as pages from pg_class where relname = 'rows'")).rows[0]!.pages;

it('marks the pages all-visible on PGlite', async () => {
  expect(await visiblePages()).toBe(0);
  expect(await vacuumEmbeddedDatabase({ db, databaseKind: 'pglite' })).toBe(true);
  expect(await visiblePages()).toBeGreaterThan(0);
});

it('leaves PostgreSQL to its autovacuum', async () => {
  const untouched = new Proxy({}, { get: () => () => Promise.reject(new Error('no query expected')) }) as Database;
  expect(await vacuumEmbeddedDatabase({ db: untouched, databaseKind: 'postgres' })).toBe(false);
});
