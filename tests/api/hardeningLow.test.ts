import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_SUBDOMAINS } from '../../server/commands/reservedSubdomains';
import { api, baseUrl, expectContract, login, register } from './client';
import { createTraining, freshStore } from './trainingsSupport';

/** The low findings of the probe: reserved subdomains, picture addresses, links from Host, token caching. */

let owner: Awaited<ReturnType<typeof freshStore>>;
beforeAll(async () => {
  owner = await freshStore();
});

const updateStore = (body: unknown) => api('PUT', `/stores/${owner.storeUuid}`, { token: owner.token, body });

describe('reserved subdomains', () => {
  it.each(['www', 'admin', 'api', 'app', 'mail', 'postmaster', 'webmaster', 'static', 'status', 'support', 'smtp'])('refuses %s (422, in both languages)', async (subdomain) => {
    const answer = await updateStore({ subdomain });
    expectContract('updateStore', answer);
    expect(answer.status, answer.text).toBe(422);
    expect(answer.body.errors).toEqual({ subdomain: ['Ce sous-domaine est réservé : choisissez-en un autre.'] });
    const english = await api('PUT', `/stores/${owner.storeUuid}`, { token: owner.token, body: { subdomain }, headers: { 'accept-language': 'en' } });
    expect(english.body.errors).toEqual({ subdomain: ['This subdomain is reserved: choose another one.'] });
  });

  it('lets names that merely contain one be claimed', async () => {
    const subdomain = `www-studio-${owner.storeUuid.slice(0, 6)}`;
    const answer = await updateStore({ subdomain });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.subdomain).toBe(subdomain);
  });

  it('never gives one at sign-up, whatever the first name', async () => {
    for (const firstname of ['www', 'Admin', 'API']) {
      const { user } = await register({ firstname });
      expect(RESERVED_SUBDOMAINS.has(user.store.subdomain), user.store.subdomain).toBe(false);
    }
  });
});

describe('store logo and favicon', () => {
  it.each([
    ['javascript:alert(document.domain)'],
    ['JavaScript:alert(1)'],
    ['file:///etc/passwd'],
    ['data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
    ['ftp://files.example.com/logo.png'],
    ['vbscript:msgbox(1)'],
  ])('refuses %s', async (address) => {
    for (const field of ['logo', 'favicon']) {
      const answer = await updateStore({ [field]: address });
      expect(answer.status, `${field} ${answer.text}`).toBe(422);
      expect(answer.body.errors).toEqual({ [field]: ['Indiquez une adresse web (https://…).'] });
    }
  });

  it('takes web addresses (our uploads are ones) and null', async () => {
    const logo = `${baseUrl()}/api/v1/files/uploads/${owner.storeUuid}/logo.png`;
    const set = await updateStore({ logo, favicon: 'https://cdn.example.com/favicon.ico' });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ logo, favicon: 'https://cdn.example.com/favicon.ico' });
    const cleared = await updateStore({ logo: null, favicon: null });
    expect(cleared.body).toMatchObject({ logo: null, favicon: null });
  });
});

/** A request whose Host header says another site (fetch does not let a caller choose it). */
function getWithHost(path: string, host: string, token: string): Promise<{ status: number; body: { links: { next: string | null; prev: string | null } } }> {
  const url = new URL(`/api/v1${path}`, baseUrl());
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers: { host, authorization: `Bearer ${token}`, 'x-forwarded-host': host } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('pagination links', () => {
  it('name APP_URL, not the Host header a client sent', async () => {
    await createTraining(owner.token, 'Première');
    await createTraining(owner.token, 'Seconde');
    const answer = await getWithHost('/trainings?per_page=1', 'evil.example', owner.token);
    expect(answer.status).toBe(200);
    expect(answer.body.links.next).toBe(`${baseUrl()}/api/v1/trainings?per_page=1&page=2`);
    const bundles = await getWithHost('/bundles?per_page=1&page=3', 'evil.example:8443', owner.token);
    expect(bundles.body.links.prev?.startsWith(`${baseUrl()}/api/v1/bundles?`)).toBe(true);
    const notifications = await getWithHost('/users/me/notifications?page=9', 'evil.example', await login('owner@demo.test'));
    expect(notifications.body.links.prev).toBe(`${baseUrl()}/api/v1/users/me/notifications?page=2`);
  });
});

describe('answers that carry a token', () => {
  it('are never cached: sign-up, sign-in and preview tokens say Cache-Control: no-store', async () => {
    const signUp = await api('POST', '/register', { body: { email: `cache-${owner.storeUuid.slice(0, 8)}@example.test`, password: 'correct-horse-battery', firstname: 'Cache' } });
    expect(signUp.status).toBe(201);
    expect(signUp.headers.get('cache-control')).toBe('no-store');
    const signIn = await api('POST', '/login', { body: { email: 'owner@demo.test', password: 'demo-password' } });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('cache-control')).toBe('no-store');
    const preview = await api('POST', `/stores/${owner.storeUuid}/token`, { token: owner.token });
    expect(preview.status, preview.text).toBe(201);
    expect(preview.headers.get('cache-control')).toBe('no-store');
  });

  it('leave other answers alone', async () => {
    const me = await api('GET', '/users/me', { token: owner.token });
    expect(me.headers.get('cache-control')).toBeNull();
  });
});
