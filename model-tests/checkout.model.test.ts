/**
 * Model-based tests of machines/checkout (ARCHITECTURE rule 7): xstate/graph paths over every state of the
 * checkout, each walked against a REAL actor whose `quote`, `checkout` and `openPaymentWindow` actors are
 * controllable fakes and whose navigation / window actions are recorded; plus hand-pinned transitions (spec 5:
 * a code typed must be applied; a method is needed when something is due; what goes to the server).
 *
 * Paths are generated over the state value and the few context fields that steer the chart (code typed and
 * applied, method, problem), so the graph stays small; the oracle below is written from the chart and the spec.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { checkoutMachine, type CheckoutEvent, type CheckoutInput } from '../machines/checkout/checkout.machine';
import { selectCheckoutView } from '../machines/checkout/checkout.selectors';
import type { BuyerDetails, CheckoutOrder, CheckoutQuote } from '../machines/checkout/checkout.types';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  leafStates,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventVariants,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type QuoteIds = 'quote' | 'applyCode' | 'requote' | 'requoteWithoutCode';
type QuoteAnswer<T extends QuoteIds> = DoneActorEvent<T, CheckoutQuote> | ErrorActorEvent<T>;
type ModelEvent =
  | CheckoutEvent
  | QuoteAnswer<'quote'>
  | QuoteAnswer<'applyCode'>
  | QuoteAnswer<'requote'>
  | QuoteAnswer<'requoteWithoutCode'>
  | DoneActorEvent<'checkout', CheckoutOrder>
  | ErrorActorEvent<'checkout'>
  | DoneActorEvent<'openPaymentWindow', undefined>
  | ErrorActorEvent<'openPaymentWindow'>;
type Snapshot = SnapshotFrom<typeof checkoutMachine>;
type Path = ModelPath<Snapshot, ModelEvent>;
type Step = ModelStep<Snapshot, ModelEvent>;

const schedule = (id: number, type: 'ONE_TIME' | 'INSTALLMENTS', price: number) => ({
  id,
  type,
  price,
  installments_count: type === 'INSTALLMENTS' ? 3 : null,
  frequency: null,
  total_price: type === 'INSTALLMENTS' ? price * 3 : price,
  created_at: '2026-11-26T10:00:00.000Z',
});
const SCHEDULES = [schedule(1, 'ONE_TIME', 149), schedule(2, 'INSTALLMENTS', 52)];
const quoteOf = (code: string | null, scheduleId = 1): CheckoutQuote => {
  const chosen = SCHEDULES.find((s) => s.id === scheduleId)!;
  const total = code ? chosen.total_price * 0.9 : chosen.total_price;
  const installments = scheduleId === 2 ? [total / 3, total / 3, total / 3] : [total];
  return {
    buyable: { type: 'TRAINING', uuid: 'de300000-0000-4000-8000-000000000001', name: 'Photographie' },
    payment_schedule: chosen,
    discount_code: code,
    discount_amount: code ? chosen.total_price * 0.1 : 0,
    total,
    first_payment_amount: installments[0]!,
    installments,
    payment_schedules: SCHEDULES,
    payment_methods: ['CARD', 'PAYPAL'],
  };
};
const orderOf = (paymentUrl: string | null): CheckoutOrder => ({
  uuid: '0b5e2d8e-2f5c-4a59-9c1e-3a1f4c7d9e01',
  status: paymentUrl ? 'DRAFT' : 'PAID',
  buyable: { type: 'TRAINING', uuid: 'de300000-0000-4000-8000-000000000001', name: 'Photographie' },
  total: paymentUrl ? 149 : 0,
  payments: [{ amount: paymentUrl ? 149 : 0, status: paymentUrl ? 'DRAFT' : 'PAID', due_at: null }],
  payment_method: paymentUrl ? 'CARD' : 'FREE',
  payment_url: paymentUrl,
  account_activation_required: true,
  created_at: '2026-11-26T10:00:00.000Z',
});
const failure = (status: number | null, fieldErrors: Record<string, string[]> = {}): Failure => ({ status, code: null, message: `failure ${status}`, fieldErrors });
const NOT_USABLE = failure(422, { discount_code: ['Ce code promo n’est pas utilisable.'] });
const DETAILS: BuyerDetails = { email: 'ines@example.test', firstname: 'Inès', lastname: 'Garnier', accept_terms: true };
const INPUT: CheckoutInput = { buyableType: 'TRAINING', buyableUuid: 'de300000-0000-4000-8000-000000000001', scheduleId: null };

const done = <T extends string, O>(id: T, output: O) => ({ type: `xstate.done.actor.${id}`, output }) as DoneActorEvent<T, O>;
const error = <T extends string>(id: T, err: unknown) => ({ type: `xstate.error.actor.${id}`, error: err }) as ErrorActorEvent<T>;

const events = {
  CODE_CHANGED: [{ type: 'CODE_CHANGED', code: 'BIENVENUE10' }, { type: 'CODE_CHANGED', code: '' }],
  APPLY_CODE: [{ type: 'APPLY_CODE' }],
  REMOVE_CODE: [{ type: 'REMOVE_CODE' }],
  SCHEDULE_CHOSEN: [{ type: 'SCHEDULE_CHOSEN', scheduleId: 2 }],
  METHOD_CHOSEN: [{ type: 'METHOD_CHOSEN', method: 'CARD' }, { type: 'METHOD_CHOSEN', method: 'PAYPAL' }],
  PAY: [{ type: 'PAY', details: DETAILS }],
  PAYMENT_WINDOW_OPENED: [{ type: 'PAYMENT_WINDOW_OPENED' }],
  RETRY: [{ type: 'RETRY' }],
  'xstate.done.actor.quote': [done('quote', quoteOf(null))],
  'xstate.error.actor.quote': [error('quote', failure(404)), error('quote', failure(null))],
  'xstate.done.actor.applyCode': [done('applyCode', quoteOf('BIENVENUE10'))],
  'xstate.error.actor.applyCode': [error('applyCode', NOT_USABLE)],
  'xstate.done.actor.requote': [done('requote', quoteOf(null, 2))],
  'xstate.error.actor.requote': [error('requote', NOT_USABLE)],
  'xstate.done.actor.requoteWithoutCode': [done('requoteWithoutCode', quoteOf(null, 2))],
  'xstate.error.actor.requoteWithoutCode': [error('requoteWithoutCode', failure(500))],
  'xstate.done.actor.checkout': [done('checkout', orderOf('/ecole/demo/paiement-test/x')), done('checkout', orderOf(null))],
  'xstate.error.actor.checkout': [error('checkout', failure(422, { email: ['invalide'] }))],
  'xstate.done.actor.openPaymentWindow': [done('openPaymentWindow', undefined)],
  'xstate.error.actor.openPaymentWindow': [error('openPaymentWindow', new Error('popup blocked'))],
} satisfies EventVariants<ModelEvent>;

const FINAL = ['blocked', 'leaving', 'following', 'done'];
const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.codeInput, s.context.appliedCode, s.context.method, s.context.problem, s.context.quote?.payment_schedule.id ?? null, s.context.order?.payment_url ?? null]);

// ─── Oracle (from the chart and spec 5) ──────────────────────────────────────────────────────────

type Leaf = string;
const leafOf = (s: Snapshot) => leafStates(s.value).join('/');

/** The leaf state after a step, from the chart: written by hand, never read from the machine. */
function expectedLeaf(from: Snapshot | undefined, step: Step): Leaf {
  const { event } = step;
  if (!from) return 'loading';
  const at = leafOf(from);
  const ctx = from.context;
  const due = (ctx.quote?.total ?? 0) > 0;
  const typedNotApplied = ctx.codeInput.trim() !== '' && ctx.codeInput.trim().toUpperCase() !== (ctx.appliedCode ?? '').toUpperCase();
  switch (at) {
    case 'loading':
      if (event.type === 'xstate.done.actor.quote') return 'ready.idle';
      if (event.type === 'xstate.error.actor.quote') return [403, 404].includes((event.error as Failure).status ?? 0) ? 'blocked' : 'failed';
      break;
    case 'failed':
      if (event.type === 'RETRY') return 'loading';
      break;
    case 'ready.idle':
      if (event.type === 'APPLY_CODE' && ctx.codeInput.trim()) return 'ready.applying';
      if (event.type === 'REMOVE_CODE' || event.type === 'SCHEDULE_CHOSEN') return 'ready.requoting';
      if (event.type === 'PAY') return typedNotApplied || (due && !ctx.method) ? 'ready.idle' : 'paying';
      break;
    case 'ready.applying':
      if (event.type === 'xstate.done.actor.applyCode' || event.type === 'xstate.error.actor.applyCode') return 'ready.idle';
      break;
    case 'ready.requoting':
      if (event.type === 'xstate.done.actor.requote') return 'ready.idle';
      if (event.type === 'xstate.error.actor.requote') return 'ready.requotingWithoutCode';
      break;
    case 'ready.requotingWithoutCode':
      if (event.type === 'xstate.done.actor.requoteWithoutCode') return 'ready.idle';
      if (event.type === 'xstate.error.actor.requoteWithoutCode') return 'failed';
      break;
    case 'paying':
      if (event.type === 'xstate.done.actor.checkout') return event.output.payment_url === null ? 'done' : ctx.method === 'PAYPAL' ? 'openingWindow' : 'leaving';
      if (event.type === 'xstate.error.actor.checkout') return 'ready.idle';
      break;
    case 'openingWindow':
      if (event.type === 'xstate.done.actor.openPaymentWindow') return 'following';
      if (event.type === 'xstate.error.actor.openPaymentWindow') return 'popupBlocked';
      break;
    case 'popupBlocked':
      if (event.type === 'PAYMENT_WINDOW_OPENED') return 'following';
      break;
  }
  return at;
}

