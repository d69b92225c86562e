import { createHash } from 'node:crypto';
import type { EmailProvidersConfig } from '../config.js';
import type { EmailProviderName } from '../db/schema.js';

/** The services with an adapter; the contract's other names answer "not supported yet". */
export const SUPPORTED_EMAIL_PROVIDERS = ['BREVO', 'MAILCHIMP', 'MAILERLITE'] as const satisfies readonly EmailProviderName[];
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

/**
 * One JSON call to a service. The address is always the configured base URL of that service plus a fixed path (list
 * ids are encoded), never a user-given address; redirects are not followed; 10 s at most.
 */
async function call(base: string, path: string, init: { method?: string; headers: Record<string, string>; body?: unknown }): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderUnavailable(`unreachable: ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => '');
  if (response.status === 401 || response.status === 403) throw new ProviderKeyRefused(`HTTP ${response.status}`);
  if (response.status < 200 || response.status >= 300) throw new ProviderUnavailable(`HTTP ${response.status}`);
  if (!text || text.length > MAX_ANSWER_BYTES) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function listsOf(answer: unknown, field: 'lists' | 'data'): ProviderList[] {
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
  const at = (path: string, init: Omit<Parameters<typeof call>[2], 'headers'> = {}) => {
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

/** The adapter of a supported service for one API key, at the configured addresses. */
export function emailProviderAdapter(config: EmailProvidersConfig, provider: SupportedEmailProvider, key: string): EmailProviderAdapter {
  switch (provider) {
    case 'BREVO':
      return brevo(config.brevoApiUrl, key);
    case 'MAILCHIMP':
      return mailchimp(config.mailchimpApiUrl, key);
    case 'MAILERLITE':
      return mailerlite(config.mailerliteApiUrl, key);
  }
}
