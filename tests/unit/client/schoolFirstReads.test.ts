// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { learnerTokenKey, onLearnerUnauthorized, schoolClient } from '../../../src/api/schoolApi';
import { sendSchoolFirstReads } from '../../../src/pages/school/schoolFirstReads';

/**
 * The storefront's first module sends the address's GETs before the app's code has run (issue 12); the school
 * client's own calls take those answers (same address and headers, once), so its middlewares still see them.
 */
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Each request the page sends: [url, Authorization]. */
let sent: [string, string | null][] = [];
let answer: (url: string) => Response | Promise<Response> = (url) => json({ url });

beforeEach(() => {
  // Early reads left unclaimed by a test are not the next test's.
  window.__cpBootReads = [];
  sent = [];
  answer = (url) => json({ url });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sent.push([request.url, request.headers.get('Authorization')]);
    return answer(request.url);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const path = { subdomain: 'ecole-a', slug: 'training-1', itemId: 7 };
const clientReads = () =>
  Promise.all([
    schoolClient.GET('/school/stores/{subdomain}', { params: { path } }),
    schoolClient.GET('/school/stores/{subdomain}/me', { params: { path } }),
    schoolClient.GET('/school/stores/{subdomain}/me/trainings/{slug}', { params: { path } }),
    schoolClient.GET('/school/stores/{subdomain}/me/trainings/{slug}/items/{itemId}', { params: { path } }),
  ]);

describe('the storefront first reads', () => {
  it('sends the four reads of a player address once, and the client takes them', async () => {
    localStorage.setItem(learnerTokenKey('ecole-a'), 'token-1');
    sendSchoolFirstReads('/ecole/ecole-a/mes-formations/training-1/7', '', null);
    expect(sent).toHaveLength(4);
    expect(sent.every(([, authorization]) => authorization === 'Bearer token-1')).toBe(true);

    const answers = await clientReads();
    expect(sent).toHaveLength(4);
    expect(answers.map(({ data }) => (data as unknown as { url: string }).url)).toEqual(sent.map(([url]) => url));
    // Taken once: the next calls ask again.
    await clientReads();
    expect(sent).toHaveLength(8);
  });

  it('sends only the school without a stored token, and nothing for the player in the team preview', () => {
    sendSchoolFirstReads('/ecole/ecole-a/mes-formations/training-1/7', '', null);
    expect(sent.map(([url]) => new URL(url).pathname)).toEqual(['/api/v1/school/stores/ecole-a']);
    localStorage.setItem(learnerTokenKey('ecole-a'), 'token-1');
    sendSchoolFirstReads('/mes-formations/training-1/7', '?preview_token=x', 'ecole-a');
    expect(sent.map(([url]) => new URL(url).pathname).slice(1)).toEqual(['/api/v1/school/stores/ecole-a', '/api/v1/school/stores/ecole-a/me']);
  });

  it('asks again when the token changed; an early request the network failed is the call\'s failure', async () => {
    localStorage.setItem(learnerTokenKey('ecole-a'), 'token-1');
    sendSchoolFirstReads('/ecole/ecole-a/mes-formations/training-1', '', null);
    localStorage.setItem(learnerTokenKey('ecole-a'), 'token-2');
    await schoolClient.GET('/school/stores/{subdomain}/me', { params: { path } });
    expect(sent.at(-1)).toEqual([expect.stringMatching(/\/me$/), 'Bearer token-2']);

    answer = () => Promise.reject(new TypeError('offline'));
    sendSchoolFirstReads('/ecole/ecole-a/mes-formations/training-1', '', null);
    answer = (url) => json({ url });
    const before = sent.length;
    await expect(schoolClient.GET('/school/stores/{subdomain}/me/trainings/{slug}', { params: { path } })).rejects.toThrow('offline');
    expect(sent).toHaveLength(before);
  });

  it('ends the learner session on an early 401, as on any learner read', async () => {
    const ended = vi.fn();
    onLearnerUnauthorized('ecole-a', ended);
    localStorage.setItem(learnerTokenKey('ecole-a'), 'token-1');
    answer = (url) => (url.endsWith('/me') ? json({ code: 'UNAUTHORIZED', message: 'Session expirée.' }, 401) : json({ url }));
    sendSchoolFirstReads('/ecole/ecole-a', '', null);
    const { response } = await schoolClient.GET('/school/stores/{subdomain}/me', { params: { path } });
    expect(response.status).toBe(401);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(2);
    onLearnerUnauthorized('ecole-a', null);
  });
});

describe('school.html runs the same reads inline (scripts/inline-first-reads.mjs)', () => {
  it('the compiled script sends them while the HTML is parsed; the entry module then sends nothing more', async () => {
    const { firstReadsScript } = await import('../../../scripts/inline-first-reads.mjs');
    const script = await firstReadsScript();
    expect(script).not.toMatch(/\bimport\b|<\/script/);
    localStorage.setItem(learnerTokenKey('ecole-a'), 'token-1');
    window.history.replaceState(null, '', '/ecole/ecole-a/mes-formations/training-1/7');
    delete window.__cpSchoolFirstReads;
    // As the browser runs a classic inline script: in the page's global scope.
    new Function(script)();
    expect(sent.map(([url]) => new URL(url).pathname)).toEqual([
      '/api/v1/school/stores/ecole-a',
      '/api/v1/school/stores/ecole-a/me',
      '/api/v1/school/stores/ecole-a/me/trainings/training-1',
      '/api/v1/school/stores/ecole-a/me/trainings/training-1/items/7',
    ]);
    await import('../../../src/pages/school/sendFirstReads');
    expect(sent).toHaveLength(4);
    const answers = await clientReads();
    expect(sent).toHaveLength(4);
    expect(answers.every(({ response }) => response.ok)).toBe(true);
    window.history.replaceState(null, '', '/');
  });

  it('on a school\'s own host it reads the school from the meta the server puts first in the head', async () => {
    const { renderShell } = await import('../../../server/http/schoolHead');
    const html = renderShell('<html><head><title>x</title><script>0</script></head><body></body></html>', { status: 200, title: 'École' }, 'ecole-b');
    expect(html.indexOf('name="cp-school"')).toBeLessThan(html.indexOf('<script>'));
  });
});
