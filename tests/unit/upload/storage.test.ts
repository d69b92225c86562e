import http from 'node:http';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { readConfig } from '../../../server/config';
import type { Services } from '../../../server/services';
import { createStorage } from '../../../server/storage/createStorage';
import { LocalStorage } from '../../../server/storage/localStorage';
import { S3Storage } from '../../../server/storage/s3Storage';
import { StorageTooLargeError, assertSafeKey } from '../../../server/storage/storage';

const text = async (stream: Readable) => {
  let out = '';
  for await (const chunk of stream) out += (chunk as Buffer).toString();
  return out;
};

describe('LocalStorage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'cp-storage-'));
  const storage = new LocalStorage({ root, publicBaseUrl: 'https://app.test/api/v1', secret: 'secret' });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('puts, gets by range, and deletes files', async () => {
    expect(await storage.put('a/b/notes.txt', Buffer.from('bonjour tout le monde'), { contentType: 'text/plain' })).toEqual({ size: 21 });
    const whole = await storage.get('a/b/notes.txt');
    expect(whole?.size).toBe(21);
    expect(whole?.contentType).toBe('text/plain; charset=utf-8');
    expect(await text(whole!.body)).toBe('bonjour tout le monde');
    expect(await text((await storage.get('a/b/notes.txt', { start: 8, end: 11 }))!.body)).toBe('tout');
    await storage.delete('a/b/notes.txt');
    expect(await storage.get('a/b/notes.txt')).toBeNull();
  });

  it('refuses a stream past its cap and leaves nothing behind', async () => {
    const body = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
    await expect(storage.put('capped/file.bin', body, { contentType: 'application/octet-stream', maxBytes: 1000 })).rejects.toBeInstanceOf(StorageTooLargeError);
    expect(readdirSync(path.join(root, 'capped'))).toEqual([]);
  });

  it('removes a whole prefix', async () => {
    await storage.put('scorm/s/p/index.html', Buffer.from('<p>'), { contentType: 'text/html' });
    await storage.put('scorm/s/p/js/app.js', Buffer.from('1'), { contentType: 'text/javascript' });
    await storage.deletePrefix('scorm/s/p');
    expect(await storage.sizeOf('scorm/s/p/index.html')).toBeNull();
  });

  it('never lets a key leave its root', () => {
    for (const key of ['', '/etc/passwd', '../x', 'a/../../x', 'a//b', 'a\\..\\b', 'a/./b', 'a/\u0000b']) {
      expect(() => storage.pathOf(key), key).toThrow(/unsafe storage key/);
    }
    expect(assertSafeKey('scorm/s/p/Leçon 1/index.html')).toBe('scorm/s/p/Leçon 1/index.html');
  });

  it('addresses files with each segment encoded', () => {
    expect(storage.url('scorm/s/p/Leçon 1/a#b.html')).toBe('https://app.test/api/v1/files/scorm/s/p/Le%C3%A7on%201/a%23b.html');
  });

  it('signs upload addresses that expire and cannot be altered', async () => {
    const now = new Date('2026-01-01T10:00:00Z');
    const expiresAt = new Date(now.getTime() + 60_000);
    const { url, headers } = await storage.presignPut('k/a.png', { uploadId: 'u-1', contentType: 'image/png', maxSize: 10, expiresAt });
    expect(headers).toEqual({ 'Content-Type': 'image/png' });
    const query = new URL(url).searchParams;
    const [expires, signature] = [query.get('expires')!, query.get('signature')!];
    expect(storage.checkUpload('u-1', expires, signature, now)).toBe('valid');
    expect(storage.checkUpload('u-1', expires, signature, new Date(expiresAt.getTime() + 1000))).toBe('expired');
    expect(storage.checkUpload('u-2', expires, signature, now)).toBe('invalid');
    expect(storage.checkUpload('u-1', String(Number(expires) + 1), signature, now)).toBe('invalid');
    expect(storage.checkUpload('u-1', expires, undefined, now)).toBe('invalid');
    const other = new LocalStorage({ root, publicBaseUrl: 'https://app.test/api/v1', secret: 'another' });
    expect(other.checkUpload('u-1', expires, signature, now)).toBe('invalid');
  });
});

