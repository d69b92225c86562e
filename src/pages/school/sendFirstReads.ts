import { sendSchoolFirstReads } from './schoolFirstReads';

/*
 * Imported first by the storefront's entry (src/schoolMain.tsx), so it runs before React and the app evaluate:
 * the address's reads leave as soon as the entry's code is there (./schoolFirstReads.ts).
 */
sendSchoolFirstReads(location.pathname, location.search, document.querySelector<HTMLMetaElement>('meta[name="cp-school"]')?.content || null);
