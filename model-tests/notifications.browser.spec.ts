/**
 * The notification centre's generated paths, driven through the built app (ARCHITECTURE rule 7:
 * key flows run their generated paths in a browser): the bell in the header and the notifications modal.
 *
 * Same machine, same event variants and fixtures as notifications.model.test.ts, restricted to what
 * the UI can do in each state (see `uiCanSend`); states are told apart as the modal shows them
 * (state, error shown, list empty or not), plus the shortest path through each event variant no
 * shortest path takes, so the paths stay few.
 *
 * Data: signed in as the demo owner (whose store has the community on, so the fixtures' community
 * links pass the route guard; a fresh account's store would be sent home by it), but EVERY call to /users/me/notifications is answered by the test
 * from the fixtures, through `page.route`: nothing reaches the server's notifications, so no test
 * marks shared demo data read, and the modal shows exactly the model's context (same ids, texts,
 * read marks, unread count). Each call the machine invokes is HELD until the path's next event
 * says how it ends (the browser version of the fake actors' deferreds): `xstate.done.actor.<id>`
 * fulfils it with the event's output (markAllRead answers `{ total_unread: 0 }`, the actor stamps
 * the time), an error stands for a network failure (the request is aborted: status null) or a
 * server failure (a 500 with the error envelope) exactly as the fixture's Failure says.
 *
 * Following a link (MARK_READ done, or MARK_READ on a read notification) ends a path: the fixtures'
 * links lead to community pages, whose layout has no bell, so the notification centre unmounts and
 * its actor stops; going back would mount a NEW actor (closed.fetching, a new poll), not continue
 * the model's closed.waiting. Paths are cut right after that step, which checks the URL the link
 * leads to (`notificationLink`) and that the bell is gone.
 *
 * STOP is driven by signing out through the user menu. No app code sends STOP: the default layout,
 * its header and the centre unmount, which stops the actor to the same end (a pending call is
 * aborted, no call follows). The timers (POLL_INTERVAL 300 s, RETRY_DELAY 30 s
 * and up) are not driven: notifications.model.test.ts walks them on a simulated clock.
 *
 * Elements are found by role or test id; never by translated text.
 */
import { expect, test, type APIRequestContext, type Page, type Request, type Route } from '../tests/e2e/fixtures';
import { initialTransition, transition } from 'xstate';
import type { Failure } from '../shared/failure';
import { notificationsMachine } from '../machines/notifications/notifications.machine';
import { notificationLink } from '../src/app/notificationLink';
import {
  notificationsEvents,
  type NotificationsInvokeId,
  type NotificationsModelEvent,
  type NotificationsModelEventType,
  type NotificationsPath,
  type NotificationsRestingState,
  type NotificationsSnapshot,
  type NotificationsStep,
} from './notifications.fixtures';
import { describePath, dropPrefixPaths, extendPath, flattenEvents, generatePaths, leafStates } from './support/graph';

const TOKEN_KEY = 'cp.auth.token';
const DEMO = { email: 'owner@demo.test', password: 'demo-password' };
const NOTIFICATIONS_API = '**/api/v1/users/me/notifications**';

// ─── Held API calls: every notifications call waits for the path to say how it ends ──────────────

type CallKind = 'list' | 'markRead' | 'markAllRead';
interface HeldCall {
  kind: CallKind;
  route: Route;
  request: Request;
  url: URL;
  /** The app dropped it (its actor stopped): the browser aborted the request. */
  aborted: boolean;
  settled: boolean;
}

const kindOf = (request: Request): CallKind => {
  if (request.method() === 'GET') return 'list';
  return new URL(request.url()).pathname.endsWith('/notifications/read') ? 'markAllRead' : 'markRead';
};
const callKind: Record<NotificationsInvokeId, CallKind> = { poll: 'list', refresh: 'list', loadMore: 'list', markRead: 'markRead', markAllRead: 'markAllRead' };

class HeldCalls {
  readonly calls: HeldCall[] = [];

  async install(page: Page) {
    page.on('requestfailed', (request) => {
      const call = this.calls.find((c) => c.request === request);
      if (call && !call.settled) call.aborted = true;
    });
    await page.route(NOTIFICATIONS_API, (route) => {
      const request = route.request();
      this.calls.push({ kind: kindOf(request), route, request, url: new URL(request.url()), aborted: false, settled: false });
    });
  }

