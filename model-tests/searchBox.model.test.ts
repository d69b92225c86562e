/**
 * Model-based tests of machines/searchBox (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition, walked against a REAL actor on a simulated clock (the DEBOUNCE step advances the clock by
 * the delay, checking nothing happens a millisecond before) whose `publish` action is recorded; plus
 * hand-pinned transitions (the timer restarts on each keystroke, Enter searches at once, clear empties at
 * once, the query is trimmed, a new search goes back to page 1, the address is told only of real changes).
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
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
const page = (n: number) => ({ type: 'PAGE', page: n }) as const;
const AFTER = { type: 'xstate.after.DEBOUNCE.searchBox.typing' } as const;

const events = {
  TYPE: [type('se'), type(' seo '), type('')],
  SUBMIT: [SUBMIT],
  CLEAR: [CLEAR],
  PAGE: [page(2), page(1)],
  'xstate.after.DEBOUNCE.searchBox.typing': [AFTER],
} satisfies EventVariants<SearchModelEvent>;

// ─── Oracle, from the chart ──────────────────────────────────────────────────────────────────────

type Published = { query: string; page: number };
type Expected = { value: 'idle' | 'typing'; context: { text: string; query: string; page: number }; published: Published[] };

function expectedAfter(from: SearchSnapshot | undefined, step: SearchStep, input: SearchBoxInput): Expected {
  const { event } = step;
  if (event.type === 'xstate.init' || !from) {
    const query = (input.query ?? '').trim();
    return { value: 'idle', context: { text: input.query ?? '', query, page: input.page ?? 1 }, published: [] };
  }
  const value = from.value as 'idle' | 'typing';
  const { text, query, page: current } = from.context;
  /** The search runs the trimmed text: a different one starts on page 1 and is published. */
  const search = (next: 'idle'): Expected =>
    text.trim() === query ? { value: next, context: { text, query, page: current }, published: [] } : { value: next, context: { text, query: text.trim(), page: 1 }, published: [{ query: text.trim(), page: 1 }] };
  switch (event.type) {
    case 'CLEAR':
      return { value: 'idle', context: { text: '', query: '', page: 1 }, published: query === '' && current === 1 ? [] : [{ query: '', page: 1 }] };
    case 'PAGE':
      return event.page === current ? { value, context: from.context, published: [] } : { value, context: { text, query, page: event.page }, published: [{ query, page: event.page }] };
    case 'TYPE':
      return { value: 'typing', context: { text: event.text, query, page: current }, published: [] };
    case 'SUBMIT':
      return search('idle');
    case 'xstate.after.DEBOUNCE.searchBox.typing':
      return search('idle');
  }
}

const expectedView = (s: SearchSnapshot) => ({ text: s.context.text, query: s.context.query, page: s.context.page, isSearching: s.context.query !== '', isTyping: s.value === 'typing' });

// ─── Harness ─────────────────────────────────────────────────────────────────────────────────────

function createSearchHarness(input: SearchBoxInput) {
  const published: Published[] = [];
  const h = createActorHarness(searchBoxMachine, { clock: new SimulatedClock(), input, actions: { publish: (_, params: Published) => void published.push(params) } });
  return Object.assign(h, { published });
}
type SearchHarness = ReturnType<typeof createSearchHarness>;
type Executor = (h: SearchHarness, step: SearchStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as SearchBoxEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  TYPE: send,
  SUBMIT: send,
  CLEAR: send,
  PAGE: send,
  'xstate.after.DEBOUNCE.searchBox.typing': (h) => h.wait(DEBOUNCE_MS),
} satisfies Record<SearchModelEvent['type'] | InitEvent['type'], Executor>;

const variants = [
  { name: 'empty box', input: {} },
  { name: 'opened with a search', input: { query: 'excel' } },
  { name: 'opened on page 3 of a search (from the address)', input: { query: 'excel', page: 3 } },
] as const satisfies ReadonlyArray<{ name: string; input: SearchBoxInput }>;

const generated = variants.map((variant) => {
  const { shortest, transitions } = generatePaths<typeof searchBoxMachine, SearchModelEvent>(searchBoxMachine, { events, input: variant.input });
  return { ...variant, paths: dropPrefixPaths([...shortest, ...transitions] as SearchPath[]) };
});

const walk = (path: SearchPath, input: SearchBoxInput) =>
  walkPath(path, {
    harness: () => createSearchHarness(input),
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => h.published.length,
    check: ({ harness: h, step, from, actual, before: publishedBefore, where }) => {
      expect({ value: actual.value, context: actual.context, published: h.published.slice(publishedBefore) }, `${where}: the chart`).toEqual(expectedAfter(from, step, input));
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
    expect(selectSearchBoxView(h.snapshot())).toEqual({ text: 'seo', query: 'seo', page: 1, isTyping: false, isSearching: true });
  });

  it('the query is trimmed; blanks mean no search', () => {
    const h = started();
    h.send(type('  excel  '));
    h.wait(DEBOUNCE_MS);
    expect(h.snapshot().context).toEqual({ text: '  excel  ', query: 'excel', page: 1 });
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
    expect(h.snapshot().context).toEqual({ text: '', query: '', page: 1 });
    h.clock.increment(DEBOUNCE_MS);
    expect(h.snapshot().context.query).toBe('');
  });

  it('a page belongs to its search: a new search starts on page 1, the same search keeps its page', () => {
    const h = started({ query: 'excel', page: 3 });
    expect(selectSearchBoxView(h.snapshot())).toMatchObject({ query: 'excel', page: 3 });
    h.send(type('excel '));
    h.wait(DEBOUNCE_MS);
    expect(h.snapshot().context.page).toBe(3);
    h.send(type('word'));
    h.send(SUBMIT);
    expect(h.snapshot().context).toEqual({ text: 'word', query: 'word', page: 1 });
    h.send(page(2));
    expect(h.snapshot().context.page).toBe(2);
    h.send(CLEAR);
    expect(h.snapshot().context).toEqual({ text: '', query: '', page: 1 });
    expect(h.published).toEqual([
      { query: 'word', page: 1 },
      { query: 'word', page: 2 },
      { query: '', page: 1 },
    ]);
  });

  it('a page from the address that is not a whole number ≥ 1 opens page 1; PAGE does the same', () => {
    for (const bad of [0, -2, 1.5, Number.NaN]) expect(started({ page: bad }).snapshot().context.page).toBe(1);
    const h = started({ page: 4 });
    h.send(page(Number.NaN));
    expect(h.snapshot().context.page).toBe(1);
  });

  it('without provide(), publish is not a silent no-op', () => {
    const errors: unknown[] = [];
    const actor = createActor(searchBoxMachine, { input: {} });
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.send(page(2));
    expect(String(errors[0])).toMatch(/publish not provided/);
  });
});
