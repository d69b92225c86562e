import { eq } from 'drizzle-orm';
import { pages } from '../db/schema.js';
import { presentPage } from '../presenters/page.js';
import type { Services } from '../services.js';

/** A list of zero or one page: the page dialog reads an empty list as "this page no longer exists". */
export async function listPagesBySlug(services: Services, slug: string) {
  const rows = await services.db.select().from(pages).where(eq(pages.slug, slug)).limit(1);
  return { data: rows.map(presentPage) };
}
