// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../../../src/api/authApi';
import { takeBootRead, type BootRead } from '../../../src/api/bootReads';
import { notificationsApi } from '../../../src/api/notificationsApi';
import { TOKEN_KEY } from '../../../src/api/tokenStorage';
import { trainingQuery, trainingsCountQuery, trainingsListQuery } from '../../../src/api/trainingsApi';
import { onUnauthorized } from '../../../src/api/unauthorized';
import { supportInfoQuery } from '../../../src/api/usersApi';
import { inlineScriptHashes } from '../../../server/http/csp';
import { fetchLessonItem } from '../../../src/pages/trainings/lesson/lessonPrefetch';

/**
 * index.html's early reads (issue 9) and their adoption by the API client (src/api/bootReads.ts): the script is
 * the one the build ships, run against stubs of the page; the reads are then taken up by the app's own calls
 * (the query options and API modules the pages use), which must not reach the network again.
 */
const html = readFileSync('index.html', 'utf8');
const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
const UUID = '0b6f7a52-1c1e-4a8e-9a57-3f1d2a9c0e11';
const ORIGIN = location.origin;

interface Page {
  reads?: BootRead[];
  links: { rel?: string; href?: string }[];
  asked: string[];
}

/** Runs the inline script as the browser would at `pathname`, with `stored` as localStorage. */
function runScript(pathname: string, stored: Record<string, string>, answer: (url: string) => Response, search = ''): Page {
  const page: Page = { links: [], asked: [] };
  const win: { __cpBootReads?: BootRead[] } = {};
  const fakeFetch = (url: string) => {
    page.asked.push(url.replace(`${ORIGIN}/api/v1`, ''));
    return Promise.resolve(answer(url));
  };
  const doc = {
    querySelector: () => null,
    createElement: () => ({}),
    head: { appendChild: (link: { rel?: string; href?: string }) => page.links.push(link) },
  };
  const storage = { getItem: (key: string) => stored[key] ?? null };
  new Function('window', 'document', 'location', 'localStorage', 'fetch', 'performance', script)(win, doc, { origin: ORIGIN, pathname, search }, storage, fakeFetch, performance);
  page.reads = win.__cpBootReads;
  return page;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const signal = () => new AbortController().signal;

describe('index.html early reads', () => {
  let network: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    network = vi.fn(async () => json({ message: 'from the network', code: 'NOT_FOUND' }, 404));
    vi.stubGlobal('fetch', network);
    localStorage.setItem(TOKEN_KEY, 'token-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.__cpBootReads = undefined;
    onUnauthorized(null);
    localStorage.clear();
  });

  it('asks for nothing without a stored session', () => {
    const page = runScript(`/formations/${UUID}`, {}, () => json({}));
    expect(page.asked).toEqual([]);
    expect(page.reads).toBeUndefined();
  });

  it('starts the session check and the route first reads, in the language chosen', () => {
    const training = runScript(`/formations/${UUID}`, { [TOKEN_KEY]: 'token-1', 'cp.locale': 'en' }, () => json({}));
    expect(training.asked).toEqual(['/users/me', '/users/me/support', `/trainings/${UUID}`]);
    expect(training.reads?.every((read) => read.token === 'token-1' && read.lang === 'en')).toBe(true);
    expect(runScript('/formations/', { [TOKEN_KEY]: 't' }, () => json({})).asked).toContain('/trainings/count');
    // A list page named in the address (?page=2, a search) is the page's own to ask for.
    expect(runScript('/formations', { [TOKEN_KEY]: 't' }, () => json({}), '?page=2').asked).not.toContain('/trainings/count');
    expect(runScript('/parametres', { [TOKEN_KEY]: 't' }, () => json({})).asked).toEqual(['/users/me']);
    // The lesson editor: its lesson; not for an id the route would not load.
    expect(runScript(`/formations/${UUID}/editor/42`, { [TOKEN_KEY]: 't' }, () => json({})).asked).toEqual(['/users/me', '/users/me/support', `/trainings/${UUID}/training_items/42`]);
    expect(runScript(`/formations/${UUID}/editor/0`, { [TOKEN_KEY]: 't' }, () => json({})).asked).toEqual(['/users/me']);
  });

  it('the lesson editor takes its early lesson up through the route\'s own prefetch', async () => {
    localStorage.setItem(TOKEN_KEY, 'token-1');
    window.__cpBootReads = runScript(`/formations/${UUID}/editor/42`, { [TOKEN_KEY]: 'token-1' }, (url) => json({ early: url.replace(`${ORIGIN}/api/v1`, '') })).reads;
    await expect(fetchLessonItem(UUID, '42')).resolves.toEqual({ early: `/trainings/${UUID}/training_items/42` });
    expect(network).not.toHaveBeenCalled();
  });

  it('the app takes each early answer up once, through its own calls, without asking the network again', async () => {
    const user = { uuid: 'u1', email: 'owner@demo.test' };
    const page = runScript(`/formations/${UUID}`, { [TOKEN_KEY]: 'token-1' }, (url) => json({ early: url.replace(`${ORIGIN}/api/v1`, '') }));
    const trainings = runScript('/formations', { [TOKEN_KEY]: 'token-1' }, (url) => (url.endsWith('/users/me') ? json(user) : json({ early: url.replace(`${ORIGIN}/api/v1`, '') })));
    window.__cpBootReads = [...(page.reads ?? []), ...(trainings.reads ?? []).filter((read) => read.url.startsWith(`${ORIGIN}/api/v1/trainings`) || read.url.endsWith('/users/me'))];
    // The first /users/me started (the training page's) is taken first.
    await expect(authApi.getMe(signal())).resolves.toEqual({ early: '/users/me' });
    const run = <T>(options: { queryKey: readonly unknown[]; queryFn?: unknown }) =>
      (options.queryFn as (context: { queryKey: readonly unknown[]; signal: AbortSignal; meta: undefined }) => Promise<T>)({ queryKey: options.queryKey, signal: signal(), meta: undefined });
    await expect(run(trainingQuery(UUID))).resolves.toEqual({ early: `/trainings/${UUID}` });
    await expect(run(supportInfoQuery())).resolves.toEqual({ early: '/users/me/support' });
    // The notifications' poll is never an early read: the app aborts it and must see it fail.
    await expect(notificationsApi.listNotifications(1, signal())).rejects.toMatchObject({ status: 404 });
    expect(network).toHaveBeenCalledTimes(1);
    network.mockClear();
    await expect(run(trainingsListQuery({ page: 1, q: '' }))).resolves.toEqual({ early: '/trainings?page=1&per_page=100' });
    await expect(run(trainingsCountQuery())).resolves.toEqual({ early: '/trainings/count' });
    expect(network).not.toHaveBeenCalled();
    // Taken once: the same read again is the network's.
    await expect(run(trainingsCountQuery())).rejects.toMatchObject({ status: 404 });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('an early 401 ends the session through the one unauthorized path, as the call itself would', async () => {
    const expired = vi.fn();
    onUnauthorized(expired);
    window.__cpBootReads = runScript('/', { [TOKEN_KEY]: 'token-1' }, () => json({ message: 'Session expirée', code: 'UNAUTHENTICATED' }, 401)).reads;
    await expect(authApi.getMe(signal())).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
    expect(network).not.toHaveBeenCalled();
  });

  it('an early read the network failed fails the call as its own request would (no second request); one made with another token is not taken', async () => {
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    window.__cpBootReads = [{ url: `${ORIGIN}/api/v1/users/me`, token: 'token-1', lang: 'fr', at: performance.now(), response: failed }];
    await expect(authApi.getMe(signal())).rejects.toMatchObject({ status: null });
    expect(network).not.toHaveBeenCalled();

    const other = [{ url: `${ORIGIN}/api/v1/users/me`, token: 'token-0', lang: 'fr', at: performance.now(), response: Promise.resolve(json({})) }];
    expect(takeBootRead(new Request(`${ORIGIN}/api/v1/users/me`, { headers: { Authorization: 'Bearer token-1', 'Accept-Language': 'fr' } }), other)).toBeNull();
    const old = [{ url: `${ORIGIN}/api/v1/users/me`, token: 'token-1', lang: 'fr', at: performance.now() - 20_000, response: Promise.resolve(json({})) }];
    expect(takeBootRead(new Request(`${ORIGIN}/api/v1/users/me`, { headers: { Authorization: 'Bearer token-1', 'Accept-Language': 'fr' } }), old)).toBeNull();
  });

  it('the CSP lets exactly this inline script run (its hash)', async () => {
    const { createHash } = await import('node:crypto');
    expect(inlineScriptHashes(html)).toEqual([`sha256-${createHash('sha256').update(script).digest('base64')}`]);
    expect(inlineScriptHashes('<p>no script</p>')).toEqual([]);
  });
});
