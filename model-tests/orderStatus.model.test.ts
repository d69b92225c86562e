/**
 * Model-based tests of machines/checkout/orderStatus (ARCHITECTURE rule 7): the order page after a payment
 * provider. Generated paths over every state, walked against a real actor whose `readOrder` is a controllable fake
 * and whose timers run on a SimulatedClock (a delayed step waits ORDER_POLL_MS, checking nothing happens 1 ms before).
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, type SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { ORDER_POLL_MS, orderStatusMachine, type OrderStatusEvent } from '../machines/checkout/orderStatus.machine';
import type { CheckoutOrder } from '../machines/checkout/checkout.types';
import { describePath, dropPrefixPaths, generatePaths, type DelayedEvent, type DoneActorEvent, type ErrorActorEvent, type EventVariants, type InitEvent, type ModelPath, type ModelStep } from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type ModelEvent =
  | OrderStatusEvent
  | DoneActorEvent<'readOrder', CheckoutOrder>
  | ErrorActorEvent<'readOrder'>
  | DelayedEvent<'POLL', 'orderStatus.waiting'>
  | DelayedEvent<'POLL', 'orderStatus.unreachable'>;
type Snapshot = SnapshotFrom<typeof orderStatusMachine>;
type Step = ModelStep<Snapshot, ModelEvent>;

const order = (status: CheckoutOrder['status']): CheckoutOrder => ({
  uuid: '0b5e2d8e-2f5c-4a59-9c1e-3a1f4c7d9e01',
  status,
  buyable: { type: 'TRAINING', uuid: 'de300000-0000-4000-8000-000000000001', name: 'Photographie' },
  total: 149,
  payments: [{ amount: 149, status, due_at: null }],
  payment_method: 'CARD',
  payment_url: null,
  account_activation_required: false,
  created_at: '2026-11-26T10:00:00.000Z',
});
const failure = (status: number | null): Failure => ({ status, code: null, message: `failure ${status}`, fieldErrors: {} });
const read = (o: CheckoutOrder) => ({ type: 'xstate.done.actor.readOrder', output: o }) as const;
const refused = (f: Failure) => ({ type: 'xstate.error.actor.readOrder', error: f }) as const;
const POLL_WAITING = { type: 'xstate.after.POLL.orderStatus.waiting' } as const;
const POLL_UNREACHABLE = { type: 'xstate.after.POLL.orderStatus.unreachable' } as const;

const events = {
  RETRY: [{ type: 'RETRY' }],
  'xstate.done.actor.readOrder': (['DRAFT', 'PAID', 'IN_PROGRESS', 'FAILED', 'ABANDONED'] as const).map((s) => read(order(s))),
  'xstate.error.actor.readOrder': [refused(failure(404)), refused(failure(null))],
  'xstate.after.POLL.orderStatus.waiting': [POLL_WAITING],
  'xstate.after.POLL.orderStatus.unreachable': [POLL_UNREACHABLE],
} satisfies EventVariants<ModelEvent>;

/** The state after a step, from the chart: the provider's answer decides; DRAFT waits; no answer retries. */
function expectedState(from: Snapshot | undefined, { event }: Step): string {
  if (!from) return 'reading';
  const at = String(from.value);
  if (at === 'reading' && event.type === 'xstate.done.actor.readOrder') {
    return { PAID: 'paid', IN_PROGRESS: 'paid', FAILED: 'failed', ABANDONED: 'abandoned' }[event.output.status as string] ?? 'waiting';
  }
  if (at === 'reading' && event.type === 'xstate.error.actor.readOrder') return (event.error as Failure).status === 404 ? 'missing' : 'unreachable';
  if (at === 'waiting' && event.type === POLL_WAITING.type) return 'reading';
  if (at === 'unreachable' && (event.type === POLL_UNREACHABLE.type || event.type === 'RETRY')) return 'reading';
  return at;
}

const createHarness = () => createActorHarness<typeof orderStatusMachine, 'readOrder'>(orderStatusMachine, { actors: ['readOrder'], clock: new SimulatedClock() });
type Harness = ReturnType<typeof createHarness>;
const executors = {
  'xstate.init': (h) => h.start(),
  RETRY: (h) => h.send({ type: 'RETRY' }),
  'xstate.done.actor.readOrder': (h, { event }) => h.settle('readOrder', event),
  'xstate.error.actor.readOrder': (h, { event }) => h.settle('readOrder', event),
  'xstate.after.POLL.orderStatus.waiting': (h) => h.wait(ORDER_POLL_MS),
  'xstate.after.POLL.orderStatus.unreachable': (h) => h.wait(ORDER_POLL_MS),
} satisfies Record<ModelEvent['type'] | InitEvent['type'], (h: Harness, step: Step) => unknown>;

const generated = generatePaths<typeof orderStatusMachine, ModelEvent>(orderStatusMachine, { events });
const paths = dropPrefixPaths([...generated.shortest, ...generated.transitions]) as ModelPath<Snapshot, ModelEvent>[];

describe('order status machine: generated paths', () => {
  it('cover every state', () => {
    expectEveryStateCovered(orderStatusMachine, [{ paths }]);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walkPath(path, {
      harness: createHarness,
      execute: (h, step) => executors[step.event.type](h, step),
      mark: (h) => h.inputs('readOrder').length,
      check: ({ harness: h, step, from, actual, before, where }) => {
        const state = expectedState(from, step);
        expect(String(actual.value), where).toBe(state);
        expect(actual.status, where).toBe(['paid', 'failed', 'abandoned', 'missing'].includes(state) ? 'done' : 'active');
        // A read starts on entering `reading`, and only then.
        const entered = state === 'reading' && (!from || String(from.value) !== 'reading');
        expect(h.inputs('readOrder').length - before, `${where}: reads`).toBe(entered ? 1 : 0);
      },
    });
  });
});

describe('order status machine: pinned transitions', () => {
  it('keeps the last order read while polling, and the failure while unreachable', async () => {
    const h = createHarness();
    h.start();
    await h.settle('readOrder', read(order('DRAFT')));
    expect(h.snapshot().context.order?.status).toBe('DRAFT');
    h.wait(ORDER_POLL_MS);
    await h.settle('readOrder', refused(failure(null)));
    expect(h.snapshot().value).toBe('unreachable');
    expect(h.snapshot().context).toMatchObject({ order: { status: 'DRAFT' }, failure: { status: null } });
    h.send({ type: 'RETRY' });
    await h.settle('readOrder', read(order('PAID')));
    expect(h.snapshot().value).toBe('paid');
    expect(h.snapshot().context.failure).toBeNull();
  });
});
