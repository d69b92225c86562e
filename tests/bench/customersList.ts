// The customers list (`/apprenants`) of a big school (issue 14): one store with 100,000 learners (every one
// enrolled, one in ten with an abandoned cart too, one in five tagged), on PGlite as `npm start` runs it. Times
// the list command (what GET /customers runs: count, page, and the page's enrolments, tags, notes) for pages
// across the list, each sort, the type filter and searches; bar p95 < 50 ms. Then streams the CSV and Excel
// exports of all 100,000 and reports the process's memory growth (bar < 100 MB).
// Alone: `npx tsx tests/bench/customersList.ts` (CUSTOMERS to change the size); `BENCH_ONLY=customers npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { listCustomers, type CustomerFilter, type CustomerOrder } from '../../server/commands/customers/customers';
import { exportCustomers } from '../../server/commands/customers/exportCustomers';
import { openSession, resolveSession } from '../../server/auth/session';
import { openDatabase, type Database } from '../../server/db/client';
import type { Services } from '../../server/services';

const COUNT = Number(process.env.CUSTOMERS ?? 100_000);
const ROUNDS = 40;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round1 = (ms: number) => Math.round(ms * 10) / 10;

/** One store of `count` learners written in a few statements (generate_series); answers the store's id. */
export async function fillCustomersStore(db: Database, count = COUNT): Promise<string> {
  const store = (await db.execute(sql`insert into stores (subdomain) values ('bench-crm') returning id`)) as unknown as { rows: { id: string }[] };
  const storeId = store.rows[0]!.id;
  const training = (await db.execute(sql`insert into trainings (store_id, name, slug) values (${storeId}, 'Formation du banc', 'formation-du-banc') returning id`)) as unknown as {
    rows: { id: string }[];
  };
  const trainingId = training.rows[0]!.id;
  const other = (await db.execute(sql`insert into trainings (store_id, name, slug, position) values (${storeId}, 'Seconde formation', 'seconde-formation', 1) returning id`)) as unknown as {
    rows: { id: string }[];
  };
  const firstnames = ['Léa', 'Hugo', 'Chloé', 'Inès', 'Louis', 'Zoé', 'Gabriel', 'Jade', 'Raphaël', 'Emma'];
  const lastnames = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau'];
  await db.execute(sql`
    insert into customers (store_id, email, firstname, lastname, created_at, last_connection_at)
    select ${storeId}::uuid, 'apprenant' || g || '@exemple.fr', (${sql.param(firstnames)}::text[])[1 + g % 10],
      (${sql.param(lastnames)}::text[])[1 + (g / 10) % 10] || '-' || g, now() - (g || ' minutes')::interval,
      case when g % 3 = 0 then null else now() - (g || ' seconds')::interval end
    from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into customer_trainings (customer_id, store_id, customer_created_at, training_id, customer_type, blocked_reason, enrollment_type)
    select id, store_id, created_at, ${trainingId}::uuid, case when row_number() over () % 20 = 0 then 'BLOCKED' else 'STUDENT' end,
      case when row_number() over () % 20 = 0 then 'BY_TEACHER' end, 'CLASSIC'
    from customers where store_id = ${storeId}`);
  await db.execute(sql`
    insert into customer_trainings (customer_id, store_id, customer_created_at, training_id, customer_type, enrollment_type)
    select id, store_id, created_at, ${other.rows[0]!.id}::uuid, 'ABANDONED_CART', 'CLASSIC' from customers where store_id = ${storeId} and random() < 0.1`);
  await db.execute(sql`insert into crm_tags (store_id, value) values (${storeId}, 'VIP'), (${storeId}, 'Relance')`);
  await db.execute(sql`
    insert into customer_crm_tags (customer_id, tag_id)
    select c.id, t.id from customers c join crm_tags t on t.store_id = c.store_id where c.store_id = ${storeId} and random() < 0.1`);
  await db.execute(sql`analyze`);
  return storeId;
}

/** What every request pays before the list: the session lookup of a trainer of the store (one prepared query). */
async function timeSessionLookup(services: Services, storeId: string) {
  await services.db.execute(sql`insert into users (store_id, email, password_hash, firstname, role)
    values (${storeId}, 'formateur@bench-crm.fr', 'x', 'Formateur', 'OWNER')`);
  const [owner] = ((await services.db.execute(sql`select id from users where email = 'formateur@bench-crm.fr'`)) as unknown as { rows: { id: string }[] }).rows;
  const { token } = await openSession(services, owner!.id, false);
  const times: number[] = [];
  for (let i = 0; i <= ROUNDS; i++) {
    const startedAt = performance.now();
    if (!(await resolveSession(services, `Bearer ${token}`))) throw new Error('no session');
    if (i) times.push(performance.now() - startedAt); // the first prepares the statement
  }
  times.sort((a, b) => a - b);
  return { case: 'session lookup (each request)', p50: round1(percentile(times, 50)), p95: round1(percentile(times, 95)), 'bar p95 (ms)': 'in the 50' };
}

