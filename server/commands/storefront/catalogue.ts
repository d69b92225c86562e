import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import type { StoreRow } from '../../auth/session.js';
import { bundles, bundleTrainings, customerTrainings, trainingItems, trainings } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { presentCatalogueBundle, presentCatalogueTraining, presentCatalogueTrainingDetail, type CatalogueTrainingColumns } from '../../presenters/storefront.js';
import type { Services } from '../../services.js';
import { schedulesOf } from '../catalogue/paymentSchedules.js';
import { searchPattern } from '../catalogue/search.js';
import { firstPrice } from '../trainings/summaries.js';
import { authorsOfMany } from '../trainings/authors.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';

type TrainingStatus = components['schemas']['TrainingStatus'];
type BundleStatus = components['schemas']['BundleStatus'];

/**
 * What the storefront shows of each status (spec 4; issue 11). Listed: in the catalogue. Reachable: its page
 * opens (UNLISTED by its address only). Buyable: its buy buttons lead to the checkout (PRE_LAUNCH is shown as
 * "coming soon", CLOSED says registration is closed). DRAFT and HIDDEN answer 404 "not found or unavailable".
 */
export const LISTED_TRAININGS: readonly TrainingStatus[] = ['PUBLISHED', 'PRE_SALE', 'PRE_LAUNCH', 'CLOSED'];
export const REACHABLE_TRAININGS: readonly TrainingStatus[] = [...LISTED_TRAININGS, 'UNLISTED'];
export const BUYABLE_TRAININGS: readonly TrainingStatus[] = ['PUBLISHED', 'PRE_SALE', 'UNLISTED'];
export const LISTED_BUNDLES: readonly BundleStatus[] = ['PUBLISHED'];
export const REACHABLE_BUNDLES: readonly BundleStatus[] = ['PUBLISHED', 'UNLISTED'];

/** What a learner will go through: published items, sections aside. */
const itemsCount = sql<number>`(select count(*) from training_items ti
  where ti.training_id = "trainings"."id" and ti.type <> 'SECTION' and not ti.draft)`.mapWith(Number);

/** Enrolments holding a seat (as the back office's enrolment counts them): an abandoned cart holds none. */
const seatsTaken = sql<number>`(select count(*) from customer_trainings ct
  where ct.training_id = "trainings"."id" and ct.customer_type in ('STUDENT', 'BLOCKED'))`.mapWith(Number);

const catalogueColumns = {
  id: trainings.id,
  slug: trainings.slug,
  name: trainings.name,
  summary: trainings.summary,
  picture: trainings.picture,
  status: trainings.status,
  tags: trainings.tags,
  maxCustomers: trainings.maxCustomers,
  enrollmentEndsAt: trainings.enrollmentEndsAt,
};
const withFigures = { training: catalogueColumns, price: firstPrice, itemsCount, seatsTaken };
type CatalogueRow = { training: CatalogueTrainingColumns; price: number | null; itemsCount: number; seatsTaken: number };

/** Card data of many trainings: their schedules and authors in two queries for the whole set. */
async function presentCards(services: Services, rows: readonly CatalogueRow[]) {
  const ids = rows.map((row) => row.training.id);
  const [schedulesBy, authorsBy] = await Promise.all([schedulesOf(services, 'trainingId', ids), authorsOfMany(services, ids)]);
  const now = services.clock();
  return rows.map((row) =>
    presentCatalogueTraining(row.training, { ...row, now, schedules: schedulesBy.get(row.training.id) ?? [], authors: authorsBy.get(row.training.id) ?? [] }),
  );
}

export interface CatalogueFilter {
  q?: string;
  tag?: string;
}

function listedWhere(storeId: string, filter: CatalogueFilter): SQL | undefined {
  const q = filter.q?.trim();
  return and(
    eq(trainings.storeId, storeId),
    inArray(trainings.status, [...LISTED_TRAININGS]),
    q ? sql`${trainings.name} ~* ${searchPattern(q)}` : undefined,
    filter.tag ? sql`${trainings.tags} @> ${JSON.stringify([filter.tag])}::jsonb` : undefined,
  );
}

/**
 * GET /school/stores/{subdomain}/trainings: a page of the listed trainings, in the trainer's order. One query
 * answers the page, its figures and the total (the figures computed for the page's rows only, as in
 * summaryQuery), then one for the schedules and one for the authors, side by side.
 */
