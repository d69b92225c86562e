import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { bundles } from '../../db/schema.js';
import type { Services } from '../../services.js';
import { searchPattern } from '../catalogue/search.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';
import { presentBundles } from './load.js';

type BundleStatus = components['schemas']['BundleStatus'];
export interface BundleFilter {
  q?: string;
  status?: BundleStatus;
}

function whereOf(storeId: string, filter: BundleFilter): SQL | undefined {
  const q = filter.q?.trim();
  return and(
    eq(bundles.storeId, storeId),
    filter.status ? eq(bundles.status, filter.status) : undefined,
    // Accents and case folded on both sides, as in the trainings list: "meditation" finds "Méditation".
    q ? sql`${bundles.name} ~* ${searchPattern(q)}` : undefined,
  );
}

export async function countBundles(services: Services, storeId: string, filter: BundleFilter) {
  const [row] = await services.db.select({ n: count() }).from(bundles).where(whereOf(storeId, filter));
  return row?.n ?? 0;
}

/** GET /bundles: a page in the store's bundle order (`order`, then id so that pages never overlap). */
export async function listBundles(services: Services, storeId: string, options: BundleFilter & PageRequest) {
  const total = await countBundles(services, storeId, options);
  const offset = offsetOf(options);
  const rows =
    offset < total
      ? await services.db
          .select()
          .from(bundles)
          .where(whereOf(storeId, options))
          .orderBy(asc(bundles.order), asc(bundles.id))
          .limit(options.perPage)
          .offset(offset)
      : [];
  return pageEnvelope(options, total, await presentBundles(services, rows));
}
