import { queryClient } from '../../api/queryClient';
import { startPlayerReads } from '../../api/playerReads';
import { learnerTokenStorage, schoolPageQuery, startLearnerCheck } from '../../api/schoolApi';
import { preloadLearnerAuth } from '../../app/school';
import { preloadPlayerPage } from './SchoolArea';
import { playerAddress, schoolAddress } from './schoolRoutes';

/**
 * What the learner area's entry starts before its first render (issue 12: a lesson opened in the player waited
 * for the school, then the session's chunk, then the session, then the player's chunk, then the outline, then the
 * lesson, one after the other). Everything the address will need is asked for at once: the school; with a stored
 * learner token, the session check and its chunk; on a player address, the outline, the lesson named and the
 * player's chunks. The pages then take these answers (src/api/earlyReads.ts) and behave as before.
 *
 * Returns when the chunks it asked for have arrived (or failed): the entry renders the area once they have
 * (src/schoolMain.tsx), with a plain spinner until then. Rendering it before shows a Suspense fallback, and React 19
 * then holds the page back until 300 ms after that fallback (its reveal throttle): in a trace the player's lesson,
 * its answers in at 155 ms, waited for that timer until 356 ms. The entry cannot simply await them: their modules
 * import the entry's chunk, whose evaluation an `await` would leave unfinished.
 */
export function startSchoolPage(pathname: string, search: string, ownHost: string | null): Promise<unknown> {
  const address = schoolAddress(pathname, ownHost);
  if (!address) return Promise.resolve();
  const { subdomain } = address;
  void queryClient.prefetchQuery(schoolPageQuery(subdomain));
  if (!learnerTokenStorage(subdomain).get()) return Promise.resolve();
  startLearnerCheck(subdomain);
  // A chunk that fails here is asked for again, with its time-out, when the page renders.
  const chunks: Promise<unknown>[] = [preloadLearnerAuth().catch(() => undefined)];
  // The team's preview (`?preview_token=`) reads other answers: left to the player.
  const player = new URLSearchParams(search).has('preview_token') ? null : playerAddress(address.rest);
  if (player) {
    startPlayerReads(subdomain, player.trainingUuid, player.itemId);
    chunks.push(preloadPlayerPage().catch(() => undefined));
  }
  return Promise.all(chunks);
}
