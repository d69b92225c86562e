import { assign, setup } from 'xstate';
import { notProvided, notProvidedPromise } from '../support/notProvided';
import type { Failure } from '../../shared/failure';

/** The user a platform admin switches into (the operations page's store owner). */
export interface SwitchTarget {
  uuid: string;
  email: string;
}

/** The session switchToUser answers: only its token matters here (the auth machine loads its user). */
export interface SwitchedSession {
  token: string;
}

export interface UserSwitchContext {
  target: SwitchTarget | null;
  failure: Failure | null;
  /** An admin's session was already kept aside when the machine started (the banner's instance). */
  resumed: boolean;
}

export type UserSwitchEvent = { type: 'SWITCH'; target: SwitchTarget } | { type: 'RETURN' };

/**
 * A platform admin's "switch to a user" and the way back (issue 16).
 *
 *   idle ──SWITCH──> switching ──done──> switched   (enterSession: the admin's token is kept aside, the new one used)
 *     ↑                  └──error (failure kept)──> idle
 *   switched ──RETURN──> returning ──done | error──> idle   (restoreAdmin: the switched session is over either way)
 *
 * Starts in `switched` when the input says an admin's session is kept aside (the banner's instance after a reload).
 * The call, token storage, the auth actor and navigation are injected with `provide`.
 */
export const userSwitchMachine = setup({
  types: {} as { context: UserSwitchContext; events: UserSwitchEvent; input: { switched: boolean } | undefined },
  actors: {
    /** PUT /users/switch/{uuid}: a session as the target (the server writes the audit row). */
    switchToUser: notProvidedPromise<SwitchedSession, SwitchTarget>('userSwitch', 'switchToUser'),
    /** Ends the switched session on the server (its failure does not keep the admin out of their account). */
    endSwitchedSession: notProvidedPromise<void>('userSwitch', 'endSwitchedSession'),
  },
  actions: {
    /** Keeps the admin's token aside, uses the switched one, opens the back office as that user. */
    enterSession: notProvided<{ token: string }>('userSwitch', 'enterSession'),
    /** Puts the admin's token back and opens the operations page again. */
    restoreAdmin: notProvided('userSwitch', 'restoreAdmin'),
  },
  guards: {
    resumed: ({ context }) => context.resumed,
  },
}).createMachine({
  id: 'userSwitch',
  context: ({ input }) => ({ target: null, failure: null, resumed: input?.switched === true }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'resumed', target: 'switched' }, { target: 'idle' }],
    },
    idle: {
      on: { SWITCH: { target: 'switching', actions: assign({ target: ({ event }) => event.target, failure: null }) } },
    },
    switching: {
      invoke: {
        id: 'switchToUser',
        src: 'switchToUser',
        input: ({ context }) => context.target!,
        onDone: { target: 'switched', actions: { type: 'enterSession', params: ({ event }) => ({ token: event.output.token }) } },
        onError: { target: 'idle', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    switched: {
      on: { RETURN: 'returning' },
    },
    returning: {
      invoke: {
        id: 'endSwitchedSession',
        src: 'endSwitchedSession',
        onDone: { target: 'idle', actions: ['restoreAdmin', assign({ target: null })] },
        onError: { target: 'idle', actions: ['restoreAdmin', assign({ target: null })] },
      },
    },
  },
});
