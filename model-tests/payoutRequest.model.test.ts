/**
 * Model-based tests of machines/payoutRequest (ARCHITECTURE rule 7): the learner's payout request. Generated paths
 * over every state for each input (nothing pending; a request pending), walked against a real actor whose `send` is
 * a controllable fake; the oracle is the chart and the server's amount rules, written again here.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { centsTyped, payoutRequestMachine, type PayoutRequestEvent, type PayoutRequestInput } from '../machines/payoutRequest/payoutRequest.machine';
import { describePath, dropPrefixPaths, generatePaths, type DoneActorEvent, type ErrorActorEvent, type EventVariants, type InitEvent, type ModelPath, type ModelStep } from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type ModelEvent = PayoutRequestEvent | DoneActorEvent<'send', unknown> | ErrorActorEvent<'send'>;
type Snapshot = SnapshotFrom<typeof payoutRequestMachine>;
type Step = ModelStep<Snapshot, ModelEvent>;

const failure: Failure = { status: 409, code: 'CONFLICT', message: 'Déjà en cours', fieldErrors: {} };
const inputs: PayoutRequestInput[] = [
  { balance: 40, minimum: 10, pending: false },
  { balance: 40, minimum: 10, pending: true },
];
const events = {
  OPEN: [{ type: 'OPEN' }],
  CHANGE: [
    { type: 'CHANGE', field: 'amount', value: '25,50' },
    { type: 'CHANGE', field: 'amount', value: '5' },
    { type: 'CHANGE', field: 'invoiceUrl', value: 'https://factures.example.com/1' },
    { type: 'CHANGE', field: 'paymentInformation', value: 'IBAN FR76' },
  ],
  SUBMIT: [{ type: 'SUBMIT' }],
  CANCEL: [{ type: 'CANCEL' }],
  'xstate.done.actor.send': [{ type: 'xstate.done.actor.send', output: {} }],
  'xstate.error.actor.send': [{ type: 'xstate.error.actor.send', error: failure }],
} satisfies EventVariants<ModelEvent>;

/** The draft is acceptable: an amount in cents between the minimum and the balance, an http(s) link, payment information. */
function acceptable(context: Snapshot['context']) {
  const cents = centsTyped(context.draft.amount);
  return cents !== null && cents >= context.minimum * 100 && cents <= context.balance * 100 && /^https?:\/\//.test(context.draft.invoiceUrl) && context.draft.paymentInformation.trim() !== '';
}

function expectedState(from: Snapshot | undefined, { event }: Step, input: PayoutRequestInput): string {
  if (!from) return input.pending ? 'waiting' : 'closed';
  const at = String(from.value);
  if (at === 'closed' && event.type === 'OPEN') return 'editing';
  if (at === 'editing' && event.type === 'CANCEL') return 'closed';
  if (at === 'editing' && event.type === 'SUBMIT') return acceptable(from.context) ? 'sending' : 'editing';
  if (at === 'sending' && event.type === 'xstate.done.actor.send') return 'waiting';
  if (at === 'sending' && event.type === 'xstate.error.actor.send') return 'editing';
  return at;
}

for (const input of inputs) {
  const createHarness = () => createActorHarness<typeof payoutRequestMachine, 'send'>(payoutRequestMachine, { actors: ['send'], input });
  type Harness = ReturnType<typeof createHarness>;
  const executors = {
    'xstate.init': (h) => h.start(),
    OPEN: (h) => h.send({ type: 'OPEN' }),
    CHANGE: (h, { event }) => h.send(event as PayoutRequestEvent),
    SUBMIT: (h) => h.send({ type: 'SUBMIT' }),
    CANCEL: (h) => h.send({ type: 'CANCEL' }),
    'xstate.done.actor.send': (h, { event }) => h.settle('send', event),
    'xstate.error.actor.send': (h, { event }) => h.settle('send', event),
  } satisfies Record<ModelEvent['type'] | InitEvent['type'], (h: Harness, step: Step) => unknown>;
  const generated = generatePaths<typeof payoutRequestMachine, ModelEvent>(payoutRequestMachine, { events, input });
  const paths = dropPrefixPaths([...generated.shortest, ...generated.transitions]) as ModelPath<Snapshot, ModelEvent>[];

  describe(`payout request machine (${input.pending ? 'a request pending' : 'nothing pending'}): generated paths`, () => {
    if (!input.pending) {
      it('cover every state', () => {
        expectEveryStateCovered(
          payoutRequestMachine,
          [
            { paths, input },
            { paths: generatePaths<typeof payoutRequestMachine, ModelEvent>(payoutRequestMachine, { events, input: inputs[1] }).shortest as ModelPath<Snapshot, ModelEvent>[], input: inputs[1] },
          ],
          { transient: ['starting'] },
        );
      });
    }

    it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
      await walkPath(path, {
        harness: createHarness,
        execute: (h, step) => executors[step.event.type](h, step),
        mark: (h) => h.inputs('send').length,
        check: ({ harness: h, step, from, actual, before, where }) => {
          const state = expectedState(from, step, input);
          expect(String(actual.value), where).toBe(state);
          const entered = state === 'sending' && String(from?.value) !== 'sending';
          expect(h.inputs('send').length - before, `${where}: requests`).toBe(entered ? 1 : 0);
          if (entered) expect(h.inputs('send').at(-1), where).toMatchObject({ amount: centsTyped(from!.context.draft.amount)! / 100 });
        },
      });
    });
  });
}

describe('payout request machine: pinned transitions', () => {
  it('lists the problems of a bad draft, then sends the trimmed request in euros', async () => {
    const h = createActorHarness<typeof payoutRequestMachine, 'send'>(payoutRequestMachine, { actors: ['send'], input: inputs[0] });
    h.start();
    h.send({ type: 'OPEN' });
    h.send({ type: 'CHANGE', field: 'amount', value: '50' });
    h.send({ type: 'SUBMIT' });
    expect(h.snapshot().context.problems).toEqual(['aboveBalance', 'invoiceUrl', 'paymentInformation']);
    h.send({ type: 'CHANGE', field: 'amount', value: '12,5' });
    h.send({ type: 'CHANGE', field: 'invoiceUrl', value: ' https://f.example.com/1 ' });
    h.send({ type: 'CHANGE', field: 'paymentInformation', value: ' IBAN ' });
    h.send({ type: 'SUBMIT' });
    expect(h.inputs('send')).toEqual([{ amount: 12.5, invoice_url: 'https://f.example.com/1', payment_information: 'IBAN' }]);
  });
});
