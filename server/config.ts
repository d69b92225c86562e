import { createHash } from 'node:crypto';
import path from 'node:path';
import { readThirdPartyConfig, type ThirdPartyConfig } from './thirdParty/config.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Seeds the demo store on an empty database. Default: `demo`, but `none` when NODE_ENV=production. */
  seed: 'demo' | 'none';
  /** Public address of the app, used in e-mail links. */
  appUrl: string;
  /**
   * APP_DOMAIN (e.g. `example.com`): a school is also reached at `<subdomain>.<APP_DOMAIN>` (server/http/schoolHost.ts).
   * Unset: schools live under `/ecole/<subdomain>` of APP_URL only (and on their custom domains).
   */
  appDomain: string | undefined;
  production: boolean;
  /**
   * Dev mailbox at /__dev/mailbox (loopback callers only): only with DEV_MAILBOX=1, never by default, since it
   * shows every reset link; `npm run dev`, the API tests and the browser tests set it.
   */
  devMailbox: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  staticDir: string | undefined;
  logLevel: string;
  /**
   * Proxies whose X-Forwarded-For (the client's address) and X-Forwarded-Host (the school's host) are believed: a hop
   * count or a list of addresses/CIDRs; off by default (then only the Host header names a school).
   */
  trustProxy: number | string[] | false;
  throttle: ThrottleLimits;
  /** Uploaded files when no S3 bucket is configured: STORAGE_DIR, default `<DATA_DIR>/files`. */
  storageDir: string;
  /** S3-compatible object storage, when S3_BUCKET, S3_ENDPOINT and both keys are set. */
  s3: S3Config | undefined;
  /**
   * Signs the upload addresses of local storage (UPLOAD_SECRET). Every process serving one storage must
   * share it, so it is never random: required in production, derived from the data directory elsewhere.
   */
  uploadSecret: string | undefined;
  /** Largest unpacked size of a SCORM package (SCORM_MAX_UNPACKED_SIZE, bytes; default 1 GiB). */
  scormMaxUnpackedSize: number;
  /** STORAGE_QUOTA (bytes): one storage quota for every store, instead of the plan's (storage/quota.ts). */
  storageQuota: number | undefined;
  /**
   * FILES_ORIGIN: another origin (its own domain) routed to this same server, from which local storage's files
   * are read, so that uploaded pages (SCORM packages above all) never run under the app's address. Unset: files
   * are read from APP_URL, SCORM pages in a stricter sandbox. Not used with S3 (its public address is already
   * another origin).
   */
  filesOrigin: string | undefined;
  /** Stripe Connect, when STRIPE_SECRET_KEY is set (server/payments/stripe). */
  stripe: StripeConfig | undefined;
  /** PayPal (REST Orders v2), when PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID are set (server/payments/paypal). */
  paypal: PaypalConfig | undefined;
  /**
   * The built-in test payment provider (server/payments/testProvider.ts): on outside production, and in
   * production only with PAYMENTS_TEST_MODE=1 (a demo deployment). Either way it serves only the stores whose
   * `feature_options.test_payments` is on.
   */
  paymentsTestMode: boolean;
  /**
   * Whether this process runs the background jobs (server/jobs): JOBS_WORKERS=1 or 0; default on, but off when
   * NODE_ENV=test (the queue still takes jobs in; a test that wants them done starts workers itself).
   */
  jobWorkers: boolean;
  /** Error reporting, captcha, analytics, support chat (server/thirdParty/config.ts): each off until configured. */
  thirdParty: ThirdPartyConfig;
  /** E-mail marketing services (server/emailProviders): their API addresses and the key that encrypts stores' API keys. */
  emailProviders: EmailProvidersConfig;
  /** The AI assistant's text provider (server/ai), when AI_BASE_URL and AI_MODEL are set. */
  ai: AiConfig | undefined;
}

export interface EmailProvidersConfig {
  /**
   * PROVIDER_KEYS_SECRET: encrypts the stores' provider API keys (AES-256-GCM). Required in production to connect a
   * provider; elsewhere derived from the data directory, like UPLOAD_SECRET.
   */
  keysSecret: string | undefined;
  /** BREVO_API_URL, default https://api.brevo.com/v3. */
  brevoApiUrl: string;
  /** MAILERLITE_API_URL, default https://connect.mailerlite.com/api. */
  mailerliteApiUrl: string;
  /** MAILCHIMP_API_URL: one address for every account (tests); unset, each key's data centre: https://<dc>.api.mailchimp.com/3.0. */
  mailchimpApiUrl: string | undefined;
  /** KIT_API_URL, default https://api.kit.com/v4. */
  kitApiUrl: string;
  /** SYSTEME_IO_API_URL, default https://api.systeme.io/api. */
  systemeIoApiUrl: string;
  /**
   * ACTIVECAMPAIGN_API_URL: one address for every account (a proxy, tests); unset, each account's own address given
   * by the trainer (`api_url`), reached through the SSRF guard.
   */
  activeCampaignApiUrl: string | undefined;
  /** Tests only (never read from the environment, ignored in production by the guard): account addresses may be on loopback. */
  allowLoopbackForTests?: boolean;
}

