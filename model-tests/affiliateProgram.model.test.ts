/**
 * Model-based tests of machines/affiliateProgram (ARCHITECTURE rule 7): the affiliates settings page. Generated
 * paths over every state, walked against a real actor whose `save` is a controllable fake; the oracle is the chart.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { affiliateProgramMachine, type AffiliateProgramEvent, type ProgramTerms } from '../machines/affiliateProgram/affiliateProgram.machine';
import { selectAffiliateProgramView } from '../machines/affiliateProgram/affiliateProgram.selectors';
import { describePath, dropPrefixPaths, generatePaths, type DoneActorEvent, type ErrorActorEvent, type EventVariants, type InitEvent, type ModelPath, type ModelStep } from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type ModelEvent = AffiliateProgramEvent | DoneActorEvent<'save', ProgramTerms> | ErrorActorEvent<'save'>;
type Snapshot = SnapshotFrom<typeof affiliateProgramMachine>;
type Step = ModelStep<Snapshot, ModelEvent>;

const OPEN: ProgramTerms = { status: 'PUBLIC', commission_rate: 20, link_validity_days: 30, min_payout_delay_days: 30, min_payout_amount: 50, attribution: 'LAST' };
const failure: Failure = { status: 500, code: 'SERVER_ERROR', message: 'Erreur', fieldErrors: {} };
const saved = (terms: ProgramTerms) => ({ type: 'xstate.done.actor.save', output: terms }) as const;

const events = {
  SET_STATUS: [{ type: 'SET_STATUS', status: 'CLOSED' }, { type: 'SET_STATUS', status: 'PRIVATE' }],
  SET_TERM: [{ type: 'SET_TERM', field: 'commission_rate', value: 12.5 }],
  SAVE: [{ type: 'SAVE' }],
  CONFIRM: [{ type: 'CONFIRM' }],
  CANCEL: [{ type: 'CANCEL' }],
  'xstate.done.actor.save': [saved({ ...OPEN, status: 'CLOSED' })],
  'xstate.error.actor.save': [{ type: 'xstate.error.actor.save', error: failure }],
} satisfies EventVariants<ModelEvent>;

/** The state after a step, from the chart: closing an open program asks first; a save goes back to editing. */
function expectedState(from: Snapshot | undefined, { event }: Step): string {
  if (!from) return 'editing';
  const at = String(from.value);
  if (at === 'editing' && event.type === 'SAVE') return from.context.saved.status !== 'CLOSED' && from.context.draft.status === 'CLOSED' ? 'confirmingClose' : 'saving';
  if (at === 'confirmingClose' && event.type === 'CONFIRM') return 'saving';
  if (at === 'confirmingClose' && event.type === 'CANCEL') return 'editing';
  if (at === 'saving' && (event.type === 'xstate.done.actor.save' || event.type === 'xstate.error.actor.save')) return 'editing';
  return at;
}

const createHarness = () => createActorHarness<typeof affiliateProgramMachine, 'save'>(affiliateProgramMachine, { actors: ['save'], input: { terms: OPEN } });
type Harness = ReturnType<typeof createHarness>;
const executors = {
  'xstate.init': (h) => h.start(),
  SET_STATUS: (h, { event }) => h.send(event as AffiliateProgramEvent),
  SET_TERM: (h, { event }) => h.send(event as AffiliateProgramEvent),
  SAVE: (h) => h.send({ type: 'SAVE' }),
  CONFIRM: (h) => h.send({ type: 'CONFIRM' }),
  CANCEL: (h) => h.send({ type: 'CANCEL' }),
  'xstate.done.actor.save': (h, { event }) => h.settle('save', event),
  'xstate.error.actor.save': (h, { event }) => h.settle('save', event),
} satisfies Record<ModelEvent['type'] | InitEvent['type'], (h: Harness, step: Step) => unknown>;

const generated = generatePaths<typeof affiliateProgramMachine, ModelEvent>(affiliateProgramMachine, { events, input: { terms: OPEN } });
const paths = dropPrefixPaths([...generated.shortest, ...generated.transitions]) as ModelPath<Snapshot, ModelEvent>[];

describe('affiliate program machine: generated paths', () => {
  it('cover every state', () => {
    expectEveryStateCovered(affiliateProgramMachine, [{ paths, input: { terms: OPEN } }]);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walkPath(path, {
      harness: createHarness,
      execute: (h, step) => executors[step.event.type](h, step),
      mark: (h) => h.inputs('save').length,
      check: ({ harness: h, step, from, actual, before, where }) => {
        const state = expectedState(from, step);
        expect(String(actual.value), where).toBe(state);
        // A save starts on entering `saving` only, with the draft.
        const entered = state === 'saving' && String(from?.value) !== 'saving';
        expect(h.inputs('save').length - before, `${where}: saves`).toBe(entered ? 1 : 0);
        if (entered) expect(h.inputs('save').at(-1), where).toEqual(from!.context.draft);
        if (step.event.type === 'xstate.done.actor.save') expect(actual.context.saved, where).toEqual(step.event.output);
      },
    });
  });
});

describe('affiliate program machine: pinned transitions', () => {
  it('keeps the draft after a failed save and says when it saved', async () => {
    const h = createHarness();
    h.start();
    h.send({ type: 'SET_TERM', field: 'min_payout_amount', value: 10 });
    h.send({ type: 'SAVE' });
    await h.settle('save', { type: 'xstate.error.actor.save', error: failure });
    expect(selectAffiliateProgramView(h.snapshot())).toMatchObject({ failure, justSaved: false, draft: { min_payout_amount: 10 } });
    h.send({ type: 'SAVE' });
    await h.settle('save', saved({ ...OPEN, min_payout_amount: 10 }));
    expect(selectAffiliateProgramView(h.snapshot())).toMatchObject({ failure: null, justSaved: true, savedStatus: 'PUBLIC' });
  });
});
