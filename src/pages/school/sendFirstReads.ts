import { sendSchoolFirstReads } from './schoolFirstReads';

declare global {
  interface Window {
    __cpSchoolFirstReads?: true;
  }
}

/*
 * Imported first by the storefront's entry (src/schoolMain.tsx), so it runs before React and the app evaluate:
 * the address's reads leave as soon as the entry's code is there (./schoolFirstReads.ts). The production build
 * also inlines this very file into school.html (scripts/inline-first-reads.mjs), where it runs while the HTML is
 * parsed; the entry's copy then finds the reads sent and sends nothing.
 */
if (!window.__cpSchoolFirstReads) {
  window.__cpSchoolFirstReads = true;
  sendSchoolFirstReads(location.pathname, location.search, document.querySelector<HTMLMetaElement>('meta[name="cp-school"]')?.content || null);
}