export async function listCatalogueTrainings(services: Services, store: StoreRow, options: CatalogueFilter & PageRequest) {
  const where = listedWhere(store.id, options);
  const page = services.db
    .select({ id: trainings.id, total: sql<number>`count(*) over ()`.as('total') })
    .from(trainings)
    .where(where)
    .orderBy(asc(trainings.position), asc(trainings.id))
    .limit(options.perPage)
    .offset(offsetOf(options))
    .as('page');
  const rows = await services.db
    .select({ ...withFigures, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(trainings, eq(trainings.id, page.id))
    .orderBy(asc(trainings.position), asc(trainings.id));
  // Past the last page no row carries the total: it is counted apart.
  const total = rows[0]?.total ?? (await services.db.select({ n: count() }).from(trainings).where(where))[0]?.n ?? 0;
  return pageEnvelope(options, total, await presentCards(services, rows));
}

const unavailable = () => notFound(messages.catalogueNotFound);

/** A reachable training of the store by slug, else 404 "not found or unavailable" (another store's included). */
export async function findCatalogueTraining(services: Pick<Services, 'db'>, store: StoreRow, slug: string) {
  const [row] = await services.db
    .select()
    .from(trainings)
    .where(and(eq(trainings.storeId, store.id), eq(trainings.slug, slug), inArray(trainings.status, [...REACHABLE_TRAININGS])))
    .limit(1);
  if (!row) throw unavailable();
  return row;
}

/** The public outline: published items only, names and types (never their content), sections holding the rest. */
async function publicOutline(services: Services, trainingId: string) {
  const rows = await services.db
    .select({ id: trainingItems.id, type: trainingItems.type, name: trainingItems.name, parentId: trainingItems.parentId })
    .from(trainingItems)
    .where(and(eq(trainingItems.trainingId, trainingId), eq(trainingItems.draft, false)))
    .orderBy(asc(trainingItems.position), asc(trainingItems.id));
  type Node = components['schemas']['OutlineItem'];
  const nodes = new Map<number, Node>(rows.map((row) => [row.id, { id: row.id, type: row.type, name: row.name, children: [] }]));
  const top: Node[] = [];
  for (const row of rows) {
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    // An item of a draft section is not published either.
    if (row.parentId !== null && !parent) continue;
    (parent ? parent.children : top).push(nodes.get(row.id)!);
  }
  return top;
}

/** GET /school/stores/{subdomain}/trainings/{slug}: the training's public page. */
export async function getCatalogueTraining(services: Services, store: StoreRow, slug: string, customerId: string | null) {
  const row = await findCatalogueTraining(services, store, slug);
  const [[figures], outline, enrolment] = await Promise.all([
    services.db.select({ price: firstPrice, itemsCount, seatsTaken }).from(trainings).where(eq(trainings.id, row.id)),
    publicOutline(services, row.id),
    customerId
      ? services.db
          .select({ id: customerTrainings.id })
          .from(customerTrainings)
          .where(and(eq(customerTrainings.trainingId, row.id), eq(customerTrainings.customerId, customerId), ne(customerTrainings.customerType, 'ABANDONED_CART')))
          .limit(1)
      : Promise.resolve([]),
  ]);
  const [card] = await presentCards(services, [{ training: row, price: figures?.price ?? null, itemsCount: figures?.itemsCount ?? 0, seatsTaken: figures?.seatsTaken ?? 0 }]);
  return presentCatalogueTrainingDetail(card!, row, outline, enrolment.length > 0);
}

/** Each bundle's trainings as catalogue cards, in the bundle's order: all but drafts (a HIDDEN one is sold in the bundle only). */
async function bundleCards(services: Services, bundleIds: string[]) {
  const byBundle = new Map<string, components['schemas']['CatalogueTraining'][]>();
  if (!bundleIds.length) return byBundle;
  const rows = await services.db
    .select({ bundleId: bundleTrainings.bundleId, ...withFigures })
    .from(bundleTrainings)
    .innerJoin(trainings, eq(trainings.id, bundleTrainings.trainingId))
    .where(and(inArray(bundleTrainings.bundleId, bundleIds), ne(trainings.status, 'DRAFT')))
    .orderBy(asc(bundleTrainings.position), asc(bundleTrainings.createdAt), asc(trainings.id));
  const cards = await presentCards(services, rows);
  rows.forEach((row, index) => byBundle.set(row.bundleId, [...(byBundle.get(row.bundleId) ?? []), cards[index]!]));
  return byBundle;
}

async function presentBundles(services: Services, rows: readonly (typeof bundles.$inferSelect)[]) {
  const ids = rows.map((row) => row.id);
  const [cardsBy, schedulesBy] = await Promise.all([bundleCards(services, ids), schedulesOf(services, 'bundleId', ids)]);
  return rows.map((row) => presentCatalogueBundle(row, cardsBy.get(row.id) ?? [], schedulesBy.get(row.id) ?? []));
}

/** GET /school/stores/{subdomain}/bundles: a page of the published bundles, in the store's bundle order. */
export async function listCatalogueBundles(services: Services, store: StoreRow, options: PageRequest) {
  const where = and(eq(bundles.storeId, store.id), inArray(bundles.status, [...LISTED_BUNDLES]));
  const [total] = await services.db.select({ n: count() }).from(bundles).where(where);
  const offset = offsetOf(options);
  const rows =
    offset < (total?.n ?? 0)
      ? await services.db.select().from(bundles).where(where).orderBy(asc(bundles.order), asc(bundles.id)).limit(options.perPage).offset(offset)
      : [];
  return pageEnvelope(options, total?.n ?? 0, await presentBundles(services, rows));
}

/** A reachable bundle of the store by slug, else 404 "not found or unavailable". */
export async function findCatalogueBundle(services: Pick<Services, 'db'>, store: StoreRow, slug: string) {
  const [row] = await services.db
    .select()
    .from(bundles)
    .where(and(eq(bundles.storeId, store.id), eq(bundles.slug, slug), inArray(bundles.status, [...REACHABLE_BUNDLES])))
    .limit(1);
  if (!row) throw unavailable();
  return row;
}

/** GET /school/stores/{subdomain}/bundles/{slug}: the bundle's page with its trainings. */
export async function getCatalogueBundle(services: Services, store: StoreRow, slug: string) {
  const [body] = await presentBundles(services, [await findCatalogueBundle(services, store, slug)]);
  return body!;
}
