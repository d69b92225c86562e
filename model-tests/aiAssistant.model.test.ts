/**
 * Model-based tests of machines/aiAssistant (ARCHITECTURE rule 7): the AI writer. Generated paths over every state,
 * walked against a real actor whose `generate` callback is a fake recording each start and each stop (a stop is the
 * stream's abort: cancel). The stream's own events (DELTA, DONE, FAILED) are sent as the fake would send them back.
 * The oracle is the chart, written again here.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { aiAssistantMachine, type AiAssistantEvent, type AiRequest, type AiStreamEvent } from '../machines/aiAssistant/aiAssistant.machine';
import { selectAiAssistantView } from '../machines/aiAssistant/aiAssistant.selectors';
import { describePath, dropPrefixPaths, generatePaths, type EventVariants, type InitEvent, type ModelPath, type ModelStep } from './support/graph';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type Snapshot = SnapshotFrom<typeof aiAssistantMachine>;
type Step = ModelStep<Snapshot, AiAssistantEvent>;

const failure: Failure = { status: 503, code: 'AI_UNAVAILABLE', message: 'L’assistant IA ne répond pas', fieldErrors: {} };
const input = { type: 'title_ideas' as const };
const events = {
  SET_TYPE: [{ type: 'SET_TYPE', value: 'sales_page' }],
  CHANGE_INPUT: [
    { type: 'CHANGE_INPUT', value: 'Yoga pour débutants' },
    { type: 'CHANGE_INPUT', value: '   ' },
  ],
  CHOOSE_BUYABLE: [{ type: 'CHOOSE_BUYABLE', value: { type: 'TRAINING', uuid: '00000000-0000-4000-8000-000000000001' } }],
  SUBMIT: [{ type: 'SUBMIT' }],
  CANCEL: [{ type: 'CANCEL' }],
  // DELTA appends to the text: generated, it would make the graph endless; the pinned test streams pieces instead.
  DELTA: [],
  DONE: [{ type: 'DONE', result: { uuid: 'c1', content: 'Dix titres', credits_used: 1 } }],
  FAILED: [{ type: 'FAILED', failure }],
} satisfies EventVariants<AiAssistantEvent>;

/** A real actor; its `generate` records what it was started with and when it was stopped. */
function createHarness() {
  const starts: AiRequest[] = [];
  let stops = 0;
  const errors: unknown[] = [];
  const actor = createActor(
    aiAssistantMachine.provide({
      actors: {
        generate: fromCallback<AiStreamEvent, AiRequest>(({ input: request }) => {
          starts.push(request);
          return () => {
            stops += 1;
          };
        }),
      },
    }),
    { input },
  );
  actor.subscribe({ error: (error) => errors.push(error) });
  return {
    actor,
    starts,
    stops: () => stops,
    errors,
    snapshot: () => actor.getSnapshot(),
  };
}
type Harness = ReturnType<typeof createHarness>;

function expectedState(from: Snapshot | undefined, { event }: Step): string {
  if (!from) return 'idle';
  const at = String(from.value);
  if (at === 'streaming') {
    if (event.type === 'DONE') return 'done';
    if (event.type === 'FAILED') return 'failed';
    if (event.type === 'CANCEL') return 'cancelled';
    return 'streaming';
  }
  if (event.type === 'SUBMIT' && from.context.request.input.trim() !== '') return 'streaming';
  return at;
}

const executors = {
  'xstate.init': (h) => h.actor.start(),
  SET_TYPE: (h, { event }) => h.actor.send(event as AiAssistantEvent),
  CHANGE_INPUT: (h, { event }) => h.actor.send(event as AiAssistantEvent),
  CHOOSE_BUYABLE: (h, { event }) => h.actor.send(event as AiAssistantEvent),
  SUBMIT: (h, { event }) => h.actor.send(event as AiAssistantEvent),
  CANCEL: (h, { event }) => h.actor.send(event as AiAssistantEvent),
  DELTA: (h, { event }) => h.actor.send(event as AiAssistantEvent),
  DONE: (h, { event }) => h.actor.send(event as AiAssistantEvent),
  FAILED: (h, { event }) => h.actor.send(event as AiAssistantEvent),
} satisfies Record<AiAssistantEvent['type'] | InitEvent['type'], (h: Harness, step: Step) => unknown>;

const generated = generatePaths<typeof aiAssistantMachine, AiAssistantEvent>(aiAssistantMachine, { events, input });
const paths = dropPrefixPaths([...generated.shortest, ...generated.transitions]) as ModelPath<Snapshot, AiAssistantEvent>[];

describe('AI assistant machine: generated paths', () => {
  it('cover every state', () => {
    expectEveryStateCovered(aiAssistantMachine, [{ paths, input }]);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walkPath(path, {
      harness: createHarness,
      execute: (h, step) => executors[step.event.type as keyof typeof executors](h, step as never),
      mark: (h) => ({ starts: h.starts.length, stops: h.stops() }),
      check: ({ harness: h, step, from, actual, before, where }) => {
        const state = expectedState(from, step);
        expect(String(actual.value), where).toBe(state);
        const started = state === 'streaming' && String(from?.value) !== 'streaming';
        const left = String(from?.value) === 'streaming' && state !== 'streaming';
        expect(h.starts.length - before.starts, `${where}: streams started`).toBe(started ? 1 : 0);
        expect(h.stops() - before.stops, `${where}: streams stopped`).toBe(left ? 1 : 0);
        if (started) expect(h.starts.at(-1), where).toEqual({ ...from!.context.request, input: from!.context.request.input.trim() });
      },
    });
  });
});

describe('AI assistant machine: pinned transitions', () => {
  it('refuses an empty request, streams the text piece by piece, keeps the result, and cancelling stops the stream', () => {
    const h = createHarness();
    h.actor.start();
    h.actor.send({ type: 'SUBMIT' });
    expect(selectAiAssistantView(h.snapshot()).inputMissing).toBe(true);
    h.actor.send({ type: 'CHANGE_INPUT', value: ' Yoga ' });
    h.actor.send({ type: 'SUBMIT' });
    expect(h.starts).toEqual([{ type: 'title_ideas', input: 'Yoga', buyable: null }]);
    h.actor.send({ type: 'DELTA', text: 'Dix ' });
    h.actor.send({ type: 'DELTA', text: 'titres' });
    expect(selectAiAssistantView(h.snapshot())).toMatchObject({ isStreaming: true, text: 'Dix titres' });
    h.actor.send({ type: 'DONE', result: { uuid: 'c1', content: 'Dix titres.', credits_used: 1 } });
    expect(selectAiAssistantView(h.snapshot())).toMatchObject({ isDone: true, text: 'Dix titres.', result: { uuid: 'c1' } });
    h.actor.send({ type: 'SUBMIT' });
    expect(selectAiAssistantView(h.snapshot())).toMatchObject({ isStreaming: true, text: '', result: null });
    h.actor.send({ type: 'DELTA', text: 'Début' });
    h.actor.send({ type: 'CANCEL' });
    expect(h.stops()).toBe(2);
    expect(selectAiAssistantView(h.snapshot())).toMatchObject({ isCancelled: true, text: 'Début', failure: null });
  });
});
