import type { components } from '../../src/api/schema.gen.js';
import type { pages } from '../db/schema.js';

type PageBody = components['schemas']['Page'];
export type PageRow = typeof pages.$inferSelect;

/** `{ rendered }` wrappers keep the shape the page dialog of the spec reads (`content.rendered`). */
export function presentPage(row: PageRow): PageBody {
  return {
    id: row.id,
    slug: row.slug,
    title: { rendered: row.title },
    content: { rendered: row.contentHtml },
    modified_at: row.modifiedAt.toISOString(),
  };
}