/** An OpenAI-compatible chat-completions API (OpenAI, Mistral, a local model…). */
export interface AiConfig {
  /** AI_BASE_URL, e.g. https://api.openai.com/v1 (the path before /chat/completions). */
  baseUrl: string;
  /** AI_API_KEY, sent as a bearer token; may be empty for a local model. */
  apiKey: string | undefined;
  /** AI_MODEL, e.g. gpt-4o-mini. */
  model: string;
  /** AI_TIMEOUT_MS: the longest a whole answer may take (default 120 000). */
  timeoutMs: number;
}

function aiConfig(env: NodeJS.ProcessEnv): AiConfig | undefined {
  if (!env.AI_BASE_URL || !env.AI_MODEL) return undefined;
  const url = new URL(env.AI_BASE_URL);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`AI_BASE_URL must be an http(s) address, not ${JSON.stringify(env.AI_BASE_URL)}`);
  return {
    baseUrl: env.AI_BASE_URL.replace(/\/+$/, ''),
    apiKey: env.AI_API_KEY || undefined,
    model: env.AI_MODEL,
    timeoutMs: Number(env.AI_TIMEOUT_MS ?? 120_000),
  };
}

export interface StripeConfig {
  secretKey: string;
  /**
   * Secrets of the webhook endpoints that post to /webhooks/stripe: STRIPE_WEBHOOK_SECRET (events of the platform
   * account) and STRIPE_CONNECT_WEBHOOK_SECRET (events of connected accounts, where our payments happen); a delivery
   * verifying with either is believed.
   */
  webhookSecrets: string[];
  /** STRIPE_API_URL: another API host (tests point the SDK at a fake Stripe on loopback). */
  apiUrl: string | undefined;
}

export interface PaypalConfig {
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave our webhook endpoint: verify-webhook-signature checks deliveries against it. */
  webhookId: string;
  /** PAYPAL_API_URL; default the live API in production, the sandbox elsewhere. */
  apiUrl: string;
}

function stripeConfig(env: NodeJS.ProcessEnv): StripeConfig | undefined {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecrets: [env.STRIPE_WEBHOOK_SECRET, env.STRIPE_CONNECT_WEBHOOK_SECRET].filter((secret): secret is string => Boolean(secret)),
    apiUrl: env.STRIPE_API_URL || undefined,
  };
}

function paypalConfig(env: NodeJS.ProcessEnv, production: boolean): PaypalConfig | undefined {
  const { PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret, PAYPAL_WEBHOOK_ID: webhookId } = env;
  if (!clientId || !clientSecret || !webhookId) return undefined;
  const apiUrl = env.PAYPAL_API_URL || (production ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com');
  return { clientId, clientSecret, webhookId, apiUrl: apiUrl.replace(/\/+$/, '') };
}

export interface S3Config {
  bucket: string;
  /** e.g. https://s3.eu-west-3.amazonaws.com or https://<account>.r2.cloudflarestorage.com (path-style addresses). */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where objects are read publicly (a CDN or the bucket's public address); default `<endpoint>/<bucket>`. */
  publicUrl: string;
}

function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const { S3_BUCKET: bucket, S3_ENDPOINT, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!bucket || !S3_ENDPOINT || !accessKeyId || !secretAccessKey) return undefined;
  const endpoint = S3_ENDPOINT.replace(/\/+$/, '');
  return {
    bucket,
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    publicUrl: (env.S3_PUBLIC_URL || `${endpoint}/${bucket}`).replace(/\/+$/, ''),
  };
}

/** Attempts allowed per 15-minute window. THROTTLE_LIMITS='{"registerPerAddress":100}' overrides some. */
export interface ThrottleLimits {
  loginPerAccount: number;
  loginPerAddress: number;
  registerPerAddress: number;
  /** Reset and activation e-mails asked for one address, and from one client address. */
  mailPerEmail: number;
  mailPerAddress: number;
  passwordChangePerUser: number;
  /** Anonymous sponsor-link visits (PUT /affiliations/visits) counted from one client address. */
  visitPerAddress: number;
}

const defaultLimits: ThrottleLimits = {
  loginPerAccount: 5,
  loginPerAddress: 20,
  registerPerAddress: 10,
  mailPerEmail: 5,
  mailPerAddress: 20,
  passwordChangePerUser: 5,
  // A visit is one page load carrying `parrain`: a person opens a few; a script filling the table, thousands.
  visitPerAddress: 60,
};

function trustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim()).filter(Boolean);
}

