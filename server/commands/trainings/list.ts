import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { components, operations } from '../../../src/api/schema.gen.js';
import type { Database } from '../../db/client.js';
import { trainings } from '../../db/schema.js';
import { invalid, type FieldErrors } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { lockPositions } from '../catalogue/positionLock.js';
import { searchPattern } from '../catalogue/search.js';
import { allSummaries, presentSummaryRow, summaryQuery } from './summaries.js';

type TrainingStatus = components['schemas']['TrainingStatus'];
type Reorder = operations['reorderTrainings']['requestBody']['content']['application/json'];

export interface TrainingFilter {
  search?: string;
  status?: TrainingStatus;
}

function filterOf(filter: TrainingFilter): SQL | undefined {
  const search = filter.search?.trim();
  return and(
    filter.status ? eq(trainings.status, filter.status) : undefined,
    search ? sql`${trainings.name} ~* ${searchPattern(search)}` : undefined,
  );
}

/** Builds a page link from the URL the caller used, so the other query parameters and the public host survive. */
function pageLink(url: URL, page: number) {
  const link = new URL(url);
  link.searchParams.set('page', String(page));
  return link.toString();
}

export async function countTrainings(services: Services, storeId: string, filter: TrainingFilter): Promise<number> {
  const [row] = await services.db
    .select({ n: count() })
    .from(trainings)
    .where(and(eq(trainings.storeId, storeId), filterOf(filter)));
  return row?.n ?? 0;
}

type PageFilter = { status: boolean; search: boolean };

/**
 * The page query of GET /trainings with placeholders (store, status, search pattern, limit, offset), built
 * once per database and filter shape and prepared (named on PostgreSQL; on PGlite see db/pgliteStatements.ts):
 * the most read list of the back office pays neither drizzle's query building nor planning per request.
 */
const pageQueries = new WeakMap<Database, Map<string, ReturnType<typeof preparePageQuery>>>();

function preparePageQuery(db: Database, shape: PageFilter) {
  const where = and(
    eq(trainings.storeId, sql.placeholder('storeId')),
    shape.status ? eq(trainings.status, sql.placeholder('status')) : undefined,
    shape.search ? sql`${trainings.name} ~* ${sql.placeholder('pattern')}` : undefined,
  );
  const pageIds = db
    .select({ id: trainings.id })
    .from(trainings)
    .where(where)
    .orderBy(asc(trainings.position), asc(trainings.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  // Inside these sub-queries `"trainings"` is their own FROM, so the filter's columns name their rows.
  const total = sql<number>`(select count(*) from ${trainings} where ${where})`.mapWith(Number);
  const name = `list_trainings${shape.status ? '_status' : ''}${shape.search ? '_search' : ''}`;
  return summaryQuery(db, inArray(trainings.id, pageIds), { total }).prepare(name);
}

function pageQuery(db: Database, shape: PageFilter) {
  let byShape = pageQueries.get(db);
  if (!byShape) pageQueries.set(db, (byShape = new Map()));
  const key = `${shape.status}/${shape.search}`;
  let query = byShape.get(key);
  if (!query) byShape.set(key, (query = preparePageQuery(db, shape)));
  return query;
}

/**
 * GET /trainings: one page in the trainer's order, with the page meta and links of every paged list. One query
 * when the page has trainings: the page's ids (sorting only ids and positions, not whole rows) in a sub-query,
 * the figures of those trainings only, and the count as a scalar sub-query that PostgreSQL runs once. A page
 * past the end (or an empty store) asks the count alone. A window count measured several times slower.
 */
export async function listTrainings(services: Services, storeId: string, options: TrainingFilter & { page: number; perPage: number; url: URL }) {
  const { page, perPage, url } = options;
  const search = options.search?.trim();
  const rows = await pageQuery(services.db, { status: Boolean(options.status), search: Boolean(search) }).execute({
    storeId,
    status: options.status,
    pattern: search ? searchPattern(search) : undefined,
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  const count = rows[0]?.total ?? (await countTrainings(services, storeId, options));
  const lastPage = Math.max(1, Math.ceil(count / perPage));
  return {
    data: rows.map(presentSummaryRow),
    meta: { current_page: page, per_page: perPage, total: count, last_page: lastPage },
    links: {
      next: page < lastPage ? pageLink(url, page + 1) : null,
      // Past the end, "previous" leads back to the last page that has something rather than to another empty one.
      prev: page > 1 ? pageLink(url, Math.min(page - 1, lastPage)) : null,
    },
  };
}

/**
 * Two trainings never share a position (the unique constraint trainings_store_position_unique checks it at
 * commit). After a reorder, the trainings sent win the numbers they asked for, in the order they were sent
 * when they asked for the same one; a training that held such a number, and those after it that would then
 * collide, move down just enough: each takes max(its number, the previous one's + 1). That is, for the
 * rank i of a row in (position, sent first in request order, id) order: i + the running max of
 * (position - rank). Gaps stay gaps, and only the rows that change are written.
 */
async function separateTies(tx: Pick<Services['db'], 'execute'>, storeId: string, sent: SQL) {
  await tx.execute(sql`
    update ${trainings} set position = ranked.fixed
    from (
      select id, (rank + max(position - rank) over (order by rank rows unbounded preceding))::int as fixed, position
      from (
        select t.id, t.position, row_number() over (order by t.position, coalesce(v.idx, 2147483647), t.id) - 1 as rank
        from ${trainings} t left join (values ${sent}) as v(id, ord, idx) on v.id = t.id
        where t.store_id = ${storeId}
      ) as ordered
    ) as ranked
    where ${trainings.id} = ranked.id and ${trainings.position} <> ranked.fixed`);
}

/**
 * PUT /trainings/reordering: each training sent takes its order number; the others keep theirs. Every uuid
 * must be a training of the caller's store, once: otherwise nothing moves (422). Trainings that asked for the
 * same number, or took one another training held, are then told apart (separateTies). Answers the whole list.
 */
export async function reorderTrainings(services: Services, storeId: string, input: Reorder) {
  const uuids = input.trainings.map((t) => t.uuid.toLowerCase());
  const found = await services.db
    .select({ id: trainings.id })
    .from(trainings)
    .where(and(eq(trainings.storeId, storeId), inArray(trainings.id, uuids)));
  const ours = new Set(found.map((row) => row.id));
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  uuids.forEach((uuid, index) => {
    if (!ours.has(uuid)) errors[`trainings.${index}.uuid`] = [messages.trainingNotInStore];
    else if (seen.has(uuid)) errors[`trainings.${index}.uuid`] = [messages.listedTwice];
    seen.add(uuid);
  });
  if (Object.keys(errors).length) throw invalid(errors);

  const values = sql.join(
    input.trainings.map((t, index) => sql`(${uuids[index]}::uuid, ${t.order}::int, ${index}::int)`),
    sql`, `,
  );
  // One transaction for the whole move: a half-applied order is never visible. Under the store's lock, so that a
  // training created at the same moment is placed after the order written here, not among it.
  await services.db.transaction(async (tx) => {
    await lockPositions(tx, 'trainings', storeId);
    await tx.execute(sql`
      update ${trainings} set position = v.ord
      from (values ${values}) as v(id, ord, idx)
      where ${trainings.id} = v.id and ${trainings.storeId} = ${storeId}`);
    await separateTies(tx, storeId, values);
  });
  return { data: await allSummaries(services, storeId) };
}
