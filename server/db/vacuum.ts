import { sql } from 'drizzle-orm';
import type { Services } from '../services.js';

/**
 * The embedded PGlite has no autovacuum: without a VACUUM its tables keep every dead row version and their
 * visibility maps go stale, so index-only scans check the table again for each entry. The customers list's deep
 * pages measured 129 ms before a VACUUM and 26 ms after on 100,000 learners (README, Benchmarks); pg-boss's own
 * tables churn too. Run nightly by the `database.vacuum` job (server/jobs/queue.ts). It holds PGlite's one connection
 * for its length (1–2 s for the customer tables of 100,000 learners), hence the night. On PostgreSQL, whose autovacuum
 * does this, it does nothing. Answers whether it ran.
 */
export async function vacuumEmbeddedDatabase(services: Pick<Services, 'db' | 'databaseKind'>): Promise<boolean> {
  if (services.databaseKind !== 'pglite') return false;
  await services.db.execute(sql.raw('VACUUM (ANALYZE)'));
  return true;
}
