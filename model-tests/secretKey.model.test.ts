/**
 * Model-based tests of machines/secretKey (ARCHITECTURE rule 7): a personal API key or store secret, shown once.
 * Generated paths over every state, walked against a real actor whose `generate` and `revoke` are controllable
 * fakes and whose `changed` action is recorded; the oracle is the chart, written again here.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { secretKeyMachine, type SecretKeyEvent } from '../machines/secretKey/secretKey.machine';
import { selectSecretKeyView } from '../machines/secretKey/secretKey.selectors';
import { describePath, dropPrefixPaths, generatePaths, type DoneActorEvent, type ErrorActorEvent, type EventVariants, type InitEvent, type ModelPath, type ModelStep } from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type ModelEvent = SecretKeyEvent | DoneActorEvent<'generate', { key: string }> | ErrorActorEvent<'generate'> | DoneActorEvent<'revoke', unknown> | ErrorActorEvent<'revoke'>;
type Snapshot = SnapshotFrom<typeof secretKeyMachine>;
type Step = ModelStep<Snapshot, ModelEvent>;

const SECRET = 'cpk_secret-shown-once';
const wrongPassword: Failure = { status: 422, code: 'VALIDATION_FAILED', message: 'Mot de passe incorrect', fieldErrors: { password: ['Mot de passe incorrect'] } };
const events = {
  GENERATE: [{ type: 'GENERATE' }],
  HIDE: [{ type: 'HIDE' }],
  REVOKE: [{ type: 'REVOKE' }],
  CONFIRM: [{ type: 'CONFIRM', password: 'mot-de-passe' }],
  CANCEL: [{ type: 'CANCEL' }],
  'xstate.done.actor.generate': [{ type: 'xstate.done.actor.generate', output: { key: SECRET } }],
  'xstate.error.actor.generate': [{ type: 'xstate.error.actor.generate', error: wrongPassword }],
  'xstate.done.actor.revoke': [{ type: 'xstate.done.actor.revoke', output: undefined }],
  'xstate.error.actor.revoke': [{ type: 'xstate.error.actor.revoke', error: wrongPassword }],
} satisfies EventVariants<ModelEvent>;

function expected(from: Snapshot | undefined, { event }: Step): { state: string; secretShown: boolean; changed: boolean } {
  if (!from) return { state: 'idle', secretShown: false, changed: false };
  const at = String(from.value);
  const stay = { state: at, secretShown: at === 'revealed', changed: false };
  if (at === 'idle' && event.type === 'GENERATE') return { state: 'generating', secretShown: false, changed: false };
  if ((at === 'idle' || at === 'revealed') && event.type === 'REVOKE') return { state: 'confirming', secretShown: false, changed: false };
  if (at === 'generating' && event.type === 'xstate.done.actor.generate') return { state: 'revealed', secretShown: true, changed: true };
  if (at === 'generating' && event.type === 'xstate.error.actor.generate') return { state: 'idle', secretShown: false, changed: false };
  if (at === 'revealed' && event.type === 'HIDE') return { state: 'idle', secretShown: false, changed: false };
  if (at === 'confirming' && event.type === 'CONFIRM') return { state: 'revoking', secretShown: false, changed: false };
  if (at === 'confirming' && event.type === 'CANCEL') return { state: 'idle', secretShown: false, changed: false };
  if (at === 'revoking' && event.type === 'xstate.done.actor.revoke') return { state: 'idle', secretShown: false, changed: true };
  if (at === 'revoking' && event.type === 'xstate.error.actor.revoke') return { state: 'confirming', secretShown: false, changed: false };
  return stay;
}

const createHarness = () => {
  const changed: number[] = [];
  const harness = createActorHarness<typeof secretKeyMachine, 'generate' | 'revoke'>(secretKeyMachine, { actors: ['generate', 'revoke'], actions: { changed: () => void changed.push(1) } });
  return Object.assign(harness, { changed });
};
type Harness = ReturnType<typeof createHarness>;
const executors = {
  'xstate.init': (h) => h.start(),
  GENERATE: (h) => h.send({ type: 'GENERATE' }),
  HIDE: (h) => h.send({ type: 'HIDE' }),
  REVOKE: (h) => h.send({ type: 'REVOKE' }),
  CONFIRM: (h, { event }) => h.send(event as SecretKeyEvent),
  CANCEL: (h) => h.send({ type: 'CANCEL' }),
  'xstate.done.actor.generate': (h, { event }) => h.settle('generate', event),
  'xstate.error.actor.generate': (h, { event }) => h.settle('generate', event),
  'xstate.done.actor.revoke': (h, { event }) => h.settle('revoke', event),
  'xstate.error.actor.revoke': (h, { event }) => h.settle('revoke', event),
} satisfies Record<ModelEvent['type'] | InitEvent['type'], (h: Harness, step: Step) => unknown>;

const generated = generatePaths<typeof secretKeyMachine, ModelEvent>(secretKeyMachine, { events });
const paths = dropPrefixPaths([...generated.shortest, ...generated.transitions]) as ModelPath<Snapshot, ModelEvent>[];

describe('secret key machine: generated paths', () => {
  it('cover every state', () => {
    expectEveryStateCovered(secretKeyMachine, [{ paths, input: undefined }]);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walkPath(path, {
      harness: createHarness,
      execute: (h, step) => executors[step.event.type](h, step),
      mark: (h) => h.changed.length,
      check: ({ harness: h, step, from, actual, before, where }) => {
        const want = expected(from, step);
        expect(String(actual.value), where).toBe(want.state);
        // The secret is on screen only right after it was generated.
        expect(selectSecretKeyView(actual).secret, where).toBe(want.secretShown ? SECRET : null);
        expect(h.changed.length - before, `${where}: key list refreshed`).toBe(want.changed ? 1 : 0);
      },
    });
  });
});

describe('secret key machine: pinned transitions', () => {
  it('sends the password with the revocation and keeps the dialog open on a wrong one', async () => {
    const h = createHarness();
    h.start();
    h.send({ type: 'REVOKE' });
    h.send({ type: 'CONFIRM', password: 'faux' });
    expect(h.inputs('revoke')).toEqual([{ password: 'faux' }]);
    await h.settle('revoke', { type: 'xstate.error.actor.revoke', error: wrongPassword });
    expect(selectSecretKeyView(h.snapshot())).toMatchObject({ confirming: true, revoking: false, failure: wrongPassword });
  });
});
