import { assign, setup } from 'xstate';
import { notProvided, notProvidedPromise } from '../support/notProvided';
import type { Failure } from '../../shared/failure';
import type { BuyableType, BuyerDetails, CheckoutOrder, CheckoutQuote, CheckoutRequest, PaymentChoice, QuoteRequest } from './checkout.types';

export interface CheckoutInput {
  buyableType: BuyableType;
  buyableUuid: string;
  /** The schedule chosen on the training's page (`?echeancier=`); null: the first one. */
  scheduleId: number | null;
}

/** Why PAY was refused before any call (spec 5: a code typed must be applied; a method is needed when something is due). */
export type CheckoutProblem = 'codeNotApplied' | 'missingPayment';

export interface CheckoutContext extends CheckoutInput {
  quote: CheckoutQuote | null;
  /** The promo code as typed in its field. */
  codeInput: string;
  /** The code the current quote applies (null: none). */
  appliedCode: string | null;
  /** The server's refusal of the last code applied ("promo code not usable"), shown on the code field. */
  codeError: string | null;
  method: PaymentChoice | null;
  problem: CheckoutProblem | null;
  /** The last failure of loading or paying (field errors included); kept until the next attempt. */
  failure: Failure | null;
  order: CheckoutOrder | null;
}

export type CheckoutEvent =
  | { type: 'SCHEDULE_CHOSEN'; scheduleId: number }
  | { type: 'CODE_CHANGED'; code: string }
  | { type: 'APPLY_CODE' }
  | { type: 'REMOVE_CODE' }
  | { type: 'METHOD_CHOSEN'; method: PaymentChoice }
  | { type: 'PAY'; details: BuyerDetails }
  /** The pop-up-blocked dialog's link was followed: the payment page is open, follow the order here. */
  | { type: 'PAYMENT_WINDOW_OPENED' }
  | { type: 'RETRY' };

/** The quote's request for the current choices, with `code` as the promo code (undefined: none). */
const quoteRequest = (context: CheckoutContext, code: string | null, scheduleId = context.scheduleId): QuoteRequest => ({
  buyable_type: context.buyableType,
  buyable_uuid: context.buyableUuid,
  ...(scheduleId ? { payment_schedule_id: scheduleId } : {}),
  ...(code ? { discount_code: code } : {}),
});

const codeFailure = (failure: Failure) => failure.fieldErrors.discount_code?.join(', ') ?? null;

/**
 * The learner's checkout (issue 11): prices come from the server only (quote), the page never computes one.
 *
 *   loading ──quote──> ready.idle ──APPLY_CODE──> ready.applying ──> ready.idle (code applied, or its refusal on the field)
 *      │                   ├──SCHEDULE_CHOSEN──> ready.requoting ──> ready.idle (an applied code that no longer fits is dropped)
 *      └──refused──> blocked (not found, closed, full: a message, no form)      ├──PAY (code typed not applied | no method) ──> ready.idle + problem
 *      └──failed──> failed ──RETRY──> loading                                  └──PAY──> paying
 *   paying ──FREE──> done (to "my trainings")   ──CARD──> leaving (the provider's page in this tab)
 *          ──PAYPAL──> openingWindow ──> following (the order page here, PayPal in its pop-up)
 *                                     └─blocked─> popupBlocked ──PAYMENT_WINDOW_OPENED──> following
 *          ──error──> ready.idle (failure on the form's fields; what was typed stays in the form)
 *
 * The pop-up is opened blank in the click itself (`prepareWindow`, on PAY with PayPal), then sent to the
 * provider's page by `openPaymentWindow` once the order exists: a window opened after a wait is a pop-up
 * browsers block. API calls, navigation and windows are injected with `provide`.
 */