  pending(kind?: CallKind) {
    return this.calls.filter((c) => !c.settled && !c.aborted && (kind === undefined || c.kind === kind));
  }

  /** The one call of `kind` in flight (waits for the app to make it). */
  async next(kind: CallKind) {
    await expect.poll(() => this.pending(kind).length, { message: `the app made no ${kind} call` }).toBe(1);
    return this.pending(kind)[0]!;
  }

  /** Answers the pending call of the invoke as the done / error `event` says. */
  async settle(id: NotificationsInvokeId, event: NotificationsStep['event']) {
    const call = await this.next(callKind[id]);
    call.settled = true;
    if ('error' in event) {
      const { status, code, message } = event.error as Failure;
      if (status === null) await call.route.abort('connectionfailed'); // no answer: fetch fails, status null
      else await call.route.fulfill({ status, json: { code, message } }); // the error envelope
    } else if (id === 'markAllRead') {
      await call.route.fulfill({ json: { total_unread: 0 } }); // what the API answers; the actor stamps readAt
    } else if ('output' in event) {
      await call.route.fulfill({ json: event.output });
    } else {
      throw new Error(`${event.type} does not settle ${id}`);
    }
  }

  /** Every call dropped by a state exit must have been aborted by the app, not left running. */
  async expectDropped(kind: CallKind, from: number) {
    const dropped = this.calls.slice(0, from).filter((c) => c.kind === kind && !c.settled);
    for (const call of dropped) await expect.poll(() => call.aborted, { message: `the dropped ${kind} call is aborted` }).toBe(true);
  }
}

interface Ui {
  page: Page;
  request: APIRequestContext;
  held: HeldCalls;
  /** Set once a followed link left the default layout (the centre unmounted). */
  leftTo: string | null;
}

const modal = (page: Page) => page.getByTestId('notifications-modal');
const items = (page: Page) => modal(page).getByTestId('notification-item');

