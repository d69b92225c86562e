import { emitCustomersCreated } from '../webhooks/webhooks.js';
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { components, operations } from '../../../src/api/schema.gen.js';
import { isDisposableEmail } from '../../auth/disposableDomains.js';
import type { StoreRow } from '../../auth/session.js';
import type { Database } from '../../db/client.js';
import {
  bundleTrainings,
  bundles,
  crmNotes,
  crmPrivateData,
  crmTags,
  customerConnections,
  customerCrmTags,
  customerTrainings,
  customers,
  trainings,
  users,
} from '../../db/schema.js';
import { conflict, forbidden, invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { presentCustomerTraining, type CustomerRow } from '../../presenters/customer.js';
import { presentCrmNote, presentCrmPrivateData, presentCrmTag, presentCustomer, presentConnection } from '../../presenters/crm.js';
import type { Services } from '../../services.js';
import { foldedLike } from '../catalogue/search.js';
import { sendEnrolmentMail, sendLearnerActivation } from '../learners/links.js';
import { enrolLearners } from '../trainingLearners/enrol.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';

type CustomerType = components['schemas']['CustomerType'];
type CreateBody = operations['createCustomer']['requestBody']['content']['application/json'];
type UpdateBody = operations['updateCustomer']['requestBody']['content']['application/json'];
type EnrolBody = operations['enrollCustomer']['requestBody']['content']['application/json'];
type PrivateBody = operations['updateCustomerPrivateData']['requestBody']['content']['application/json'];

/** The customers list's and export's filters (`/apprenants?q=&type=`). */
type ListQuery = NonNullable<operations['listCustomers']['parameters']['query']>;
export type CustomerFilter = Pick<ListQuery, 'q' | 'type' | 'training_uuid' | 'crm_tag'>;
export type CustomerSort = NonNullable<ListQuery['sort']>;
export interface CustomerOrder {
  sort: CustomerSort;
  order: NonNullable<ListQuery['order']>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Serial ids: a larger number would make PostgreSQL fail instead of finding nothing. */
const MAX_SERIAL = 2_147_483_647;

/**
 * The standing a learner lives, as SQL (see `standingOf` in the presenter): a passed expiry reads BLOCKED.
 * A customer "is" a type when at least one of their enrolments has it (the contract's filter). Written as plain
 * comparisons of `customer_type` (not one `case`) so the index on (customer_type, customer_id) finds them.
 */
const standingIs = (type: CustomerType, now: Date) => {
  switch (type) {
    case 'STUDENT':
      return sql`ct.customer_type = 'STUDENT' and (ct.expires_at is null or ct.expires_at > ${now})`;
    case 'BLOCKED':
      return sql`(ct.customer_type = 'BLOCKED' or (ct.customer_type = 'STUDENT' and ct.expires_at <= ${now}))`;
    default:
      return sql`ct.customer_type = ${type}`;
  }
};
const hasEnrolmentOfType = (type: CustomerType, now: Date) =>
  sql`exists (select 1 from ${customerTrainings} ct where ct.customer_id = ${customers.id} and ${standingIs(type, now)})`;

/** Conditions of the list and the export, all within the store. */
export function customerWhere(storeId: string, filter: CustomerFilter, now: Date): SQL | undefined {
  const q = filter.q?.trim();
  const search = q
    ? UUID.test(q)
      ? eq(customers.id, q.toLowerCase())
      : sql`${customers.searchText} like ${foldedLike(q)}`
    : undefined;
  return and(
    eq(customers.storeId, storeId),
    search,
    filter.type ? hasEnrolmentOfType(filter.type, now) : undefined,
    filter.training_uuid
      ? sql`exists (select 1 from ${customerTrainings} ct where ct.customer_id = ${customers.id} and ct.training_id = ${filter.training_uuid.toLowerCase()})`
      : undefined,
    filter.crm_tag
      ? sql`exists (select 1 from ${customerCrmTags} cct join ${crmTags} t on t.id = cct.tag_id
          where cct.customer_id = ${customers.id} and t.store_id = ${storeId} and lower(t.value) = lower(${filter.crm_tag.trim()}))`
      : undefined,
  );
}

/** The list's order; the id breaks ties so pages never overlap. Names and e-mails sort without case; each order has its index. */
export function customerOrderBy(order: CustomerOrder): SQL[] {
  const dir = order.order === 'asc' ? asc : desc;
  const nulls = order.order === 'asc' ? sql`nulls first` : sql`nulls last`;
  switch (order.sort) {
    case 'last_connection_at':
      return [sql`${customers.lastConnectionAt} ${sql.raw(order.order)} ${nulls}`, dir(customers.id)];
    case 'lastname':
      return [sql`lower(${customers.lastname}) ${sql.raw(order.order)} ${nulls}`, dir(customers.id)];
    case 'email':
      // Unique in the store (customers_store_email_key): no tie to break, and that index gives the order.
      return [sql`lower(${customers.email}) ${sql.raw(order.order)}`];
    default:
      return [dir(customers.createdAt), dir(customers.id)];
  }
}

/** What a customer carries beyond its row (enrolments, tags, notes, private data), for many customers in five queries. */
async function extrasOf(db: Database, rows: CustomerRow[], now: Date) {
  const ids = rows.map((row) => row.id);
  if (!ids.length) return [];
  const [enrolments, tags, notes, privates] = await Promise.all([
    db
      .select({ enrolment: customerTrainings, training: { id: trainings.id, slug: trainings.slug, name: trainings.name, picture: trainings.picture } })
      .from(customerTrainings)
      .innerJoin(trainings, eq(trainings.id, customerTrainings.trainingId))
      .where(inArray(customerTrainings.customerId, ids))
      .orderBy(desc(customerTrainings.enrolledAt), desc(customerTrainings.id)),
    db
      .select({ customerId: customerCrmTags.customerId, id: crmTags.id, value: crmTags.value })
      .from(customerCrmTags)
      .innerJoin(crmTags, eq(crmTags.id, customerCrmTags.tagId))
      .where(inArray(customerCrmTags.customerId, ids))
      .orderBy(asc(sql`lower(${crmTags.value})`)),
    db
      .select({ note: crmNotes, author: { id: users.id, firstname: users.firstname, lastname: users.lastname, displayName: users.displayName, picture: users.picture } })
      .from(crmNotes)
      .leftJoin(users, eq(users.id, crmNotes.authorId))
      .where(inArray(crmNotes.customerId, ids))
      .orderBy(desc(crmNotes.createdAt), desc(crmNotes.id)),
    db.select().from(crmPrivateData).where(inArray(crmPrivateData.customerId, ids)),
  ]);
  return rows.map((customer) =>
    presentCustomer(customer, {
      trainings: enrolments.filter((e) => e.enrolment.customerId === customer.id).map((e) => presentCustomerTraining(e.enrolment, e.training, customer, now)),
      tags: tags.filter((t) => t.customerId === customer.id).map(presentCrmTag),
      notes: notes.filter((n) => n.note.customerId === customer.id).map((n) => presentCrmNote(n.note, n.author)),
      privateData: presentCrmPrivateData(privates.find((p) => p.customerId === customer.id)),
    }),
  );
}

/**
 * Matches the customers list counts exactly (ten pages of 20); past them it gives the planner's estimate
 * (`meta.total_estimated`). 1,000 read up to 10,000 learners for a filter one in ten matches (an abandoned cart, a
 * tag): 100 ms on PGlite over 100,000 learners, twice the bar.
 */
export const EXACT_COUNT_LIMIT = 200;

/**
 * How many customers match: counted up to EXACT_COUNT_LIMIT (reading at most that many rows), else the planner's
 * estimate of the same query, never below the limit. Counting 100,000 learners on every page cost more than the
 * page itself (hundreds of milliseconds on PGlite); the first pages do not need the exact figure of a big store.
 */
async function countCustomers(db: Database, matching: MatchingIds): Promise<{ total: number; estimated: boolean }> {
  const capped = sql`(${matching.ids(db, { limit: EXACT_COUNT_LIMIT + 1, offset: 0 })}) capped`;
  const [counted] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(capped);
  const n = counted?.n ?? 0;
  if (n <= EXACT_COUNT_LIMIT) return { total: n, estimated: false };
  const plan = (await db.execute(sql`explain (format json) ${matching.ids(db)}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const cell = Object.values(plan.rows[0] ?? {})[0];
  const parsed = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  const estimate = Math.round(Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0));
  return { total: Math.max(EXACT_COUNT_LIMIT + 1, Number.isFinite(estimate) ? estimate : 0), estimated: true };
}

/** A slice of the matching customers' ids, in the list's order (the whole list without one). */
interface MatchingIds {
  ids(db: Database, slice?: { limit: number; offset: number }): SQL;
}

/**
 * The customers a filter keeps, in the list's order. The `type` filter alone (STUDENT or ABANDONED_CART) in the
 * signing-up order (the home card's link, the abandoned carts) reads the enrolments of that type from `customer_trainings_list_idx`, which
 * carries each learner's store and sign-up time in the list's order (a learner with two enrolments of the type
 * counted once): the page's ids come from that index alone, where walking the store's learners and probing each
 * one's enrolments read ten learners for each abandoned cart. Every other filter reads `customers` (see customerWhere).
 */
function matchingIds(storeId: string, filter: CustomerFilter, order: CustomerOrder, now: Date): MatchingIds {
  const sliceOf = (slice?: { limit: number; offset: number }) => (slice ? sql` limit ${slice.limit} offset ${slice.offset}` : sql``);
  // BLOCKED is two ranges of the index (blocked, or expired students): read that way it is the whole store sorted.
  const type = filter.type === 'STUDENT' || filter.type === 'ABANDONED_CART' ? filter.type : undefined;
  if (type && order.sort === 'created_at' && !filter.q?.trim() && !filter.training_uuid && !filter.crm_tag) {
    const dir = sql.raw(order.order === 'asc' ? 'asc' : 'desc');
    const standing = standingIs(type, now);
    return {
      ids: (_db, slice) => sql`select ct.customer_id as id from ${customerTrainings} ct
        where ct.store_id = ${storeId} and ${standing}
        group by ct.customer_created_at, ct.customer_id
        order by ct.customer_created_at ${dir}, ct.customer_id ${dir}${sliceOf(slice)}`,
    };
  }
  const where = customerWhere(storeId, filter, now);
  return {
    ids: (db, slice) => {
      const query = db.select({ id: customers.id }).from(customers).where(where).orderBy(...customerOrderBy(order)).$dynamic();
      return (slice ? query.limit(slice.limit).offset(slice.offset) : query).getSQL();
    },
  };
}

/**
 * The ids of one page, read from the index of the order alone (a "deferred join": the rows skipped by OFFSET are
 * never fetched whole), then the page's rows by their ids, in the same order, in one statement.
 */
function pageRows(db: Database, matching: MatchingIds, order: CustomerOrder, page: PageRequest) {
  const ids = sql`(${matching.ids(db, { limit: page.perPage, offset: offsetOf(page) })})`;
  return db
    .select(getTableColumns(customers))
    .from(customers)
    .where(sql`${customers.id} in ${ids}`)
    .orderBy(...customerOrderBy(order));
}

/**
 * GET /stores/{uuid}/customers: a page of the store's customers. The page is read first: a page that is not full
 * (and not past the end) gives the exact total by itself, so only full pages and pages past the end count.
 */
export async function listCustomers(services: Services, storeId: string, filter: CustomerFilter & CustomerOrder, page: PageRequest) {
  const now = services.clock();
  const matching = matchingIds(storeId, filter, filter, now);
  const rows: CustomerRow[] = await pageRows(services.db, matching, filter, page);
  const offset = offsetOf(page);
  const { total, estimated } =
    rows.length < page.perPage && (rows.length > 0 || offset === 0)
      ? { total: offset + rows.length, estimated: false }
      : await countCustomers(services.db, matching);
  return pageEnvelope(page, total, await extrasOf(services.db, rows, now), { estimated });
}

/** A customer of the store (another store's, or none: 404). */
export async function customerOf(services: Pick<Services, 'db'>, storeId: string, customerUuid: string): Promise<CustomerRow> {
  const [row] = await services.db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerUuid.toLowerCase()), eq(customers.storeId, storeId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function getCustomer(services: Services, storeId: string, customerUuid: string) {
  const customer = await customerOf(services, storeId, customerUuid);
  const [body] = await extrasOf(services.db, [customer], services.clock());
  return body!;
}

const emailTaken = () => conflict(messages.customerEmailTaken, { email: [messages.customerEmailTaken] });
const isUniqueViolation = (error: unknown) => (error as { code?: string; cause?: { code?: string } })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';

/** Trainings of the store by uuid, bundles opened into their trainings; an unknown uuid answers 404. */
async function trainingsToEnrol(services: Services, storeId: string, trainingUuids: string[], bundleUuids: string[]) {
  const wanted = new Set(trainingUuids.map((u) => u.toLowerCase()));
  if (bundleUuids.length) {
    const found = await services.db
      .select({ id: bundles.id })
      .from(bundles)
      .where(and(eq(bundles.storeId, storeId), inArray(bundles.id, bundleUuids.map((u) => u.toLowerCase()))));
    if (found.length !== bundleUuids.length) throw notFound();
    const links = await services.db.select({ trainingId: bundleTrainings.trainingId }).from(bundleTrainings).where(inArray(bundleTrainings.bundleId, found.map((b) => b.id)));
    for (const link of links) wanted.add(link.trainingId);
  }
  if (!wanted.size) return [];
  const rows = await services.db
    .select()
    .from(trainings)
    .where(and(eq(trainings.storeId, storeId), inArray(trainings.id, [...wanted])));
  if (rows.length !== wanted.size) throw notFound();
  return rows;
}

/**
 * POST /customers: a learner of the store, enrolled BY_TEACHER in the trainings (and bundles' trainings) given,
 * invited by e-mail to choose a password when `send_invitation`. A used e-mail answers 409.
 */
export async function createCustomer(services: Services, store: StoreRow, body: CreateBody) {
  const email = body.email.trim();
  if (isDisposableEmail(email)) throw invalid({ email: [messages.disposableEmail] });
  const targets = await trainingsToEnrol(services, store.id, body.training_uuids ?? [], body.bundle_uuids ?? []);
  let created: CustomerRow;
  try {
    [created] = (await services.db
      .insert(customers)
      .values({
        storeId: store.id,
        email,
        firstname: body.firstname.trim() || null,
        lastname: body.lastname?.trim() || null,
        phone: body.phone ?? null,
        locale: body.locale ?? 'fr',
        createdAt: services.clock(),
      })
      .returning()) as [CustomerRow];
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  await emitCustomersCreated(services.db, services.jobs, store.id, [created], 'TEAM', services.clock());
  for (const training of targets) {
    await enrolLearners(services, training, [{ email, firstname: created.firstname, lastname: created.lastname }], { bypassDrip: false, expiresAt: undefined });
  }
  await addHistory(services.db, created.id, `Apprenant créé par l'équipe${targets.length ? ` et inscrit à : ${targets.map((t) => t.name).join(', ')}` : ''}.`);
  if (body.send_invitation ?? true) await sendLearnerActivation(services, store, created);
  return getCustomer(services, store.id, created.id);
}

/** PUT /customers/{uuid}: only the fields sent change; an e-mail another customer of the store uses answers 409. */
export async function updateCustomer(services: Services, storeId: string, customerUuid: string, body: UpdateBody) {
  const customer = await customerOf(services, storeId, customerUuid);
  const set: Partial<typeof customers.$inferInsert> = {};
  if (body.email !== undefined) {
    if (isDisposableEmail(body.email)) throw invalid({ email: [messages.disposableEmail] });
    set.email = body.email.trim();
  }
  if (body.firstname !== undefined) set.firstname = body.firstname.trim() || null;
  if (body.lastname !== undefined) set.lastname = body.lastname?.trim() || null;
  if (body.phone !== undefined) set.phone = body.phone;
  if (body.locale !== undefined) set.locale = body.locale;
  try {
    await services.db.update(customers).set(set).where(eq(customers.id, customer.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return getCustomer(services, storeId, customer.id);
}

/**
 * POST /customers/{uuid}/trainings: enrols BY_TEACHER in a training, or in each training of a bundle. Already
 * enrolled everywhere answers 409; a full training answers 403 (the training tab's rules, same command).
 */
export async function enrollCustomer(services: Services, store: StoreRow, customerUuid: string, body: EnrolBody) {
  const customer = await customerOf(services, store.id, customerUuid);
  let expiresAt: Date | null | undefined = undefined;
  if (body.expires_at !== undefined && body.expires_at !== null) {
    expiresAt = new Date(body.expires_at);
    if (!(expiresAt > services.clock())) throw invalid({ expires_at: [messages.expiryInPast] });
  } else if (body.expires_at === null) expiresAt = null;
  const targets =
    body.buyable_type === 'TRAINING'
      ? await trainingsToEnrol(services, store.id, [body.buyable_uuid], [])
      : await trainingsToEnrol(services, store.id, [], [body.buyable_uuid]);
  let enrolled = 0;
  let full = 0;
  const names: string[] = [];
  for (const training of targets) {
    const [outcome] = await enrolLearners(services, training, [{ email: customer.email, firstname: customer.firstname, lastname: customer.lastname }], {
      bypassDrip: body.bypass_drip ?? false,
      expiresAt,
    });
    if (outcome?.kind === 'enrolled') {
      enrolled++;
      names.push(training.name);
      if (body.send_email ?? true) await sendEnrolmentMail(services, store, outcome.customer, training.name);
    } else if (outcome?.kind === 'full') full++;
  }
  if (!enrolled) {
    if (full) throw invalid({ buyable_uuid: [messages.trainingFull] }, messages.trainingFull);
    throw conflict(messages.alreadyEnrolled, { buyable_uuid: [messages.alreadyEnrolled] });
  }
  await addHistory(services.db, customer.id, `Inscrit par l'équipe à : ${names.join(', ')}.`);
  return getCustomer(services, store.id, customer.id);
}

/** GET /customers/{uuid}/connections: the learner's visits, newest first, with the device read from the user agent. */
export async function listCustomerConnections(services: Services, storeId: string, customerUuid: string, page: PageRequest) {
  const customer = await customerOf(services, storeId, customerUuid);
  const where = eq(customerConnections.customerId, customer.id);
  const [total] = await services.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(customerConnections).where(where);
  const n = total?.n ?? 0;
  const rows =
    offsetOf(page) < n
      ? await services.db
          .select()
          .from(customerConnections)
          .where(where)
          .orderBy(desc(customerConnections.at), desc(customerConnections.id))
          .limit(page.perPage)
          .offset(offsetOf(page))
      : [];
  return pageEnvelope(page, n, rows.map(presentConnection));
}

// ---- CRM ----

/** A HISTORY note: what the platform records on a customer (created, enrolled by the team); the team cannot edit it. */
export async function addHistory(db: Database, customerId: string, content: string) {
  await db.insert(crmNotes).values({ customerId, type: 'HISTORY', content: content.slice(0, 5000) });
}

const tagsOfCustomer = (db: Database, customerId: string) =>
  db
    .select({ id: crmTags.id, value: crmTags.value })
    .from(customerCrmTags)
    .innerJoin(crmTags, eq(crmTags.id, customerCrmTags.tagId))
    .where(eq(customerCrmTags.customerId, customerId))
    .orderBy(asc(sql`lower(${crmTags.value})`));

const cleanTags = (tags: string[]) => {
  const values = [...new Map(tags.map((tag) => tag.trim().replace(/\s+/g, ' ')).filter(Boolean).map((tag) => [tag.toLowerCase(), tag])).values()];
  if (!values.length) throw invalid({ tags: [messages.crmTagEmpty] });
  return values;
};

/** PUT /customers/{uuid}/crm/tags: tags created in the store as needed (one per value whatever its case), then given. */
export async function addCustomerTags(services: Services, storeId: string, customerUuid: string, tags: string[]) {
  const customer = await customerOf(services, storeId, customerUuid);
  const values = cleanTags(tags);
  await services.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${crmTags} (store_id, value)
      select ${storeId}::uuid, v from unnest(${sql.param(values)}::text[]) as t(v)
      on conflict do nothing`);
    await tx.execute(sql`
      insert into ${customerCrmTags} (customer_id, tag_id)
      select ${customer.id}::uuid, id from ${crmTags}
      where store_id = ${storeId} and lower(value) = any(${sql.param(values.map((v) => v.toLowerCase()))}::text[])
      on conflict do nothing`);
  });
  return { data: (await tagsOfCustomer(services.db, customer.id)).map(presentCrmTag) };
}

/** DELETE /customers/{uuid}/crm/tags: the tags leave this customer; the store keeps them. */
export async function removeCustomerTags(services: Services, storeId: string, customerUuid: string, tags: string[]) {
  const customer = await customerOf(services, storeId, customerUuid);
  const values = cleanTags(tags).map((v) => v.toLowerCase());
  await services.db.execute(sql`
    delete from ${customerCrmTags} where customer_id = ${customer.id} and tag_id in (
      select id from ${crmTags} where store_id = ${storeId} and lower(value) = any(${sql.param(values)}::text[]))`);
  return { data: (await tagsOfCustomer(services.db, customer.id)).map(presentCrmTag) };
}

/** GET /crm/tags: the store's tags, alphabetical. */
export async function listCrmTags(services: Services, storeId: string) {
  const rows = await services.db
    .select({ id: crmTags.id, value: crmTags.value })
    .from(crmTags)
    .where(eq(crmTags.storeId, storeId))
    .orderBy(asc(sql`lower(${crmTags.value})`), asc(crmTags.id));
  return { data: rows.map(presentCrmTag) };
}

/** DELETE /crm/tags: the tags leave the store and every customer (the link cascades). Unknown values are ignored. */
export async function deleteCrmTags(services: Services, storeId: string, tags: string[]) {
  const values = cleanTags(tags).map((v) => v.toLowerCase());
  await services.db.delete(crmTags).where(and(eq(crmTags.storeId, storeId), sql`lower(${crmTags.value}) = any(${sql.param(values)}::text[])`));
}

/** PUT /crm/notes: a new GENERAL note, or the new text of one (HISTORY notes are the platform's: 403). */
export async function saveCustomerNote(services: Services, storeId: string, userId: string, customerUuid: string, body: { id?: number; content: string }) {
  const customer = await customerOf(services, storeId, customerUuid);
  const content = body.content.trim();
  if (!content) throw invalid({ content: [messages.crmNoteEmpty] });
  const now = services.clock();
  let noteId: number;
  if (body.id === undefined) {
    const [created] = await services.db.insert(crmNotes).values({ customerId: customer.id, type: 'GENERAL', content, authorId: userId, createdAt: now, updatedAt: now }).returning({ id: crmNotes.id });
    noteId = created!.id;
  } else {
    const note = await noteOf(services.db, customer.id, body.id);
    if (note.type === 'HISTORY') throw historyReadOnly();
    await services.db.update(crmNotes).set({ content, updatedAt: now }).where(eq(crmNotes.id, note.id));
    noteId = note.id;
  }
  const [row] = await services.db
    .select({ note: crmNotes, author: { id: users.id, firstname: users.firstname, lastname: users.lastname, displayName: users.displayName, picture: users.picture } })
    .from(crmNotes)
    .leftJoin(users, eq(users.id, crmNotes.authorId))
    .where(eq(crmNotes.id, noteId));
  return presentCrmNote(row!.note, row!.author);
}

async function noteOf(db: Database, customerId: string, noteId: number) {
  if (noteId > MAX_SERIAL) throw notFound();
  const [note] = await db
    .select()
    .from(crmNotes)
    .where(and(eq(crmNotes.id, noteId), eq(crmNotes.customerId, customerId)))
    .limit(1);
  if (!note) throw notFound();
  return note;
}

const historyReadOnly = () => forbidden(messages.crmHistoryReadOnly);

/** DELETE /crm/notes/{id}: a GENERAL note of this customer goes; HISTORY notes stay (403). */
export async function deleteCustomerNote(services: Services, storeId: string, customerUuid: string, noteId: number) {
  const customer = await customerOf(services, storeId, customerUuid);
  const note = await noteOf(services.db, customer.id, noteId);
  if (note.type === 'HISTORY') throw historyReadOnly();
  await services.db.delete(crmNotes).where(eq(crmNotes.id, note.id));
}

/** PUT /crm/private_data: only the fields sent change; null (or blank) clears one. */
export async function updateCustomerPrivateData(services: Services, storeId: string, customerUuid: string, body: PrivateBody) {
  const customer = await customerOf(services, storeId, customerUuid);
  const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value === null || !value.trim() ? null : value.trim());
  const set = {
    phone: blankToNull(body.phone),
    company: blankToNull(body.company),
    jobTitle: blankToNull(body.job_title),
    address: blankToNull(body.address),
    birthdate: body.birthdate,
    comment: blankToNull(body.comment),
  };
  const defined = Object.fromEntries(Object.entries(set).filter(([, value]) => value !== undefined));
  if (set.birthdate && !(new Date(`${set.birthdate}T00:00:00Z`) <= services.clock())) throw invalid({ birthdate: [messages.birthdateInFuture] });
  const [row] = await services.db
    .insert(crmPrivateData)
    .values({ customerId: customer.id, ...defined, updatedAt: services.clock() })
    .onConflictDoUpdate({ target: crmPrivateData.customerId, set: { ...defined, updatedAt: services.clock() } })
    .returning();
  return presentCrmPrivateData(row);
}