/** The navigation and window effects a step must cause. */
function expectedEffects(from: Snapshot | undefined, step: Step, to: Leaf): string[] {
  if (!from) return [];
  const at = leafOf(from);
  const { event } = step;
  if (at === 'ready.idle' && event.type === 'PAY' && to === 'paying' && from.context.method === 'PAYPAL' && (from.context.quote?.total ?? 0) > 0) return ['prepareWindow'];
  if (at === 'paying' && event.type === 'xstate.error.actor.checkout') return ['discardWindow'];
  if (at === 'paying' && to === 'done') return ['goToMyTrainings'];
  if (at === 'paying' && to === 'leaving') return ['goToPayment:/ecole/demo/paiement-test/x'];
  if (to === 'following' && at !== 'following') return [`goToOrder:${orderOf('x').uuid}`];
  return [];
}

// ─── Harness ─────────────────────────────────────────────────────────────────────────────────────

function createHarness() {
  const effects: string[] = [];
  const harness = createActorHarness<typeof checkoutMachine, QuoteIds | 'checkout' | 'openPaymentWindow'>(checkoutMachine, {
    actors: ['quote', 'checkout', 'openPaymentWindow'],
    input: INPUT,
    actions: {
      prepareWindow: () => void effects.push('prepareWindow'),
      discardWindow: () => void effects.push('discardWindow'),
      goToPayment: (_: unknown, { url }: { url: string }) => void effects.push(`goToPayment:${url}`),
      goToOrder: (_: unknown, { orderUuid }: { orderUuid: string }) => void effects.push(`goToOrder:${orderUuid}`),
      goToMyTrainings: () => void effects.push('goToMyTrainings'),
    },
  });
  return Object.assign(harness, { effects });
}
type Harness = ReturnType<typeof createHarness>;

