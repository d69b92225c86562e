import { beforeAll, describe, expect, it } from 'vitest';
import { api, expectContract, login, register } from './client';

/**
 * GET /stores/{uuid}/oembed and /urls. Known providers answer from the address alone; any other address goes
 * through the SSRF guard, which this server (NODE_ENV=test, no test option) keeps strict: nothing here reaches
 * the network. The fetch of other pages is tested in tests/unit/server/embeds.test.ts against a fake site.
 */

let demoStore: string;
let tokens: Record<'owner' | 'admin' | 'teacher' | 'analyst', string>;
beforeAll(async () => {
  const [owner, admin, teacher, analyst] = await Promise.all(['owner', 'admin', 'teacher', 'analyst'].map((name) => login(`${name}@demo.test`)));
  tokens = { owner: owner!, admin: admin!, teacher: teacher!, analyst: analyst! };
  demoStore = (await api('GET', '/users/me', { token: owner })).body.store.uuid;
});

const oembed = async (token: string | undefined, store: string, url?: string) => {
  const answer = await api('GET', `/stores/${store}/oembed${url === undefined ? '' : `?url=${encodeURIComponent(url)}`}`, { token });
  expectContract('getOembed', answer);
  return answer;
};
const urls = async (token: string | undefined, store: string, url?: string) => {
  const answer = await api('GET', `/stores/${store}/urls${url === undefined ? '' : `?url=${encodeURIComponent(url)}`}`, { token });
  expectContract('getUrlMetadata', answer);
  return answer;
};

describe('GET /stores/{uuid}/oembed (getOembed)', () => {
  it.each(['owner', 'admin', 'teacher', 'analyst'] as const)('answers a known provider’s iframe address to the %s', async (role) => {
    const answer = await oembed(tokens[role], demoStore, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ type: 'video', provider: 'youtube', provider_name: 'YouTube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', html: null });
  });

  it.each([
    ['https://vimeo.com/76979871', 'vimeo'],
    ['https://dai.ly/x8abcde', 'dailymotion'],
    ['https://www.loom.com/share/0123456789abcdef0123456789abcdef', 'loom'],
    ['https://soundcloud.com/artiste/morceau', 'soundcloud'],
    ['https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC', 'spotify'],
  ])('recognises %s', async (url, provider) => {
    expect((await oembed(tokens.teacher, demoStore, url)).body.provider).toBe(provider);
  });

  it.each([
    ['an http address', 'http://example.test/page'],
    ['a loopback address', 'https://127.0.0.1/'],
    ['a cloud metadata address', 'https://169.254.169.254/latest/meta-data/'],
    ['a private address', 'https://10.0.0.1/'],
    ['an IPv6 loopback', 'https://[::1]/'],
    ['localhost', 'https://localhost/'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['no address', undefined],
  ])('answers 422 on url for %s', async (_label, url) => {
    const answer = await oembed(tokens.owner, demoStore, url);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(['url']);
  });

  it('answers 401 without a session and 404 for another store', async () => {
    expect((await oembed(undefined, demoStore, 'https://vimeo.com/76979871')).status).toBe(401);
    const other = await register();
    expect((await oembed(other.token, demoStore, 'https://vimeo.com/76979871')).status).toBe(404);
  });
});

describe('GET /stores/{uuid}/urls (getUrlMetadata)', () => {
  it.each(['owner', 'admin', 'teacher', 'analyst'] as const)('answers a known provider without fetching it, to the %s', async (role) => {
    const answer = await urls(tokens[role], demoStore, 'https://youtu.be/dQw4w9WgXcQ');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      url: 'https://youtu.be/dQw4w9WgXcQ',
      title: null,
      description: null,
      image: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      site_name: 'YouTube',
      provider: 'youtube',
      embed_src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
  });

  it.each([
    ['an http address', 'http://example.test/page'],
    ['a loopback address', 'https://127.0.0.1:3000/api/v1/health'],
    ['a private address', 'https://192.168.1.1/'],
    ['a decimal loopback', 'https://2130706433/'],
    ['an IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/'],
  ])('answers 422 on url for %s', async (_label, url) => {
    const answer = await urls(tokens.teacher, demoStore, url);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(['url']);
  });

  it('answers 401 without a session and 404 for another store', async () => {
    expect((await urls(undefined, demoStore, 'https://vimeo.com/76979871')).status).toBe(401);
    const other = await register();
    expect((await urls(other.token, demoStore, 'https://vimeo.com/76979871')).status).toBe(404);
    expect((await urls(other.token, other.user.store.uuid, 'https://vimeo.com/76979871')).status).toBe(200);
  });
});
