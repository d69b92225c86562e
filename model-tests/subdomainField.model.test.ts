/**
 * Model-based tests of machines/subdomainField (ARCHITECTURE rule 7): the general settings' subdomain field.
 * Generated paths over every state, walked against a real actor on a simulated clock (the DEBOUNCE step waits the
 * delay, checking nothing happens a millisecond before) whose `checkAvailability` and `save` are controllable
 * fakes. The oracle is the chart and the subdomain rule, written again here; plus hand-pinned transitions.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, type SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { subdomainFieldMachine, type SubdomainFieldEvent } from '../machines/subdomainField/subdomainField.machine';
import { selectSubdomainView } from '../machines/subdomainField/subdomainField.selectors';
import {
  describePath,
  dropPrefixPaths,
  generatePaths,
  type DelayedEvent,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type ModelEvent =
  | SubdomainFieldEvent
  | DelayedEvent<'DEBOUNCE', 'subdomainField.debouncing'>
  | DoneActorEvent<'checkAvailability', { available: boolean }>
  | ErrorActorEvent<'checkAvailability'>
  | DoneActorEvent<'save', unknown>
  | ErrorActorEvent<'save'>;
type Snapshot = SnapshotFrom<typeof subdomainFieldMachine>;
type Step = ModelStep<Snapshot, ModelEvent>;

/** Our reading (README): 400 ms of pause before asking. */
const DEBOUNCE_MS = 400;
const input = { subdomain: 'mon-ecole' };
const down: Failure = { status: null, code: null, message: 'Réseau', fieldErrors: {} };
const taken: Failure = { status: 409, code: 'CONFLICT', message: 'Déjà pris', fieldErrors: { subdomain: ['Déjà pris'] } };

const AFTER = 'xstate.after.DEBOUNCE.subdomainField.debouncing' as const;
const events = {
  TYPE: [
    { type: 'TYPE', text: 'Nouvelle-Ecole' },
    { type: 'TYPE', text: 'mon_ecole' },
    { type: 'TYPE', text: 'mon-ecole' },
  ],
  SAVE: [{ type: 'SAVE' }],
  RETRY: [{ type: 'RETRY' }],
  [AFTER]: [{ type: AFTER }],
  'xstate.done.actor.checkAvailability': [
    { type: 'xstate.done.actor.checkAvailability', output: { available: true } },
    { type: 'xstate.done.actor.checkAvailability', output: { available: false } },
  ],
  'xstate.error.actor.checkAvailability': [{ type: 'xstate.error.actor.checkAvailability', error: down }],
  'xstate.done.actor.save': [{ type: 'xstate.done.actor.save', output: undefined }],
  'xstate.error.actor.save': [
    { type: 'xstate.error.actor.save', error: taken },
    { type: 'xstate.error.actor.save', error: down },
  ],
} satisfies EventVariants<ModelEvent>;

/** The rule, from the spec and the contract: 3 to 63 of a-z, 0-9, hyphen, no hyphen at an end. */
const followsRule = (text: string) => /^[a-z0-9]([a-z0-9-]{1,61})[a-z0-9]$/.test(text);

function expectedState(from: Snapshot | undefined, { event }: Step): string {
  if (!from) return 'unchanged';
  const at = String(from.value);
  if (event.type === 'TYPE') {
    if (at === 'saving') return 'saving';
    const text = event.text.trim().toLowerCase();
    if (text === from.context.saved) return 'unchanged';
    return followsRule(text) ? 'debouncing' : 'invalid';
  }
  if (at === 'debouncing' && event.type === AFTER) return 'checking';
  if (at === 'checking' && event.type === 'xstate.done.actor.checkAvailability') return event.output.available ? 'available' : 'taken';
  if (at === 'checking' && event.type === 'xstate.error.actor.checkAvailability') return 'checkFailed';
  if (at === 'checkFailed' && event.type === 'RETRY') return 'checking';
  if ((at === 'available' || at === 'saveFailed') && event.type === 'SAVE') return 'saving';
  if (at === 'saving' && event.type === 'xstate.done.actor.save') return 'saved';
  if (at === 'saving' && event.type === 'xstate.error.actor.save') return (event.error as Failure).status === 409 ? 'taken' : 'saveFailed';
  return at;
}

const createHarness = () =>
  createActorHarness<typeof subdomainFieldMachine, 'checkAvailability' | 'save'>(subdomainFieldMachine, {
    actors: ['checkAvailability', 'save'],
    clock: new SimulatedClock(),
    input,
  });