export const checkoutMachine = setup({
  types: {} as { context: CheckoutContext; events: CheckoutEvent; input: CheckoutInput },
  actors: {
    quote: notProvidedPromise<CheckoutQuote, QuoteRequest>('checkout', 'quote'),
    checkout: notProvidedPromise<CheckoutOrder, CheckoutRequest>('checkout', 'checkout'),
    /** Sends the window prepared in the click to `url`; rejects when the browser blocked it. */
    openPaymentWindow: notProvidedPromise<void, { url: string }>('checkout', 'openPaymentWindow'),
  },
  actions: {
    /** Opens a blank window in the user's click (PayPal), for openPaymentWindow to send to the provider later. */
    prepareWindow: notProvided('checkout', 'prepareWindow'),
    /** Closes the prepared window when no payment page comes (the order was refused). */
    discardWindow: notProvided('checkout', 'discardWindow'),
    /** The card provider's page, in this tab. */
    goToPayment: notProvided<{ url: string }>('checkout', 'goToPayment'),
    goToOrder: notProvided<{ orderUuid: string }>('checkout', 'goToOrder'),
    goToMyTrainings: notProvided('checkout', 'goToMyTrainings'),
  },
  guards: {
    codeNotApplied: ({ context }) => context.codeInput.trim() !== '' && context.codeInput.trim().toUpperCase() !== (context.appliedCode ?? '').toUpperCase(),
    missingPayment: ({ context }) => (context.quote?.total ?? 0) > 0 && context.method === null,
    isPayPal: ({ context }) => context.method === 'PAYPAL' && (context.quote?.total ?? 0) > 0,
    hasCode: ({ context }) => context.codeInput.trim() !== '',
    isFree: ({ event }) => (event as unknown as { output: CheckoutOrder }).output.payment_url === null,
    paysByPopup: ({ context }) => context.method === 'PAYPAL',
    scheduleRefused: ({ context, event }) =>
      context.scheduleId !== null && Boolean(((event as unknown as { error: Failure }).error as Failure | undefined)?.fieldErrors?.payment_schedule_id),
    refusedOutright: ({ event }) => {
      const status = ((event as unknown as { error: Failure }).error as Failure | undefined)?.status;
      return status === 403 || status === 404;
    },
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    ...input,
    quote: null,
    codeInput: '',
    appliedCode: null,
    codeError: null,
    method: null,
    problem: null,
    failure: null,
    order: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'quote',
        src: 'quote',
        input: ({ context }) => quoteRequest(context, null),
        onDone: { target: 'ready', actions: assign({ quote: ({ event }) => event.output, scheduleId: ({ event }) => event.output.payment_schedule.id }) },
        onError: [
          // A link naming a schedule the buyable no longer has: price its first one instead.
          { guard: 'scheduleRefused', target: 'loading', reenter: true, actions: assign({ scheduleId: null }) },
          { guard: 'refusedOutright', target: 'blocked', actions: assign({ failure: ({ event }) => event.error as Failure }) },
          { target: 'failed', actions: assign({ failure: ({ event }) => event.error as Failure }) },
        ],
      },
    },
    blocked: { type: 'final' },
    failed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        CODE_CHANGED: { actions: assign({ codeInput: ({ event }) => event.code, codeError: null, problem: null }) },
        METHOD_CHOSEN: { actions: assign({ method: ({ event }) => event.method, problem: null }) },
      },
      states: {
        idle: {
          on: {
            APPLY_CODE: { guard: 'hasCode', target: 'applying' },
            REMOVE_CODE: { target: 'requoting', actions: assign({ codeInput: '', appliedCode: null, codeError: null }) },
            SCHEDULE_CHOSEN: { target: 'requoting', actions: assign({ scheduleId: ({ event }) => event.scheduleId }) },
            PAY: [
              { guard: 'codeNotApplied', actions: assign({ problem: 'codeNotApplied' }) },
              { guard: 'missingPayment', actions: assign({ problem: 'missingPayment' }) },
              { guard: 'isPayPal', target: '#checkout.paying', actions: 'prepareWindow' },
              { target: '#checkout.paying' },
            ],
          },
        },
        applying: {
          entry: assign({ codeError: null, problem: null }),
          invoke: {
            id: 'applyCode',
            src: 'quote',
            input: ({ context }) => quoteRequest(context, context.codeInput.trim()),
            onDone: { target: 'idle', actions: assign({ quote: ({ event }) => event.output, appliedCode: ({ event }) => event.output.discount_code }) },
            onError: { target: 'idle', actions: assign({ codeError: ({ event }) => codeFailure(event.error as Failure) ?? (event.error as Failure).message }) },
          },
        },
        requoting: {
          invoke: {
            id: 'requote',
            src: 'quote',
            input: ({ context }) => quoteRequest(context, context.appliedCode),
            onDone: { target: 'idle', actions: assign({ quote: ({ event }) => event.output }) },
            // The applied code does not fit the new schedule (a subscription): price it without, say why.
            onError: { target: 'requotingWithoutCode', actions: assign({ codeError: ({ event }) => codeFailure(event.error as Failure) ?? (event.error as Failure).message }) },
          },
        },
        requotingWithoutCode: {
          invoke: {
            id: 'requoteWithoutCode',
            src: 'quote',
            input: ({ context }) => quoteRequest(context, null),
            onDone: { target: 'idle', actions: assign({ quote: ({ event }) => event.output, appliedCode: null }) },
            onError: { target: '#checkout.failed', actions: assign({ failure: ({ event }) => event.error as Failure }) },
          },
        },
      },
    },
    paying: {
      entry: assign({ failure: null, problem: null }),
      invoke: {
        id: 'checkout',
        src: 'checkout',
        input: ({ context, event }) => ({
          ...(event as Extract<CheckoutEvent, { type: 'PAY' }>).details,
          ...quoteRequest(context, context.appliedCode),
          // The quote answered the schedule it priced: the order names it.
          payment_schedule_id: context.quote!.payment_schedule.id,
          ...(context.method && (context.quote?.total ?? 0) > 0 ? { payment_method: context.method } : {}),
        }),
        onDone: [
          { guard: 'isFree', target: 'done', actions: [assign({ order: ({ event }) => event.output }), 'goToMyTrainings'] },
          { guard: 'paysByPopup', target: 'openingWindow', actions: assign({ order: ({ event }) => event.output }) },
          { target: 'leaving', actions: [assign({ order: ({ event }) => event.output }), { type: 'goToPayment', params: ({ event }) => ({ url: event.output.payment_url! }) }] },
        ],
        onError: { target: 'ready.idle', actions: ['discardWindow', assign({ failure: ({ event }) => event.error as Failure })] },
      },
    },
    openingWindow: {
      invoke: {
        id: 'openPaymentWindow',
        src: 'openPaymentWindow',
        input: ({ context }) => ({ url: context.order!.payment_url! }),
        onDone: { target: 'following', actions: { type: 'goToOrder', params: ({ context }) => ({ orderUuid: context.order!.uuid }) } },
        onError: 'popupBlocked',
      },
    },
    popupBlocked: {
      on: { PAYMENT_WINDOW_OPENED: { target: 'following', actions: { type: 'goToOrder', params: ({ context }) => ({ orderUuid: context.order!.uuid }) } } },
    },
    leaving: { type: 'final' },
    following: { type: 'final' },
    done: { type: 'final' },
  },
});