/** The origin of FILES_ORIGIN ("https://files.example.com"), which must not be the app's own. */
function filesOrigin(value: string | undefined, appUrl: string): string | undefined {
  if (!value) return undefined;
  const origin = new URL(value).origin;
  if (origin === 'null' || origin === new URL(appUrl).origin) throw new Error(`FILES_ORIGIN must be an http(s) origin other than APP_URL's, not ${JSON.stringify(value)}`);
  return origin;
}

/** A bare lower-case domain ("example.com"), whatever the form given ("https://Example.com/", ".example.com"). */
function appDomain(value: string | undefined): string | undefined {
  const domain = value?.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/[/:].*$/, '').replace(/^\.+|\.+$/g, '');
  if (!domain) return undefined;
  if (!/^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/.test(domain)) throw new Error(`APP_DOMAIN must be a domain such as example.com, not ${JSON.stringify(value)}`);
  return domain;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    // Outside production the server (with its demo accounts and dev mailbox) listens on loopback only.
    host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    // Never seed a production database by accident: there the demo store needs SEED=demo explicitly.
    seed: env.SEED === 'demo' || env.SEED === 'none' ? env.SEED : production ? 'none' : 'demo',
    appUrl,
    appDomain: appDomain(env.APP_DOMAIN),
    production,
    devMailbox: env.DEV_MAILBOX === '1',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Plateforme de formation <no-reply@localhost>',
    staticDir: env.STATIC_DIR ? path.resolve(env.STATIC_DIR) : undefined,
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    throttle: { ...defaultLimits, ...(env.THROTTLE_LIMITS ? (JSON.parse(env.THROTTLE_LIMITS) as Partial<ThrottleLimits>) : {}) },
    storageDir: path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'files')),
    s3: s3Config(env),
    // Outside production a stable secret per data directory: processes sharing it agree, and restarts keep
    // issued addresses valid. Production must set its own (checked when the storage starts).
    uploadSecret: env.UPLOAD_SECRET || (production ? undefined : createHash('sha256').update(`upload-secret:${dataDir}`).digest('hex')),
    scormMaxUnpackedSize: Number(env.SCORM_MAX_UNPACKED_SIZE ?? 1024 ** 3),
    storageQuota: env.STORAGE_QUOTA ? Number(env.STORAGE_QUOTA) : undefined,
    filesOrigin: filesOrigin(env.FILES_ORIGIN, appUrl),
    stripe: stripeConfig(env),
    paypal: paypalConfig(env, production),
    paymentsTestMode: !production || env.PAYMENTS_TEST_MODE === '1',
    jobWorkers: env.JOBS_WORKERS === '1' || (env.JOBS_WORKERS !== '0' && env.NODE_ENV !== 'test'),
    thirdParty: readThirdPartyConfig(env, production),
    emailProviders: {
      keysSecret: env.PROVIDER_KEYS_SECRET || (production ? undefined : createHash('sha256').update(`provider-keys:${dataDir}`).digest('hex')),
      brevoApiUrl: (env.BREVO_API_URL || 'https://api.brevo.com/v3').replace(/\/+$/, ''),
      mailerliteApiUrl: (env.MAILERLITE_API_URL || 'https://connect.mailerlite.com/api').replace(/\/+$/, ''),
      mailchimpApiUrl: env.MAILCHIMP_API_URL ? env.MAILCHIMP_API_URL.replace(/\/+$/, '') : undefined,
      kitApiUrl: (env.KIT_API_URL || 'https://api.kit.com/v4').replace(/\/+$/, ''),
      systemeIoApiUrl: (env.SYSTEME_IO_API_URL || 'https://api.systeme.io/api').replace(/\/+$/, ''),
      activeCampaignApiUrl: env.ACTIVECAMPAIGN_API_URL ? env.ACTIVECAMPAIGN_API_URL.replace(/\/+$/, '') : undefined,
    },
    ai: aiConfig(env),
  };
}
