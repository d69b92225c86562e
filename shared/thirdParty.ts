/**
 * What the browser is told of the third-party services (issue 17): the server's `<meta name="third-party">` in the
 * HTML shell carries this as JSON when one is configured (server/thirdParty/shell.ts); public keys only.
 */
export type CaptchaProvider = 'turnstile' | 'hcaptcha';

export interface BrowserThirdParty {
  sentry?: { dsn: string; environment: string; release?: string };
  captcha?: { provider: CaptchaProvider; siteKey: string; scriptUrl: string };
  gtm?: { containerId: string };
  crisp?: { websiteId: string; passUser: boolean };
}
