// How the server delivers bytes: the built app's files precompressed at build time and chosen by
// Accept-Encoding, the SPA shell likewise, JSON compressed above a threshold, stored files untouched, and HEAD
// answered like GET on every app route. The server is built in-process over a tiny app directory made here
// (the real build may be absent when the API suite runs) and precompressed by the build's own script.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress.mjs';
import { buildApp } from '../../server/app';
import { seedSitePages } from '../../server/db/seed';
import { COMPRESSION_THRESHOLD } from '../../server/http/compression';
import { testServices } from '../unit/server/testServices';
import { expectContract } from './client';

const shell = `<!doctype html><html lang="fr"><head><meta charset="UTF-8"><title>Plateforme de formation</title>
<script type="module" src="/assets/app-3f9a.js"></script><link rel="stylesheet" href="/assets/app-3f9a.css"></head>
<body><div id="root"></div>${'<!-- a shell long enough to be worth compressing -->'.repeat(20)}</body></html>`;
const script = Array.from({ length: 300 }, (_, i) => `export const message${i} = "Bonjour ${i}";`).join('\n');
const style = Array.from({ length: 200 }, (_, i) => `.c${i} { color: #0f766e; margin: ${i}px; }`).join('\n');
// Brotli and gzip add more than they save on a few bytes: no variant is written, the file goes out as it is.
const tiny = 'x()';

let dir: string;
let env: Awaited<ReturnType<typeof testServices>>;
let app: FastifyInstance;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'cp-delivery-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), shell);
  writeFileSync(path.join(dir, 'assets/app-3f9a.js'), script);
  writeFileSync(path.join(dir, 'assets/app-3f9a.css'), style);
  writeFileSync(path.join(dir, 'assets/tiny-1b2c.js'), tiny);
  await precompressDir(dir);
  env = await testServices();
  await seedSitePages(env.services.db);
  app = await buildApp({ ...env.services, config: { ...env.services.config, staticDir: dir } }, { logger: false });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await env?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? headers : { ...headers, 'accept-encoding': acceptEncoding } });

/** The body as the client reads it once it has undone the announced encoding. */
function decoded(answer: LightMyRequestResponse): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(answer.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return answer.rawPayload.toString();
}

const varies = (answer: LightMyRequestResponse) =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((token) => token.trim());

describe('built assets go out precompressed, by Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    // @fastify/static reads a bare `*` as gzip, the coding every client supports.
    ['*', 'gzip'],
  ])('Accept-Encoding "%s" gets %s, with Vary and the same bytes once decoded', async (acceptEncoding, encoding) => {
    for (const [url, body, type] of [
      ['/assets/app-3f9a.js', script, /^(application|text)\/javascript/],
      ['/assets/app-3f9a.css', style, /^text\/css/],
    ] as const) {
      const answer = await get(url, acceptEncoding);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-type']).toMatch(type);
      expect(varies(answer)).toContain('accept-encoding');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect(answer.rawPayload.length).toBeLessThan(body.length / 3);
      expect(decoded(answer)).toBe(body);
    }
  });

  it.each([
    ['no Accept-Encoding', undefined],
    ['identity', 'identity'],
    ['an unknown coding', 'compress'],
    ['br and gzip refused', 'br;q=0, gzip;q=0'],
  ])('%s gets the plain file, still with Vary', async (_label, acceptEncoding) => {
    const answer = await get('/assets/app-3f9a.js', acceptEncoding);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(varies(answer)).toContain('accept-encoding');
    expect(answer.body).toBe(script);
  });

  it('a file too small to gain from compression goes out as it is', async () => {
    const answer = await get('/assets/tiny-1b2c.js', 'gzip, br');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(tiny);
  });
});

