import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import { hasPerkCode, type Credentials, type PerkRegistration, type PlainRegistration, type Registration, type Session, type User } from './auth.types';
import { restoreStoredSession } from '../support/restoreSession';

/** The calls the auth machine needs; the app supplies them from the generated API client. */
export interface AuthApi {
  getMe(signal: AbortSignal): Promise<User>;
  login(credentials: Credentials, signal: AbortSignal): Promise<Session>;
  register(registration: PlainRegistration, signal: AbortSignal): Promise<Session>;
  /** POST /perks/register: a sign-up with a partner's perk code. */
  registerPerk(registration: PerkRegistration, signal: AbortSignal): Promise<Session>;
  logout(signal: AbortSignal): Promise<void>;
}

export interface TokenStorage {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

/** Real actors for `authMachine.provide({ actors })`, forwarding each actor's abort signal. */
export function createAuthActors(api: AuthApi, tokens: TokenStorage) {
  return {
    restoreSession: fromPromise<User | null>(({ signal }) =>
      settleUnlessAborted(
        signal,
        restoreStoredSession(Boolean(tokens.get()), () => api.getMe(signal)),
      ),
    ),
    login: fromPromise<Session, Credentials>(({ input, signal }) => settleUnlessAborted(signal, api.login(input, signal))),
    // The sign-up step: with a perk code the partner's route (a used or unknown code fails on `perk_code`).
    register: fromPromise<Session, Registration>(({ input, signal }) =>
      settleUnlessAborted(signal, hasPerkCode(input) ? api.registerPerk(input, signal) : api.register(input, signal)),
    ),
    logout: fromPromise<void>(({ signal }) => settleUnlessAborted(signal, api.logout(signal))),
    refreshUser: fromPromise<User>(({ signal }) => settleUnlessAborted(signal, api.getMe(signal))),
  };
}