const execute = async (h: Harness, { event }: Step) => {
  if (event.type === 'xstate.init') return h.start();
  if (event.type.startsWith('xstate.')) return h.settle(event.type.replace(/^xstate\.(done|error)\.actor\./, '') as QuoteIds, event);
  h.send(event as CheckoutEvent);
};

const generated = (() => {
  const { shortest, transitions } = generatePaths<typeof checkoutMachine, ModelEvent>(checkoutMachine, {
    events,
    input: INPUT,
    serializeState,
    // Events a state ignores are not explored (the pinned tests check a few); actor answers always are.
    filterEvents: (s, e) => e.type.startsWith('xstate.') || s.can(e as CheckoutEvent),
  });
  return dropPrefixPaths([...shortest, ...transitions] as Path[]);
})();

describe('checkout machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(checkoutMachine).sort()).toEqual(['applyCode', 'checkout', 'openPaymentWindow', 'quote', 'requote', 'requoteWithoutCode']);
    const explored = new Set(flattenEvents(events).map((e) => e.type));
    for (const type of checkoutMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths cover every state of the machine definition', () => {
    expect([...allLeafStates(checkoutMachine)].sort()).toEqual(
      ['blocked', 'done', 'failed', 'following', 'leaving', 'loading', 'openingWindow', 'paying', 'popupBlocked', 'ready.applying', 'ready.idle', 'ready.requoting', 'ready.requotingWithoutCode'].sort(),
    );
    expectEveryStateCovered(checkoutMachine, [{ paths: generated }]);
  });

  it.each(generated.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walkPath(path, {
      harness: createHarness,
      execute: (h, step) => execute(h, step),
      mark: (h) => h.effects.length,
      // The graph keeps only the context the chart steers by (serializeState): compare that.
      comparable: (context) => {
        const c = context as Snapshot['context'];
        return [c.codeInput, c.appliedCode, c.method, c.problem, c.quote?.payment_schedule.id ?? null, c.order?.payment_url ?? null];
      },
      check: ({ harness: h, step, from, actual, before, where }) => {
        const leaf = expectedLeaf(from, step);
        expect(leafOf(actual), where).toBe(leaf);
        expect(actual.status, where).toBe(FINAL.includes(leaf) ? 'done' : 'active');
        expect(h.effects.slice(before), `${where}: effects`).toEqual(expectedEffects(from, step, leaf));
        const view = selectCheckoutView(actual);
        expect(view.isPopupBlocked, where).toBe(leaf === 'popupBlocked');
        expect(view.isPaying, where).toBe(['paying', 'openingWindow', 'leaving', 'following', 'done'].includes(leaf));
      },
    });
  });
});

