import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { AI_CONTENT_COSTS, type AiContentType } from '../../../shared/aiCredits.js';
import type { StoreRow } from '../../auth/session.js';
import { buildPrompt, type BuyableFacts } from '../../ai/prompts.js';
import type { AiPrompt, AiTextProvider } from '../../ai/provider.js';
import { aiProvider } from '../../ai/registry.js';
import { aiContents, bundles, bundleTrainings, trainingItems, trainings, users } from '../../db/schema.js';
import { forbidden, HttpError } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { presentUserRef } from '../../presenters/user.js';
import type { Services } from '../../services.js';
import { plainText } from '../catalogue/descriptionHtml.js';
import { bundleOf, trainingOf } from '../catalogue/scope.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';
import { giveBackCredits, takeCredits, type TakenCredits } from './credits.js';

type AiContentBody = components['schemas']['AiContent'];
type CreateBody = components['schemas']['CreateAiContentBody'];
type Row = typeof aiContents.$inferSelect;

const textOf = (html: string | null) => (html ? plainText(html) || null : null);

/** The training or bundle a text is for, reached through the caller's store (another store's answers 404). */
async function factsOf(services: Services, storeId: string, buyable: CreateBody['buyable']): Promise<(BuyableFacts & { id: string }) | null> {
  if (!buyable) return null;
  if (buyable.type === 'TRAINING') {
    const training = await trainingOf(services, storeId, buyable.uuid.toLowerCase());
    const items = await services.db
      .select({ name: trainingItems.name })
      .from(trainingItems)
      .where(eq(trainingItems.trainingId, training.id))
      .orderBy(asc(trainingItems.position), asc(trainingItems.id))
      .limit(60);
    return { id: training.id, kind: 'TRAINING', name: training.name, summary: training.summary, description: textOf(training.description), parts: items.map((i) => i.name) };
  }
  const bundle = await bundleOf(services, storeId, buyable.uuid.toLowerCase());
  const parts = await services.db
    .select({ name: trainings.name })
    .from(bundleTrainings)
    .innerJoin(trainings, eq(trainings.id, bundleTrainings.trainingId))
    .where(eq(bundleTrainings.bundleId, bundle.id))
    .orderBy(asc(bundleTrainings.position))
    .limit(60);
  return { id: bundle.id, kind: 'BUNDLE', name: bundle.name, summary: null, description: textOf(bundle.description), parts: parts.map((p) => p.name) };
}

/** A text about to be written: its credits are taken; `finish` keeps it, `abandon` gives them back. */
export interface PreparedText {
  provider: AiTextProvider;
  prompt: AiPrompt;
  cost: number;
  taken: TakenCredits;
  storeId: string;
  userId: string;
  body: CreateBody;
  facts: (BuyableFacts & { id: string }) | null;
}

/**
 * Everything checked before a word is written, in this order: the copywriter not hidden for the store (403), a
 * provider configured (503), the training or bundle in the caller's store (404), then the credits taken (403
 * when too few). Nothing is taken when any check fails.
 */
export async function prepareText(services: Services, store: StoreRow, userId: string, body: CreateBody): Promise<PreparedText> {
  if (store.enterpriseCapabilities.hide_copywriter) throw forbidden(messages.aiHidden);
  const provider = aiProvider(services.config);
  if (!provider) throw new HttpError(503, 'AI_NOT_CONFIGURED', messages.aiNotConfigured);
  const facts = await factsOf(services, store.id, body.buyable);
  const type = body.type as AiContentType;
  const cost = AI_CONTENT_COSTS[type];
  const taken = await takeCredits(services, store.id, cost);
  if (!taken) throw forbidden(messages.aiNoCredits(cost));
  return { provider, prompt: buildPrompt(type, body.input, facts), cost, taken, storeId: store.id, userId, body, facts };
}

export const abandonText = (services: Services, text: PreparedText) => giveBackCredits(services, text.storeId, text.taken);

