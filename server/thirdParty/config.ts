import type { BrowserThirdParty, CaptchaProvider } from '../../shared/thirdParty.js';

export type { BrowserThirdParty, CaptchaProvider };

/**
 * The third-party services of spec 1 (issue 17): error reporting (Sentry protocol), captcha (Cloudflare Turnstile or
 * hCaptcha), analytics (Google Tag Manager, after consent) and the support chat (Crisp). Each is off until its
 * environment variables are set; nothing of an unset one is loaded, sent or allowed by the CSP.
 */

export interface SentryConfig {
  /** SENTRY_DSN: the server's errors. */
  serverDsn: string | undefined;
  /** SENTRY_BROWSER_DSN: the browser's errors (a DSN is public by design: it only lets one send events). */
  browserDsn: string | undefined;
  environment: string;
  release: string | undefined;
}


export interface CaptchaConfig {
  provider: CaptchaProvider;
  siteKey: string;
  secretKey: string;
  /** The provider's siteverify endpoint (CAPTCHA_VERIFY_URL overrides it: the tests' fake provider on loopback). */
  verifyUrl: string;
  /** The provider's widget script (CAPTCHA_SCRIPT_URL overrides it). */
  scriptUrl: string;
  /** CAPTCHA_FAIL_OPEN=1: a provider that cannot be reached lets the request through (with a log line). Default: refused. */
  failOpen: boolean;
}

export interface ThirdPartyConfig {
  sentry: SentryConfig;
  captcha: CaptchaConfig | undefined;
  /** GTM_CONTAINER_ID (GTM-XXXXXXX): loaded in the browser only after the visitor's consent. */
  gtmContainerId: string | undefined;
  /** CRISP_WEBSITE_ID: the chat behind the help menu's "contact support". */
  crisp: { websiteId: string; passUser: boolean } | undefined;
  /** SUPPORT_EMAIL: GET /users/me/support's answer (the help menu's entry without a chat). */
  supportEmail: string | undefined;
}

const PROVIDERS: Record<CaptchaProvider, { verifyUrl: string; scriptUrl: string }> = {
  turnstile: { verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify', scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit' },
  hcaptcha: { verifyUrl: 'https://api.hcaptcha.com/siteverify', scriptUrl: 'https://js.hcaptcha.com/1/api.js?render=explicit' },
};

function httpUrl(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) address, not ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) address, not ${JSON.stringify(value)}`);
  return value;
}

/** A DSN is `https://<public key>@<host>/<project id>`. */
function dsn(name: string, value: string | undefined): string | undefined {
  const url = httpUrl(name, value);
  if (url && (!new URL(url).username || !/\/\d+$/.test(new URL(url).pathname))) throw new Error(`${name} must be a DSN such as https://<key>@o0.ingest.sentry.io/<project>, not ${JSON.stringify(value)}`);
  return url;
}

function captchaConfig(env: NodeJS.ProcessEnv): CaptchaConfig | undefined {
  const { CAPTCHA_SITE_KEY: siteKey, CAPTCHA_SECRET_KEY: secretKey } = env;
  if (!siteKey && !secretKey) return undefined;
  if (!siteKey || !secretKey) throw new Error('CAPTCHA_SITE_KEY and CAPTCHA_SECRET_KEY go together');
  const provider = (env.CAPTCHA_PROVIDER || 'turnstile') as CaptchaProvider;
  if (!(provider in PROVIDERS)) throw new Error(`CAPTCHA_PROVIDER must be turnstile or hcaptcha, not ${JSON.stringify(env.CAPTCHA_PROVIDER)}`);
  return {
    provider,
    siteKey,
    secretKey,
    verifyUrl: httpUrl('CAPTCHA_VERIFY_URL', env.CAPTCHA_VERIFY_URL) ?? PROVIDERS[provider].verifyUrl,
    scriptUrl: httpUrl('CAPTCHA_SCRIPT_URL', env.CAPTCHA_SCRIPT_URL) ?? PROVIDERS[provider].scriptUrl,
    failOpen: env.CAPTCHA_FAIL_OPEN === '1',
  };
}

