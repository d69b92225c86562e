// @vitest-environment happy-dom
import { cleanup, render, renderHook } from '@testing-library/react';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type InspectionEvent } from 'xstate';
import { notProvided } from '../../../machines/support/notProvided';
import {
  connectInspector,
  createInspectedActor,
  createInspectedActorContext,
  useInspectedActorRef,
  useInspectedMachine,
} from '../../../src/app/inspector';

const toggle = setup({
  types: {} as { events: { type: 'TOGGLE' } },
  actions: { announce: notProvided('toggle', 'announce') },
}).createMachine({
  id: 'toggle',
  initial: 'off',
  states: { off: { on: { TOGGLE: { target: 'on', actions: 'announce' } } }, on: {} },
});
const provided = toggle.provide({ actions: { announce: () => {} } });

/** The ids of the actors the inspector heard of. */
function listen() {
  const actors = new Set<string>();
  connectInspector((event: InspectionEvent) => {
    if (event.type === '@xstate.actor') actors.add((event.actorRef as { id?: string }).id ?? event.actorRef.sessionId);
  });
  return actors;
}

afterEach(() => {
  connectInspector(undefined);
  cleanup();
});

describe('src/app/inspector: every machine the app runs is inspected', () => {
  it('useInspectedMachine, useInspectedActorRef and createInspectedActor report to the connected inspector', () => {
    const seen = listen();
    renderHook(() => useInspectedMachine(provided, { id: 'hook' }));
    renderHook(() => useInspectedActorRef(provided, { id: 'ref' }));
    createInspectedActor(provided, { id: 'plain' }).start();
    expect([...seen]).toEqual(expect.arrayContaining(['hook', 'ref', 'plain']));
  });

  it('an app-wide actor context reports to it too', () => {
    const seen = listen();
    const Toggle = createInspectedActorContext(toggle);
    render(
      <Toggle.Provider logic={provided} options={{ id: 'context' }}>
        <span />
      </Toggle.Provider>,
    );
    expect(seen).toContain('context');
  });

  it('without an inspector, machines run as before', () => {
    const { result } = renderHook(() => useInspectedMachine(provided));
    expect(result.current[0].value).toBe('off');
  });
});

describe('src/app/inspector: a machine missing a side effect does not start', () => {
  it('each helper throws, naming what provide() left out', () => {
    const message = 'toggle machine: actions.announce not provided';
    expect(() => createInspectedActor(toggle)).toThrow(message);
    expect(() => renderHook(() => useInspectedMachine(toggle))).toThrow(message);
    expect(() => renderHook(() => useInspectedActorRef(toggle))).toThrow(message);
    const Toggle = createInspectedActorContext(toggle);
    expect(() => render(<Toggle.Provider>{null}</Toggle.Provider>)).toThrow(message);
  });
});

describe('the lint rule keeps machines on the helper', () => {
  const eslint = new ESLint();
  const problems = async (code: string, filePath: string) =>
    (await eslint.lintText(code, { filePath })).flatMap((result) => result.messages.map((m) => m.ruleId));

  it('refuses useMachine, useActorRef, createActorContext and createActor in src/, not in the helper nor in tests', async () => {
    const code = [
      "import { useMachine, useActorRef, createActorContext, useSelector } from '@xstate/react';",
      "import { createActor, assign } from 'xstate';",
      'export const used = [useMachine, useActorRef, createActorContext, useSelector, createActor, assign];',
      '',
    ].join('\n');
    expect(await problems(code, 'src/pages/Probe.tsx')).toEqual(Array(4).fill('no-restricted-syntax'));
    expect(await problems(code, 'src/app/inspector.tsx')).toEqual([]);
    expect(await problems(code, 'tests/unit/probe.test.tsx')).toEqual([]);
  });
});
