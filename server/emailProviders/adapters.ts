import { createHash } from 'node:crypto';
import type { EmailProvidersConfig } from '../config.js';
import type { EmailProviderName } from '../db/schema.js';
import { FetchRefused, guardedRequest, type GuardedFetchOptions } from '../net/guardedFetch.js';

/** The services with an adapter (every name of the contract today; a new name would answer "not supported yet"). */
export const SUPPORTED_EMAIL_PROVIDERS = ['BREVO', 'MAILCHIMP', 'MAILERLITE', 'ACTIVECAMPAIGN', 'KIT', 'SYSTEME_IO'] as const satisfies readonly EmailProviderName[];
export type SupportedEmailProvider = (typeof SUPPORTED_EMAIL_PROVIDERS)[number];
export const isSupportedProvider = (name: string): name is SupportedEmailProvider => (SUPPORTED_EMAIL_PROVIDERS as readonly string[]).includes(name);

export interface ProviderList {
  id: string;
  name: string;
}
export interface ListMember {
  email: string;
  firstname: string | null;
  lastname: string | null;
}

/** One e-mail marketing service, reached with one store's API key. */
export interface EmailProviderAdapter {
  /** Resolves when the service accepts the key; throws ProviderKeyRefused or ProviderUnavailable. */
  checkKey(): Promise<void>;
  lists(): Promise<ProviderList[]>;
  /** Adds (or updates) the person on the list; idempotent at the service. */
  subscribe(listId: string, member: ListMember): Promise<void>;
}

/** The service said no to the key (401 or 403). */
export class ProviderKeyRefused extends Error {}
/** The service could not be reached, timed out, or answered something else than expected. */
export class ProviderUnavailable extends Error {}

const TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 1_000_000;

interface CallInit {
  method?: 'GET' | 'POST' | 'PUT';
  headers: Record<string, string>;
  body?: unknown;
  /**
   * The base is a user-given address (ActiveCampaign's per-account API address): the call goes through the SSRF
   * guard of webhooks and oEmbed (https, every resolved address public, connected to the checked one).
   */
  guard?: GuardedFetchOptions;
}

/**
 * One JSON call to a service. The address is the configured base URL of that service plus a fixed path (list ids
 * are encoded), or a user-given account address under the SSRF guard; redirects are not followed; 10 s at most.
 */
