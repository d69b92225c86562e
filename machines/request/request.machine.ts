import { assign, setup } from 'xstate';
import { notProvidedPromise } from '../support/notProvided';
import type { Failure } from '../../shared/failure';

export interface RequestContext {
  error: Failure | null;
  /** The server's acknowledgement message, shown on success. */
  message: string | null;
  /** Input to send at once when the machine starts (a link the user followed). */
  initialInput: unknown;
}

export type RequestEvent = { type: 'SUBMIT'; input: unknown } | { type: 'RESET' } | { type: 'CLEAR_ERROR' };

/**
 * One call a user triggers and waits for: a form submit, a resend button, a link to confirm.
 *
 *   idle ──SUBMIT──> submitting ──done──> succeeded ──RESET──> idle   (succeeded ──SUBMIT──> submitting)
 *     ↑                  └──error (kept in context)──┘ back to idle
 *
 * With `initialInput` it submits at once (activation links). The call itself is the injected `submit` actor.
 */
export const requestMachine = setup({
  types: {} as { context: RequestContext; events: RequestEvent; input: { initialInput?: unknown } | undefined },
  actors: {
    submit: notProvidedPromise<{ message?: string } | void, unknown>('request', 'submit'),
  },
  guards: {
    hasInitialInput: ({ context }) => context.initialInput !== undefined,
  },
}).createMachine({
  id: 'request',
  context: ({ input }) => ({ error: null, message: null, initialInput: input?.initialInput }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasInitialInput', target: 'submitting' }, { target: 'idle' }],
    },
    idle: {
      on: {
        SUBMIT: 'submitting',
        CLEAR_ERROR: { actions: assign({ error: null }) },
      },
    },
    submitting: {
      // A new attempt forgets the previous outcome, success or failure.
      entry: assign({ error: null, message: null }),
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context, event }: { context: RequestContext; event: RequestEvent }) =>
          event.type === 'SUBMIT' ? event.input : context.initialInput,
        onDone: { target: 'succeeded', actions: assign({ message: ({ event }) => event.output?.message ?? null }) },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => event.error as Failure }) },
      },
    },
    succeeded: {
      on: {
        // Saving again from a success keeps the form usable without an explicit reset.
        SUBMIT: 'submitting',
        RESET: { target: 'idle', actions: assign({ message: null }) },
      },
    },
  },
});
