import { earlyOr, startEarly } from './earlyReads';
import { unwrap } from './failure';
import { learnerTokenStorage, schoolClient } from './schoolApi';

/**
 * The player's two reads (a training's outline for the learner, one lesson), small enough for the learner area's
 * first load: its entry starts them for a player address (src/pages/school/schoolEarly.ts) while the player's
 * chunk is still on its way, and the player (learningApi.ts) takes them (./earlyReads.ts).
 */

/**
 * The team's preview token (`?preview_token=` of the player's address, from the editor's "Aperçu") goes to the two
 * reads that accept it; the contract declares it as a security scheme in the query, not as a parameter.
 */
const previewQuery = (previewToken: string | null) => (previewToken ? { query: { preview_token: previewToken } as never } : {});

const outlineKey = (subdomain: string, trainingUuid: string) => `outline ${subdomain} ${trainingUuid}`;
const lessonKey = (subdomain: string, trainingUuid: string, itemId: number) => `lesson ${subdomain} ${trainingUuid} ${itemId}`;
const tokenOf = (subdomain: string) => learnerTokenStorage(subdomain).get();

/** GET …/me/trainings/{uuid}: the outline with each item's state. */
const readOutline = (subdomain: string, trainingUuid: string, previewToken: string | null, signal?: AbortSignal) =>
  unwrap(schoolClient.GET('/school/stores/{subdomain}/me/trainings/{slug}', { params: { path: { subdomain, slug: trainingUuid }, ...previewQuery(previewToken) }, signal }));

/** GET …/me/trainings/{uuid}/items/{itemId}: one lesson (403 when it is locked). */
const readLesson = (subdomain: string, trainingUuid: string, itemId: number, previewToken: string | null, signal?: AbortSignal) =>
  unwrap(
    schoolClient.GET('/school/stores/{subdomain}/me/trainings/{slug}/items/{itemId}', {
      params: { path: { subdomain, slug: trainingUuid, itemId }, ...previewQuery(previewToken) },
      signal,
    }),
  );

/** Starts the outline and, when the address names one, the lesson of a player address, with the learner's session. */
export function startPlayerReads(subdomain: string, trainingUuid: string, itemId: number | null) {
  const token = tokenOf(subdomain);
  startEarly(outlineKey(subdomain, trainingUuid), token, () => readOutline(subdomain, trainingUuid, null));
  if (itemId !== null) startEarly(lessonKey(subdomain, trainingUuid, itemId), token, () => readLesson(subdomain, trainingUuid, itemId, null));
}

/** The player's reads: the ones started early when there are (not in the team's preview), else new ones. */
export const outlineOf = (subdomain: string, trainingUuid: string, previewToken: string | null, signal: AbortSignal) =>
  previewToken
    ? readOutline(subdomain, trainingUuid, previewToken, signal)
    : earlyOr(outlineKey(subdomain, trainingUuid), tokenOf(subdomain), () => readOutline(subdomain, trainingUuid, null, signal));

export const lessonOf = (subdomain: string, trainingUuid: string, itemId: number, previewToken: string | null, signal: AbortSignal) =>
  previewToken
    ? readLesson(subdomain, trainingUuid, itemId, previewToken, signal)
    : earlyOr(lessonKey(subdomain, trainingUuid, itemId), tokenOf(subdomain), () => readLesson(subdomain, trainingUuid, itemId, null, signal));
