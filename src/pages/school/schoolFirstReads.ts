import { sendBootRead } from '../../api/bootReads';
import { learnerTokenKey } from '../../api/learnerTokenKey';
import { currentLocale } from '../../i18n/currentLocale';
import { playerAddress, schoolAddress } from './schoolRoutes';

/**
 * The storefront entry's first import (src/schoolMain.tsx), evaluated before React and the app (issue 12: the
 * player's reads left ~185 ms after navigation because the entry's code had to run first). It only sends the
 * address's GETs, with the headers the school client will set: the school; with a stored learner token, the
 * session; on a player address (not the team's preview), the outline and the lesson named. ./schoolEarly.ts then
 * makes the same calls through the client, which takes these answers (src/api/bootReads.ts): nothing else changes.
 */
function storedToken(subdomain: string): string | null {
  try {
    return localStorage.getItem(learnerTokenKey(subdomain));
  } catch {
    return null;
  }
}

export function sendSchoolFirstReads(pathname: string, search: string, ownHost: string | null): void {
  const address = schoolAddress(pathname, ownHost);
  if (!address) return;
  const school = `${location.origin}/api/v1/school/stores/${encodeURIComponent(address.subdomain)}`;
  const token = storedToken(address.subdomain);
  // As the client's middleware (src/api/schoolApi.ts): the learner token on every call of the school when stored.
  const send = (url: string) => sendBootRead(url, token || null, currentLocale());
  send(school);
  if (!token) return;
  send(`${school}/me`);
  const player = new URLSearchParams(search).has('preview_token') ? null : playerAddress(address.rest);
  if (!player) return;
  const training = `${school}/me/trainings/${encodeURIComponent(player.trainingUuid)}`;
  send(training);
  if (player.itemId !== null) send(`${training}/items/${player.itemId}`);
}
