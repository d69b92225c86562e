/**
 * Model-based tests of machines/notifications (ARCHITECTURE rule 7): paths generated with
 * xstate/graph over every state and transition (its own events, its five invokes' answers and its
 * two timers), each walked against a REAL actor whose API actors are controllable fakes, whose
 * `followLink` action is recorded and whose timers run on xstate's SimulatedClock: a delayed step
 * advances the clock by the delay the spec gives, checking that nothing happens one millisecond
 * before. Plus hand-pinned transitions (polling interval, no poll while open, backoff sequence and
 * reset, total_unread never negative, LOAD_MORE without links.next) and the actor factory.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createNotificationsActors } from '../machines/notifications/notifications.actors';
import { notificationsMachine, type NotificationsEvent } from '../machines/notifications/notifications.machine';
import {
  selectCanLoadMore,
  selectError,
  selectIsLoading,
  selectIsLoadingMore,
  selectItems,
  selectNotificationsView,
  selectUnreadCount,
} from '../machines/notifications/notifications.selectors';
import type { MarkAllReadResult, Notification, NotificationPage } from '../machines/notifications/notifications.types';
import {
  fixtures,
  notification,
  NOTIFICATIONS_INVOKE_IDS,
  NOTIFICATIONS_TRANSIENT_STATES,
  notificationsEvents,
  type NotificationsInvokeId,
  type NotificationsModelEvent,
  type NotificationsModelEventType,
  type NotificationsPath,
  type NotificationsRestingState,
  type NotificationsSnapshot,
  type NotificationsStep,
} from './notifications.fixtures';
import { describePath, dropPrefixPaths, flattenEvents, generatePaths, invokeIds, leafStates } from './support/graph';
import { createActorHarness, flush, type Invocation } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

// Written from the spec (sections 4 and 9) and the brief, not imported from the machine.
const POLL_MS = 300_000;
/** The wait before the n-th retry after n consecutive failures, the last one a network failure. */
const BACKOFF_MS = [30_000, 60_000, 120_000, 240_000, 300_000, 300_000, 300_000];
const backoffAfter = (failures: number) => BACKOFF_MS[Math.min(failures, BACKOFF_MS.length) - 1]!;

// ─── Harness: a real actor on a simulated clock, fake API actors settled by the test ────────────

type Call = Invocation<NotificationsInvokeId>;

function createNotificationsHarness() {
  const followed: Notification[] = [];
  const harness = createActorHarness<typeof notificationsMachine, NotificationsInvokeId>(notificationsMachine, {
    actors: ['fetchPage', 'markRead', 'markAllRead'],
    actions: { followLink: (_, params) => void followed.push(params.notification) },
    clock: new SimulatedClock(),
  });
  return Object.assign(harness, { followed });
}
type NotificationsHarness = ReturnType<typeof createNotificationsHarness>;

// ─── Executors: one per event type (a new event, invoke or timer without an executor does not compile) ──

type Executor = (harness: NotificationsHarness, step: NotificationsStep, from: NotificationsSnapshot | undefined) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as NotificationsEvent);
const settle =
  (id: NotificationsInvokeId): Executor =>
  (h, { event }) =>
    h.settle(id, event);

const executors = {
  'xstate.init': (h) => h.start(),
  OPEN: send,
  CLOSE: send,
  LOAD_MORE: send,
  MARK_READ: send,
  MARK_ALL_READ: send,
  STOP: send,
  'xstate.done.actor.poll': settle('poll'),
  'xstate.error.actor.poll': settle('poll'),
  'xstate.done.actor.refresh': settle('refresh'),
  'xstate.error.actor.refresh': settle('refresh'),
  'xstate.done.actor.loadMore': settle('loadMore'),
  'xstate.error.actor.loadMore': settle('loadMore'),
  'xstate.done.actor.markRead': settle('markRead'),
  'xstate.error.actor.markRead': settle('markRead'),
  'xstate.done.actor.markAllRead': settle('markAllRead'),
  'xstate.error.actor.markAllRead': settle('markAllRead'),
  'xstate.after.POLL_INTERVAL.notifications.closed.waiting': (h) => h.wait(POLL_MS),
  'xstate.after.RETRY_DELAY.notifications.closed.backingOff': (h, _, from) => h.wait(backoffAfter(from!.context.consecutiveFailures)),
} satisfies Record<NotificationsModelEventType, Executor>;

