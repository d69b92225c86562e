import type { MessageFormatElement } from 'react-intl';
import frGuest from './compiled/fr.guest.json';
import type { Locale } from './LocaleProvider';

export type Catalogue = Record<string, MessageFormatElement[]>;

/**
 * The messages are split in four catalogues per language (scripts/i18n-compile.mjs): `guest` for what
 * can render before sign-in in the back office (ships with the app in French), `storefront` for the learner area's
 * first load (home, catalogue, a training's or a bundle's page), `school` for its other pages (fetched with them),
 * `app` for the rest, fetched with the signed-in layouts. All are ASTs precompiled from locales/*.json, so no parser
 * runs in the browser.
 */
type Part = 'guest' | 'app' | 'storefront' | 'school';

const sources: Record<Locale, Record<Part, () => Promise<Catalogue>>> = {
  fr: {
    guest: async () => frGuest as Catalogue,
    app: async () => (await import('./compiled/fr.app.json')).default as Catalogue,
    storefront: async () => (await import('./compiled/fr.storefront.json')).default as Catalogue,
    school: async () => (await import('./compiled/fr.school.json')).default as Catalogue,
  },
  en: {
    guest: async () => (await import('./compiled/en.guest.json')).default as Catalogue,
    app: async () => (await import('./compiled/en.app.json')).default as Catalogue,
    storefront: async () => (await import('./compiled/en.storefront.json')).default as Catalogue,
    school: async () => (await import('./compiled/en.school.json')).default as Catalogue,
  },
};

const fetched = new Map<string, Promise<Catalogue>>();
function fetchPart(locale: Locale, part: Part): Promise<Catalogue> {
  const key = `${locale}.${part}`;
  let catalogue = fetched.get(key);
  if (!catalogue) {
    catalogue = sources[locale][part]();
    // A failed download (network) is tried again by the next request.
    catalogue.catch(() => fetched.delete(key));
    fetched.set(key, catalogue);
  }
  return catalogue;
}

const LOCALE_KEY = 'cp.locale';
function storedLocale(): Locale {
  try {
    return localStorage.getItem(LOCALE_KEY) === 'en' ? 'en' : 'fr';
  } catch {
    return 'fr';
  }
}
export function storeLocale(locale: Locale) {
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    /* not persisted */
  }
}

export interface ShownCatalogue {
  locale: Locale;
  messages: Catalogue;
  parts: ReadonlySet<Part>;
}

/** What the app shows now: a language switch or the app part replaces it only once fully loaded. */
let shown: ShownCatalogue = { locale: 'fr', messages: frGuest as Catalogue, parts: new Set(['guest']) };
/** What it should show; read at start so the first download is already in the stored language. */
const wanted: { locale: Locale; parts: Set<Part> } = { locale: storedLocale(), parts: new Set(['guest']) };
const listeners = new Set<() => void>();

/** Loads what is wanted, then shows it; resolves once it is shown (or superseded and then shown). */
async function settle(): Promise<void> {
  const locale = wanted.locale;
  const parts = [...wanted.parts];
  // While only guest messages are on screen, the new language's guest messages replace them as soon as
  // they arrive (the first paint of a returning English user does not wait for the app catalogue).
  const guest = await fetchPart(locale, 'guest');
  if (wanted.locale === locale && shown.locale !== locale && shown.parts.size === 1) show(locale, ['guest'], [guest]);
  const loaded = await Promise.all(parts.map((part) => fetchPart(locale, part)));
  if (wanted.locale !== locale || wanted.parts.size !== parts.length) return settle();
  if (shown.locale !== locale || shown.parts.size !== parts.length) show(locale, parts, loaded);
}

function show(locale: Locale, parts: Part[], catalogues: Catalogue[]) {
  shown = { locale, messages: Object.assign({}, ...catalogues) as Catalogue, parts: new Set(parts) };
  for (const listener of listeners) listener();
}

export const wantedLocale = () => wanted.locale;
export const shownCatalogue = () => shown;
export function subscribeToCatalogue(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Switches language once every part in use is loaded in it (the app part too when signed in). */
export function chooseLocale(locale: Locale): Promise<void> {
  wanted.locale = locale;
  return settle();
}

/**
 * The messages of the signed-in pages. The signed-in layouts await this before they render (see
 * src/app/router.tsx), so no page shows a message id or falls back to French meanwhile.
 */
export function loadAppMessages(): Promise<void> {
  wanted.parts.add('app');
  return settle();
}

/** The messages of the storefront's first load (src/schoolMain.tsx awaits them before its first paint). */
export function loadStorefrontMessages(): Promise<void> {
  wanted.parts.add('storefront');
  return settle();
}

/**
 * The messages of all the learner area's pages: the school route (src/app/router.tsx) and the storefront's later
 * pages (src/pages/school/SchoolArea.tsx) wait for them.
 */
export function loadSchoolMessages(): Promise<void> {
  wanted.parts.add('storefront');
  wanted.parts.add('school');
  return settle();
}