async function demoToken(request: APIRequestContext) {
  const response = await request.post('/api/v1/login', { data: { ...DEMO, staySignedIn: false } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

const markReadInput = (snapshot: NotificationsSnapshot) =>
  (snapshot.children as Record<string, { getSnapshot(): { input?: { id: number } } } | undefined>).markRead?.getSnapshot().input?.id;

/** The step follows a notification's link: markRead answered, or a read notification clicked. */
const followsLink = (step: NotificationsStep, from: NotificationsSnapshot | undefined) =>
  step.event.type === 'xstate.done.actor.markRead' || (step.event.type === 'MARK_READ' && !!from?.matches({ open: 'idle' }) && step.state.matches('closed'));

/** Where the notification `id` of the list leads. */
function linkOf(from: NotificationsSnapshot, id: number) {
  const item = from.context.items.find((n) => n.id === id);
  if (!item) throw new Error(`notification ${id} is not listed`);
  const to = notificationLink(item.data);
  if (!to) throw new Error(`notification ${id} has no link: the path cannot check where it leads`);
  return to;
}

async function expectFollowed(ui: Ui, to: string) {
  await expect(ui.page).toHaveURL((url) => url.pathname === to);
  await expect(ui.page.getByTestId('notifications-bell'), 'the community layout has no bell').toHaveCount(0);
  ui.leftTo = to;
}

// ─── Executors: one per event type; `notDrivable` ones keep their paths out of the browser ───────

interface UiExecutor {
  /** Produces the event in the UI; `from` is the state before it. */
  act(ui: Ui, step: NotificationsStep, from: NotificationsSnapshot | undefined): Promise<void>;
  /** What the UI must show right after this event, beyond the state's own assertion. */
  check?(ui: Ui, step: NotificationsStep, from: NotificationsSnapshot | undefined, callsBefore: number): Promise<void>;
}
const notDrivable = (reason: string) => ({ notDrivable: reason }) as const;
type NotDrivable = ReturnType<typeof notDrivable>;

const settle = (id: NotificationsInvokeId): UiExecutor => ({ act: ({ held }, { event }) => held.settle(id, event) });
const TIMER_REASON = 'polling timers wait 300 s (POLL_INTERVAL) or 30 s and more (RETRY_DELAY); notifications.model.test.ts runs them on a simulated clock';

const executors = {
  'xstate.init': {
    async act({ page, request, held }) {
      await held.install(page);
      const token = await demoToken(request);
      await page.goto('/api/v1/health');
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
      await page.goto('/');
      await expect(page.getByTestId('notifications-bell')).toBeVisible();
    },
  },
  OPEN: {
    act: ({ page }) => page.getByTestId('notifications-bell').click(),
    async check({ held }, _step, from, callsBefore) {
      // Page 1 is fetched again; a poll still running is dropped.
      if (from?.matches({ closed: 'fetching' })) await held.expectDropped('list', callsBefore);
      const refresh = await held.next('list');
      expect(refresh.url.searchParams.get('page')).toBe('1');
    },
  },
  CLOSE: {
    act: ({ page }) => page.keyboard.press('Escape'),
    async check({ held }, _step, _from, callsBefore) {
      // A call still running in the modal is dropped with it.
      for (const kind of ['list', 'markRead', 'markAllRead'] as const) await held.expectDropped(kind, callsBefore);
    },
  },
  LOAD_MORE: {
    act: ({ page }) => modal(page).getByTestId('notifications-more').click(),
    async check({ held }, _step, from) {
      const call = await held.next('list');
      expect(call.url.searchParams.get('page')).toBe(String(from!.context.nextPage));
    },
  },
  MARK_READ: {
    async act({ page }, step, from) {
      const { id } = step.event as Extract<NotificationsModelEvent, { type: 'MARK_READ' }>;
      const index = from!.context.items.findIndex((n) => n.id === id);
      const item = items(page).nth(index);
      await expect(item).toContainText(from!.context.items[index]!.text);
      await item.click();
    },
    async check(ui, step, from) {
      const { id } = step.event as Extract<NotificationsModelEvent, { type: 'MARK_READ' }>;
      if (followsLink(step, from)) {
        // Already read: no call, the link is followed at once.
        expect(ui.held.pending('markRead')).toEqual([]);
        await expectFollowed(ui, linkOf(from!, id));
      } else {
        const call = await ui.held.next('markRead');
        expect(call.request.method()).toBe('PUT');
        expect(call.url.pathname).toBe(`/api/v1/users/me/notifications/${id}`);
      }
    },
  },
  MARK_ALL_READ: {
    act: ({ page }) => modal(page).getByTestId('notifications-mark-all').click(),
    async check({ held }) {
      const call = await held.next('markAllRead');
      expect(call.request.method()).toBe('PUT');
    },
  },
  STOP: {
    async act({ page }) {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout').click();
    },
    async check({ page, held }, _step, _from, callsBefore) {
      await expect(page).toHaveURL((url) => url.pathname === '/connexion');
      await expect(page.getByTestId('notifications-bell')).toHaveCount(0);
      await held.expectDropped('list', callsBefore);
      expect(held.calls.length, 'no notifications call after signing out').toBe(callsBefore);
    },
  },
  'xstate.done.actor.poll': settle('poll'),
  'xstate.error.actor.poll': settle('poll'),
  'xstate.done.actor.refresh': settle('refresh'),
  'xstate.error.actor.refresh': settle('refresh'),
  'xstate.done.actor.loadMore': settle('loadMore'),
  'xstate.error.actor.loadMore': settle('loadMore'),
  'xstate.done.actor.markRead': {
    act: ({ held }, { event }) => held.settle('markRead', event),
    async check(ui, step, from) {
      const { output } = step.event as Extract<NotificationsModelEvent, { type: 'xstate.done.actor.markRead' }>;
      expect(markReadInput(from!)).toBe(output.id);
      await expectFollowed(ui, linkOf(from!, output.id));
    },
  },
  'xstate.error.actor.markRead': settle('markRead'),
  'xstate.done.actor.markAllRead': settle('markAllRead'),
  'xstate.error.actor.markAllRead': settle('markAllRead'),
  'xstate.after.POLL_INTERVAL.notifications.closed.waiting': notDrivable(TIMER_REASON),
  'xstate.after.RETRY_DELAY.notifications.closed.backingOff': notDrivable(TIMER_REASON),
} satisfies Record<NotificationsModelEventType, UiExecutor | NotDrivable>;

// ─── What the UI shows in each resting state ─────────────────────────────────────────────────────

/** The bell's badge: the unread count, hidden at 0. */
async function expectBadge(page: Page, s: NotificationsSnapshot) {
  const badge = page.getByTestId('notifications-unread');
  if (s.context.totalUnread > 0) await expect(badge).toHaveText(String(s.context.totalUnread));
  else await expect(badge).toHaveCount(0);
}

async function expectClosed({ page, held, leftTo }: Ui, s: NotificationsSnapshot, callInFlight: boolean) {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  if (leftTo !== null) return; // on a community page: no bell, the centre is gone (see expectFollowed)
  await expectBadge(page, s);
  await expect.poll(() => held.pending('list').length, { message: callInFlight ? 'the poll is in flight' : 'no poll in flight' }).toBe(callInFlight ? 1 : 0);
}

/** The modal: the listed notifications (text, unread mark), the error, "load more", "mark all read", busy. */
async function expectModal({ page, held }: Ui, s: NotificationsSnapshot, inFlight: CallKind | null) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('notifications-modal')).toBeVisible();
  await expectBadge(page, s);
  const loading = s.matches({ open: 'loading' });
  await expect(modal(page)).toHaveAttribute('aria-busy', String(loading));
  await expect(modal(page).getByRole('progressbar')).toHaveCount(loading && s.context.items.length === 0 ? 1 : 0);
  await expect(items(page)).toHaveCount(s.context.items.length);
  for (const [index, item] of s.context.items.entries()) {
    const row = items(page).nth(index);
    await expect(row).toContainText(item.text);
    if (item.read_at === null) await expect(row).toHaveAttribute('data-unread', 'true');
    else await expect(row).not.toHaveAttribute('data-unread');
  }
  // While the machine loads or marks, its controls are disabled and an earlier error is not shown.
  const busy = !s.matches({ open: 'idle' });
  await expect(modal(page).getByRole('alert')).toHaveCount(s.context.error !== null && !busy ? 1 : 0);
  const showsMore = (s.matches({ open: 'idle' }) && s.context.nextPage !== null) || s.matches({ open: 'loadingMore' });
  await expect(modal(page).getByTestId('notifications-more')).toHaveCount(showsMore ? 1 : 0);
  const markAll = modal(page).getByTestId('notifications-mark-all');
  if (s.context.totalUnread > 0 && !busy) await expect(markAll).toBeEnabled();
  else await expect(markAll).toBeDisabled();
  for (const index of s.context.items.keys()) {
    if (busy) await expect(items(page).nth(index)).toBeDisabled();
    else await expect(items(page).nth(index)).toBeEnabled();
  }
  for (const kind of ['list', 'markRead', 'markAllRead'] as const) {
    await expect.poll(() => held.pending(kind).length, { message: `${kind} calls in flight` }).toBe(kind === inFlight ? 1 : 0);
  }
}

const stateAssertions = {
  'closed.fetching': (ui, s) => expectClosed(ui, s, true),
  'closed.waiting': (ui, s) => expectClosed(ui, s, false),
  'closed.backingOff': (ui, s) => expectClosed(ui, s, false),
  'open.loading': (ui, s) => expectModal(ui, s, 'list'),
  'open.idle': (ui, s) => expectModal(ui, s, null),
  'open.loadingMore': (ui, s) => expectModal(ui, s, 'list'),
  'open.markingRead': (ui, s) => expectModal(ui, s, 'markRead'),
  'open.markingAllRead': (ui, s) => expectModal(ui, s, 'markAllRead'),
  async stopped({ page }) {
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.getByTestId('notifications-bell')).toHaveCount(0);
  },
} satisfies Record<NotificationsRestingState, (ui: Ui, snapshot: NotificationsSnapshot) => Promise<void>>;

