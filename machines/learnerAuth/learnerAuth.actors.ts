import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import { restoreStoredSession } from '../support/restoreSession';
import type { Learner, LearnerCredentials, LearnerRegistration, LearnerSession } from './learnerAuth.types';

/** The calls the learner auth machine needs, for one school; the app supplies them (src/api/schoolApi.ts). */
export interface LearnerAuthApi {
  getMe(signal: AbortSignal): Promise<Learner>;
  login(credentials: LearnerCredentials, signal: AbortSignal): Promise<LearnerSession>;
  register(registration: LearnerRegistration, signal: AbortSignal): Promise<LearnerSession>;
  logout(signal: AbortSignal): Promise<void>;
}

/** Real actors for `learnerAuthMachine.provide({ actors })`, forwarding each actor's abort signal. */
export function createLearnerAuthActors(api: LearnerAuthApi, hasToken: () => boolean) {
  return {
    restoreSession: fromPromise<Learner | null>(({ signal }) => settleUnlessAborted(signal, restoreStoredSession(hasToken(), () => api.getMe(signal)))),
    login: fromPromise<LearnerSession, LearnerCredentials>(({ input, signal }) => settleUnlessAborted(signal, api.login(input, signal))),
    register: fromPromise<LearnerSession, LearnerRegistration>(({ input, signal }) => settleUnlessAborted(signal, api.register(input, signal))),
    logout: fromPromise<void>(({ signal }) => settleUnlessAborted(signal, api.logout(signal))),
  };
}
