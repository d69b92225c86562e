// @vitest-environment happy-dom
/**
 * The guest catalogue is enough for everything that renders before sign-in: the real app is rendered
 * on the sign-in pages and fallbacks, in English (react-intl reports a missing message only outside the
 * default language, and both languages hold the same ids), with every react-intl error collected. A
 * guest-rendered component using an id of the app catalogue fails here; so does a page downloading the
 * app catalogue. The signed-in side is checked the other way round: its frame renders with no missing
 * message, because the layout waits for the app catalogue.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../machines/auth/auth.types';

const owner = {
  uuid: '00000000-0000-4000-8000-000000000001',
  firstname: 'Olivia',
  lastname: 'Martin',
  display_name: 'Olivia Martin',
  email: 'owner@demo.test',
  role: 'OWNER',
  is_admin: false,
  locale: 'en',
  created_at: '2024-01-01T00:00:00.000Z',
  last_login_at: null,
  picture: null,
  email_verified_at: '2024-01-01T00:00:00.000Z',
  store: {
    uuid: '00000000-0000-4000-8000-000000000002',
    subdomain: 'demo',
    custom_domain: null,
    custom_domain_enabled: false,
    plan: 'PRO',
    logo: null,
    favicon: null,
    seo_data: {},
    feature_options: {},
    capabilities: { additional_user_accounts: 0, paid_user_accounts: 0 },
    user_account_count: 1,
    enterprise_capabilities: { hide_copywriter: false, hide_community: false, hide_sales: false, hide_discounts: false, hide_affiliation: false, hide_plan: false },
    affiliation_options: { status: 'CLOSED' },
    community_options: { enabled: false },
    ai_credits: { pack_credits: 0, paid_credits: 0 },
    owner_phone: null,
    onboarding_questions: null,
    legal_links: { terms_url: null, privacy_url: null, legal_notice_url: null, privacy_email: null },
    theme: { primary_color: null, header_color: null },
    school_home: { title: null, welcome: null },
    created_at: '2024-01-01T00:00:00.000Z',
  },
} satisfies User;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the scenarios need it; anything else fails like a broken server would. */
function fakeApi({ session }: { session: 'none' | 'owner' | 'unreachable' }) {
  return async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    switch (url.pathname) {
      case '/api/v1/users/me':
        if (session === 'unreachable') throw new TypeError('Failed to fetch');
        return session === 'owner' ? json(200, owner) : json(401, { message: 'Unauthenticated' });
      case '/api/v1/emails/verification':
        return json(422, { message: 'Invalid link', code: 'VALIDATION', errors: { token: ['This link has expired'] } });
      case '/api/v1/pages':
        return json(200, { data: [] });
      default:
        return json(500, { message: 'Server error' });
    }
  };
}