// ─── Paths ───────────────────────────────────────────────────────────────────────────────────────

/** The explored events, minus those no UI action produces. */
const drivableEvents = flattenEvents<NotificationsModelEvent>(notificationsEvents).filter((event) => !('notDrivable' in executors[event.type]));

/**
 * What the UI can send in a state (elsewhere the control is absent, disabled or covered):
 * the bell and the user menu are under the modal's overlay while it is open; "load more" is shown
 * only with a next page in open.idle; "mark all read" is disabled at 0 unread; only listed
 * notifications can be clicked, and a click outside open.idle is ignored by the machine.
 * markRead answers the notification it was asked to mark.
 */
function uiCanSend(s: NotificationsSnapshot, event: NotificationsModelEvent) {
  const idle = s.matches({ open: 'idle' });
  switch (event.type) {
    case 'OPEN':
    case 'STOP':
      return s.matches('closed');
    case 'CLOSE':
      return s.matches('open');
    case 'LOAD_MORE':
      return idle && s.context.nextPage !== null;
    case 'MARK_READ':
      return idle && s.context.items.some((n) => n.id === event.id);
    case 'MARK_ALL_READ':
      return idle && s.context.totalUnread > 0;
    case 'xstate.done.actor.markRead':
      return markReadInput(s) === event.output.id;
    default:
      // One failure at a time (a failure after a failure is the model test's backoff job).
      return !event.type.startsWith('xstate.error.actor.') || s.context.error === null;
  }
}

