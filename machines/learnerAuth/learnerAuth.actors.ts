import { fromCallback, fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import { restoreStoredSession } from '../support/restoreSession';
import type { LearnerAuthEvent } from './learnerAuth.machine';
import type { Learner, LearnerCredentials, LearnerRegistration, LearnerSession } from './learnerAuth.types';

/** The calls the learner auth machine needs, for one school; the app supplies them (src/api/schoolApi.ts). */
export interface LearnerAuthApi {
  getMe(signal: AbortSignal): Promise<Learner>;
  login(credentials: LearnerCredentials, signal: AbortSignal): Promise<LearnerSession>;
  register(registration: LearnerRegistration, signal: AbortSignal): Promise<LearnerSession>;
  logout(signal: AbortSignal): Promise<void>;
}

/** Follows the school's stored token as other tabs change it; answers how to stop following. */
export type WatchToken = (onChange: (present: boolean) => void) => () => void;

/**
 * Real actors for `learnerAuthMachine.provide({ actors })`, forwarding each actor's abort signal; `watchToken`
 * (the browser's storage events for the school's key) feeds `watchOtherTabs`.
 */
export function createLearnerAuthActors(api: LearnerAuthApi, hasToken: () => boolean, watchToken: WatchToken) {
  return {
    watchOtherTabs: fromCallback<LearnerAuthEvent>(({ sendBack }) => watchToken((present) => sendBack({ type: 'TOKEN_CHANGED', present }))),
    restoreSession: fromPromise<Learner | null>(({ signal }) => settleUnlessAborted(signal, restoreStoredSession(hasToken(), () => api.getMe(signal)))),
    login: fromPromise<LearnerSession, LearnerCredentials>(({ input, signal }) => settleUnlessAborted(signal, api.login(input, signal))),
    register: fromPromise<LearnerSession, LearnerRegistration>(({ input, signal }) => settleUnlessAborted(signal, api.register(input, signal))),
    logout: fromPromise<void>(({ signal }) => settleUnlessAborted(signal, api.logout(signal))),
  };
}
