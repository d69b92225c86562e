import { assign, setup } from 'xstate';
import type { Failure } from '../../shared/failure';
import { isSubdomain } from '../../shared/validation';
import { notProvidedPromise } from '../support/notProvided';

/** How long typing must pause before the availability is asked (no request per keystroke). */
export const SUBDOMAIN_DEBOUNCE_MS = 400;

export interface SubdomainFieldInput {
  /** The store's subdomain as saved. */
  subdomain: string;
}

export interface SubdomainFieldContext {
  /** The subdomain as saved on the server. */
  saved: string;
  /** What the field shows: typed, lower-cased. */
  text: string;
  /** Why the last check or save failed (network or server), null otherwise. */
  failure: Failure | null;
}

export type SubdomainFieldEvent = { type: 'TYPE'; text: string } | { type: 'SAVE' } | { type: 'RETRY' };

export interface CheckInput {
  slug: string;
}
export interface SaveInput {
  subdomain: string;
}

/** The field's text as checked: trimmed, lower case (a host name has no case). */
export const normaliseSubdomain = (text: string) => text.trim().toLowerCase();

/**
 * The subdomain field of the general settings (/parametres, issue 15): the alphanumeric-dash rule at once, the
 * availability asked once typing pauses (`checkAvailability` over checkSubdomainAvailability), then saved.
 *
 *   unchanged ◀──TYPE (text = saved)── every state but saving
 *   invalid   ◀──TYPE (breaks the rule)──┘
 *   debouncing ◀─TYPE (else; the timer restarts)─┘ ──after DEBOUNCE──> checking
 *   checking ──done { available }──> available ──SAVE──> saving ──done──> saved (saved = text)
 *       │        └ done { taken } ──> taken            └─error 409──> taken
 *       └─error──> checkFailed ──RETRY──> checking      └─error──> saveFailed ──SAVE──> saving
 *
 * `saving` takes no event; a TYPE during `checking` cancels the pending check (its answer is for older text).
 * SAVE is accepted only in `available` and `saveFailed`: nothing unchecked is ever sent.
 */
export const subdomainFieldMachine = setup({
  types: {} as { context: SubdomainFieldContext; events: SubdomainFieldEvent; input: SubdomainFieldInput },
  delays: { DEBOUNCE: SUBDOMAIN_DEBOUNCE_MS },
  actors: {
    /** Is this slug free? (GET /stores/slugs/availabilities). */
    checkAvailability: notProvidedPromise<{ available: boolean }, CheckInput>('subdomainField', 'checkAvailability'),
    /** Saves the subdomain (PUT /stores/{uuid}); the composition root refreshes the store and the home checklist. */
    save: notProvidedPromise<void, SaveInput>('subdomainField', 'save'),
  },
  actions: {
    setText: assign((_, params: { text: string }) => ({ text: params.text.toLowerCase(), failure: null })),
    keepFailure: assign((_, params: { failure: Failure }) => ({ failure: params.failure })),
    markSaved: assign(({ context }) => ({ saved: normaliseSubdomain(context.text), text: normaliseSubdomain(context.text) })),
  },
  guards: {
    isSaved: ({ context }) => normaliseSubdomain(context.text) === context.saved,
    breaksRule: ({ context }) => !isSubdomain(normaliseSubdomain(context.text)),
    isAvailable: (_, params: { available: boolean }) => params.available,
    isConflict: (_, params: { failure: Failure }) => params.failure.status === 409,
  },
}).createMachine({
  id: 'subdomainField',
  context: ({ input }) => ({ saved: input.subdomain, text: input.subdomain, failure: null }),
  initial: 'unchanged',
  on: {
    TYPE: { target: '.sorting', actions: { type: 'setText', params: ({ event }) => ({ text: event.text }) } },
  },
  states: {
    /** Transient: where the typed text leads. */
    sorting: {
      always: [{ guard: 'isSaved', target: 'unchanged' }, { guard: 'breaksRule', target: 'invalid' }, { target: 'debouncing' }],
    },
    unchanged: {},
    invalid: {},
    debouncing: {
      after: { DEBOUNCE: 'checking' },
    },
    checking: {
      invoke: {
        id: 'checkAvailability',
        src: 'checkAvailability',
        input: ({ context }) => ({ slug: normaliseSubdomain(context.text) }),
        onDone: [{ guard: { type: 'isAvailable', params: ({ event }) => ({ available: event.output.available }) }, target: 'available' }, { target: 'taken' }],
        onError: { target: 'checkFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ failure: event.error as Failure }) } },
      },
    },
    available: {
      on: { SAVE: 'saving' },
    },
    taken: {},
    checkFailed: {
      on: { RETRY: 'checking' },
    },
    saving: {
      // Typing waits for the answer: the field is read-only meanwhile.
      on: { TYPE: {} },
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ subdomain: normaliseSubdomain(context.text) }),
        onDone: { target: 'saved', actions: 'markSaved' },
        onError: [
          { guard: { type: 'isConflict', params: ({ event }) => ({ failure: event.error as Failure }) }, target: 'taken' },
          { target: 'saveFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ failure: event.error as Failure }) } },
        ],
      },
    },
    saved: {},
    saveFailed: {
      on: { SAVE: 'saving' },
    },
  },
});
