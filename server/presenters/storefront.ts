import type { components } from '../../src/api/schema.gen.js';
import { cleanDescription } from '../commands/catalogue/descriptionHtml.js';
import { presentPaymentSchedule } from '../commands/catalogue/paymentSchedules.js';
import type { AuthorRow } from '../commands/trainings/authors.js';
import type { bundles, paymentSchedules, trainings } from '../db/schema.js';
import { presentStoreSeo, presentUserRef } from './user.js';

type CatalogueTrainingBody = components['schemas']['CatalogueTraining'];
type CatalogueTrainingDetailBody = components['schemas']['CatalogueTrainingDetail'];
type CatalogueBundleBody = components['schemas']['CatalogueBundle'];
type TrainingRow = typeof trainings.$inferSelect;
type ScheduleRow = typeof paymentSchedules.$inferSelect;

export type CatalogueTrainingColumns = Pick<TrainingRow, 'id' | 'slug' | 'name' | 'summary' | 'picture' | 'status' | 'tags' | 'maxCustomers' | 'enrollmentEndsAt'>;

export interface CardParts {
  price: number | null;
  itemsCount: number;
  seatsTaken: number;
  schedules: ScheduleRow[];
  authors: AuthorRow[];
  now: Date;
}

/** Statuses whose buy buttons lead to the checkout (kept here so that the card and the checkout agree). */
const OPEN_STATUSES: ReadonlySet<string> = new Set(['PUBLISHED', 'PRE_SALE', 'UNLISTED']);

/**
 * A training's card. `places_left`: seats of `max_customers` not held by an enrolment (null: no limit).
 * `enrollment_open`: the status sells, a seat is left and `enrollment_ends_at` has not passed.
 */
export function presentCatalogueTraining(row: CatalogueTrainingColumns, parts: CardParts): CatalogueTrainingBody {
  const placesLeft = row.maxCustomers === null ? null : Math.max(0, row.maxCustomers - parts.seatsTaken);
  const enrollmentEnded = row.enrollmentEndsAt !== null && row.enrollmentEndsAt.getTime() <= parts.now.getTime();
  return {
    uuid: row.id,
    slug: row.slug,
    name: row.name,
    summary: row.summary,
    picture: row.picture,
    status: row.status,
    price: parts.price,
    payment_schedules: parts.schedules.map(presentPaymentSchedule),
    items_count: parts.itemsCount,
    authors: parts.authors.map(presentUserRef),
    tags: row.tags,
    enrollment_open: OPEN_STATUSES.has(row.status) && placesLeft !== 0 && !enrollmentEnded,
    places_left: placesLeft,
  };
}

/** The training's page: its card, the description cleaned again on the way out, its SEO and public outline. */
export function presentCatalogueTrainingDetail(
  card: CatalogueTrainingBody,
  row: Pick<TrainingRow, 'description' | 'seoData'>,
  outline: components['schemas']['OutlineItem'][],
  enrolled: boolean,
): CatalogueTrainingDetailBody {
  return { ...card, description: cleanDescription(row.description), seo_data: presentStoreSeo(row), outline, enrolled };
}

export function presentCatalogueBundle(row: typeof bundles.$inferSelect, cards: CatalogueTrainingBody[], schedules: ScheduleRow[]): CatalogueBundleBody {
  const presented = schedules.map(presentPaymentSchedule);
  return {
    uuid: row.id,
    slug: row.slug,
    name: row.name,
    summary: row.summary,
    description: cleanDescription(row.description),
    picture: row.picture,
    price: presented[0]?.price ?? null,
    payment_schedules: presented,
    trainings: cards,
    seo_data: presentStoreSeo(row),
  };
}
