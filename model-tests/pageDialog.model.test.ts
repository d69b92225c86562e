/**
 * Model-based tests of machines/pageDialog (ARCHITECTURE rule 7): xstate/graph paths over every
 * state and transition, walked against a real actor whose `fetchPage` actor is a controllable fake
 * answering from a fake site; plus hand-pinned transitions (a cached slug is never fetched again)
 * and the actor factory (an empty list is "not found").
 */
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createPageDialogActors } from '../machines/pageDialog/pageDialog.actors';
import { pageDialogMachine, type PageDialogEvent } from '../machines/pageDialog/pageDialog.machine';
import { selectPageDialogView } from '../machines/pageDialog/pageDialog.selectors';
import type { Page } from '../machines/pageDialog/pageDialog.types';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  leafStates,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { createActorHarness, flush } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type PageDialogModelEvent = PageDialogEvent | DoneActorEvent<'fetchPage', Page | null> | ErrorActorEvent<'fetchPage'>;
type PageDialogSnapshot = SnapshotFrom<typeof pageDialogMachine>;
type PageDialogPath = ModelPath<PageDialogSnapshot, PageDialogModelEvent>;
type PageDialogStep = ModelStep<PageDialogSnapshot, PageDialogModelEvent>;
type PageDialogRestingState = 'closed' | 'open.loading' | 'open.shown' | 'open.notFound' | 'open.failed';

const legalNotice: Page = {
  id: 7,
  slug: 'mentions-legales',
  title: { rendered: 'Mentions légales' },
  content: { rendered: '<p>Éditeur du site…</p>' },
  modified_at: '2025-03-01T10:00:00.000Z',
};
/** The fake site: what GET /pages/?slug= finds for each slug the model asks for (null: an empty list). */
const site: Record<string, Page | null> = { 'mentions-legales': legalNotice, 'ancienne-page': null };
const networkDown: Failure = { status: null, code: 'NETWORK', message: 'Failed to fetch', fieldErrors: {} };
const serverError: Failure = { status: 500, code: 'INTERNAL', message: 'Erreur', fieldErrors: {} };

const pageDialogEvents = {
  OPEN: [
    { type: 'OPEN', slug: 'mentions-legales' },
    { type: 'OPEN', slug: 'ancienne-page' },
  ],
  CLOSE: [{ type: 'CLOSE' }],
  RETRY: [{ type: 'RETRY' }],
  'xstate.done.actor.fetchPage': [
    { type: 'xstate.done.actor.fetchPage', output: legalNotice },
    { type: 'xstate.done.actor.fetchPage', output: null },
  ],
  'xstate.error.actor.fetchPage': [
    { type: 'xstate.error.actor.fetchPage', error: networkDown },
    { type: 'xstate.error.actor.fetchPage', error: serverError },
  ],
} satisfies EventVariants<PageDialogModelEvent>;

/** The slug the running fetch was asked for (read from the child actor's input). */
const fetchingSlug = (snapshot: PageDialogSnapshot): string | undefined =>
  (snapshot.children as Record<string, { getSnapshot(): { input?: { slug: string } } } | undefined>).fetchPage?.getSnapshot().input?.slug;

/** A fetch answers what the site holds for the slug asked (no page of another slug). */
const answersTheSlugAsked = (snapshot: PageDialogSnapshot, event: PageDialogModelEvent) =>
  event.type !== 'xstate.done.actor.fetchPage' || site[fetchingSlug(snapshot)!] === event.output;

// ─── Harness: a real actor, the fake fetch settled by the test ───────────────────────────────────

function createPageDialogHarness() {
  return createActorHarness<typeof pageDialogMachine, 'fetchPage'>(pageDialogMachine, { actors: ['fetchPage'] });
}
type PageDialogHarness = ReturnType<typeof createPageDialogHarness>;

// ─── Executors: one per event type (a new event without an executor does not compile) ───────────

type Executor = (harness: PageDialogHarness, step: PageDialogStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as PageDialogEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  OPEN: send,
  CLOSE: send,
  RETRY: send,
  'xstate.done.actor.fetchPage': (h, { event }) => h.settle('fetchPage', event),
  'xstate.error.actor.fetchPage': (h, { event }) => h.settle('fetchPage', event),
} satisfies Record<PageDialogModelEvent['type'] | InitEvent['type'], Executor>;

// ─── Oracles, written from the chart ─────────────────────────────────────────────────────────────

/** Where a step must lead. */
function expectedState(from: PageDialogSnapshot | undefined, step: PageDialogStep): PageDialogRestingState {
  const { event } = step;
  if (event.type === 'xstate.init' || !from) return 'closed';
  const now = leafStates(from.value)[0] as PageDialogRestingState;
  switch (event.type) {
    case 'OPEN': {
      if (now === 'open.loading' && from.context.slug === event.slug) return now;
      const cached = from.context.cache[event.slug];
      return cached === undefined ? 'open.loading' : cached === null ? 'open.notFound' : 'open.shown';
    }
    case 'CLOSE':
      return 'closed';
    case 'RETRY':
      return now === 'open.failed' ? 'open.loading' : now;
    case 'xstate.done.actor.fetchPage':
      return event.output === null ? 'open.notFound' : 'open.shown';
    case 'xstate.error.actor.fetchPage':
      return 'open.failed';
  }
}

