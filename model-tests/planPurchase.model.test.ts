/**
 * Model-based tests of machines/planPurchase (ARCHITECTURE rule 7): buying a plan or seats on the plan page.
 * Generated paths over every state, for each input (a fresh visit; back from the payment page with an order), walked
 * against a real actor whose `placeOrder` and `readOrder` are controllable fakes, whose timers run on a SimulatedClock,
 * and whose effects (`openPayment`, `purchaseSettled`) are recorded. The oracle is the chart, written again here.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, type SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import {
  PLATFORM_ORDER_POLL_MS,
  planPurchaseMachine,
  type PlanPurchaseEvent,
  type PlanPurchaseInput,
  type PurchaseOrder,
} from '../machines/planPurchase/planPurchase.machine';
import { describePath, dropPrefixPaths, generatePaths, type DelayedEvent, type DoneActorEvent, type ErrorActorEvent, type EventVariants, type InitEvent, type ModelPath, type ModelStep } from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type ModelEvent =
  | PlanPurchaseEvent
  | DoneActorEvent<'placeOrder', PurchaseOrder>
  | ErrorActorEvent<'placeOrder'>
  | DoneActorEvent<'readOrder', PurchaseOrder>
  | ErrorActorEvent<'readOrder'>
  | DelayedEvent<'POLL', 'planPurchase.waiting'>
  | DelayedEvent<'POLL', 'planPurchase.unreachable'>;
type Snapshot = SnapshotFrom<typeof planPurchaseMachine>;
type Step = ModelStep<Snapshot, ModelEvent>;

const ORDER = '5d7c1e2a-3b4f-4c6d-8e9f-0a1b2c3d4e5f';
const order = (status: PurchaseOrder['status'], payment_url: string | null = status === 'PENDING' ? `/abonnement/paiement-test/${ORDER}` : null): PurchaseOrder => ({
  uuid: ORDER,
  status,
  payment_url,
  amount: 49,
});
const failure: Failure = { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Indisponible', fieldErrors: {} };
const POLL_WAITING = { type: 'xstate.after.POLL.planPurchase.waiting' } as const;
const POLL_UNREACHABLE = { type: 'xstate.after.POLL.planPurchase.unreachable' } as const;

const inputs: PlanPurchaseInput[] = [{ returningOrder: null }, { returningOrder: ORDER }];
const events = {
  CHOOSE: [
    { type: 'CHOOSE', choice: { kind: 'PLAN', plan: 'PRO', frequency: 'MONTHLY' } },
    { type: 'CHOOSE', choice: { kind: 'SEATS', quantity: 2 } },
  ],
  CONFIRM: [{ type: 'CONFIRM' }],
  CANCEL: [{ type: 'CANCEL' }],
  RETRY: [{ type: 'RETRY' }],
  DISMISS: [{ type: 'DISMISS' }],
  'xstate.done.actor.placeOrder': [
    { type: 'xstate.done.actor.placeOrder', output: order('PENDING') },
    { type: 'xstate.done.actor.placeOrder', output: order('PAID') },
  ],
  'xstate.error.actor.placeOrder': [{ type: 'xstate.error.actor.placeOrder', error: failure }],
  'xstate.done.actor.readOrder': (['PENDING', 'PAID', 'FAILED', 'ABANDONED'] as const).map((s) => ({ type: 'xstate.done.actor.readOrder', output: order(s) }) as const),
  'xstate.error.actor.readOrder': [{ type: 'xstate.error.actor.readOrder', error: failure }],
  'xstate.after.POLL.planPurchase.waiting': [POLL_WAITING],
  'xstate.after.POLL.planPurchase.unreachable': [POLL_UNREACHABLE],
} satisfies EventVariants<ModelEvent>;

const SETTLED = ['paid', 'failed', 'abandoned'];
const READ_OUTCOME: Record<PurchaseOrder['status'], string> = { PENDING: 'waiting', PAID: 'paid', FAILED: 'failed', ABANDONED: 'abandoned' };

function expectedState(from: Snapshot | undefined, { event }: Step, input: PlanPurchaseInput): string {
  if (!from) return input.returningOrder ? 'checking' : 'idle';
  const at = String(from.value);
  if ((at === 'idle' || SETTLED.includes(at)) && event.type === 'CHOOSE') return 'confirming';
  if (SETTLED.includes(at) && event.type === 'DISMISS') return 'idle';
  if (at === 'confirming' && event.type === 'CONFIRM') return 'placing';
  if (at === 'confirming' && event.type === 'CANCEL') return 'idle';
  if (at === 'placing' && event.type === 'xstate.done.actor.placeOrder') return event.output.status === 'PAID' ? 'paid' : 'redirecting';
  if (at === 'placing' && event.type === 'xstate.error.actor.placeOrder') return 'confirming';
  if (at === 'checking' && event.type === 'xstate.done.actor.readOrder') return READ_OUTCOME[event.output.status];
  if (at === 'checking' && event.type === 'xstate.error.actor.readOrder') return 'unreachable';
  if (at === 'waiting' && event.type === POLL_WAITING.type) return 'checking';
  if (at === 'unreachable' && (event.type === POLL_UNREACHABLE.type || event.type === 'RETRY')) return 'checking';
  return at;
}

for (const input of inputs) {
  const opened: { url: string }[] = [];
  let settled = 0;
  const createHarness = () => {
    opened.length = 0;
    settled = 0;
    return createActorHarness<typeof planPurchaseMachine, 'placeOrder' | 'readOrder'>(planPurchaseMachine, {
      actors: ['placeOrder', 'readOrder'],
      actions: { openPayment: (_: unknown, params: { url: string }) => void opened.push(params), purchaseSettled: () => void (settled += 1) } as never,
      clock: new SimulatedClock(),
      input,
    });
  };
  type Harness = ReturnType<typeof createHarness>;
  const executors = {
    'xstate.init': (h) => h.start(),
    CHOOSE: (h, { event }) => h.send(event as PlanPurchaseEvent),
    CONFIRM: (h) => h.send({ type: 'CONFIRM' }),
    CANCEL: (h) => h.send({ type: 'CANCEL' }),
    RETRY: (h) => h.send({ type: 'RETRY' }),
    DISMISS: (h) => h.send({ type: 'DISMISS' }),
    'xstate.done.actor.placeOrder': (h, { event }) => h.settle('placeOrder', event),
    'xstate.error.actor.placeOrder': (h, { event }) => h.settle('placeOrder', event),
    'xstate.done.actor.readOrder': (h, { event }) => h.settle('readOrder', event),
    'xstate.error.actor.readOrder': (h, { event }) => h.settle('readOrder', event),
    'xstate.after.POLL.planPurchase.waiting': (h) => h.wait(PLATFORM_ORDER_POLL_MS),
    'xstate.after.POLL.planPurchase.unreachable': (h) => h.wait(PLATFORM_ORDER_POLL_MS),
  } satisfies Record<ModelEvent['type'] | InitEvent['type'], (h: Harness, step: Step) => unknown>;
  const generated = generatePaths<typeof planPurchaseMachine, ModelEvent>(planPurchaseMachine, { events, input });
  const paths = dropPrefixPaths([...generated.shortest, ...generated.transitions]) as ModelPath<Snapshot, ModelEvent>[];

  describe(`plan purchase machine (${input.returningOrder ? 'back from the payment page' : 'a fresh visit'}): generated paths`, () => {
    if (!input.returningOrder) {
      it('cover every state', () => {
        expectEveryStateCovered(
          planPurchaseMachine,
          [
            { paths, input },
            { paths: generatePaths<typeof planPurchaseMachine, ModelEvent>(planPurchaseMachine, { events, input: inputs[1] }).shortest as ModelPath<Snapshot, ModelEvent>[], input: inputs[1] },
          ],
          { transient: ['starting'] },
        );
      });
    }

    it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
      await walkPath(path, {
        harness: createHarness,
        execute: (h, step) => executors[step.event.type](h, step),
        mark: (h) => [h.inputs('placeOrder').length, h.inputs('readOrder').length, opened.length, settled] as const,
        check: ({ harness: h, step, from, actual, before, where }) => {
          const state = expectedState(from, step, input);
          expect(String(actual.value), where).toBe(state);
          const [placed, read, opens, settles] = before;
          const entered = (s: string) => state === s && String(from?.value) !== s;
          // An order is placed on entering `placing` only, with the choice confirmed; a read on entering `checking` only.
          expect(h.inputs('placeOrder').length - placed, `${where}: orders`).toBe(entered('placing') ? 1 : 0);
          if (entered('placing')) expect(h.inputs('placeOrder').at(-1), where).toEqual(from!.context.choice);
          expect(h.inputs('readOrder').length - read, `${where}: reads`).toBe(entered('checking') ? 1 : 0);
          if (entered('checking')) expect(h.inputs('readOrder').at(-1), where).toEqual({ orderId: ORDER });
          // The payment page opens when an order to pay is placed; the plan is read again when an order is paid.
          expect(opened.length - opens, `${where}: payment pages`).toBe(entered('redirecting') ? 1 : 0);
          if (entered('redirecting')) expect(opened.at(-1), where).toEqual({ url: `/abonnement/paiement-test/${ORDER}` });
          expect(settled - settles, `${where}: refreshes`).toBe(entered('paid') ? 1 : 0);
        },
      });
    });
  });
}

describe('plan purchase machine: pinned transitions', () => {
  it('keeps the server failure on the confirm step, and clears it when the trainer cancels', async () => {
    const h = createActorHarness<typeof planPurchaseMachine, 'placeOrder' | 'readOrder'>(planPurchaseMachine, {
      actors: ['placeOrder', 'readOrder'],
      actions: { openPayment: () => undefined, purchaseSettled: () => undefined } as never,
      input: inputs[0],
    });
    h.start();
    h.send({ type: 'CHOOSE', choice: { kind: 'PLAN', plan: 'EXPERT', frequency: 'YEARLY' } });
    h.send({ type: 'CONFIRM' });
    await h.settle('placeOrder', { type: 'xstate.error.actor.placeOrder', error: failure });
    expect(h.snapshot().value).toBe('confirming');
    expect(h.snapshot().context.failure).toEqual(failure);
    h.send({ type: 'CANCEL' });
    expect(h.snapshot().context).toMatchObject({ choice: null, failure: null });
  });
});
