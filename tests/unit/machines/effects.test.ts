import { createActor, fromPromise, setup, type AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { assertProvided, isNotProvided, missingImplementations, notProvided, notProvidedPromise } from '../../../machines/support/notProvided';
import { allMachines } from './machineRegistry';

/** A custom action: a plain function, not one of xstate's built-in action creators (assign, raise…, which carry a `type`). */
const isCustomAction = (implementation: unknown) => typeof implementation === 'function' && !('type' in implementation);

const entries = (machine: AnyStateMachine, kind: 'actions' | 'actors') =>
  Object.entries((machine.implementations as unknown as Record<string, Record<string, unknown>>)[kind] ?? {});

describe('side effects named in setup() (ARCHITECTURE rule 2)', () => {
  it('finds the machines of machines/', () => {
    expect(allMachines.length).toBeGreaterThanOrEqual(15);
  });

  describe.each(allMachines.map((m) => [m.file, m] as const))('%s', (_, { machine }) => {
    it('every custom action and every actor is a throwing default, never a silent no-op', () => {
      const silent = [
        ...entries(machine, 'actions')
          .filter(([, implementation]) => isCustomAction(implementation) && !isNotProvided(implementation))
          .map(([name]) => `actions.${name}`),
        ...entries(machine, 'actors')
          .filter(([, implementation]) => !isNotProvided(implementation))
          .map(([name]) => `actors.${name}`),
      ];
      expect(silent).toEqual([]);
    });

    it('each default throws "<name> not provided" when run', async () => {
      for (const [name, implementation] of entries(machine, 'actions').filter(([, i]) => isNotProvided(i))) {
        expect(() => (implementation as (args: unknown, params: unknown) => void)({}, {})).toThrow(`${name} not provided`);
      }
      for (const [name, logic] of entries(machine, 'actors')) {
        const errors: unknown[] = [];
        const actor = createActor(logic as never, { input: {} as never });
        actor.subscribe({ error: (error) => errors.push(error) });
        actor.start();
        await new Promise((resolve) => setImmediate(resolve));
        expect(String(errors[0]), `actors.${name}`).toContain(`${name} not provided`);
      }
    });
  });
});

describe('missingImplementations / assertProvided', () => {
  const machine = setup({
    actors: { load: notProvidedPromise<string>('demo', 'load') },
    actions: { notify: notProvided<{ text: string }>('demo', 'notify'), forget: notProvided('demo', 'forget') },
  }).createMachine({ id: 'demo', initial: 'idle', states: { idle: {} } });

  it('lists what provide() left out, and nothing once everything is given', () => {
    expect(missingImplementations(machine)).toEqual(['actions.notify', 'actions.forget', 'actors.load']);
    const partly = machine.provide({ actions: { notify: () => {} } });
    expect(missingImplementations(partly)).toEqual(['actions.forget', 'actors.load']);
    expect(() => assertProvided(partly)).toThrow('demo machine: actions.forget, actors.load not provided');
    const fully = partly.provide({ actions: { forget: () => {} }, actors: { load: fromPromise(async () => 'loaded') } });
    expect(missingImplementations(fully)).toEqual([]);
    expect(assertProvided(fully)).toBe(fully);
  });

  it('a default action fails the actor that runs it, naming it', () => {
    const errors: unknown[] = [];
    const actor = createActor(
      setup({ actions: { forgetToken: notProvided('auth', 'forgetToken') } }).createMachine({ entry: 'forgetToken' }),
    );
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(String(errors[0])).toBe('Error: auth machine: forgetToken not provided (supply it with machine.provide())');
  });
});