describe('S3Storage against a stand-in bucket', () => {
  const requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const objects = new Map<string, string>();
  let server: http.Server;
  let storage: S3Storage;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        const url = new URL(req.url!, 'http://x');
        const key = decodeURIComponent(url.pathname.replace(/^\/bucket\/?/, ''));
        if (req.method === 'PUT') objects.set(key, body);
        if (req.method === 'DELETE') objects.delete(key);
        if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
          const prefix = url.searchParams.get('prefix')!;
          const keys = [...objects.keys()].filter((k) => k.startsWith(prefix));
          // Two pages: the first key, then the rest, to follow the continuation token.
          const page = url.searchParams.get('continuation-token') ? keys : keys.slice(0, 1);
          const more = url.searchParams.get('continuation-token') ? '' : '<NextContinuationToken>t&amp;2</NextContinuationToken>';
          return res.end(`<ListBucketResult>${page.map((k) => `<Contents><Key>${k.replace(/&/g, '&amp;')}</Key></Contents>`).join('')}${more}</ListBucketResult>`);
        }
        if (req.method === 'GET') {
          const stored = objects.get(key);
          if (stored === undefined) return res.writeHead(404).end();
          return res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(stored.length) }).end(stored);
        }
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    storage = new S3Storage({
      bucket: 'bucket',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'eu-west-3',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
      publicUrl: 'https://cdn.example.test',
    });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('PUTs objects signed with SigV4, with their type and length', async () => {
    await storage.put('scorm/s/p/index.html', Readable.from([Buffer.from('<h1>'), Buffer.from('Bonjour</h1>')]), { contentType: 'text/html', size: 16 });
    const request = requests.at(-1)!;
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('/bucket/scorm/s/p/index.html');
    expect(request.headers['content-length']).toBe('16');
    expect(request.headers['content-type']).toBe('text/html');
    expect(request.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-3\/s3\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/);
    expect(request.body).toBe('<h1>Bonjour</h1>');
  });

  it('refuses a stream longer than announced', async () => {
    const body = Readable.from([Buffer.alloc(10), Buffer.alloc(10)]);
    await expect(storage.put('x/too-long.bin', body, { contentType: 'application/octet-stream', size: 12 })).rejects.toThrow();
    expect(objects.has('x/too-long.bin')).toBe(false);
  });

  it('reads objects, and null for missing ones', async () => {
    const object = await storage.get('scorm/s/p/index.html');
    expect(object?.size).toBe(16);
    expect(await text(object!.body)).toBe('<h1>Bonjour</h1>');
    expect(await storage.get('nothing/here')).toBeNull();
  });

  it('removes a prefix page by page', async () => {
    await storage.put('scorm/s/p/js/a&b.js', Buffer.from('1'), { contentType: 'text/javascript' });
    await storage.put('scorm/s/other/keep.html', Buffer.from('1'), { contentType: 'text/html' });
    await storage.deletePrefix('scorm/s/p');
    expect([...objects.keys()]).toEqual(['scorm/s/other/keep.html']);
  });

  it('presigns PUT addresses holding the type and the exact length, and reads from the public address', async () => {
    const { url, headers } = await storage.presignPut('uploads/a.png', {
      uploadId: 'u',
      contentType: 'image/png',
      size: 1234,
      maxSize: 5000,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const query = new URL(url).searchParams;
    expect(query.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(query.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(Number(query.get('X-Amz-Expires'))).toBeGreaterThan(3590);
    expect(query.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(headers).toEqual({ 'Content-Type': 'image/png' });
    expect(storage.url('uploads/a b.png')).toBe('https://cdn.example.test/uploads/a%20b.png');
  });

  it.each([
    ['text/html', 'uploads/page.html'],
    ['image/svg+xml', 'uploads/logo.svg'],
    ['application/javascript', 'uploads/été.js'],
    ['application/zip', 'uploads/a.zip'],
  ])('stores %s as a download of a neutral type: the bucket serves it so, without our CSP', async (contentType, key) => {
    const { url, headers } = await storage.presignPut(key, { uploadId: 'u', contentType, size: 10, maxSize: 50, expiresAt: new Date(Date.now() + 60_000) });
    const name = encodeURIComponent(key.slice('uploads/'.length));
    expect(headers).toEqual({ 'Content-Type': 'application/octet-stream', 'Content-Disposition': `attachment; filename*=UTF-8''${name}` });
    // Signed: the bucket refuses a PUT that would store other values.
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-disposition;content-length;content-type;host');
  });
});

describe('createStorage and its configuration', () => {
  it('uses S3 when the bucket, endpoint and keys are set', () => {
    const config = readConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'https://s3.example.test/', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    expect(config.s3).toEqual({ bucket: 'b', endpoint: 'https://s3.example.test', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', publicUrl: 'https://s3.example.test/b' });
    expect(createStorage(config).kind).toBe('s3');
    expect(readConfig({ S3_BUCKET: 'b' }).s3).toBeUndefined();
  });

  it('stores files under DATA_DIR/files unless STORAGE_DIR says otherwise', () => {
    expect(readConfig({ DATA_DIR: '/srv/data' }).storageDir).toBe('/srv/data/files');
    expect(readConfig({ DATA_DIR: '/srv/data', STORAGE_DIR: '/mnt/files' }).storageDir).toBe('/mnt/files');
  });

  it('derives a stable upload secret per data directory outside production, and requires one in production', () => {
    expect(readConfig({ DATA_DIR: '/srv/a' }).uploadSecret).toBe(readConfig({ DATA_DIR: '/srv/a' }).uploadSecret);
    expect(readConfig({ DATA_DIR: '/srv/a' }).uploadSecret).not.toBe(readConfig({ DATA_DIR: '/srv/b' }).uploadSecret);
    expect(readConfig({ UPLOAD_SECRET: 'mine' }).uploadSecret).toBe('mine');
    expect(() => createStorage(readConfig({ NODE_ENV: 'production' }))).toThrow(/UPLOAD_SECRET/);
    expect(createStorage(readConfig({ NODE_ENV: 'production', UPLOAD_SECRET: 'x' })).kind).toBe('local');
  });
});

describe('the app with S3 storage', () => {
  it("lets its pages read files from the bucket's public address and PUT uploads to the bucket", async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'cp-static-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
    const config = {
      ...readConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'https://s3.example.test', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_PUBLIC_URL: 'https://cdn.example.test/files' }),
      staticDir,
      devMailbox: false,
    };
    const app = await buildApp({ config, storage: createStorage(config) } as unknown as Services, { logger: false });
    try {
      const page = await app.inject({ method: 'GET', url: '/formations' });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("img-src 'self' data: blob: https://cdn.example.test;");
      expect(csp).toContain("default-src 'self' https://cdn.example.test;");
      expect(csp).toContain("connect-src 'self' https://s3.example.test;");
      // No local file routes with S3: the bucket serves and receives files.
      expect((await app.inject({ method: 'GET', url: '/api/v1/files/a/b.png' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'PUT', url: '/api/v1/uploads/x', payload: 'x' })).statusCode).toBe(404);
    } finally {
      await app.close();
      rmSync(staticDir, { recursive: true, force: true });
    }
  });
});

describe('FILES_ORIGIN: files read from another domain routed to this server', () => {
  const env = { APP_URL: 'https://app.example.test', FILES_ORIGIN: 'https://files.example.test/', UPLOAD_SECRET: 's' };

  it('is an origin other than the app, and file addresses use it while uploads stay on the app', async () => {
    expect(readConfig(env).filesOrigin).toBe('https://files.example.test');
    expect(readConfig({}).filesOrigin).toBeUndefined();
    expect(() => readConfig({ ...env, FILES_ORIGIN: 'https://app.example.test/files' })).toThrow(/FILES_ORIGIN/);
    expect(() => readConfig({ ...env, FILES_ORIGIN: 'pas une adresse' })).toThrow();
    const storage = createStorage({ ...readConfig(env), storageDir: '/tmp/unused' });
    expect(storage.url('scorm/s/p/index.html')).toBe('https://files.example.test/api/v1/files/scorm/s/p/index.html');
    const { url } = await storage.presignPut('uploads/a.png', { uploadId: 'u', contentType: 'image/png', maxSize: 10, expiresAt: new Date(Date.now() + 60_000) });
    expect(url).toMatch(/^https:\/\/app\.example\.test\/api\/v1\/uploads\/u\?/);
  });

  describe('the app', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cp-files-origin-'));
    const staticDir = mkdtempSync(path.join(tmpdir(), 'cp-static-'));
    let app: Awaited<ReturnType<typeof buildApp>>;
    const get = (host: string, url: string) => app.inject({ method: 'GET', url, headers: { host } });

    beforeAll(async () => {
      writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
      const config = { ...readConfig(env), storageDir: root, staticDir, devMailbox: false };
      const storage = createStorage(config);
      await storage.put('scorm/s/p/index.html', Buffer.from('<form><input name="password"></form>'), { contentType: 'text/html' });
      await storage.put('uploads/s/t/u/photo.png', Buffer.from('png'), { contentType: 'image/png' });
      // The one query serving an upload makes: its recorded type (routes/uploads.ts).
      const db = { select: () => ({ from: () => ({ where: () => ({ limit: async () => [{ contentType: 'image/png' }] }) }) }) };
      app = await buildApp({ config, storage, db } as unknown as Services, { logger: false });
    });
    afterAll(async () => {
      await app.close();
      rmSync(root, { recursive: true, force: true });
      rmSync(staticDir, { recursive: true, force: true });
    });

    it('serves SCORM pages under the files origin only, with forms and pop-ups, framed by the app', async () => {
      const there = await get('files.example.test', '/api/v1/files/scorm/s/p/index.html');
      expect(there.statusCode).toBe(200);
      expect(there.headers['content-disposition']).toMatch(/^inline;/);
      expect(there.headers['content-security-policy']).toBe(
        "sandbox allow-scripts allow-modals allow-downloads allow-same-origin allow-forms allow-popups; frame-ancestors 'self' https://app.example.test",
      );
      // Under the app's address: sent to the files origin, never shown (addresses saved before still work).
      const here = await get('app.example.test', '/api/v1/files/scorm/s/p/index.html?x=1');
      expect(here.statusCode).toBe(308);
      expect(here.headers.location).toBe('https://files.example.test/api/v1/files/scorm/s/p/index.html?x=1');
      expect(here.body).not.toContain('password');
    });

    it('serves the SCORM runtime page and its scripts under the files origin only, framed by the app alone', async () => {
      const runtime = await get('files.example.test', '/api/v1/files/_runtime/scorm.html');
      expect(runtime.statusCode).toBe(200);
      expect(runtime.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(runtime.body).toContain('<meta name="app-origin" content="https://app.example.test">');
      expect(runtime.body).toContain('<meta name="packages-path" content="/api/v1/files/scorm/">');
      const csp = String(runtime.headers['content-security-policy']);
      expect(csp).toContain('sandbox allow-scripts allow-same-origin');
      expect(csp).not.toContain('allow-top-navigation');
      expect(csp).toMatch(/frame-ancestors https:\/\/app\.example\.test$/);
      for (const name of ['scorm-runtime.js', 'scorm12.min.js', 'scorm2004.min.js']) {
        const script = await get('files.example.test', `/api/v1/files/_runtime/${name}`);
        expect(script.statusCode, name).toBe(200);
        expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
      }
      expect((await get('files.example.test', '/api/v1/files/scorm12.min.js')).statusCode).toBe(404);
      expect((await get('files.example.test', '/api/v1/files/_runtime/package.json')).statusCode).toBe(404);
      // Never under the app's address: the runtime runs with its origin's rights.
      expect((await get('app.example.test', '/api/v1/files/_runtime/scorm.html')).statusCode).toBe(404);
    });

    it('still serves other files under the app address, in the strict sandbox', async () => {
      const picture = await get('app.example.test', '/api/v1/files/uploads/s/t/u/photo.png');
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-security-policy']).toBe("sandbox allow-scripts allow-modals allow-downloads; frame-ancestors 'self'");
      expect((await get('files.example.test', '/api/v1/files/uploads/s/t/u/photo.png')).statusCode).toBe(200);
    });

    it('answers nothing but files under the files origin, and lets the app pages read from it', async () => {
      expect((await get('files.example.test', '/api/v1/health')).statusCode).toBe(404);
      expect((await get('files.example.test', '/connexion')).statusCode).toBe(404);
      expect((await get('files.example.test', '/api/v1/filesx')).statusCode).toBe(404);
      const page = await get('app.example.test', '/connexion');
      expect(page.statusCode).toBe(200);
      expect(String(page.headers['content-security-policy'])).toContain("img-src 'self' data: blob: https://files.example.test;");
    });
  });
});

describe('watchedBody', () => {
  it('tells a client gone before anything read its body, without an error nobody listens to', async () => {
    const { watchedBody } = await import('../../../server/storage/incomingBody');
    const server = http.createServer((request, response) => {
      const body = watchedBody(request);
      request.once('close', () => {
        // The stream failed with nobody listening yet: the process would have ended here.
        setImmediate(() => {
          response.end();
          server.emit('checked', body.clientGone());
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const checked = new Promise<boolean>((resolve) => server.once('checked', resolve));
    const { port } = server.address() as { port: number };
    const client = http.request({ port, host: '127.0.0.1', method: 'PUT', headers: { 'content-length': '100' } });
    client.on('error', () => undefined);
    client.write('x'.repeat(10), () => client.destroy());
    expect(await checked).toBe(true);
    server.close();
  });
});
