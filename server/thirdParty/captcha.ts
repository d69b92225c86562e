import type { FastifyRequest } from 'fastify';
import { invalid } from '../http/errors.js';
import { messages } from '../http/messages.js';
import type { Services } from '../services.js';

/** The header the app sends the widget's token in (the contract's CaptchaToken parameter). */
export const CAPTCHA_HEADER = 'captcha-token';

/** How long the provider gets to answer before it counts as unreachable. */
const VERIFY_TIMEOUT_MS = 5000;

export type CaptchaVerdict = 'passed' | 'refused' | 'unreachable';

/**
 * Asks the provider's siteverify endpoint (Turnstile and hCaptcha speak the same form: secret, response, remoteip)
 * whether `token` is a solved challenge. Any answer other than `success: true` refuses; no answer (network error,
 * time-out, 5xx, unreadable body) is "unreachable".
 */
export async function verifyCaptchaToken(verifyUrl: string, secret: string, token: string, remoteIp: string): Promise<CaptchaVerdict> {
  let response: Response;
  try {
    response = await fetch(verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch {
    return 'unreachable';
  }
  if (response.status >= 500) return 'unreachable';
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return 'unreachable';
  }
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true ? 'passed' : 'refused';
}

/**
 * The gate of the public forms that can be abused (back-office sign-up, learner registration, password reset
 * requests, anonymous checkout): with a captcha configured, the request must carry a token the provider accepts,
 * else 422 `CAPTCHA_FAILED` on the `captcha` field. A provider that cannot be reached refuses too, unless the operator
 * set CAPTCHA_FAIL_OPEN=1 (then a warning is logged and the request goes on). Without a captcha: nothing is checked
 * (the throttles still hold).
 */
export async function requireCaptcha(services: Services, request: FastifyRequest): Promise<void> {
  const captcha = services.config.thirdParty.captcha;
  if (!captcha) return;
  const header = request.headers[CAPTCHA_HEADER];
  const token = typeof header === 'string' ? header.trim() : '';
  if (!token || token.length > 4096) throw invalid({ captcha: [messages.captchaMissing] }, messages.captchaMissing, 'CAPTCHA_FAILED');
  const verdict = await verifyCaptchaToken(captcha.verifyUrl, captcha.secretKey, token, request.ip);
  if (verdict === 'passed') return;
  if (verdict === 'unreachable' && captcha.failOpen) {
    request.log.warn({ provider: captcha.provider }, 'captcha provider unreachable: request let through (CAPTCHA_FAIL_OPEN=1)');
    return;
  }
  if (verdict === 'unreachable') request.log.warn({ provider: captcha.provider }, 'captcha provider unreachable: request refused');
  const text = verdict === 'unreachable' ? messages.captchaUnavailable : messages.captchaFailed;
  throw invalid({ captcha: [text] }, text, 'CAPTCHA_FAILED');
}