/** States as the modal tells them apart: the state, an error shown, a list or none. */
const uiState = (s: NotificationsSnapshot) => JSON.stringify({ value: s.value, error: s.context.error !== null, listed: s.context.items.length > 0 });

/** Cut after the first step that follows a link (the centre is gone from there on). */
function endAtFollowedLink(path: NotificationsPath): NotificationsPath {
  const end = path.steps.findIndex((step, i) => followsLink(step, path.steps[i - 1]?.state));
  if (end < 0) return path;
  const steps = path.steps.slice(0, end + 1);
  return { state: steps.at(-1)!.state, steps, weight: steps.length - 1 };
}

const generated = generatePaths<typeof notificationsMachine, NotificationsModelEvent>(notificationsMachine, {
  events: drivableEvents,
  serializeState: uiState,
  filterEvents: uiCanSend,
});
/**
 * The graph keeps ONE snapshot per UI-distinct state, so a path's steps carry the snapshots of
 * whichever path reached each state first (same state and error, maybe another unread count or
 * list). Replaying its events gives the snapshots this path really goes through; a path whose
 * replay leaves the UI-distinct states it was generated for, or takes a step the UI cannot send,
 * is dropped.
 */
function replay(path: NotificationsPath): NotificationsPath | null {
  const [initial] = initialTransition(notificationsMachine);
  const steps: NotificationsStep[] = [{ event: path.steps[0]!.event, state: initial }];
  for (const step of path.steps.slice(1)) {
    const from = steps.at(-1)!.state;
    if (!uiCanSend(from, step.event as NotificationsModelEvent)) return null;
    const [state] = transition(notificationsMachine, from, step.event as never);
    if (uiState(state) !== uiState(step.state)) return null;
    steps.push({ event: step.event, state });
  }
  return { state: steps.at(-1)!.state, steps, weight: path.weight };
}
const replayed = (candidates: NotificationsPath[]) => candidates.map(replay).filter((path): path is NotificationsPath => path !== null).map(endAtFollowedLink);

const shortest = replayed(generated.shortest);
const transitions = replayed(generated.transitions);
const variantKey = (event: { type: string }) => JSON.stringify(event);
const variantsTakenBy = (paths: NotificationsPath[]) => new Set(paths.flatMap((path) => path.steps.map((step) => variantKey(step.event))));

/**
 * A notification of page 2 clicked and marked read: its id is listed only after LOAD_MORE, which no
 * shortest path to open.idle takes, so no generated path takes MARK_READ(103).
 */