export function readThirdPartyConfig(env: NodeJS.ProcessEnv, production: boolean): ThirdPartyConfig {
  const gtm = env.GTM_CONTAINER_ID?.trim();
  if (gtm && !/^GTM-[A-Z0-9]{4,12}$/.test(gtm)) throw new Error(`GTM_CONTAINER_ID must look like GTM-XXXXXXX, not ${JSON.stringify(gtm)}`);
  const crisp = env.CRISP_WEBSITE_ID?.trim();
  if (crisp && !/^[0-9a-f-]{36}$/i.test(crisp)) throw new Error(`CRISP_WEBSITE_ID must be the website's id (a UUID), not ${JSON.stringify(crisp)}`);
  const supportEmail = env.SUPPORT_EMAIL?.trim();
  if (supportEmail && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(supportEmail)) throw new Error(`SUPPORT_EMAIL must be an e-mail address, not ${JSON.stringify(supportEmail)}`);
  return {
    sentry: {
      serverDsn: dsn('SENTRY_DSN', env.SENTRY_DSN),
      browserDsn: dsn('SENTRY_BROWSER_DSN', env.SENTRY_BROWSER_DSN),
      environment: env.SENTRY_ENVIRONMENT || (production ? 'production' : 'development'),
      release: env.SENTRY_RELEASE || undefined,
    },
    captcha: captchaConfig(env),
    gtmContainerId: gtm || undefined,
    crisp: crisp ? { websiteId: crisp, passUser: env.CRISP_PASS_USER === '1' } : undefined,
    supportEmail: supportEmail || undefined,
  };
}

/** What the browser is told (a `<meta name="third-party">` in the HTML shell): public keys only, never a secret. */

export function browserThirdParty(config: ThirdPartyConfig): BrowserThirdParty {
  const { sentry, captcha, gtmContainerId, crisp } = config;
  return {
    ...(sentry.browserDsn ? { sentry: { dsn: sentry.browserDsn, environment: sentry.environment, ...(sentry.release ? { release: sentry.release } : {}) } } : {}),
    ...(captcha ? { captcha: { provider: captcha.provider, siteKey: captcha.siteKey, scriptUrl: captcha.scriptUrl } } : {}),
    ...(gtmContainerId ? { gtm: { containerId: gtmContainerId } } : {}),
    ...(crisp ? { crisp } : {}),
  };
}

type Directive = 'script-src' | 'connect-src' | 'img-src' | 'frame-src' | 'style-src' | 'font-src';
export type CspAdditions = Record<Directive, string[]>;

const origin = (url: string) => new URL(url).origin;

/**
 * The origins each configured service needs in the CSP, per directive (the providers' own CSP guides); an unset
 * service adds nothing. Computed once at start-up.
 */
export function cspAdditions(config: ThirdPartyConfig): CspAdditions {
  const add: CspAdditions = { 'script-src': [], 'connect-src': [], 'img-src': [], 'frame-src': [], 'style-src': [], 'font-src': [] };
  const push = (directive: Directive, ...origins: string[]) => {
    for (const o of origins) if (!add[directive].includes(o)) add[directive].push(o);
  };
  // The SDK itself is part of our bundle: only its envelopes leave, to the DSN's host.
  if (config.sentry.browserDsn) push('connect-src', origin(config.sentry.browserDsn));
  const { captcha } = config;
  if (captcha) {
    const script = origin(captcha.scriptUrl);
    push('script-src', script);
    push('frame-src', script);
    push('connect-src', script);
    if (captcha.provider === 'hcaptcha' && script === 'https://js.hcaptcha.com') {
      // hCaptcha's guide: its widget frames and calls live under hcaptcha.com and its subdomains.
      for (const directive of ['script-src', 'frame-src', 'style-src', 'connect-src'] as const) push(directive, 'https://hcaptcha.com', 'https://*.hcaptcha.com');
    }
  }
  if (config.gtmContainerId) {
    push('script-src', 'https://www.googletagmanager.com');
    push('img-src', 'https://www.googletagmanager.com', 'https://*.google-analytics.com');
    push('connect-src', 'https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com');
  }
  if (config.crisp) {
    push('script-src', 'https://client.crisp.chat');
    push('style-src', 'https://client.crisp.chat');
    push('font-src', 'https://client.crisp.chat');
    push('img-src', 'https://client.crisp.chat', 'https://image.crisp.chat', 'https://storage.crisp.chat');
    push('connect-src', 'https://client.crisp.chat', 'https://storage.crisp.chat', 'wss://client.relay.crisp.chat', 'wss://stream.relay.crisp.chat');
    push('frame-src', 'https://game.crisp.chat');
  }
  return add;
}