/** The text came whole: it is kept in the history with what it cost. */
export async function finishText(services: Services, text: PreparedText, content: string): Promise<AiContentBody> {
  const [row] = await services.db
    .insert(aiContents)
    .values({
      storeId: text.storeId,
      type: text.body.type,
      trainingId: text.facts?.kind === 'TRAINING' ? text.facts.id : null,
      bundleId: text.facts?.kind === 'BUNDLE' ? text.facts.id : null,
      input: text.body.input,
      content,
      creditsUsed: text.cost,
      createdBy: text.userId,
    })
    .returning();
  return (await presentRows(services, [row!]))[0]!;
}

export const providerFailed = () => new HttpError(503, 'AI_UNAVAILABLE', messages.aiUnavailable);

/**
 * POST …/ai_contents: the whole text at once (the page streams it with streamAiContent instead). Once asked, the text
 * is written to its end and kept even if the caller goes away (only the stream can be cancelled).
 */
export async function createAiContent(services: Services, store: StoreRow, userId: string, body: CreateBody): Promise<AiContentBody> {
  const signal = new AbortController().signal;
  const text = await prepareText(services, store, userId, body);
  let content = '';
  try {
    for await (const piece of text.provider.stream(text.prompt, signal)) content += piece;
  } catch {
    await abandonText(services, text);
    throw providerFailed();
  }
  return finishText(services, text, content);
}

async function presentRows(services: Services, rows: Row[]): Promise<AiContentBody[]> {
  const userIds = [...new Set(rows.map((r) => r.createdBy).filter((id): id is string => id !== null))];
  const trainingIds = [...new Set(rows.map((r) => r.trainingId).filter((id): id is string => id !== null))];
  const bundleIds = [...new Set(rows.map((r) => r.bundleId).filter((id): id is string => id !== null))];
  const [authors, trainingNames, bundleNames] = await Promise.all([
    userIds.length ? services.db.select().from(users).where(inArray(users.id, userIds)) : [],
    trainingIds.length ? services.db.select({ id: trainings.id, name: trainings.name }).from(trainings).where(inArray(trainings.id, trainingIds)) : [],
    bundleIds.length ? services.db.select({ id: bundles.id, name: bundles.name }).from(bundles).where(inArray(bundles.id, bundleIds)) : [],
  ]);
  const author = new Map(authors.map((u) => [u.id, presentUserRef(u)]));
  const names = new Map([...trainingNames, ...bundleNames].map((b) => [b.id, b.name.slice(0, 128)]));
  return rows.map((row) => ({
    uuid: row.id,
    type: row.type,
    buyable: row.trainingId
      ? { type: 'TRAINING' as const, uuid: row.trainingId, name: names.get(row.trainingId) ?? '' }
      : row.bundleId
        ? { type: 'BUNDLE' as const, uuid: row.bundleId, name: names.get(row.bundleId) ?? '' }
        : null,
    input: row.input,
    content: row.content,
    credits_used: row.creditsUsed,
    created_by: row.createdBy ? (author.get(row.createdBy) ?? null) : null,
    created_at: row.createdAt.toISOString(),
  }));
}

/** GET …/ai_contents: the store's history, newest first, of one type when asked. */
export async function listAiContents(services: Services, storeId: string, type: AiContentType | undefined, page: PageRequest) {
  const where = type ? and(eq(aiContents.storeId, storeId), eq(aiContents.type, type)) : eq(aiContents.storeId, storeId);
  const [{ total } = { total: 0 }] = await services.db.select({ total: count() }).from(aiContents).where(where);
  const rows = await services.db
    .select()
    .from(aiContents)
    .where(where)
    .orderBy(desc(aiContents.createdAt), desc(aiContents.id))
    .limit(page.perPage)
    .offset(offsetOf(page));
  return pageEnvelope(page, Number(total), await presentRows(services, rows));
}