type Harness = ReturnType<typeof createHarness>;

const executors = {
  'xstate.init': (h) => h.start(),
  TYPE: (h, { event }) => h.send(event as SubdomainFieldEvent),
  SAVE: (h) => h.send({ type: 'SAVE' }),
  RETRY: (h) => h.send({ type: 'RETRY' }),
  [AFTER]: (h) => h.wait(DEBOUNCE_MS),
  'xstate.done.actor.checkAvailability': (h, { event }) => h.settle('checkAvailability', event),
  'xstate.error.actor.checkAvailability': (h, { event }) => h.settle('checkAvailability', event),
  'xstate.done.actor.save': (h, { event }) => h.settle('save', event),
  'xstate.error.actor.save': (h, { event }) => h.settle('save', event),
} satisfies Record<ModelEvent['type'] | InitEvent['type'], (h: Harness, step: Step) => unknown>;

const generated = generatePaths<typeof subdomainFieldMachine, ModelEvent>(subdomainFieldMachine, { events, input });
const paths = dropPrefixPaths([...generated.shortest, ...generated.transitions]) as ModelPath<Snapshot, ModelEvent>[];

describe('subdomain field machine: generated paths', () => {
  it('cover every state', () => {
    expectEveryStateCovered(subdomainFieldMachine, [{ paths, input }], { transient: ['sorting'] });
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walkPath(path, {
      harness: createHarness,
      execute: (h, step) => executors[step.event.type](h, step),
      mark: (h) => ({ checks: h.inputs('checkAvailability').length, saves: h.inputs('save').length }),
      check: ({ harness: h, step, from, actual, before, where }) => {
        const state = expectedState(from, step);
        expect(String(actual.value), where).toBe(state);
        const checks = h.inputs('checkAvailability');
        const saves = h.inputs('save');
        const startsCheck = state === 'checking' && String(from?.value) !== 'checking';
        expect(checks.length - before.checks, `${where}: availability asked`).toBe(startsCheck ? 1 : 0);
        if (startsCheck) expect(checks.at(-1), where).toEqual({ slug: actual.context.text.trim() });
        const startsSave = state === 'saving' && String(from?.value) !== 'saving';
        expect(saves.length - before.saves, `${where}: saves`).toBe(startsSave ? 1 : 0);
        // Nothing that breaks the rule is ever asked about or saved.
        for (const asked of [...checks, ...saves] as Array<{ slug?: string; subdomain?: string }>) expect(followsRule(asked.slug ?? asked.subdomain ?? ''), where).toBe(true);
        const view = selectSubdomainView(actual);
        expect(view.canSave, where).toBe(state === 'available' || state === 'saveFailed');
      },
    });
  });
});

describe('subdomain field machine: pinned transitions', () => {
  it('asks once typing pauses, with the lower-cased text, and the timer restarts on each keystroke', async () => {
    const h = createHarness();
    h.start();
    h.send({ type: 'TYPE', text: 'Nou' });
    await h.elapse(DEBOUNCE_MS - 1);
    h.send({ type: 'TYPE', text: 'Nouvelle' });
    await h.elapse(DEBOUNCE_MS - 1);
    expect(h.inputs('checkAvailability')).toEqual([]);
    await h.elapse(1);
    expect(h.inputs('checkAvailability')).toEqual([{ slug: 'nouvelle' }]);
    expect(selectSubdomainView(h.snapshot()).status).toBe('pending');
  });

  it('drops the answer of a check overtaken by typing, and saving makes the new subdomain the saved one', async () => {
    const h = createHarness();
    h.start();
    h.send({ type: 'TYPE', text: 'premiere' });
    await h.elapse(DEBOUNCE_MS);
    h.send({ type: 'TYPE', text: 'seconde' });
    expect(h.aborted).toEqual(['checkAvailability']);
    await h.elapse(DEBOUNCE_MS);
    await h.settle('checkAvailability', { type: 'xstate.done.actor.checkAvailability', output: { available: true } });
    h.send({ type: 'SAVE' });
    expect(h.inputs('save')).toEqual([{ subdomain: 'seconde' }]);
    await h.settle('save', { type: 'xstate.done.actor.save', output: undefined });
    expect(h.snapshot().value).toBe('saved');
    expect(h.snapshot().context.saved).toBe('seconde');
    h.send({ type: 'TYPE', text: 'seconde' });
    expect(h.snapshot().value).toBe('unchanged');
  });
});
