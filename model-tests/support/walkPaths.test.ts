import { describe, expect, it } from 'vitest';
import { createActor, setup, type AnyStateMachine } from 'xstate';
import { generatePaths } from './graph';
import { expectEveryStateCovered, walkPath } from './walkPaths';

type Event = { type: 'GO' } | { type: 'BACK' };
const events = { GO: [{ type: 'GO' }], BACK: [{ type: 'BACK' }] } as const;

const machine = setup({ types: {} as { events: Event } }).createMachine({
  id: 'demo',
  initial: 'a',
  states: { a: { on: { GO: 'b' } }, b: { on: { BACK: 'a' } }, orphan: {} },
});
const reachable = setup({ types: {} as { events: Event } }).createMachine({
  id: 'demo',
  initial: 'a',
  states: { a: { on: { GO: 'b' } }, b: { on: { BACK: 'a' } } },
});

const pathsOf = (m: AnyStateMachine) => {
  const { shortest, transitions } = generatePaths(m, { events });
  return [...shortest, ...transitions];
};

function harness(m: typeof reachable) {
  const actor = createActor(m);
  const errors: unknown[] = [];
  actor.subscribe({ error: (e) => errors.push(e) });
  return { actor, errors, snapshot: () => actor.getSnapshot() };
}

describe('walkPaths support', () => {
  it('the coverage check fails on a state no generated path reaches', () => {
    expect(() => expectEveryStateCovered(machine, [{ paths: pathsOf(machine) }])).toThrow(/states no generated path reaches/);
    expect(() => expectEveryStateCovered(reachable, [{ paths: pathsOf(reachable) }])).not.toThrow();
  });

  it('walkPath fails when the actor disagrees with the reference model', async () => {
    const [path] = pathsOf(reachable).filter((p) => p.steps.length === 2);
    const walk = (wrongAfterGo: boolean) =>
      walkPath<ReturnType<typeof harness>, ReturnType<ReturnType<typeof harness>['snapshot']>, Event, undefined, string>(path as never, {
        harness: () => harness(reachable),
        execute: (h, step) => (step.event.type === 'xstate.init' ? h.actor.start() : h.actor.send(step.event as Event)),
        model: (_, step) => (step.event.type === 'GO' ? (wrongAfterGo ? 'a' : 'b') : 'a'),
        check: ({ actual, expected, where }) => expect(actual.value, where).toBe(expected),
      });
    await expect(walk(false)).resolves.toBeUndefined();
    await expect(walk(true)).rejects.toThrow(/step 1 \(GO\)/);
  });
});
