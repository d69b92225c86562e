import { loopbackJsonServer, type LoopbackRequest } from './loopbackServer';

/**
 * A fake captcha provider's siteverify endpoint on 127.0.0.1 (Turnstile and hCaptcha answer alike): `success: true`
 * only for the secret it was given and a token in `goodTokens`, each usable once (as the real providers do).
 */
export async function fakeCaptchaVerify(secret: string, goodTokens: string[]) {
  const requests: URLSearchParams[] = [];
  const unused = new Set(goodTokens);
  const server = await loopbackJsonServer((request: LoopbackRequest) => {
    const form = new URLSearchParams(request.raw);
    requests.push(form);
    const token = form.get('response') ?? '';
    if (form.get('secret') !== secret) return [200, { success: false, 'error-codes': ['invalid-input-secret'] }];
    if (!unused.delete(token)) return [200, { success: false, 'error-codes': ['invalid-input-response'] }];
    return [200, { success: true, hostname: 'localhost', 'error-codes': [] }];
  });
  return { ...server, requests, verifyUrl: `${server.url}/siteverify`, allow: (token: string) => unused.add(token) };
}
