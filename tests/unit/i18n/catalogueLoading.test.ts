import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const catalogue = (file: string) => JSON.parse(readFileSync(`src/i18n/compiled/${file}`, 'utf8')) as Record<string, unknown>;
const guestId = Object.keys(catalogue('fr.guest.json'))[0]!;
const appId = Object.keys(catalogue('fr.app.json'))[0]!;

/** A fresh catalogue module, as a page load gets it, with the language stored on the device. */
async function freshCatalogues(stored: 'fr' | 'en' | null) {
  vi.resetModules();
  vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'cp.locale' ? stored : null), setItem: () => {} });
  const module = await import('../../../src/i18n/catalogues');
  const seen: { locale: string; parts: string[] }[] = [];
  module.subscribeToCatalogue(() => seen.push({ locale: module.shownCatalogue().locale, parts: [...module.shownCatalogue().parts].sort() }));
  return { ...module, seen };
}

describe('catalogue loading', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('starts with the French guest messages only', async () => {
    const { shownCatalogue } = await freshCatalogues(null);
    expect(shownCatalogue().locale).toBe('fr');
    expect(shownCatalogue().messages).toHaveProperty([guestId]);
    expect(shownCatalogue().messages).not.toHaveProperty([appId]);
  });

  it('the app messages are shown by the time loadAppMessages resolves, in one change', async () => {
    const { loadAppMessages, shownCatalogue, seen } = await freshCatalogues(null);
    await loadAppMessages();
    expect(shownCatalogue().messages).toHaveProperty([appId]);
    expect(shownCatalogue().messages).toHaveProperty([guestId]);
    expect(seen).toEqual([{ locale: 'fr', parts: ['app', 'guest'] }]);
    // Asked again (the other signed-in layout), nothing changes.
    await loadAppMessages();
    expect(seen).toHaveLength(1);
  });

  it('a returning English user gets English guest messages first, then the English app ones, never French ones', async () => {
    const { loadAppMessages, shownCatalogue, seen } = await freshCatalogues('en');
    await loadAppMessages();
    expect(seen).toEqual([
      { locale: 'en', parts: ['guest'] },
      { locale: 'en', parts: ['app', 'guest'] },
    ]);
    expect(shownCatalogue().messages[appId]).toEqual(catalogue('en.app.json')[appId]);
  });

  it('switching language while signed in waits for both catalogues of the new language', async () => {
    const { loadAppMessages, chooseLocale, shownCatalogue, seen } = await freshCatalogues(null);
    await loadAppMessages();
    await chooseLocale('en');
    // Signed-in pages are on screen: English shows only once it covers them too.
    expect(seen).toEqual([
      { locale: 'fr', parts: ['app', 'guest'] },
      { locale: 'en', parts: ['app', 'guest'] },
    ]);
    expect(shownCatalogue().messages[guestId]).toEqual(catalogue('en.guest.json')[guestId]);
    expect(shownCatalogue().messages[appId]).toEqual(catalogue('en.app.json')[appId]);
  });

  it('a language chosen while the app messages load is the one they are shown in', async () => {
    const { loadAppMessages, chooseLocale, shownCatalogue, seen } = await freshCatalogues(null);
    const app = loadAppMessages();
    const english = chooseLocale('en');
    await Promise.all([app, english]);
    expect(shownCatalogue().locale).toBe('en');
    expect(shownCatalogue().messages[appId]).toEqual(catalogue('en.app.json')[appId]);
    expect(seen.every((state) => state.locale === 'en')).toBe(true);
  });

  it('a guest switching language does not download the app messages', async () => {
    const { chooseLocale, shownCatalogue } = await freshCatalogues(null);
    await chooseLocale('en');
    expect(shownCatalogue().locale).toBe('en');
    expect(shownCatalogue().messages).not.toHaveProperty([appId]);
  });
});