// ─── Oracles, written from the chart ─────────────────────────────────────────────────────────────

const inIdle = (s: NotificationsSnapshot | undefined) => !!s?.matches({ open: 'idle' });
const find = (s: NotificationsSnapshot, id: number) => s.context.items.find((item) => item.id === id);

/** The API calls a step must start, with their input. */
function expectedCalls(from: NotificationsSnapshot | undefined, step: NotificationsStep): Call[] {
  const { event } = step;
  if (event.type === 'xstate.init') return [{ id: 'poll', input: { page: 1 } }];
  if (!from) return [];
  switch (event.type) {
    case 'xstate.after.POLL_INTERVAL.notifications.closed.waiting':
    case 'xstate.after.RETRY_DELAY.notifications.closed.backingOff':
      return [{ id: 'poll', input: { page: 1 } }];
    case 'OPEN':
      return from.matches('closed') ? [{ id: 'refresh', input: { page: 1 } }] : [];
    case 'LOAD_MORE':
      return inIdle(from) && from.context.nextPage !== null ? [{ id: 'loadMore', input: { page: from.context.nextPage } }] : [];
    case 'MARK_READ':
      return inIdle(from) && find(from, event.id)?.read_at === null ? [{ id: 'markRead', input: { id: event.id } }] : [];
    case 'MARK_ALL_READ':
      return inIdle(from) ? [{ id: 'markAllRead', input: undefined }] : [];
    default:
      return [];
  }
}

/** The notifications a step must follow: the one marked read (as the server answers it), or a read one clicked. */
function expectedFollowed(from: NotificationsSnapshot | undefined, step: NotificationsStep): Notification[] {
  const { event } = step;
  if (event.type === 'xstate.done.actor.markRead') return [event.output];
  if (event.type === 'MARK_READ' && inIdle(from)) {
    const item = find(from!, event.id);
    return item && item.read_at !== null ? [item] : [];
  }
  return [];
}

/** The unread count after a step, when the step changes it. */
function expectedUnread(from: NotificationsSnapshot | undefined, step: NotificationsStep): number | undefined {
  const { event } = step;
  switch (event.type) {
    case 'xstate.done.actor.poll':
    case 'xstate.done.actor.refresh':
    case 'xstate.done.actor.loadMore':
      return event.output.meta.total_unread;
    case 'xstate.done.actor.markRead':
      return Math.max(0, from!.context.totalUnread - 1);
    case 'xstate.done.actor.markAllRead':
      return 0;
    default:
      return from?.context.totalUnread ?? 0;
  }
}

const flags = (state: NotificationsRestingState) => ({
  isOpen: state.startsWith('open.'),
  isLoading: state === 'open.loading',
  isLoadingMore: state === 'open.loadingMore',
  isMarkingRead: state === 'open.markingRead' || state === 'open.markingAllRead',
});

// ─── Paths ───────────────────────────────────────────────────────────────────────────────────────

/** The slug of an answer must fit the call: markRead answers the notification it was asked to mark. */
const markReadInput = (snapshot: NotificationsSnapshot) =>
  (snapshot.children as Record<string, { getSnapshot(): { input?: { id: number } } } | undefined>).markRead?.getSnapshot().input?.id;

const generated = generatePaths<typeof notificationsMachine, NotificationsModelEvent>(notificationsMachine, {
  events: notificationsEvents,
  filterEvents: (snapshot, event) => {
    if (event.type === 'xstate.done.actor.markRead') return markReadInput(snapshot) === event.output.id;
    // One failure at a time in the graph (a failure after a failure is the pinned backoff tests' job).
    if (event.type.startsWith('xstate.error.actor.')) return snapshot.context.error === null;
    return true;
  },
});
const paths = dropPrefixPaths([...generated.shortest, ...generated.transitions]) as NotificationsPath[];

/** What the reference model keeps: the resting state and the context the chart gives it. */
interface NotificationsExpected {
  state: NotificationsRestingState;
  context: NotificationsSnapshot['context'];
}
type Context = NotificationsExpected['context'];
const EMPTY: Context = { items: [], totalUnread: 0, nextPage: null, error: null, consecutiveFailures: 0 };

