import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oembedOf, readPage, urlMetadataOf } from '../../../server/commands/embeds/embeds';
import { pageMetadata } from '../../../server/commands/embeds/pageMetadata';
import { recogniseEmbed } from '../../../shared/embedProviders';
import { FetchRefused, guardedFetch, isPublicAddress } from '../../../server/net/guardedFetch';

/**
 * Embeds: known providers from the address alone, and the SSRF-guarded fetch of other pages, tested against a
 * fake site on loopback that each call allows explicitly (allowLoopbackForTests, which production ignores).
 */

describe('recogniseEmbed: known providers with no network call', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=1m30s', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'vimeo', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/abcdef1234', 'vimeo', 'https://player.vimeo.com/video/76979871?h=abcdef1234'],
    ['https://player.vimeo.com/video/76979871', 'vimeo', 'https://player.vimeo.com/video/76979871'],
    ['https://www.dailymotion.com/video/x8abcde_titre', 'dailymotion', 'https://www.dailymotion.com/embed/video/x8abcde'],
    ['https://dai.ly/x8abcde', 'dailymotion', 'https://www.dailymotion.com/embed/video/x8abcde'],
    ['https://www.loom.com/share/0123456789abcdef0123456789abcdef', 'loom', 'https://www.loom.com/embed/0123456789abcdef0123456789abcdef'],
    ['https://soundcloud.com/artiste/morceau', 'soundcloud', 'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fartiste%2Fmorceau'],
    ['https://open.spotify.com/intl-fr/track/4uLU6hMCjMI75M1A2tKUQC', 'spotify', 'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC'],
    ['https://open.spotify.com/episode/4uLU6hMCjMI75M1A2tKUQC', 'spotify', 'https://open.spotify.com/embed/episode/4uLU6hMCjMI75M1A2tKUQC'],
  ])('%s → %s', (url, provider, src) => {
    expect(recogniseEmbed(url)).toMatchObject({ provider, src });
  });

  it.each([
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://www.youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
    'https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
    'javascript://www.youtube.com/%0aalert(1)',
    'https://vimeo.com/channels',
    'https://www.loom.com/share/not-a-loom-id',
    'https://open.spotify.com/user/x',
    'https://example.test/video',
    'pas une adresse',
  ])('does not recognise %s', (url) => {
    expect(recogniseEmbed(url)).toBeNull();
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['93.184.215.14', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['240.0.0.1', false],
    ['255.255.255.255', false],
    ['198.18.0.1', false],
    ['::1', false],
    ['::', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['2001:db8::1', false],
    ['64:ff9b::a00:1', false],
    ['2002:a00:1::', false],
    ['not-an-ip', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('allows loopback only when asked, never another private range', () => {
    expect(isPublicAddress('127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('::1', true)).toBe(true);
    expect(isPublicAddress('10.0.0.1', true)).toBe(false);
  });
});

describe('pageMetadata', () => {
  it('reads og: tags first, then <title> and description, as plain text, with addresses made absolute', () => {
    const html = `<html><head><title>Titre &amp; page</title>
      <meta name="description" content="Une description">
      <meta property='og:site_name' content="Mon &lt;site&gt;">
      <meta content="/images/a.png" property="og:image">
      </head><body><meta property="og:title" content="Ignoré ? non : premier trouvé"></body></html>`;
    expect(pageMetadata(html, 'https://site.test/article/1')).toEqual({
      title: 'Ignoré ? non : premier trouvé',
      description: 'Une description',
      image: 'https://site.test/images/a.png',
      site_name: 'Mon <site>',
    });
  });

  it('drops an image that is not http(s) and caps long texts', () => {
    const html = `<title>${'é'.repeat(600)}</title><meta property="og:image" content="javascript:alert(1)">`;
    const read = pageMetadata(html, 'https://site.test/');
    expect(read.image).toBeNull();
    expect([...read.title!]).toHaveLength(512);
  });
});

describe('guardedFetch against a fake site on loopback', () => {
  let server: http.Server;
  let base: string;
  const allow = { allowLoopbackForTests: true } as const;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const path = request.url ?? '/';
      if (path === '/page') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<title>Page de test</title><meta property="og:description" content="Bonjour">');
      } else if (path.startsWith('/hop/')) {
        const left = Number(path.slice(5));
        response.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : '/page' });
        response.end();
      } else if (path === '/to-private') {
        response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' });
        response.end();
      } else if (path === '/to-ftp') {
        response.writeHead(302, { location: 'ftp://files.example.test/' });
        response.end();
      } else if (path === '/big') {
        response.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        for (let i = 0; i < 40; i += 1) response.write(chunk);
        response.end('<title>trop loin</title>');
      } else if (path === '/silent') {
        // Never answers: the time-out ends it.
      } else if (path === '/pdf') {
        response.writeHead(200, { 'content-type': 'application/pdf' });
        response.end('%PDF-1.7 <title>not html</title>');
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(3700, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(FetchRefused);
    return (error as FetchRefused).reason;
  };

  it('reads a page the test allows', async () => {
    const page = await guardedFetch(`${base}/page`, allow);
    expect(page).toMatchObject({ status: 200, truncated: false });
    expect(await readPage(`${base}/page`, allow)).toMatchObject({ title: 'Page de test', description: 'Bonjour' });
    expect(await urlMetadataOf(`${base}/page`, allow)).toMatchObject({ title: 'Page de test', provider: null, embed_src: null });
    expect(await oembedOf(`${base}/page`, allow)).toMatchObject({ type: 'link', title: 'Page de test', src: null, html: null });
  });

  it('refuses loopback without the test option, and with it under NODE_ENV=production', async () => {
    expect(await refusal(guardedFetch(`${base}/page`))).toBe('NOT_HTTPS');
    expect(await refusal(guardedFetch(`https://127.0.0.1:3700/page`))).toBe('NOT_PUBLIC');
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(await refusal(guardedFetch(`${base}/page`, allow))).toBe('NOT_HTTPS');
      expect(await refusal(guardedFetch(`https://localhost:3700/page`, allow))).toBe('NOT_PUBLIC');
    } finally {
      process.env.NODE_ENV = before;
    }
  });

  it('follows up to 3 redirects, checking each, and refuses a 4th', async () => {
    expect((await guardedFetch(`${base}/hop/2`, allow)).url).toBe(`${base}/page`);
    expect(await refusal(guardedFetch(`${base}/hop/3`, allow))).toBe('UNREADABLE');
  });

  it('refuses a redirect to a private address or another scheme before connecting', async () => {
    expect(await refusal(guardedFetch(`${base}/to-private`, allow))).toBe('NOT_PUBLIC');
    expect(await refusal(guardedFetch(`${base}/to-ftp`, allow))).toBe('NOT_HTTPS');
  });

  it('reads at most the byte cap and stops', async () => {
    const page = await guardedFetch(`${base}/big`, { ...allow, maxBytes: 1024 * 1024 });
    expect(page.truncated).toBe(true);
    expect(page.body.length).toBe(1024 * 1024);
  });

  it('gives up after the time-out', async () => {
    expect(await refusal(guardedFetch(`${base}/silent`, { ...allow, timeoutMs: 300 }))).toBe('UNREADABLE');
  });

  it('reads only HTML for metadata', async () => {
    expect(await readPage(`${base}/pdf`, allow)).toMatchObject({ title: null, description: null });
  });

  it('refuses a name that resolves to a private address, or to any private address among public ones', async () => {
    const lookup = (addresses: string[]) => () => Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    expect(await refusal(guardedFetch('https://intranet.example.test/', { lookup: lookup(['10.0.0.5']) }))).toBe('NOT_PUBLIC');
    expect(await refusal(guardedFetch('https://mixed.example.test/', { lookup: lookup(['93.184.215.14', '192.168.0.2']) }))).toBe('NOT_PUBLIC');
    expect(await refusal(guardedFetch('https://v6.example.test/', { lookup: lookup(['::ffff:10.0.0.1']) }))).toBe('NOT_PUBLIC');
    expect(await refusal(guardedFetch('https://[::1]/'))).toBe('NOT_PUBLIC');
    expect(await refusal(guardedFetch('https://0x7f000001/'))).toBe('NOT_PUBLIC');
    expect(await refusal(guardedFetch('https://nowhere.invalid/', { lookup: () => Promise.resolve([]) }))).toBe('UNREADABLE');
  });

  it('refuses addresses with credentials and answers 422 on url from the commands', async () => {
    expect(await refusal(guardedFetch('https://user:pw@example.test/'))).toBe('UNREADABLE');
    await expect(readPage('http://example.test/')).rejects.toMatchObject({ status: 422, errors: { url: [expect.anything()] } });
  });
});