async function call(base: string, path: string, init: CallInit): Promise<unknown> {
  const headers = { accept: 'application/json', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers };
  const body = init.body !== undefined ? JSON.stringify(init.body) : undefined;
  let status: number;
  let text: string;
  try {
    if (init.guard) {
      const answer = await guardedRequest(`${base}${path}`, { method: init.method ?? 'GET', headers, body }, { ...init.guard, timeoutMs: TIMEOUT_MS, maxBytes: MAX_ANSWER_BYTES + 1 });
      status = answer.status;
      text = answer.body.toString('utf8');
    } else {
      const response = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
      status = response.status;
      text = await response.text().catch(() => '');
    }
  } catch (error) {
    if (error instanceof FetchRefused) throw new ProviderUnavailable(`refused by the guard: ${error.message}`);
    throw new ProviderUnavailable(`unreachable: ${(error as Error).message}`);
  }
  if (status === 401 || status === 403) throw new ProviderKeyRefused(`HTTP ${status}`);
  if (status < 200 || status >= 300) throw new ProviderUnavailable(`HTTP ${status}`);
  if (!text || text.length > MAX_ANSWER_BYTES) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function listsOf(answer: unknown, field: 'lists' | 'data' | 'tags' | 'items'): ProviderList[] {
  const rows = (answer as Record<string, unknown> | null)?.[field];
  if (!Array.isArray(rows)) throw new ProviderUnavailable('unexpected answer');
  return rows
    .filter((row): row is { id: string | number; name: string } => row && (typeof row.id === 'string' || typeof row.id === 'number') && typeof row.name === 'string')
    .map((row) => ({ id: String(row.id).slice(0, 100), name: row.name.slice(0, 256) }));
}

/** Brevo (ex-Sendinblue), API v3: `api-key` header; lists are contact lists with numeric ids. */
function brevo(base: string, key: string): EmailProviderAdapter {
  const headers = { 'api-key': key };
  return {
    async checkKey() {
      await call(base, '/account', { headers });
    },
    async lists() {
      return listsOf(await call(base, '/contacts/lists?limit=50&offset=0&sort=desc', { headers }), 'lists');
    },
    async subscribe(listId, member) {
      const id = Number(listId);
      if (!Number.isSafeInteger(id)) throw new ProviderUnavailable('not a Brevo list id');
      await call(base, '/contacts', {
        method: 'POST',
        headers,
        body: { email: member.email, attributes: { FIRSTNAME: member.firstname ?? '', LASTNAME: member.lastname ?? '' }, listIds: [id], updateEnabled: true },
      });
    },
  };
}

/** Mailchimp Marketing API 3.0: basic auth with the key; the key's suffix names its data centre (…-us21). */
function mailchimp(configured: string | undefined, key: string): EmailProviderAdapter {
  const dc = /-([a-z]{2,4}\d{1,3})$/.exec(key)?.[1];
  const base = configured ?? (dc ? `https://${dc}.api.mailchimp.com/3.0` : undefined);
  const headers = { authorization: `Basic ${Buffer.from(`platform:${key}`).toString('base64')}` };
  const at = (path: string, init: Omit<CallInit, 'headers'> = {}) => {
    // A key without a data centre cannot be a Mailchimp key: refused without calling anyone.
    if (!base) throw new ProviderKeyRefused('no data centre in the key');
    return call(base, path, { ...init, headers });
  };
  return {
    async checkKey() {
      await at('/ping');
    },
    async lists() {
      return listsOf(await at('/lists?count=100&fields=lists.id,lists.name'), 'lists');
    },
    async subscribe(listId, member) {
      const hash = createHash('md5').update(member.email.toLowerCase()).digest('hex');
      await at(`/lists/${encodeURIComponent(listId)}/members/${hash}`, {
        method: 'PUT',
        body: { email_address: member.email, status_if_new: 'subscribed', merge_fields: { FNAME: member.firstname ?? '', LNAME: member.lastname ?? '' } },
      });
    },
  };
}

/** MailerLite (new API): bearer token; lists are groups. */
function mailerlite(base: string, key: string): EmailProviderAdapter {
  const headers = { authorization: `Bearer ${key}` };
  return {
    async checkKey() {
      await call(base, '/groups?limit=1', { headers });
    },
    async lists() {
      return listsOf(await call(base, '/groups?limit=100', { headers }), 'data');
    },
    async subscribe(listId, member) {
      await call(base, '/subscribers', {
        method: 'POST',
        headers,
        body: { email: member.email, fields: { name: member.firstname ?? '', last_name: member.lastname ?? '' }, groups: [listId] },
      });
    },
  };
}

/** A numeric id of the service (ActiveCampaign lists, Kit and Systeme.io tags), or the job fails without calling. */
function numericId(id: string, what: string): number {
  const n = Number(id);
  if (!/^\d{1,15}$/.test(id) || !Number.isSafeInteger(n)) throw new ProviderUnavailable(`not a ${what} id`);
  return n;
}

/**
 * ActiveCampaign API v3: `Api-Token` header, at the account's own address (`https://<account>.api-us1.com`, given by
 * the trainer, SSRF-guarded; or one operator address for every account). A contact is synced (created or updated
 * by e-mail), then its list status set to subscribed (1).
 */
function activeCampaign(base: string, key: string, guard: GuardedFetchOptions | undefined): EmailProviderAdapter {
  const api = `${base}/api/3`;
  const at = (path: string, init: Omit<CallInit, 'headers' | 'guard'> = {}) => call(api, path, { ...init, headers: { 'Api-Token': key }, guard });
  return {
    async checkKey() {
      await at('/users/me');
    },
    async lists() {
      return listsOf(await at('/lists?limit=100'), 'lists');
    },
    async subscribe(listId, member) {
      const list = numericId(listId, 'ActiveCampaign list');
      const synced = (await at('/contact/sync', {
        method: 'POST',
        body: { contact: { email: member.email, firstName: member.firstname ?? '', lastName: member.lastname ?? '' } },
      })) as { contact?: { id?: string | number } } | null;
      const contact = synced?.contact?.id;
      if (contact === undefined || contact === null) throw new ProviderUnavailable('no contact id in the answer');
      await at('/contactLists', { method: 'POST', body: { contactList: { list, contact: Number(contact), status: 1 } } });
    },
  };
}

/**
 * Kit (ex-ConvertKit) API v4: `X-Kit-Api-Key` header. Kit has no lists: subscribers are segmented by tags, so a
 * "list" is a tag. The subscriber is created or updated (upsert by e-mail), then tagged by e-mail.
 */
function kit(base: string, key: string): EmailProviderAdapter {
  const headers = { 'X-Kit-Api-Key': key };
  return {
    async checkKey() {
      await call(base, '/account', { headers });
    },
    async lists() {
      return listsOf(await call(base, '/tags?per_page=1000', { headers }), 'tags');
    },
    async subscribe(listId, member) {
      const tag = numericId(listId, 'Kit tag');
      await call(base, '/subscribers', { method: 'POST', headers, body: { email_address: member.email, first_name: member.firstname ?? '', state: 'active' } });
      await call(base, `/tags/${tag}/subscribers`, { method: 'POST', headers, body: { email_address: member.email } });
    },
  };
}

/**
 * Systeme.io public API: `X-API-Key` header. Its segments are tags too. The contact is looked up by e-mail and
 * created when missing (first name, surname), then the tag is assigned.
 */
function systemeIo(base: string, key: string): EmailProviderAdapter {
  const headers = { 'X-API-Key': key };
  const idOf = (answer: unknown) => {
    const id = (answer as { id?: unknown } | null)?.id;
    return typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
  };
  return {
    async checkKey() {
      await call(base, '/tags?limit=10', { headers });
    },
    async lists() {
      return listsOf(await call(base, '/tags?limit=100', { headers }), 'items');
    },
    async subscribe(listId, member) {
      const tagId = numericId(listId, 'Systeme.io tag');
      const found = (await call(base, `/contacts?email=${encodeURIComponent(member.email)}&limit=10`, { headers })) as { items?: unknown[] } | null;
      let contact = idOf(found?.items?.[0]);
      if (!contact) {
        const fields = [
          { slug: 'first_name', value: member.firstname ?? '' },
          { slug: 'surname', value: member.lastname ?? '' },
        ];
        contact = idOf(await call(base, '/contacts', { method: 'POST', headers, body: { email: member.email, fields } }));
      }
      if (!contact) throw new ProviderUnavailable('no contact id in the answer');
      await call(base, `/contacts/${encodeURIComponent(contact)}/tags`, { method: 'POST', headers, body: { tagId } });
    },
  };
}

/** A store's connection to a service: its API key and, for ActiveCampaign, the account's API address. */
export interface ProviderConnection {
  key: string;
  apiUrl?: string | null;
}

/** The services whose API address differs per account: the trainer gives it (`api_url`). */
export const providerTakesUrl = (provider: EmailProviderName) => provider === 'ACTIVECAMPAIGN';

/**
 * The adapter of a supported service for one connection, at the configured addresses (or, for ActiveCampaign, the
 * account's address under the SSRF guard unless the operator set one address for all). An ActiveCampaign
 * connection without an address is refused without calling anyone.
 */
export function emailProviderAdapter(config: EmailProvidersConfig, provider: SupportedEmailProvider, connection: ProviderConnection): EmailProviderAdapter {
  const { key } = connection;
  switch (provider) {
    case 'BREVO':
      return brevo(config.brevoApiUrl, key);
    case 'MAILCHIMP':
      return mailchimp(config.mailchimpApiUrl, key);
    case 'MAILERLITE':
      return mailerlite(config.mailerliteApiUrl, key);
    case 'KIT':
      return kit(config.kitApiUrl, key);
    case 'SYSTEME_IO':
      return systemeIo(config.systemeIoApiUrl, key);
    case 'ACTIVECAMPAIGN': {
      if (config.activeCampaignApiUrl) return activeCampaign(config.activeCampaignApiUrl, key, undefined);
      const base = connection.apiUrl ? accountApiBase(connection.apiUrl) : null;
      if (!base) {
        const refused = async (): Promise<never> => {
          throw new ProviderUnavailable('no account address');
        };
        return { checkKey: refused, lists: refused, subscribe: refused };
      }
      return activeCampaign(base, key, { allowLoopbackForTests: config.allowLoopbackForTests });
    }
  }
}

/**
 * The API base of an account address as ActiveCampaign shows it (Settings, Developer: `https://<account>.api-us1.com`,
 * sometimes with `/api/3`): its origin; null when it is not an address with an origin.
 */
export function accountApiBase(address: string): string | null {
  try {
    const url = new URL(address.trim());
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}
