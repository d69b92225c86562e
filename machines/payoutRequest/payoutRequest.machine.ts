import { assign, not, setup } from 'xstate';
import type { Failure } from '../../shared/failure';
import { isHttpLink } from '../../shared/validation';
import { notProvidedPromise } from '../support/notProvided';

export interface PayoutDraft {
  /** As typed ("12,50" or "12.50"). */
  amount: string;
  invoiceUrl: string;
  paymentInformation: string;
}

export interface PayoutRequestInput {
  /** What may be asked for now, euros. */
  balance: number;
  /** The program's minimum payout, euros. */
  minimum: number;
  /** A request is already PENDING: the form stays shut. */
  pending: boolean;
  /** The amount the draft starts with (own affiliation asks for the whole balance, so it is given, not typed). */
  amount?: string;
}

export type PayoutProblem = 'amountFormat' | 'belowMinimum' | 'aboveBalance' | 'invoiceUrl' | 'paymentInformation';

export interface PayoutRequestContext extends PayoutRequestInput {
  draft: PayoutDraft;
  problems: PayoutProblem[];
  failure: Failure | null;
}

export type PayoutRequestEvent = { type: 'OPEN' } | { type: 'CHANGE'; field: keyof PayoutDraft; value: string } | { type: 'SUBMIT' } | { type: 'CANCEL' };

/** What the `send` actor posts. */
export interface PayoutBody {
  amount: number;
  invoice_url: string;
  payment_information: string;
}

/** Euros typed with a comma or a point and at most two decimals, as cents; null when not an amount. */
export function centsTyped(value: string): number | null {
  const match = /^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The problems of a draft, the server's rules (amount between the minimum and the balance, http(s) invoice link, payment information). */
export function payoutProblems(draft: PayoutDraft, limits: Pick<PayoutRequestInput, 'balance' | 'minimum'>): PayoutProblem[] {
  const problems: PayoutProblem[] = [];
  const cents = centsTyped(draft.amount);
  if (cents === null || cents === 0) problems.push('amountFormat');
  else if (cents < Math.round(limits.minimum * 100)) problems.push('belowMinimum');
  else if (cents > Math.round(limits.balance * 100)) problems.push('aboveBalance');
  if (!draft.invoiceUrl.trim() || !isHttpLink(draft.invoiceUrl)) problems.push('invoiceUrl');
  if (!draft.paymentInformation.trim()) problems.push('paymentInformation');
  return problems;
}

/**
 * A payout request: the learner's (the affiliate page of the learner area) and the store owner's for sponsorship
 * commissions (`/affiliation/revenus`, the whole balance as `amount`). One pending request at a time.
 *
 *   (pending) ─> waiting (final for this page: a request is being processed)
 *   closed ─OPEN─> editing ─CHANGE─> editing (problems cleared)
 *                    ├─SUBMIT─┬─ problems ─> editing (problems listed)
 *                    │        └─ none ─> sending ──done──> waiting
 *                    │                      └──error──> editing (failure)
 *                    └─CANCEL─> closed
 */
export const payoutRequestMachine = setup({
  types: {} as { context: PayoutRequestContext; events: PayoutRequestEvent; input: PayoutRequestInput },
  actors: {
    send: notProvidedPromise<unknown, PayoutBody>('payoutRequest', 'send'),
  },
  guards: {
    isPending: ({ context }) => context.pending,
    isAcceptable: ({ context }) => payoutProblems(context.draft, context).length === 0,
  },
}).createMachine({
  id: 'payoutRequest',
  context: ({ input }) => ({ ...input, draft: { amount: input.amount ?? '', invoiceUrl: '', paymentInformation: '' }, problems: [], failure: null }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isPending', target: 'waiting' }, { target: 'closed' }] },
    closed: { on: { OPEN: { target: 'editing' } } },
    editing: {
      on: {
        CHANGE: { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }), problems: [] }) },
        SUBMIT: [{ guard: not('isAcceptable'), actions: assign({ problems: ({ context }) => payoutProblems(context.draft, context) }) }, { target: 'sending' }],
        CANCEL: { target: 'closed', actions: assign({ problems: [], failure: null }) },
      },
    },
    sending: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({
          amount: centsTyped(context.draft.amount)! / 100,
          invoice_url: context.draft.invoiceUrl.trim(),
          payment_information: context.draft.paymentInformation.trim(),
        }),
        onDone: { target: 'waiting' },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    /** A request is pending until the team processes it. */
    waiting: { type: 'final' },
  },
});
