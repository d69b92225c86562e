import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { bundles } from '../../db/schema.js';
import type { Services } from '../../services.js';
import { presentBundles } from './load.js';

type BundleStatus = components['schemas']['BundleStatus'];
export interface BundleFilter {
  q?: string;
  status?: BundleStatus;
}

// As in the trainings list: accents folded on both sides, so "meditation" finds "Méditation". lower() only
// folds ASCII under the C collation PGlite uses, hence the capitals in the list too.
const ACCENTED = 'ÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸàâäáãåçéèêëíìîïñóòôöõúùûüýÿ';
const PLAIN = 'aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuyy';
const fold = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
/** `%` and `_` typed in the search box are searched for, not wildcards. */
const containing = (text: string) => `%${fold(text).replace(/[\\%_]/g, '\\$&')}%`;

function whereOf(storeId: string, filter: BundleFilter): SQL | undefined {
  const q = filter.q?.trim();
  return and(
    eq(bundles.storeId, storeId),
    filter.status ? eq(bundles.status, filter.status) : undefined,
    q ? sql`lower(translate(${bundles.name}, ${ACCENTED}, ${PLAIN})) like ${containing(q)}` : undefined,
  );
}

export async function countBundles(services: Services, storeId: string, filter: BundleFilter) {
  const [row] = await services.db.select({ n: count() }).from(bundles).where(whereOf(storeId, filter));
  return row?.n ?? 0;
}

/** Builds a page link from the URL the caller used, so the other query parameters and the public host survive. */
function pageLink(url: URL, page: number) {
  const link = new URL(url);
  link.searchParams.set('page', String(page));
  return link.toString();
}

/** GET /bundles: a page in the store's bundle order (`order`, then id so that pages never overlap). */
export async function listBundles(services: Services, storeId: string, options: BundleFilter & { page: number; perPage: number; url: URL }) {
  const { page, perPage, url } = options;
  const where = whereOf(storeId, options);
  const total = await countBundles(services, storeId, options);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const offset = (page - 1) * perPage;
  const rows =
    offset < total
      ? await services.db.select().from(bundles).where(where).orderBy(asc(bundles.order), asc(bundles.id)).limit(perPage).offset(offset)
      : [];
  return {
    data: await presentBundles(services, rows),
    meta: { current_page: page, per_page: perPage, total, last_page: lastPage },
    links: {
      next: page < lastPage ? pageLink(url, page + 1) : null,
      // Past the end, "previous" leads back to the last page that has something.
      prev: page > 1 ? pageLink(url, Math.min(page - 1, lastPage)) : null,
    },
  };
}