// ─── Hand-pinned transitions ─────────────────────────────────────────────────────────────────────

async function ready() {
  const h = createHarness();
  h.start();
  await h.settle('quote', done('quote', quoteOf(null)));
  return h;
}

describe('checkout machine: pinned transitions', () => {
  it('asks the quote for the schedule of the link, or none (the first one)', async () => {
    const h = createHarness();
    h.start();
    expect(h.inputs('quote')).toEqual([{ buyable_type: 'TRAINING', buyable_uuid: INPUT.buyableUuid }]);
    const linked = createActorHarness<typeof checkoutMachine, QuoteIds>(checkoutMachine, { actors: ['quote', 'checkout', 'openPaymentWindow'], input: { ...INPUT, scheduleId: 2 } });
    linked.start();
    expect(linked.inputs('quote')).toEqual([{ buyable_type: 'TRAINING', buyable_uuid: INPUT.buyableUuid, payment_schedule_id: 2 }]);
    // A schedule the buyable no longer has: loaded again without it.
    await linked.settle('quote', error('quote', failure(422, { payment_schedule_id: ['inconnue'] })));
    expect(linked.inputs('quote')[1]).toEqual({ buyable_type: 'TRAINING', buyable_uuid: INPUT.buyableUuid });
    expect(leafOf(linked.snapshot())).toBe('loading');
  });

  it('refuses PAY with a code typed but not applied, then with no method; sends nothing', async () => {
    const h = await ready();
    h.send({ type: 'CODE_CHANGED', code: 'bienvenue10' });
    h.send({ type: 'PAY', details: DETAILS });
    expect(selectCheckoutView(h.snapshot()).problem).toBe('codeNotApplied');
    h.send({ type: 'CODE_CHANGED', code: '' });
    expect(selectCheckoutView(h.snapshot()).problem).toBeNull();
    h.send({ type: 'PAY', details: DETAILS });
    expect(selectCheckoutView(h.snapshot()).problem).toBe('missingPayment');
    expect(h.inputs('checkout')).toEqual([]);
  });

  it('applies a code (whatever its case) and orders with it, the schedule priced and the method chosen', async () => {
    const h = await ready();
    h.send({ type: 'CODE_CHANGED', code: ' bienvenue10 ' });
    h.send({ type: 'APPLY_CODE' });
    expect(h.inputs('applyCode')).toEqual([{ buyable_type: 'TRAINING', buyable_uuid: INPUT.buyableUuid, payment_schedule_id: 1, discount_code: 'bienvenue10' }]);
    await h.settle('applyCode', done('applyCode', quoteOf('BIENVENUE10')));
    expect(selectCheckoutView(h.snapshot()).appliedCode).toBe('BIENVENUE10');
    h.send({ type: 'METHOD_CHOSEN', method: 'CARD' });
    h.send({ type: 'PAY', details: DETAILS });
    expect(h.inputs('checkout')).toEqual([
      { ...DETAILS, buyable_type: 'TRAINING', buyable_uuid: INPUT.buyableUuid, payment_schedule_id: 1, discount_code: 'BIENVENUE10', payment_method: 'CARD' },
    ]);
  });

  it('shows an unusable code on its field and keeps the previous prices', async () => {
    const h = await ready();
    h.send({ type: 'CODE_CHANGED', code: 'FAUX' });
    h.send({ type: 'APPLY_CODE' });
    await h.settle('applyCode', error('applyCode', NOT_USABLE));
    const view = selectCheckoutView(h.snapshot());
    expect(view.codeError).toBe('Ce code promo n’est pas utilisable.');
    expect(view.appliedCode).toBeNull();
    expect(view.quote?.total).toBe(149);
    expect(view.codeInput).toBe('FAUX');
  });

  it('keeps the failure of an order on the form and lets the learner pay again', async () => {
    const h = await ready();
    h.send({ type: 'METHOD_CHOSEN', method: 'PAYPAL' });
    h.send({ type: 'PAY', details: DETAILS });
    await h.settle('checkout', error('checkout', failure(422, { email: ['invalide'] })));
    expect(h.effects).toEqual(['prepareWindow', 'discardWindow']);
    expect(selectCheckoutView(h.snapshot()).failure?.fieldErrors.email).toEqual(['invalide']);
    h.send({ type: 'PAY', details: DETAILS });
    expect(leafOf(h.snapshot())).toBe('paying');
  });
});