const markReadFromSecondPage = (() => {
  const loadedMore = [...shortest, ...transitions]
    .filter((path) => path.steps.at(-1)!.event.type === 'xstate.done.actor.loadMore' && path.state.matches({ open: 'idle' }))
    .sort((a, b) => a.weight - b.weight)[0];
  if (!loadedMore) throw new Error('no path loads page 2');
  const [markRead103] = notificationsEvents.MARK_READ.filter((e) => e.id === 103);
  const [read103] = notificationsEvents['xstate.done.actor.markRead'].filter((e) => e.output.id === 103);
  const clicked = extendPath<NotificationsSnapshot, NotificationsModelEvent>(notificationsMachine, loadedMore, markRead103!);
  return extendPath<NotificationsSnapshot, NotificationsModelEvent>(notificationsMachine, clicked, read103!);
})();

/** Event variants no shortest path takes: the shortest path through each (the last step changes the state). */
const throughUntakenEvents = drivableEvents
  .filter((event) => !variantsTakenBy([...shortest, markReadFromSecondPage]).has(variantKey(event)))
  .map((event) => {
    const through = transitions
      .filter((path) => {
        const [before, last] = path.steps.slice(-2);
        return last !== undefined && variantKey(last.event) === variantKey(event) && before !== undefined && uiState(before.state) !== uiState(last.state);
      })
      .sort((a, b) => a.weight - b.weight)[0];
    if (!through) throw new Error(`no path takes ${variantKey(event)}`);
    return through;
  });

/** Shortest paths to every UI-distinct state, plus the ones above, without paths contained in longer ones. */
const paths: NotificationsPath[] = dropPrefixPaths([...shortest, ...throughUntakenEvents, markReadFromSecondPage]);

test('the browser paths take every drivable event variant and reach every resting state', () => {
  const variants = variantsTakenBy(paths);
  for (const event of drivableEvents) expect(variants, variantKey(event)).toContain(variantKey(event));
  const notDriven = Object.entries(executors)
    .filter(([, executor]) => 'notDrivable' in executor)
    .map(([type]) => type);
  expect(notDriven.sort()).toEqual(['xstate.after.POLL_INTERVAL.notifications.closed.waiting', 'xstate.after.RETRY_DELAY.notifications.closed.backingOff']);
  const reached = new Set(paths.flatMap((path) => path.steps.flatMap((step) => leafStates(step.state.value))));
  expect([...reached].sort()).toEqual(Object.keys(stateAssertions).sort());
  for (const path of paths) {
    const followed = path.steps.findIndex((step, i) => followsLink(step, path.steps[i - 1]?.state));
    expect(followed === -1 || followed === path.steps.length - 1, `${describePath(path)}: ends where it follows a link`).toBe(true);
  }
});

/** An answer as the test title shows it: error:refresh(status=null), done:poll(listed=2,unread=2), done:markRead(id=101). */
function titleEvent(event: NotificationsStep['event']): NotificationsStep['event'] {
  if ('error' in event) return { type: event.type, status: (event.error as Failure).status } as never;
  if (!('output' in event)) return event;
  const { output } = event;
  if ('meta' in output) return { type: event.type, listed: output.data.length, unread: output.meta.total_unread } as never;
  if ('id' in output) return { type: event.type, id: output.id } as never;
  return { type: event.type } as never;
}
const titleOf = (path: NotificationsPath) => describePath({ ...path, steps: path.steps.map((step) => ({ ...step, event: titleEvent(step.event) })) });

for (const path of paths) {
  test(titleOf(path), async ({ page, request }) => {
    const ui: Ui = { page, request, held: new HeldCalls(), leftTo: null };
    for (const [index, step] of path.steps.entries()) {
      const executor: UiExecutor | NotDrivable = executors[step.event.type];
      if ('notDrivable' in executor) throw new Error(`${step.event.type} is not drivable: ${executor.notDrivable}`);
      const from = path.steps[index - 1]?.state;
      await test.step(`${index}: ${step.event.type} ⇒ ${leafStates(step.state.value).join(',')}`, async () => {
        const callsBefore = ui.held.calls.length;
        await executor.act(ui, step, from);
        await executor.check?.(ui, step, from, callsBefore);
        const [leaf] = leafStates(step.state.value) as NotificationsRestingState[];
        const assertState: (ui: Ui, snapshot: NotificationsSnapshot) => Promise<void> = stateAssertions[leaf!];
        await assertState(ui, step.state);
      });
    }
  });
}