/** The fetches a step must start: an unfetched slug on OPEN (unless it is the one loading), RETRY. */
function expectedFetches(from: PageDialogSnapshot | undefined, step: PageDialogStep): Array<{ slug: string }> {
  const { event } = step;
  if (!from) return [];
  if (event.type === 'OPEN') {
    const alreadyLoading = from.matches({ open: 'loading' }) && from.context.slug === event.slug;
    return event.slug in from.context.cache || alreadyLoading ? [] : [{ slug: event.slug }];
  }
  if (event.type === 'RETRY' && from.matches({ open: 'failed' })) return [{ slug: from.context.slug! }];
  return [];
}

const flags = {
  closed: { isOpen: false, isLoading: false, isNotFound: false, isFailed: false },
  'open.loading': { isOpen: true, isLoading: true, isNotFound: false, isFailed: false },
  'open.shown': { isOpen: true, isLoading: false, isNotFound: false, isFailed: false },
  'open.notFound': { isOpen: true, isLoading: false, isNotFound: true, isFailed: false },
  'open.failed': { isOpen: true, isLoading: false, isNotFound: false, isFailed: true },
} satisfies Record<PageDialogRestingState, Partial<ReturnType<typeof selectPageDialogView>>>;

// ─── Generated paths ─────────────────────────────────────────────────────────────────────────────

const generated = generatePaths(pageDialogMachine, { events: pageDialogEvents, filterEvents: answersTheSlugAsked });
const paths = dropPrefixPaths([...generated.shortest, ...generated.transitions]) as PageDialogPath[];

const walk = (path: PageDialogPath) =>
  walkPath(path, {
    harness: () => createPageDialogHarness(),
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ fetchedBefore: h.inputs('fetchPage').length }),
    check: ({ harness: h, step, from, actual, before: { fetchedBefore }, where }) => {
      expect(actual.status, where).toBe('active');
      const leaf = leafStates(actual.value)[0] as PageDialogRestingState;
      expect(leaf, where).toBe(expectedState(from, step));
      expect(selectPageDialogView(actual), where).toEqual({
        ...flags[leaf],
        page: leaf === 'open.shown' ? site[actual.context.slug!] : null,
        error: leaf === 'open.failed' ? actual.context.error : null,
      });
      expect(h.inputs('fetchPage').slice(fetchedBefore), `${where}: fetches`).toEqual(expectedFetches(from, step));
    },
  });

describe('page dialog machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(pageDialogMachine)).toEqual(['fetchPage']);
    const explored = new Set(flattenEvents(pageDialogEvents).map((e) => e.type));
    for (const type of pageDialogMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths cover every state of the machine definition', () => {
    expectEveryStateCovered(pageDialogMachine, [{ paths }]);
    expect(Object.keys(flags).sort()).toEqual([...allLeafStates(pageDialogMachine)].sort());
  });

  it('paths take every event type, and reach a state where both slugs are cached', () => {
    const taken = new Set(paths.flatMap((path) => path.steps.map((s) => s.event.type)));
    for (const type of pageDialogMachine.events) expect(taken).toContain(type);
    expect(generated.shortest.some((path) => Object.keys(path.state.context.cache).length === 2)).toBe(true);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
    await walk(path);
  });
});

// ─── Hand-pinned transitions ─────────────────────────────────────────────────────────────────────

const done = (output: Page | null) => ({ type: 'xstate.done.actor.fetchPage', output }) as const;
const failed = (error: Failure) => ({ type: 'xstate.error.actor.fetchPage', error }) as const;
function started() {
  const h = createPageDialogHarness();
  h.start();
  return h;
}

