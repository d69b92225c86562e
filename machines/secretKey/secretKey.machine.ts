import { assign, setup } from 'xstate';
import type { Failure } from '../../shared/failure';
import { notProvided, notProvidedPromise } from '../support/notProvided';

export interface SecretKeyContext {
  /** The secret just generated: shown once, forgotten when the user hides it or leaves the page. */
  secret: string | null;
  /** Why the last generation or revocation failed; null once another starts. */
  failure: Failure | null;
}

export type SecretKeyEvent =
  | { type: 'GENERATE' }
  /** "I copied it": the secret is hidden for good. */
  | { type: 'HIDE' }
  | { type: 'REVOKE' }
  /** Confirms the revocation; store secrets need the user's password, a personal key none (null). */
  | { type: 'CONFIRM'; password: string | null }
  | { type: 'CANCEL' };

/**
 * One secret of the integrations or SSO settings (issue 15): a personal API key or a store secret. The server
 * keeps only its hash, so the secret is seen once, here, right after it is generated.
 *
 *   idle ──GENERATE──> generating ──done { key }──> revealed ──HIDE──> idle (secret forgotten)
 *    │                      └─error──> idle (failure)          └─REVOKE─┐
 *    └─REVOKE──> confirming ──CONFIRM { password }──> revoking ──done──> idle (`changed`)
 *                    └─CANCEL──> idle                     └─error──> confirming (failure)
 *
 * `changed` (after a generation or a revocation) lets the composition root read the key list again.
 */
export const secretKeyMachine = setup({
  types: {} as { context: SecretKeyContext; events: SecretKeyEvent },
  actors: {
    /** Creates (or replaces) the secret; answers it, once. */
    generate: notProvidedPromise<{ key: string | null }, void>('secretKey', 'generate'),
    /** Revokes the secret. */
    revoke: notProvidedPromise<void, { password: string | null }>('secretKey', 'revoke'),
  },
  actions: {
    /** The server's list of keys changed. */
    changed: notProvided('secretKey', 'changed'),
    keepFailure: assign((_, params: { failure: Failure }) => ({ failure: params.failure })),
  },
}).createMachine({
  id: 'secretKey',
  context: { secret: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: { GENERATE: 'generating', REVOKE: 'confirming' },
    },
    generating: {
      entry: assign({ failure: null, secret: null }),
      invoke: {
        id: 'generate',
        src: 'generate',
        onDone: { target: 'revealed', actions: [assign({ secret: ({ event }) => event.output.key }), 'changed'] },
        onError: { target: 'idle', actions: { type: 'keepFailure', params: ({ event }) => ({ failure: event.error as Failure }) } },
      },
    },
    revealed: {
      on: { HIDE: 'idle', REVOKE: 'confirming' },
      exit: assign({ secret: null }),
    },
    confirming: {
      on: { CONFIRM: 'revoking', CANCEL: { target: 'idle', actions: assign({ failure: null }) } },
    },
    revoking: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'revoke',
        src: 'revoke',
        input: ({ event }) => ({ password: event.type === 'CONFIRM' ? event.password : null }),
        onDone: { target: 'idle', actions: 'changed' },
        onError: { target: 'confirming', actions: { type: 'keepFailure', params: ({ event }) => ({ failure: event.error as Failure }) } },
      },
    },
  },
});
