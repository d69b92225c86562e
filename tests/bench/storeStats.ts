// The store's statistics (`/statistiques`, issue 14) over a store with 10,000 paid sales spread over a year, on
// PGlite as `npm start` runs it: 10,000 learners (each enrolled, one in three completed), 500 abandoned orders
// with their abandoned-cart seats, 30,000 connections. Times getStoreStats and getStoreStatsHistogram (the SQL
// the operations run) for 30 days, a year and 5 years; reports p50 / p95 over 40 rounds each.
// Alone: `npx tsx tests/bench/storeStats.ts` (SALES to change the size); `BENCH_ONLY=stats npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { getStoreStats, getStoreStatsHistogram } from '../../server/commands/stats/storeStats';
import { openDatabase } from '../../server/db/client';
import type { Services } from '../../server/services';

const SALES = Number(process.env.SALES ?? 10_000);
const ROUNDS = 40;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round1 = (ms: number) => Math.round(ms * 10) / 10;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function benchStoreStats() {
  const dir = mkdtempSync(path.join(tmpdir(), 'cp-bench-stats-'));
  const handle = await openDatabase({ dataDir: dir });
  const { db } = handle;
  try {
    const storeId = rows<{ id: string }>(await db.execute(sql`insert into stores (subdomain) values ('bench-stats') returning id`))[0]!.id;
    const trainingIds = [];
    for (const [i, name] of ['Photographie', 'Cuisine', 'Aquarelle'].entries()) {
      trainingIds.push(rows<{ id: string }>(await db.execute(sql`insert into trainings (store_id, name, slug, position) values (${storeId}, ${name}, ${name.toLowerCase()}, ${i}) returning id`))[0]!.id);
    }
    const filled = performance.now();
    const trainings = sql.param(trainingIds);
    // Learners over the last year; each one a paid sale of one training, a seat, a few connections.
    await db.execute(sql`
      insert into customers (store_id, email, firstname, lastname, created_at)
      select ${storeId}::uuid, 'acheteur' || g || '@exemple.fr', 'Prénom', 'Nom' || g, now() - ((g * 365.0 / ${SALES}) || ' days')::interval
      from generate_series(1, ${SALES}) g`);
    await db.execute(sql`
      insert into sales (store_id, customer_id, training_id, amount, payment_method, status, created_at, paid_at)
      select c.store_id, c.id, (${trainings}::uuid[])[1 + (row_number() over ()) % 3], 149, 'CARD', 'PAID', c.created_at, c.created_at + interval '2 minutes'
      from customers c where c.store_id = ${storeId}`);
    await db.execute(sql`
      insert into customer_trainings (customer_id, store_id, customer_created_at, training_id, customer_type, enrolled_at, completed_at, progress)
      select s.customer_id, c.store_id, c.created_at, s.training_id, 'STUDENT', s.paid_at, case when random() < 0.33 then s.paid_at + interval '20 days' end, (random() * 100)::numeric(5, 2)
      from sales s join customers c on c.id = s.customer_id where s.store_id = ${storeId}`);
    await db.execute(sql`
      insert into sales (store_id, customer_id, training_id, amount, payment_method, status, created_at)
      select c.store_id, c.id, (${trainings}::uuid[])[1 + (row_number() over () + 1) % 3], 149, 'CARD', 'ABANDONED', c.created_at + interval '1 day'
      from customers c where c.store_id = ${storeId} and random() < ${500 / SALES}`);
    await db.execute(sql`
      insert into customer_trainings (customer_id, store_id, customer_created_at, training_id, customer_type, enrolled_at)
      select s.customer_id, c.store_id, c.created_at, s.training_id, 'ABANDONED_CART', s.created_at
      from sales s join customers c on c.id = s.customer_id where s.store_id = ${storeId} and s.status = 'ABANDONED'
      on conflict do nothing`);
    await db.execute(sql`
      insert into customer_connections (customer_id, training_id, at)
      select ct.customer_id, ct.training_id, ct.enrolled_at + (k || ' days')::interval
      from customer_trainings ct join customers c on c.id = ct.customer_id, generate_series(0, 2) k
      where c.store_id = ${storeId} and ct.customer_type = 'STUDENT'`);
    await db.execute(sql`analyze`);
    const fillSeconds = Math.round((performance.now() - filled) / 100) / 10;

    const services = { db, clock: () => new Date() } as unknown as Services;
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const time = async (label: string, run: () => Promise<unknown>) => {
      await run(); // warm the plan cache
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const startedAt = performance.now();
        await run();
        times.push(performance.now() - startedAt);
      }
      times.sort((a, b) => a - b);
      return { case: label, p50: round1(percentile(times, 50)), p95: round1(percentile(times, 95)) };
    };
    const figures = await getStoreStats(services, storeId, { begin: day(364), end: day(0) });
    const results = [
      await time('figures, last 30 days', () => getStoreStats(services, storeId, { begin: day(29), end: day(0) })),
      await time('figures, last 12 months', () => getStoreStats(services, storeId, { begin: day(364), end: day(0) })),
      await time('histogram, 30 days (DAY)', () => getStoreStatsHistogram(services, storeId, { tz: 'Europe/Paris', begin: day(29), end: day(0) })),
      await time('histogram, 12 months (WEEK)', () => getStoreStatsHistogram(services, storeId, { tz: 'Europe/Paris', begin: day(364), end: day(0) })),
      await time('histogram, 5 years (MONTH)', () => getStoreStatsHistogram(services, storeId, { tz: 'Europe/Paris', begin: day(5 * 365), end: day(0) })),
    ];
    return { sales: SALES, fillSeconds, yearFigures: figures, results };
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchStoreStats();
  console.log(`${result.sales} paid sales written in ${result.fillSeconds} s; the year's figures:`, result.yearFigures);
  console.table(result.results);
}
