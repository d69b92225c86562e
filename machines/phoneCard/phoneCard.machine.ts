import { assign, not, setup } from 'xstate';
import { notProvidedPromise } from '../support/notProvided';
import type { Failure } from '../../shared/failure';
import type { components } from '../../src/api/schema.gen';

/** The store's plan (the contract's Plan enum). */
export type Plan = components['schemas']['Plan'];

export interface PhoneCardInput {
  /** The store's plan: the card is never asked on PERCENT. */
  plan: Plan;
  /** The store's owner_phone: null (or blank) when none is stored. */
  phone: string | null;
}

/** Why a typed phone is not acceptable: nothing typed, or not "+" then 7 to 15 digits (not all zeros). */
export type PhoneProblem = 'required' | 'format';

export interface PhoneCardContext {
  /** From the input; read once, by `starting`. */
  plan: Plan;
  /** From the input; read once, by `starting`. */
  storedPhone: string | null;
  /** The phone as typed (untrimmed). */
  value: string;
  /** Why the last SUBMIT was refused; null once the user types again or a save starts. */
  problem: PhoneProblem | null;
  /** Why the last save failed (network or server error); null once a new save starts. */
  failure: Failure | null;
}

export type PhoneCardEvent = { type: 'CHANGE'; value: string } | { type: 'SUBMIT' } | { type: 'CLOSE' };

/** What the `save` actor stores as the store's owner_phone (trimmed, valid). */
export interface SavePhoneInput {
  phone: string;
}

const PHONE = /^\+[0-9]{7,15}$/;
const ALL_ZEROS = /^\+0+$/;

/**
 * The owner phone rule, the same as the contract's `^\+(?!0+$)[0-9]{7,15}$` on the trimmed value:
 * 'required' when blank, 'format' unless "+" then 7 to 15 digits not all zeros, else null.
 */
export function phoneProblem(value: string): PhoneProblem | null {
  const phone = value.trim();
  if (phone === '') return 'required';
  if (!PHONE.test(phone) || ALL_ZEROS.test(phone)) return 'format';
  return null;
}

/** Whether the card is asked: a plan other than PERCENT and no phone stored (null or blank). */
export const isPhoneAsked = (input: PhoneCardInput): boolean => input.plan !== 'PERCENT' && !input.phone?.trim();

/**
 * The owner phone card of the home page (issue 4, spec "store actions"): asked only when the plan is
 * not PERCENT and no phone is stored; closable.
 *
 *   starting ──(PERCENT or a phone stored)──> hidden                (final: the card is not shown)
 *      └──> editing ◀───────────────────────────────────────────┐
 *             ├─CHANGE { value } ─> editing   (value set, problem cleared)
 *             ├─SUBMIT ─┬─ phoneProblem(value) ─> editing, problem = 'required' | 'format'
 *             │         └─ otherwise ─> saving ──done──> saved ──CLOSE──> closed (final)
 *             │                            └──error──> editing (failure kept; SUBMIT again allowed)
 *             └─CLOSE ─> closed (final)
 *
 * `saving` ignores every event (no CLOSE while saving). `save` is injected and receives the trimmed
 * value; it updates the store's owner_phone (PUT on the store).
 */
export const phoneCardMachine = setup({
  types: {} as { context: PhoneCardContext; events: PhoneCardEvent; input: PhoneCardInput },
  actors: {
    /** Stores the phone as the store's owner_phone. */
    save: notProvidedPromise<void, SavePhoneInput>('phoneCard', 'save'),
  },
  guards: {
    isAsked: ({ context }) => isPhoneAsked({ plan: context.plan, phone: context.storedPhone }),
    isAcceptable: ({ context }) => phoneProblem(context.value) === null,
  },
  actions: {
    setValue: assign((_, params: { value: string }) => ({ value: params.value, problem: null })),
    flagProblem: assign(({ context }) => ({ problem: phoneProblem(context.value) })),
  },
}).createMachine({
  id: 'phoneCard',
  context: ({ input }) => ({ plan: input.plan, storedPhone: input.phone, value: '', problem: null, failure: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: not('isAsked'), target: 'hidden' }, { target: 'editing' }],
    },
    editing: {
      on: {
        CHANGE: { actions: { type: 'setValue', params: ({ event }) => ({ value: event.value }) } },
        SUBMIT: [{ guard: not('isAcceptable'), actions: 'flagProblem' }, { target: 'saving' }],
        CLOSE: { target: 'closed' },
      },
    },
    saving: {
      // A new attempt forgets the previous problem and failure.
      entry: assign({ problem: null, failure: null }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ phone: context.value.trim() }),
        onDone: { target: 'saved' },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    /** Saved: the card says thank you until the user closes it. */
    saved: {
      on: { CLOSE: { target: 'closed' } },
    },
    /** The user closed the card. Takes no events. */
    closed: { type: 'final' },
    /** Not asked (PERCENT plan, or a phone is stored). Takes no events. */
    hidden: { type: 'final' },
  },
});