describe('the SPA shell goes out precompressed on every app route', () => {
  it.each(['/connexion', '/', '/formations/0b6c2e9e-6a41-4e4f-9f5b-2f1c1d8a7e10/contenu', '/index.html'])(
    '%s: brotli, gzip or plain by Accept-Encoding, never cached, with the page CSP',
    async (url) => {
      for (const [acceptEncoding, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const answer = await get(url, acceptEncoding);
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-type']).toMatch(/^text\/html/);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(varies(answer)).toContain('accept-encoding');
        // A compressed shell is still the shell: revalidated after every deploy, never `immutable`.
        expect(answer.headers['cache-control']).toBe('no-cache');
        expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
        expect(decoded(answer)).toBe(shell);
      }
    },
  );

  it('the page CSP lets lesson players load from the known providers only (frame-src), and no plug-in objects', async () => {
    const csp = String((await get('/formations', undefined)).headers['content-security-policy']);
    const frameSrc = /frame-src ([^;]+)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(frameSrc).toEqual(expect.arrayContaining(["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://open.spotify.com']));
    expect(frameSrc.every((source) => source === "'self'" || /^https:\/\/[a-z0-9.-]+$/.test(source))).toBe(true);
    expect(csp).toContain("object-src 'none'");
  });

  it('unknown addresses under /api and /__dev still answer the JSON 404', async () => {
    for (const url of ['/api/v1/nothing-here', '/api', '/__dev/nothing']) {
      const answer = await get(url, 'gzip, br');
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('HEAD answers like GET', () => {
  it.each(['/connexion', '/', '/formations', '/inscription?parrain=abc', '/assets/app-3f9a.js', '/assets/tiny-1b2c.js'])(
    'HEAD %s: the headers of GET, no body',
    async (url) => {
      for (const acceptEncoding of ['gzip, deflate, br', 'gzip', undefined]) {
        const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
        const [head, full] = await Promise.all([app.inject({ method: 'HEAD', url, headers }), app.inject({ method: 'GET', url, headers })]);
        expect(head.statusCode, url).toBe(200);
        for (const header of ['content-type', 'content-encoding', 'content-length', 'cache-control', 'vary']) {
          expect(head.headers[header], `${url} ${header}`).toEqual(full.headers[header]);
        }
        expect(head.rawPayload.length).toBe(0);
      }
    },
  );

  it('HEAD of an address under /api that does not exist is still a 404', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/api/v1/nothing-here' })).statusCode).toBe(404);
  });
});

describe('JSON answers are compressed above the threshold', () => {
  // The terms of use (~1.9 KB of JSON) are over the threshold; a search that finds nothing is a few bytes.
  const large = '/api/v1/pages?slug=conditions-generales';
  const small = '/api/v1/pages?slug=page-qui-n-existe-pas';

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
  ])('Accept-Encoding "%s": %s, with Vary, and the body still meets the contract', async (acceptEncoding, encoding) => {
    const plain = await get(large);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const answer = await get(large, acceptEncoding);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(varies(answer)).toContain('accept-encoding');
    expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const body = JSON.parse(decoded(answer));
    expect(body).toEqual(plain.json());
    expectContract('listPages', { status: answer.statusCode, body, headers: new Headers(), text: '' });
  });

  it('goes out plain without Accept-Encoding or with identity', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const answer = await get(large, acceptEncoding);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.json().data[0].slug).toBe('conditions-generales');
    }
  });

  it('a body under the threshold goes out plain', async () => {
    const answer = await get(small, 'gzip, br');
    expect(answer.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json()).toEqual({ data: [] });
  });

  it('errors over the threshold are compressed too, and still the envelope', async () => {
    // One refusal per unknown field: a long list of field errors.
    const payload = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`unknown_field_${i}`, i]));
    const answer = await app.inject({ method: 'POST', url: '/api/v1/register', headers: { 'accept-encoding': 'br' }, payload });
    expect(answer.statusCode).toBe(422);
    expect(answer.headers['content-encoding']).toBe('br');
    const body = JSON.parse(decoded(answer));
    expect(body.code).toBe('VALIDATION_FAILED');
  });
});

describe('stored files are served as stored', () => {
  const key = 'uploads/delivery/notes.json';
  const content = JSON.stringify({ notes: Array.from({ length: 200 }, (_, i) => `note ${i}`) });

  beforeAll(async () => {
    await env.services.storage.put(key, Buffer.from(content), { contentType: 'application/json' });
  });

  it('a JSON file over the threshold is not compressed: exact length, byte ranges', async () => {
    const whole = await get(`/api/v1/files/${key}`, 'gzip, deflate, br');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(content.length));
    expect(whole.body).toBe(content);
    const part = await get(`/api/v1/files/${key}`, 'gzip, br', { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body).toBe(content.slice(10, 20));
  });
});