// The context changes of the chart, written again from the spec (not imported from the machine).
const succeeded = { error: null, consecutiveFailures: 0 };
const firstPage = (page: NotificationPage): Partial<Context> => ({
  items: page.data,
  totalUnread: page.meta.total_unread,
  nextPage: page.links.next ? page.meta.current_page + 1 : null,
  ...succeeded,
});
const nextPage = (context: Context, page: NotificationPage): Partial<Context> => ({
  ...firstPage(page),
  items: [...context.items, ...page.data.filter((item) => !context.items.some((listed) => listed.id === item.id))],
});
const failed = (context: Context, error: unknown): Partial<Context> => ({ error: error as Context['error'], consecutiveFailures: context.consecutiveFailures + 1 });
/** A failure without an answer (status null): polling backs off. */
const isNetwork = (error: unknown) => (error as { status?: unknown } | null)?.status === null;

/**
 * The reference model: the notifications chart written again by hand (its doc comment and spec 9),
 * advanced from the previous expected state, never from the actor's snapshot.
 */
function notificationsReference(previous: NotificationsExpected | undefined, { event }: NotificationsStep): NotificationsExpected {
  if (!previous) return { state: 'closed.fetching', context: EMPTY };
  const { state, context } = previous;
  const to = (next: NotificationsRestingState, patch: Partial<Context> = {}): NotificationsExpected => ({ state: next, context: { ...context, ...patch } });
  /** Leaving the modal: polling resumes, backing off when the last call got no answer. */
  const resume = (patch: Partial<Context> = {}) => to(context.error !== null && isNetwork(context.error) ? 'closed.backingOff' : 'closed.waiting', patch);
  const closed = state.startsWith('closed.');
  const open = state.startsWith('open.');
  switch (event.type) {
    case 'xstate.init':
      return previous;
    case 'STOP':
      return state === 'stopped' ? previous : to('stopped');
    case 'xstate.done.actor.poll':
      return to('closed.waiting', firstPage(event.output));
    case 'xstate.error.actor.poll':
      return to(isNetwork(event.error) ? 'closed.backingOff' : 'closed.waiting', failed(context, event.error));
    case 'xstate.after.POLL_INTERVAL.notifications.closed.waiting':
    case 'xstate.after.RETRY_DELAY.notifications.closed.backingOff':
      return to('closed.fetching');
    case 'OPEN':
      return closed ? to('open.loading') : previous;
    case 'CLOSE':
      return open ? resume() : previous;
    case 'xstate.done.actor.refresh':
      return to('open.idle', firstPage(event.output));
    case 'LOAD_MORE':
      return state === 'open.idle' && context.nextPage !== null ? to('open.loadingMore') : previous;
    case 'xstate.done.actor.loadMore':
      return to('open.idle', nextPage(context, event.output));
    case 'MARK_READ': {
      if (state !== 'open.idle') return previous;
      const item = context.items.find((listed) => listed.id === event.id);
      if (!item) return previous;
      return item.read_at === null ? to('open.markingRead') : resume();
    }
    case 'xstate.done.actor.markRead': {
      const wasUnread = context.items.some((item) => item.id === event.output.id && item.read_at === null);
      return to('closed.waiting', {
        items: context.items.map((item) => (item.id === event.output.id ? { ...item, read_at: event.output.read_at ?? item.read_at } : item)),
        totalUnread: wasUnread ? Math.max(0, context.totalUnread - 1) : context.totalUnread,
        ...succeeded,
      });
    }
    case 'MARK_ALL_READ':
      return state === 'open.idle' ? to('open.markingAllRead') : previous;
    case 'xstate.done.actor.markAllRead':
      return to('open.idle', {
        items: context.items.map((item) => (item.read_at === null ? { ...item, read_at: event.output.readAt } : item)),
        totalUnread: 0,
        ...succeeded,
      });
    case 'xstate.error.actor.refresh':
    case 'xstate.error.actor.loadMore':
    case 'xstate.error.actor.markRead':
    case 'xstate.error.actor.markAllRead':
      return to('open.idle', failed(context, event.error));
  }
}

