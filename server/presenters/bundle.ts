import type { components } from '../../src/api/schema.gen.js';
import type { bundles, paymentSchedules, trainings } from '../db/schema.js';
import { presentPaymentSchedule } from '../commands/catalogue/paymentSchedules.js';

type BundleBody = components['schemas']['Bundle'];
export type BundleRow = typeof bundles.$inferSelect;
export type BundleTrainingRow = Pick<typeof trainings.$inferSelect, 'id' | 'slug' | 'name' | 'picture'>;

/** What a bundle answer needs besides its own row, each read for a whole page of bundles at once. */
export interface BundleParts {
  /** In the bundle's item order. */
  trainings: BundleTrainingRow[];
  /** In display order. */
  schedules: (typeof paymentSchedules.$inferSelect)[];
  /** Distinct customers with a paid sale of the bundle. */
  customersCount: number;
}

export function presentBundle(row: BundleRow, parts: BundleParts): BundleBody {
  const schedules = parts.schedules.map(presentPaymentSchedule);
  return {
    uuid: row.id,
    slug: row.slug,
    name: row.name,
    summary: row.summary,
    description: row.description,
    // As for trainings: the amount of the schedule shown first; no schedule, no price yet.
    price: schedules[0]?.price ?? null,
    picture: row.picture,
    status: row.status,
    order: row.order,
    seo_data: { title: row.seoData.title ?? null, description: row.seoData.description ?? null, image: row.seoData.image ?? null },
    trainings: parts.trainings.map((t) => ({ uuid: t.id, slug: t.slug, name: t.name, picture: t.picture })),
    payment_schedules: schedules,
    customers_count: parts.customersCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