/** A page load of the real app: fresh modules, the given URL, stored language and session. */
async function openApp(path: string, { locale, session = 'none' }: { locale: 'fr' | 'en'; session?: 'none' | 'owner' | 'unreachable' }) {
  vi.resetModules();
  localStorage.clear();
  localStorage.setItem('cp.locale', locale);
  if (session !== 'none') localStorage.setItem('cp.auth.token', 'a-token');
  vi.stubGlobal('fetch', vi.fn(fakeApi({ session })));
  window.history.replaceState(null, '', path);
  const errors: string[] = [];
  // One after the other: concurrent first imports of the same module trip Node's ESM loader.
  const { App } = await import('../../../src/App');
  const { LocaleProvider } = await import('../../../src/i18n/LocaleProvider');
  const catalogues = await import('../../../src/i18n/catalogues');
  render(
    <LocaleProvider onError={(error) => errors.push(`${error.code}: ${error.message}`)}>
      <App />
    </LocaleProvider>,
  );
  // The stored language is shown before anything is asserted.
  await waitFor(() => expect(catalogues.shownCatalogue().locale).toBe(locale));
  return { errors, loadedParts: () => [...catalogues.shownCatalogue().parts].sort() };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe.each(['en', 'fr'] as const)('guest pages with the guest catalogue only (%s)', (locale) => {
  it('login page, and the legal page dialog its footer opens', async () => {
    const app = await openApp('/connexion', { locale });
    await screen.findByTestId('login-form');
    await userEvent.click(screen.getByTestId('legal-mentions-legales'));
    await screen.findByTestId('page-dialog');
    await waitFor(() => expect(screen.getByTestId('page-dialog').getAttribute('aria-busy')).toBe('false'));
    expect(app.errors).toEqual([]);
    expect(app.loadedParts()).toEqual(['guest']);
  });

  it('login refused by a broken server: the form error and the toast', async () => {
    const app = await openApp('/connexion', { locale });
    await screen.findByTestId('login-form');
    await userEvent.type(document.querySelector('input[name=email]')!, 'someone@example.test');
    await userEvent.type(document.querySelector('input[name=password]')!, 'a-password');
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(document.querySelector('[role=alert]')).not.toBeNull());
    expect(app.errors).toEqual([]);
    expect(app.loadedParts()).toEqual(['guest']);
  });

  it('register, reset password (both steps), activation (help and a refused link), invitation, unknown page', async () => {
    const app = await openApp('/inscription', { locale });
    await screen.findByRole('heading', { level: 1 });
    const { router } = await import('../../../src/app/router');
    for (const path of ['/changement-mot-de-passe', '/changement-mot-de-passe?email=a%40b.test&token=t', '/activation', '/inscription/invitation', '/nulle-part']) {
      await act(() => router.navigate(path));
      await screen.findByRole('heading', { level: 1 });
    }
    await act(() => router.navigate('/activation?email=a%40b.test&token=t'));
    await waitFor(() => expect(document.querySelector('.banner, [role=alert]')).not.toBeNull());
    expect(app.errors).toEqual([]);
    expect(app.loadedParts()).toEqual(['guest']);
  });

  it('the "platform unreachable" screen of a stored session', async () => {
    const app = await openApp('/connexion', { locale, session: 'unreachable' });
    await screen.findByRole('alert');
    expect(app.errors).toEqual([]);
    expect(app.loadedParts()).toEqual(['guest']);
  });

  it('switching language on the login page', async () => {
    const app = await openApp('/connexion', { locale });
    await screen.findByTestId('login-form');
    await userEvent.click(screen.getByTestId('language-switch'));
    const { shownCatalogue } = await import('../../../src/i18n/catalogues');
    await waitFor(() => expect(shownCatalogue().locale).toBe(locale === 'fr' ? 'en' : 'fr'));
    expect(app.errors).toEqual([]);
    expect(app.loadedParts()).toEqual(['guest']);
  });
});

describe('signed-in frame', () => {
  afterEach(() => void vi.doUnmock('../../../src/i18n/compiled/en.app.json'));

  it('waits for the app catalogue: nothing signed-in renders before it, no message is missing after', async () => {
    // The English app catalogue arrives only when the test says so.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.doMock('../../../src/i18n/compiled/en.app.json', async (importOriginal) => {
      const original = await importOriginal();
      await held;
      return original;
    });
    const app = await openApp('/marketing', { locale: 'en', session: 'owner' });
    // The frame and the page are loaded, and given time to render if they did not wait.
    await import('../../../src/layouts/DefaultLayout');
    await import('../../../src/pages/marketing/MarketingHubPage');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(document.querySelector('.shell')).toBeNull();
    expect(app.errors).toEqual([]);

    release();
    // The first import of the signed-in frame's modules is slow in a test run.
    await screen.findByTestId('marketing-hub', undefined, { timeout: 15_000 });
    expect(document.querySelector('.shell')).not.toBeNull();
    expect(app.loadedParts()).toEqual(['app', 'guest']);
    expect(app.errors).toEqual([]);
  });
});