describe('page dialog machine: pinned transitions', () => {
  it('unfetched → loading → shown, then a cache hit: reopening shows it at once without fetching', async () => {
    const h = started();
    expect(h.snapshot().value).toBe('closed');
    h.send({ type: 'OPEN', slug: 'mentions-legales' });
    expect(selectPageDialogView(h.snapshot())).toMatchObject({ isOpen: true, isLoading: true, page: null });
    await h.settle('fetchPage', done(legalNotice));
    expect(selectPageDialogView(h.snapshot())).toMatchObject({ isOpen: true, isLoading: false, page: legalNotice });
    h.send({ type: 'CLOSE' });
    expect(selectPageDialogView(h.snapshot())).toMatchObject({ isOpen: false, page: null });
    h.send({ type: 'OPEN', slug: 'mentions-legales' });
    expect(h.snapshot().value).toEqual({ open: 'shown' });
    expect(selectPageDialogView(h.snapshot()).page).toEqual(legalNotice);
    expect(h.inputs('fetchPage')).toEqual([{ slug: 'mentions-legales' }]);
  });

  it('not found is cached too: reopening shows "not found" without fetching', async () => {
    const h = started();
    h.send({ type: 'OPEN', slug: 'ancienne-page' });
    await h.settle('fetchPage', done(null));
    expect(h.snapshot().value).toEqual({ open: 'notFound' });
    expect(h.snapshot().context.cache).toEqual({ 'ancienne-page': null });
    h.send({ type: 'CLOSE' });
    h.send({ type: 'OPEN', slug: 'ancienne-page' });
    expect(h.snapshot().value).toEqual({ open: 'notFound' });
    expect(h.inputs('fetchPage')).toHaveLength(1);
  });

  it('a failure is not cached: RETRY fetches the same slug again; the next OPEN fetches too', async () => {
    const h = started();
    h.send({ type: 'OPEN', slug: 'mentions-legales' });
    await h.settle('fetchPage', failed(networkDown));
    expect(h.snapshot().value).toEqual({ open: 'failed' });
    expect(selectPageDialogView(h.snapshot()).error).toEqual(networkDown);
    expect(h.snapshot().context.cache).toEqual({});
    h.send({ type: 'RETRY' });
    expect(h.snapshot().value).toEqual({ open: 'loading' });
    expect(h.snapshot().context.error).toBeNull();
    await h.settle('fetchPage', failed(serverError));
    h.send({ type: 'CLOSE' });
    h.send({ type: 'OPEN', slug: 'mentions-legales' });
    await h.settle('fetchPage', done(legalNotice));
    expect(h.snapshot().value).toEqual({ open: 'shown' });
    expect(h.inputs('fetchPage')).toEqual([{ slug: 'mentions-legales' }, { slug: 'mentions-legales' }, { slug: 'mentions-legales' }]);
  });

  it('OPEN of the slug being loaded keeps the one request; another slug replaces it', async () => {
    const h = started();
    h.send({ type: 'OPEN', slug: 'mentions-legales' });
    h.send({ type: 'OPEN', slug: 'mentions-legales' });
    expect(h.inputs('fetchPage')).toEqual([{ slug: 'mentions-legales' }]);
    h.send({ type: 'OPEN', slug: 'ancienne-page' });
    expect(h.inputs('fetchPage')).toEqual([{ slug: 'mentions-legales' }, { slug: 'ancienne-page' }]);
    await h.settle('fetchPage', done(null));
    expect(h.snapshot().context.cache).toEqual({ 'ancienne-page': null });
  });

  it('CLOSE while loading drops the request; RETRY and CLOSE do nothing while closed', async () => {
    const h = started();
    h.send({ type: 'RETRY' });
    h.send({ type: 'CLOSE' });
    expect(h.snapshot().value).toBe('closed');
    expect(h.inputs('fetchPage')).toEqual([]);
    h.send({ type: 'OPEN', slug: 'mentions-legales' });
    h.send({ type: 'CLOSE' });
    expect(h.snapshot().value).toBe('closed');
    expect(h.snapshot().children).toEqual({});
  });
});

describe('page dialog actors', () => {
  const run = async (list: { data: Page[] }) => {
    const calls: Array<{ slug: string; signal: AbortSignal }> = [];
    const { fetchPage } = createPageDialogActors({
      listPages: async (slug, signal) => {
        calls.push({ slug, signal });
        return list;
      },
    });
    const actor = createActor(fetchPage, { input: { slug: 'mentions-legales' } });
    const completed = new Promise<void>((resolve) => actor.subscribe({ complete: resolve }));
    actor.start();
    await completed;
    return { output: actor.getSnapshot().output, calls };
  };

  it('answers the first page of the list, or null for an empty list (not found)', async () => {
    const found = await run({ data: [legalNotice] });
    expect(found.output).toEqual(legalNotice);
    expect(found.calls.map((c) => c.slug)).toEqual(['mentions-legales']);
    expect(found.calls[0]!.signal).toBeInstanceOf(AbortSignal);
    expect((await run({ data: [] })).output).toBeNull();
  });

  it('forwards the abort signal: a stopped fetch is aborted and never settles', async () => {
    let received: AbortSignal | undefined;
    let answer: (list: { data: Page[] }) => void = () => {};
    const { fetchPage } = createPageDialogActors({
      listPages: (_, signal) => {
        received = signal;
        return new Promise((resolve) => (answer = resolve));
      },
    });
    const actor = createActor(fetchPage, { input: { slug: 'mentions-legales' } });
    actor.start();
    actor.stop();
    expect(received?.aborted).toBe(true);
    answer({ data: [legalNotice] });
    await flush();
    expect(actor.getSnapshot().status).toBe('stopped');
    expect(actor.getSnapshot().output).toBeUndefined();
  });
});