const walk = (path: NotificationsPath) =>
  walkPath(path, {
    harness: createNotificationsHarness,
    execute: (h, step, from) => executors[step.event.type](h, step, from),
    mark: (h) => ({ calls: h.invocations.length, followed: h.followed.length }),
    model: notificationsReference,
    check: ({ harness: h, step, from, actual, before, expected, where }) => {
      const leaf = expected.state;
      expect(leafStates(actual.value), `${where}: the reference model`).toEqual([leaf]);
      expect(actual.context, `${where}: the reference model`).toEqual(expected.context);
      expect(actual.status, where).toBe(leaf === 'stopped' ? 'done' : 'active');
      expect(h.invocations.slice(before.calls), `${where}: API calls`).toEqual(expectedCalls(from, step));
      expect(h.followed.slice(before.followed), `${where}: links followed`).toEqual(expectedFollowed(from, step));
      expect(actual.context.totalUnread, `${where}: unread count`).toBe(expectedUnread(from, step));
      expect(selectNotificationsView(actual), where).toEqual({
        ...flags(leaf),
        unreadCount: expected.context.totalUnread,
        items: expected.context.items,
        canLoadMore: leaf === 'open.idle' && expected.context.nextPage !== null,
        error: expected.context.error,
      });
    },
  });

describe('notifications machine: generated paths', () => {
  it('the model lists every event, invoke and timer of the machine', () => {
    expect([...invokeIds(notificationsMachine)].sort()).toEqual([...NOTIFICATIONS_INVOKE_IDS].sort());
    const explored = new Set(flattenEvents(notificationsEvents).map((e) => e.type));
    for (const type of notificationsMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths cover every state of the machine definition (transient ones included)', () => {
    expectEveryStateCovered(notificationsMachine, [{ paths }], { transient: NOTIFICATIONS_TRANSIENT_STATES });
  }, 30_000);

  it('paths take every event type of the machine', () => {
    const taken = new Set(paths.flatMap((path) => path.steps.map((s) => s.event.type)));
    for (const type of notificationsMachine.events) expect(taken, `no path takes ${type}`).toContain(type);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
    await walk(path);
  });
});

// ─── Hand-pinned transitions ─────────────────────────────────────────────────────────────────────

const pageDone = (id: 'poll' | 'refresh' | 'loadMore', output: NotificationPage) => ({ type: `xstate.done.actor.${id}`, output }) as const;
const failedWith = (id: NotificationsInvokeId, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as const;
const pollCount = (h: NotificationsHarness) => h.invocations.filter((c) => c.id === 'poll').length;

/** Started, first poll answered with page 1 (two unread in all, a next page). */
async function polled(first: NotificationPage = fixtures.firstPage) {
  const h = createNotificationsHarness();
  h.start();
  await h.settle('poll', pageDone('poll', first));
  return h;
}
/** Polled, then the modal opened and page 1 refetched. */
async function opened(first: NotificationPage = fixtures.firstPage) {
  const h = await polled(first);
  h.send({ type: 'OPEN' });
  await h.settle('refresh', pageDone('refresh', first));
  return h;
}

describe('notifications machine: polling', () => {
  it('fetches page 1 at start, then exactly every 300000 ms while closed', async () => {
    const h = createNotificationsHarness();
    h.start();
    expect(h.invocations).toEqual([{ id: 'poll', input: { page: 1 } }]);
    await h.settle('poll', pageDone('poll', fixtures.firstPage));
    expect(selectUnreadCount(h.snapshot())).toBe(2);
    for (let n = 2; n <= 4; n++) {
      h.wait(300_000);
      expect(h.snapshot().value).toEqual({ closed: 'fetching' });
      expect(pollCount(h)).toBe(n);
      await h.settle('poll', pageDone('poll', fixtures.firstPage));
    }
    expect(h.invocations.every((c) => c.id === 'poll' && (c.input as { page: number }).page === 1)).toBe(true);
  });

  it('no poll while the modal is open; OPEN refetches page 1; CLOSE polls again 300000 ms later', async () => {
    const h = await polled();
    h.clock.increment(100_000);
    h.send({ type: 'OPEN' });
    expect(h.invocations.at(-1)).toEqual({ id: 'refresh', input: { page: 1 } });
    expect(selectIsLoading(h.snapshot())).toBe(true);
    await h.settle('refresh', pageDone('refresh', fixtures.onlyPage));
    expect(selectItems(h.snapshot())).toEqual(fixtures.onlyPage.data);
    const callsWhileOpen = h.invocations.length;
    h.clock.increment(10 * 300_000);
    expect(h.invocations.length).toBe(callsWhileOpen);
    expect(h.snapshot().value).toEqual({ open: 'idle' });
    h.send({ type: 'CLOSE' });
    expect(h.snapshot().value).toEqual({ closed: 'waiting' });
    h.wait(300_000);
    expect(h.invocations.at(-1)).toEqual({ id: 'poll', input: { page: 1 } });
  });

  it('a page 1 answer replaces the list (pages loaded before are dropped)', async () => {
    const h = await opened();
    h.send({ type: 'LOAD_MORE' });
    await h.settle('loadMore', pageDone('loadMore', fixtures.secondPage));
    expect(selectItems(h.snapshot()).map((n) => n.id)).toEqual([101, 102, 103]);
    h.send({ type: 'CLOSE' });
    h.wait(300_000);
    await h.settle('poll', pageDone('poll', fixtures.firstPage));
    expect(selectItems(h.snapshot()).map((n) => n.id)).toEqual([101, 102]);
    expect(h.snapshot().context.nextPage).toBe(2);
  });

  it('network failures back off 30, 60, 120, 240, 300, 300 s; a success resets to 300 s, the next failure to 30 s', async () => {
    const h = createNotificationsHarness();
    h.start();
    for (const [n, delay] of [30_000, 60_000, 120_000, 240_000, 300_000, 300_000].entries()) {
      await h.settle('poll', failedWith('poll', fixtures.networkDown));
      expect(h.snapshot().value).toEqual({ closed: 'backingOff' });
      expect(h.snapshot().context.consecutiveFailures).toBe(n + 1);
      expect(selectError(h.snapshot())).toEqual(fixtures.networkDown);
      h.wait(delay);
      expect(h.snapshot().value).toEqual({ closed: 'fetching' });
    }
    await h.settle('poll', pageDone('poll', fixtures.firstPage));
    expect(h.snapshot().context).toMatchObject({ consecutiveFailures: 0, error: null });
    expect(h.snapshot().value).toEqual({ closed: 'waiting' });
    h.wait(300_000);
    await h.settle('poll', failedWith('poll', fixtures.networkDown));
    h.wait(30_000);
    expect(pollCount(h)).toBe(9);
  });

  it('an answered failure keeps the error and polls again at the normal interval', async () => {
    const h = await polled();
    h.wait(300_000);
    await h.settle('poll', failedWith('poll', fixtures.serverError));
    expect(h.snapshot().value).toEqual({ closed: 'waiting' });
    expect(selectError(h.snapshot())).toEqual(fixtures.serverError);
    expect(selectItems(h.snapshot())).toEqual(fixtures.firstPage.data);
    h.wait(300_000);
    await h.settle('poll', pageDone('poll', fixtures.firstPage));
    expect(selectError(h.snapshot())).toBeNull();
  });

  it('consecutiveFailures counts every failure since the last success; the delay follows it', async () => {
    const h = createNotificationsHarness();
    h.start();
    await h.settle('poll', failedWith('poll', fixtures.networkDown));
    h.wait(30_000);
    await h.settle('poll', failedWith('poll', fixtures.serverError));
    expect(h.snapshot().value).toEqual({ closed: 'waiting' });
    h.wait(300_000);
    await h.settle('poll', failedWith('poll', fixtures.networkDown));
    expect(h.snapshot().context.consecutiveFailures).toBe(3);
    h.wait(120_000);
    expect(h.snapshot().value).toEqual({ closed: 'fetching' });
  });

  it('closing the modal after a network failure resumes with the backoff delay', async () => {
    const h = await polled();
    h.send({ type: 'OPEN' });
    await h.settle('refresh', failedWith('refresh', fixtures.networkDown));
    expect(h.snapshot().value).toEqual({ open: 'idle' });
    expect(selectNotificationsView(h.snapshot())).toMatchObject({ error: fixtures.networkDown, items: fixtures.firstPage.data });
    h.send({ type: 'CLOSE' });
    expect(h.snapshot().value).toEqual({ closed: 'backingOff' });
    h.wait(30_000);
    expect(h.invocations.at(-1)).toEqual({ id: 'poll', input: { page: 1 } });
  });

  it('STOP (logout) ends the machine from any state: no more polls, the running call is aborted', async () => {
    const h = await polled();
    h.wait(300_000);
    h.send({ type: 'STOP' });
    expect(h.snapshot().value).toBe('stopped');
    expect(h.snapshot().status).toBe('done');
    expect(h.signals.get('poll')?.aborted).toBe(true);
    const calls = h.invocations.length;
    h.clock.increment(10 * 300_000);
    expect(h.invocations.length).toBe(calls);

    const open = await opened();
    open.send({ type: 'STOP' });
    expect(open.snapshot().status).toBe('done');
  });
});

describe('notifications machine: the modal', () => {
  it('LOAD_MORE appends the next page (no duplicate), then is ignored without links.next', async () => {
    const h = await opened();
    expect(selectCanLoadMore(h.snapshot())).toBe(true);
    h.send({ type: 'LOAD_MORE' });
    expect(h.invocations.at(-1)).toEqual({ id: 'loadMore', input: { page: 2 } });
    expect(selectIsLoadingMore(h.snapshot())).toBe(true);
    expect(selectCanLoadMore(h.snapshot())).toBe(false);
    await h.settle('loadMore', pageDone('loadMore', fixtures.secondPage));
    expect(selectItems(h.snapshot()).map((n) => n.id)).toEqual([101, 102, 103]);
    expect(selectCanLoadMore(h.snapshot())).toBe(false);
    const calls = h.invocations.length;
    h.send({ type: 'LOAD_MORE' });
    expect(h.invocations.length).toBe(calls);
    expect(h.snapshot().value).toEqual({ open: 'idle' });
  });

  it('LOAD_MORE is ignored on a single page, while page 1 loads and while a page is loading', async () => {
    const single = await opened(fixtures.onlyPage);
    const calls = single.invocations.length;
    single.send({ type: 'LOAD_MORE' });
    expect(single.invocations.length).toBe(calls);

    const h = await polled();
    h.send({ type: 'OPEN' });
    h.send({ type: 'LOAD_MORE' }); // page 1 still loading
    expect(h.invocations.map((c) => c.id)).toEqual(['poll', 'refresh']);
    await h.settle('refresh', pageDone('refresh', fixtures.firstPage));
    h.send({ type: 'LOAD_MORE' });
    h.send({ type: 'LOAD_MORE' });
    expect(h.invocations.map((c) => c.id)).toEqual(['poll', 'refresh', 'loadMore']);
  });

  it('MARK_READ marks it read (server time), decrements the count, follows the link, closes the modal', async () => {
    const h = await opened();
    h.send({ type: 'MARK_READ', id: 101 });
    expect(h.invocations.at(-1)).toEqual({ id: 'markRead', input: { id: 101 } });
    expect(h.followed).toEqual([]);
    await h.settle('markRead', { type: 'xstate.done.actor.markRead', output: fixtures.read101 });
    expect(find(h.snapshot(), 101)?.read_at).toBe(fixtures.read101.read_at);
    expect(selectUnreadCount(h.snapshot())).toBe(1);
    expect(h.followed).toEqual([fixtures.read101]);
    expect(h.snapshot().value).toEqual({ closed: 'waiting' });
    h.wait(300_000);
  });

  it('total_unread never goes below 0', async () => {
    const stale: NotificationPage = { ...fixtures.firstPage, meta: { ...fixtures.firstPage.meta, total_unread: 0 } };
    const h = await opened(stale);
    h.send({ type: 'MARK_READ', id: 101 });
    await h.settle('markRead', { type: 'xstate.done.actor.markRead', output: fixtures.read101 });
    expect(selectUnreadCount(h.snapshot())).toBe(0);
  });

  it('MARK_READ on a read notification only follows it (no call); an unknown id is ignored', async () => {
    const h = await opened();
    h.send({ type: 'MARK_READ', id: 999 });
    expect(h.snapshot().value).toEqual({ open: 'idle' });
    h.send({ type: 'MARK_READ', id: 102 });
    expect(h.invocations.map((c) => c.id)).toEqual(['poll', 'refresh']);
    expect(h.followed).toEqual([fixtures.firstPage.data[1]]);
    expect(selectUnreadCount(h.snapshot())).toBe(2);
    expect(h.snapshot().value).toEqual({ closed: 'waiting' });
  });

  it('a failed MARK_READ keeps the modal open with the error and follows nothing', async () => {
    const h = await opened();
    h.send({ type: 'MARK_READ', id: 101 });
    await h.settle('markRead', failedWith('markRead', fixtures.serverError));
    expect(h.snapshot().value).toEqual({ open: 'idle' });
    expect(selectError(h.snapshot())).toEqual(fixtures.serverError);
    expect(find(h.snapshot(), 101)?.read_at).toBeNull();
    expect(selectUnreadCount(h.snapshot())).toBe(2);
    expect(h.followed).toEqual([]);
  });

  it('MARK_ALL_READ sets every read_at (keeping earlier ones) and the count to 0', async () => {
    const h = await opened();
    h.send({ type: 'LOAD_MORE' });
    await h.settle('loadMore', pageDone('loadMore', fixtures.secondPage));
    h.send({ type: 'MARK_ALL_READ' });
    expect(h.invocations.at(-1)).toEqual({ id: 'markAllRead', input: undefined });
    await h.settle('markAllRead', { type: 'xstate.done.actor.markAllRead', output: fixtures.allRead });
    expect(h.snapshot().value).toEqual({ open: 'idle' });
    expect(selectUnreadCount(h.snapshot())).toBe(0);
    expect(selectItems(h.snapshot()).map((n) => [n.id, n.read_at])).toEqual([
      [101, fixtures.allRead.readAt],
      [102, fixtures.firstPage.data[1]!.read_at],
      [103, fixtures.allRead.readAt],
    ]);
    expect(h.followed).toEqual([]);
  });

  it('CLOSE while a call runs drops it (aborted) and resumes polling', async () => {
    const h = await opened();
    h.send({ type: 'MARK_ALL_READ' });
    h.send({ type: 'CLOSE' });
    expect(h.signals.get('markAllRead')?.aborted).toBe(true);
    expect(h.snapshot().value).toEqual({ closed: 'waiting' });
    expect(selectUnreadCount(h.snapshot())).toBe(2);
  });
});

describe('notifications actors', () => {
  const run = async <T>(logic: Parameters<typeof createActor>[0], input?: unknown) => {
    const actor = createActor(logic, { input } as never);
    const completed = new Promise<void>((resolve) => actor.subscribe({ complete: resolve, error: () => resolve() }));
    actor.start();
    await completed;
    return actor.getSnapshot() as { output: T; status: string };
  };

  it('call the API with the input and the actor’s abort signal; mark-all-read stamps the read time', async () => {
    const seen: Array<[string, unknown, AbortSignal]> = [];
    const actors = createNotificationsActors(
      {
        listNotifications: async (page, signal) => (seen.push(['list', page, signal]), fixtures.secondPage),
        markRead: async (id, signal) => (seen.push(['read', id, signal]), notification(id, '2025-06-10T09:00:00.000Z')),
        markAllRead: async (signal) => (seen.push(['readAll', undefined, signal]), { total_unread: 0 }),
      },
      () => new Date('2025-06-10T09:05:00.000Z'),
    );
    expect((await run<NotificationPage>(actors.fetchPage, { page: 2 })).output).toEqual(fixtures.secondPage);
    expect((await run<Notification>(actors.markRead, { id: 101 })).output.read_at).toBe('2025-06-10T09:00:00.000Z');
    expect((await run<MarkAllReadResult>(actors.markAllRead)).output).toEqual({ readAt: '2025-06-10T09:05:00.000Z' });
    expect(seen.map(([name, arg]) => [name, arg])).toEqual([
      ['list', 2],
      ['read', 101],
      ['readAll', undefined],
    ]);
    for (const [, , signal] of seen) expect(signal).toBeInstanceOf(AbortSignal);
  });

  it('a stopped call never settles (settleUnlessAborted)', async () => {
    let fail: (error: unknown) => void = () => {};
    let received: AbortSignal | undefined;
    const { fetchPage } = createNotificationsActors({
      listNotifications: (_, signal) => ((received = signal), new Promise((_, reject) => (fail = reject))),
      markRead: async () => notification(1, null),
      markAllRead: async () => ({}),
    });
    const errors: unknown[] = [];
    const actor = createActor(fetchPage, { input: { page: 1 } });
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.stop();
    expect(received?.aborted).toBe(true);
    fail(fixtures.networkDown);
    await flush();
    expect(errors).toEqual([]);
  });
});
