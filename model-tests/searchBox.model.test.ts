/**
 * Model-based tests of machines/searchBox (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition, walked against a REAL actor on a simulated clock (the DEBOUNCE step advances the clock by
 * the delay, checking nothing happens a millisecond before); plus hand-pinned transitions (the timer
 * restarts on each keystroke, Enter searches at once, clear empties at once, the query is trimmed).
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, type SnapshotFrom } from 'xstate';
import { searchBoxMachine, type SearchBoxEvent, type SearchBoxInput } from '../machines/searchBox/searchBox.machine';
import { selectSearchBoxView } from '../machines/searchBox/searchBox.selectors';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  leafStates,
  type DelayedEvent,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type AfterDebounce = DelayedEvent<'DEBOUNCE', 'searchBox.typing'>;
type SearchModelEvent = SearchBoxEvent | AfterDebounce;
type SearchSnapshot = SnapshotFrom<typeof searchBoxMachine>;
type SearchPath = ModelPath<SearchSnapshot, SearchModelEvent>;
type SearchStep = ModelStep<SearchSnapshot, SearchModelEvent>;

/** The brief: no request per keystroke; 300 ms of pause is our reading (README). */
const DEBOUNCE_MS = 300;

const type = (text: string) => ({ type: 'TYPE', text }) as const;
const SUBMIT = { type: 'SUBMIT' } as const;
const CLEAR = { type: 'CLEAR' } as const;
const AFTER = { type: 'xstate.after.DEBOUNCE.searchBox.typing' } as const;

const events = {
  TYPE: [type('se'), type(' seo '), type('')],
  SUBMIT: [SUBMIT],
  CLEAR: [CLEAR],
  'xstate.after.DEBOUNCE.searchBox.typing': [AFTER],
} satisfies EventVariants<SearchModelEvent>;

// ─── Oracle, from the chart ──────────────────────────────────────────────────────────────────────

function expectedAfter(from: SearchSnapshot | undefined, step: SearchStep, input: SearchBoxInput) {
  const { event } = step;
  if (event.type === 'xstate.init' || !from) return { value: 'idle', context: { text: input.query ?? '', query: (input.query ?? '').trim() } };
  const { text, query } = from.context;
  switch (event.type) {
    case 'CLEAR':
      return { value: 'idle', context: { text: '', query: '' } };
    case 'TYPE':
      return { value: 'typing', context: { text: event.text, query } };
    case 'SUBMIT':
      return { value: 'idle', context: { text, query: text.trim() } };
    case 'xstate.after.DEBOUNCE.searchBox.typing':
      return { value: 'idle', context: { text, query: text.trim() } };
  }
}

const expectedView = (s: SearchSnapshot) => ({ text: s.context.text, query: s.context.query, isSearching: s.context.query !== '', isTyping: s.value === 'typing' });

// ─── Harness ─────────────────────────────────────────────────────────────────────────────────────

const createSearchHarness = (input: SearchBoxInput) => createActorHarness(searchBoxMachine, { clock: new SimulatedClock(), input });
type SearchHarness = ReturnType<typeof createSearchHarness>;
type Executor = (h: SearchHarness, step: SearchStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as SearchBoxEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  TYPE: send,
  SUBMIT: send,
  CLEAR: send,
  'xstate.after.DEBOUNCE.searchBox.typing': (h) => h.wait(DEBOUNCE_MS),
} satisfies Record<SearchModelEvent['type'] | InitEvent['type'], Executor>;

const variants = [
  { name: 'empty box', input: {} },
  { name: 'opened with a search', input: { query: 'excel' } },
] as const satisfies ReadonlyArray<{ name: string; input: SearchBoxInput }>;

const generated = variants.map((variant) => {
  const { shortest, transitions } = generatePaths<typeof searchBoxMachine, SearchModelEvent>(searchBoxMachine, { events, input: variant.input });
  return { ...variant, paths: dropPrefixPaths([...shortest, ...transitions] as SearchPath[]) };
});

const walk = (path: SearchPath, input: SearchBoxInput) =>
  walkPath(path, {
    harness: () => createSearchHarness(input),
    execute: (h, step) => executors[step.event.type](h, step),
    check: ({ step, from, actual, where }) => {
      expect({ value: actual.value, context: actual.context }, `${where}: the chart`).toEqual(expectedAfter(from, step, input));
      expect(selectSearchBoxView(actual), where).toEqual(expectedView(actual));
    },
  });

describe('search box machine: generated paths', () => {
  it('the model lists every event of the machine; there is no invoke', () => {
    expect(invokeIds(searchBoxMachine)).toEqual([]);
    const explored = new Set(flattenEvents<SearchModelEvent>(events).map((e) => e.type));
    for (const t of searchBoxMachine.events) expect(explored, `event ${t} is not explored`).toContain(t);
  });

  it('paths cover every state and take every event type', () => {
    const all = [...allLeafStates(searchBoxMachine)].sort();
    expect(all).toEqual(['idle', 'typing']);
    for (const { paths, input } of generated) {
      expectEveryStateCovered(searchBoxMachine, [{ paths, input }]);
      const taken = new Set(paths.flatMap((path) => path.steps.map((s) => s.event.type)));
      for (const t of searchBoxMachine.events) expect(taken, `no path takes ${t}`).toContain(t);
      expect(paths.flatMap((p) => p.steps).some((s) => leafStates(s.state.value).includes('typing'))).toBe(true);
    }
  });

  for (const { name, input, paths } of generated) {
    describe(name, () => {
      it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
        await walk(path, input);
      });
    });
  }
});

describe('search box machine: pinned transitions', () => {
  function started(input: SearchBoxInput = {}) {
    const h = createSearchHarness(input);
    h.start();
    return h;
  }

  it('typing waits for a 300 ms pause; each keystroke restarts the wait', () => {
    const h = started();
    h.send(type('s'));
    h.clock.increment(200);
    h.send(type('se'));
    h.clock.increment(200);
    h.send(type('seo'));
    expect(selectSearchBoxView(h.snapshot())).toMatchObject({ text: 'seo', query: '', isTyping: true, isSearching: false });
    h.wait(DEBOUNCE_MS);
    expect(selectSearchBoxView(h.snapshot())).toEqual({ text: 'seo', query: 'seo', isTyping: false, isSearching: true });
  });

  it('the query is trimmed; blanks mean no search', () => {
    const h = started();
    h.send(type('  excel  '));
    h.wait(DEBOUNCE_MS);
    expect(h.snapshot().context).toEqual({ text: '  excel  ', query: 'excel' });
    h.send(type('   '));
    h.wait(DEBOUNCE_MS);
    expect(selectSearchBoxView(h.snapshot())).toMatchObject({ query: '', isSearching: false });
  });

  it('Enter searches at once and the timer no longer fires', () => {
    const h = started();
    h.send(type('excel'));
    h.send(SUBMIT);
    expect(h.snapshot().value).toBe('idle');
    expect(h.snapshot().context.query).toBe('excel');
    const before = h.snapshot();
    h.clock.increment(DEBOUNCE_MS * 2);
    expect(h.snapshot()).toBe(before);
  });

  it('CLEAR empties the box and the search at once, also while typing', () => {
    const h = started({ query: 'excel' });
    expect(selectSearchBoxView(h.snapshot()).isSearching).toBe(true);
    h.send(type('excel 2'));
    h.send(CLEAR);
    expect(h.snapshot().value).toBe('idle');
    expect(h.snapshot().context).toEqual({ text: '', query: '' });
    h.clock.increment(DEBOUNCE_MS);
    expect(h.snapshot().context.query).toBe('');
  });
});
