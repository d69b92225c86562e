import { thirdParty } from './thirdParty';

/**
 * The captcha's answer between the widget (src/components/Captcha.tsx) and the API modules that send it (the
 * `Captcha-Token` header of sign-up, learner registration, reset requests and the anonymous checkout). A token is
 * good once: reading it for a request clears it and resets the widgets, so the next try asks a fresh one.
 * Without a captcha configured, nothing is sent.
 */
let token: string | null = null;
const resets = new Set<() => void>();

export const captchaEnabled = Boolean(thirdParty.captcha);

export function setCaptchaToken(next: string | null) {
  token = next;
}

/** Registers a widget's reset; answers the unregistration. */
export function onCaptchaReset(reset: () => void): () => void {
  resets.add(reset);
  return () => resets.delete(reset);
}

/** The header for one request (the token is then spent). */
export function captchaHeader(): { 'Captcha-Token'?: string } {
  if (!token) return {};
  const header = { 'Captcha-Token': token };
  token = null;
  for (const reset of resets) reset();
  return header;
}
