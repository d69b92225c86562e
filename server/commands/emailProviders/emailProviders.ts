import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import type { Database } from '../../db/client.js';
import { customers, customerTrainings, emailListSubscriptions, storeEmailProviders, trainings, type EmailProviderName } from '../../db/schema.js';
import {
  accountApiBase,
  emailProviderAdapter,
  isSupportedProvider,
  providerTakesUrl,
  ProviderKeyRefused,
  ProviderUnavailable,
  SUPPORTED_EMAIL_PROVIDERS,
  type EmailProviderAdapter,
  type ProviderConnection,
  type SupportedEmailProvider,
} from '../../emailProviders/adapters.js';
import { openSecret, sealSecret } from '../../emailProviders/secretBox.js';
import { invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { JobQueue } from '../../jobs/queue.js';
import { checkGuardedAddress, FetchRefused } from '../../net/guardedFetch.js';
import type { Services } from '../../services.js';
import { REFUSAL_MESSAGES } from '../embeds/embeds.js';

type ProviderBody = components['schemas']['EmailProvider'];
type UpdateBody = components['schemas']['UpdateEmailProviderBody'];
type ListBody = components['schemas']['EmailList'];
type ProviderRow = typeof storeEmailProviders.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * A list as the app names it: `<PROVIDER>:<the service's list id>` (our design: a training's `email_list_id` then
 * says which connected service feeds it, whatever number of services the store connects).
 */
export const listRef = (provider: EmailProviderName, id: string) => `${provider}:${id}`;
export function parseListRef(ref: string): { provider: SupportedEmailProvider; id: string } | null {
  const at = ref.indexOf(':');
  const provider = ref.slice(0, at);
  const id = ref.slice(at + 1);
  return at > 0 && id && isSupportedProvider(provider) ? { provider, id } : null;
}

function present(provider: SupportedEmailProvider, row: ProviderRow | undefined): ProviderBody {
  return {
    provider,
    enabled: row?.enabled ?? false,
    connected: Boolean(row?.apiKeyEncrypted && row.checkedAt),
    api_url: row?.apiUrl ?? null,
    api_key_last_four: row?.apiKeyLastFour ?? null,
    default_list_id: row?.defaultListId ?? null,
  };
}

/** GET /emails/providers: one entry per supported service, connected or not (the key itself never leaves). */
export async function listEmailProviders(services: Pick<Services, 'db'>, storeId: string) {
  const rows = await services.db.select().from(storeEmailProviders).where(eq(storeEmailProviders.storeId, storeId));
  return { data: SUPPORTED_EMAIL_PROVIDERS.map((name) => present(name, rows.find((row) => row.provider === name))) };
}

function keyOf(services: Pick<Services, 'config'>, row: Pick<ProviderRow, 'apiKeyEncrypted'>): string | null {
  const secret = services.config.emailProviders.keysSecret;
  return secret && row.apiKeyEncrypted ? openSecret(secret, row.apiKeyEncrypted) : null;
}

/** The service's answer to a check, as the field error the contract gives (422 on api_key). */
async function checked(adapter: EmailProviderAdapter) {
  try {
    await adapter.checkKey();
  } catch (error) {
    if (error instanceof ProviderKeyRefused) throw invalid({ api_key: [messages.emailProviderKeyRefused] });
    if (error instanceof ProviderUnavailable) throw invalid({ api_key: [messages.emailProviderDown] });
    throw error;
  }
}

/**
 * PUT /emails/providers. A new key is checked against the service before it is stored (encrypted); `api_key` null
 * disconnects (the key is forgotten, the connection off). Turning a service on needs a stored key. A default list
 * must be one of the service's lists (asked with the key).
 */
export async function updateEmailProvider(services: Pick<Services, 'db' | 'config' | 'clock'>, storeId: string, body: UpdateBody) {
  if (!isSupportedProvider(body.provider)) throw invalid({ provider: [messages.emailProviderUnsupported] });
  const provider = body.provider;
  const config = services.config.emailProviders;
  // Only ActiveCampaign has an address per account; the others are at the configured address.
  if (body.api_url && !providerTakesUrl(provider)) throw invalid({ api_url: [messages.emailProviderNoUrl] });
  const [current] = await services.db
    .select()
    .from(storeEmailProviders)
    .where(and(eq(storeEmailProviders.storeId, storeId), eq(storeEmailProviders.provider, provider)));
  const set: Partial<typeof storeEmailProviders.$inferInsert> = { updatedAt: services.clock() };
  let key = current ? keyOf(services, current) : null;
  let apiUrl = current?.apiUrl ?? null;
  // The account address is needed to reach the service unless the operator set one address for every account.
  const urlNeeded = providerTakesUrl(provider) && !config.activeCampaignApiUrl;

  if (body.api_key === null) {
    Object.assign(set, { apiKeyEncrypted: null, apiKeyLastFour: null, checkedAt: null, enabled: false, defaultListId: null, apiUrl: null });
    key = null;
  } else {
    if (body.api_url !== undefined && providerTakesUrl(provider)) {
      apiUrl = await accountAddress(services, body.api_url);
      set.apiUrl = apiUrl;
    }
    if (urlNeeded && !apiUrl && (body.api_key !== undefined || key)) throw invalid({ api_url: [messages.emailProviderUrlRequired] });
    if (body.api_key !== undefined) {
      const secret = config.keysSecret;
      if (!secret) throw invalid({ api_key: [messages.emailProvidersNotConfigured] });
      const given = body.api_key.trim();
      if (!given) throw invalid({ api_key: [messages.required] });
      await checked(emailProviderAdapter(config, provider, { key: given, apiUrl }));
      Object.assign(set, { apiKeyEncrypted: sealSecret(secret, given), apiKeyLastFour: given.slice(-4), checkedAt: services.clock() });
      // A new key (or account address) may belong to another account: its lists are not the old one's.
      if (current?.apiKeyEncrypted && (keyOf(services, current) !== given || apiUrl !== current.apiUrl) && body.default_list_id === undefined) set.defaultListId = null;
      key = given;
    } else if (key && set.apiUrl !== undefined && apiUrl !== current?.apiUrl) {
      // The stored key at a new account address: checked there before it is used.
      await checked(emailProviderAdapter(config, provider, { key, apiUrl }));
      set.checkedAt = services.clock();
      if (body.default_list_id === undefined) set.defaultListId = null;
    }
  }
  if (body.enabled !== undefined && body.api_key !== null) {
    if (body.enabled && !key) throw invalid({ enabled: [messages.emailProviderKeyRequired] });
    set.enabled = body.enabled;
  } else if (body.api_key !== undefined && body.api_key !== null && body.enabled === undefined && !current?.apiKeyEncrypted) {
    // A first connection turns the service on unless told otherwise.
    set.enabled = true;
  }
  if (body.default_list_id !== undefined && body.api_key !== null) {
    const wanted = body.default_list_id?.trim() || null;
    if (wanted) {
      if (!key) throw invalid({ default_list_id: [messages.emailProviderKeyRequired] });
      const lists = await listsAt(services, provider, { key, apiUrl }, 'default_list_id');
      if (!lists.some((list) => list.id === wanted)) throw invalid({ default_list_id: [messages.emailProviderListUnknown] });
    }
    set.defaultListId = wanted;
  }
  await services.db
    .insert(storeEmailProviders)
    .values({ storeId, provider, ...set })
    .onConflictDoUpdate({ target: [storeEmailProviders.storeId, storeEmailProviders.provider], set });
  return listEmailProviders(services, storeId);
}

/**
 * An account's API address as given (ActiveCampaign): kept as its origin, and refused at `api_url` when the SSRF
 * guard of webhooks would refuse it (https, every address its host resolves to public). Null or blank: none.
 */
async function accountAddress(services: Pick<Services, 'config'>, given: string | null): Promise<string | null> {
  if (!given?.trim()) return null;
  const base = accountApiBase(given);
  if (!base) throw invalid({ api_url: [REFUSAL_MESSAGES.UNREADABLE] });
  try {
    await checkGuardedAddress(base, { allowLoopbackForTests: services.config.emailProviders.allowLoopbackForTests });
  } catch (error) {
    if (error instanceof FetchRefused) throw invalid({ api_url: [REFUSAL_MESSAGES[error.reason]] });
    throw error;
  }
  return base;
}

async function listsAt(services: Pick<Services, 'config'>, provider: SupportedEmailProvider, connection: ProviderConnection, field: string) {
  try {
    return await emailProviderAdapter(services.config.emailProviders, provider, connection).lists();
  } catch (error) {
    if (error instanceof ProviderKeyRefused) throw invalid({ [field]: [messages.emailProviderKeyRefused] });
    if (error instanceof ProviderUnavailable) throw invalid({ [field]: [messages.emailProviderDown] });
    throw error;
  }
}

/** The store's services that are on and hold a checked key, with the key opened. */
async function activeProviders(services: Pick<Services, 'db' | 'config'>, storeId: string) {
  const rows = await services.db
    .select()
    .from(storeEmailProviders)
    .where(and(eq(storeEmailProviders.storeId, storeId), eq(storeEmailProviders.enabled, true), isNotNull(storeEmailProviders.checkedAt)));
  return rows.flatMap((row) => {
    const key = keyOf(services, row);
    return key && isSupportedProvider(row.provider) ? [{ row, provider: row.provider, connection: { key, apiUrl: row.apiUrl } }] : [];
  });
}

/**
 * GET /trainings/{id}/emails/lists: the lists of the store's connected services (empty when none). A service that
 * does not answer is left out rather than failing the page.
 */
export async function listTrainingEmailLists(services: Pick<Services, 'db' | 'config'>, storeId: string, trainingId: string) {
  const [training] = await services.db
    .select({ id: trainings.id })
    .from(trainings)
    .where(and(eq(trainings.id, trainingId), eq(trainings.storeId, storeId)));
  if (!training) throw notFound();
  const data: ListBody[] = [];
  for (const { provider, connection } of await activeProviders(services, storeId)) {
    try {
      const lists = await emailProviderAdapter(services.config.emailProviders, provider, connection).lists();
      data.push(...lists.map((list) => ({ id: listRef(provider, list.id), name: list.name, provider })));
    } catch (error) {
      if (!(error instanceof ProviderKeyRefused || error instanceof ProviderUnavailable)) throw error;
    }
  }
  return { data };
}

/**
 * Called in the transaction of an enrolment (any path): one `emailList.subscribe` job per new enrolment when the
 * store has a service turned on, so the learner is added to the training's list after the commit, with retries.
 */
export async function queueListSubscriptions(tx: Pick<Tx, 'select' | 'execute'>, jobs: JobQueue, storeId: string, customerTrainingIds: string[]) {
  if (!customerTrainingIds.length) return;
  const [on] = await tx
    .select({ n: sql<number>`1` })
    .from(storeEmailProviders)
    .where(and(eq(storeEmailProviders.storeId, storeId), eq(storeEmailProviders.enabled, true)))
    .limit(1);
  if (!on) return;
  for (const id of customerTrainingIds) await jobs.send('emailList.subscribe', { customerTrainingId: id }, { tx });
}

/**
 * The `emailList.subscribe` job: adds the learner of one enrolment to the training's list (its `email_list_id`), or,
 * when the training names none, to the default list of each service turned on. Each list done is written down, so a
 * retry after a failure (thrown: the queue retries with backoff) only does what is left. Abandoned carts are not
 * learners and are skipped.
 */
export async function subscribeEnrolment(services: Pick<Services, 'db' | 'config' | 'clock'>, customerTrainingId: string) {
  const [found] = await services.db
    .select({ enrolment: customerTrainings, training: trainings, customer: customers })
    .from(customerTrainings)
    .innerJoin(trainings, eq(trainings.id, customerTrainings.trainingId))
    .innerJoin(customers, eq(customers.id, customerTrainings.customerId))
    .where(eq(customerTrainings.id, customerTrainingId));
  if (!found || found.enrolment.customerType !== 'STUDENT') return;
  const active = await activeProviders(services, found.training.storeId);
  const chosen = found.training.emailListId ? parseListRef(found.training.emailListId) : null;
  const targets = chosen
    ? active.filter((p) => p.provider === chosen.provider).map((p) => ({ ...p, listId: chosen.id }))
    : active.flatMap((p) => (p.row.defaultListId ? [{ ...p, listId: p.row.defaultListId }] : []));
  if (!targets.length) return;
  const done = new Set(
    (
      await services.db
        .select({ listId: emailListSubscriptions.listId })
        .from(emailListSubscriptions)
        .where(and(eq(emailListSubscriptions.customerTrainingId, customerTrainingId), inArray(emailListSubscriptions.listId, targets.map((t) => listRef(t.provider, t.listId)))))
    ).map((row) => row.listId),
  );
  const member = { email: found.customer.email, firstname: found.customer.firstname, lastname: found.customer.lastname };
  for (const target of targets) {
    const ref = listRef(target.provider, target.listId);
    if (done.has(ref)) continue;
    await emailProviderAdapter(services.config.emailProviders, target.provider, target.connection).subscribe(target.listId, member);
    await services.db.insert(emailListSubscriptions).values({ customerTrainingId, listId: ref, subscribedAt: services.clock() }).onConflictDoNothing();
  }
}