export async function benchCustomersList() {
  const dir = mkdtempSync(path.join(tmpdir(), 'cp-bench-customers-'));
  const handle = await openDatabase({ dataDir: dir });
  const { db } = handle;
  try {
    const filled = performance.now();
    const storeId = await fillCustomersStore(db);
    const fillSeconds = Math.round((performance.now() - filled) / 100) / 10;

    const services = { db, clock: () => new Date() } as unknown as Services;
    const url = new URL('http://bench.local/api/v1/stores/x/customers');
    const run = async (filter: CustomerFilter & CustomerOrder, page = 1) => listCustomers(services, storeId, filter, { page, perPage: 20, url });
    const time = async (label: string, make: (i: number) => [CustomerFilter & CustomerOrder, number]) => {
      await run(...make(0)); // warm the plan cache
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const startedAt = performance.now();
        await run(...make(i));
        times.push(performance.now() - startedAt);
      }
      times.sort((a, b) => a - b);
      return { case: label, p50: round1(percentile(times, 50)), p95: round1(percentile(times, 95)), 'bar p95 (ms)': 50 };
    };
    const byDate: CustomerOrder = { sort: 'created_at', order: 'desc' };
    const lastPage = Math.ceil(COUNT / 20);
    const rows = [
      await time('page 1 (home link: STUDENT, newest)', () => [{ ...byDate, type: 'STUDENT' }, 1]),
      await time('pages across the list', (i) => [byDate, 1 + Math.floor((i / ROUNDS) * lastPage)]),
      await time('sort by last name', (i) => [{ sort: 'lastname', order: 'asc' }, 1 + i]),
      await time('sort by last connection', (i) => [{ sort: 'last_connection_at', order: 'desc' }, 1 + i]),
      await time('type ABANDONED_CART', (i) => [{ ...byDate, type: 'ABANDONED_CART' }, 1 + i]),
      await time('search a name ("dubois")', () => [{ ...byDate, q: 'dubois' }, 1]),
      await time('search an e-mail ("apprenant4242@")', (i) => [{ ...byDate, q: `apprenant${4242 + i}@` }, 1]),
      await time('search with no match', () => [{ ...byDate, q: 'introuvable' }, 1]),
      await time('tag VIP', () => [{ ...byDate, crm_tag: 'VIP' }, 1]),
      await timeSessionLookup(services, storeId),
    ];
    // PostgreSQL's autovacuum keeps the visibility map that lets the deferred join read its index alone; PGlite
    // runs no autovacuum, so as filled every index entry is checked against the table. After a VACUUM:
    await db.execute(sql`vacuum (analyze) customers, customer_trainings`);
    rows.push(
      { ...(await time('pages across the list', (i) => [byDate, 1 + Math.floor((i / ROUNDS) * lastPage)])), case: 'pages across the list, after VACUUM' },
      { ...(await time('type ABANDONED_CART', (i) => [{ ...byDate, type: 'ABANDONED_CART' }, 1 + i])), case: 'type ABANDONED_CART, after VACUUM' },
    );

    const memory = async (format: 'csv' | 'xlsx') => {
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      let bytes = 0;
      const startedAt = performance.now();
      const { body } = exportCustomers(services, storeId, {}, format, 'fr');
      for await (const chunk of body) {
        bytes += Buffer.byteLength(chunk as string | Buffer);
        peak = Math.max(peak, process.memoryUsage().rss);
      }
      return {
        export: format,
        rows: COUNT,
        'size (MB)': Math.round(bytes / 1e5) / 10,
        seconds: Math.round((performance.now() - startedAt) / 100) / 10,
        'RSS growth (MB)': Math.round((peak - before) / 1e5) / 10,
        'bar (MB)': 100,
      };
    };
    // EXPORTS=0 times the list only (the exports take a minute).
    const exports = process.env.EXPORTS === '0' ? [] : [await memory('csv'), await memory('xlsx')];
    return { customers: COUNT, fillSeconds, rows, exports };
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchCustomersList();
  console.log(`${result.customers} customers written in ${result.fillSeconds} s`);
  console.table(result.rows);
  console.table(result.exports);
}
