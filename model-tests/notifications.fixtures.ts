/**
 * The notification centre's model: the concrete events explored by xstate/graph, including the
 * synthetic done/error events of its five invokes and its two delayed transitions. Shared by
 * notifications.model.test.ts (real actor, fake API, simulated clock) and a browser model test of
 * the modal.
 */
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import type { notificationsMachine, NotificationsEvent } from '../machines/notifications/notifications.machine';
import type { MarkAllReadResult, Notification, NotificationPage } from '../machines/notifications/notifications.types';
import type { DelayedEvent, DoneActorEvent, ErrorActorEvent, EventVariants, InitEvent, ModelPath, ModelStep } from './support/graph';

/** The invoke ids of notifications.machine.ts (a test checks this list against the machine definition). */
export const NOTIFICATIONS_INVOKE_IDS = ['poll', 'refresh', 'loadMore', 'markRead', 'markAllRead'] as const;
export type NotificationsInvokeId = (typeof NOTIFICATIONS_INVOKE_IDS)[number];

export type NotificationsActorEvent =
  | DoneActorEvent<'poll', NotificationPage>
  | ErrorActorEvent<'poll'>
  | DoneActorEvent<'refresh', NotificationPage>
  | ErrorActorEvent<'refresh'>
  | DoneActorEvent<'loadMore', NotificationPage>
  | ErrorActorEvent<'loadMore'>
  | DoneActorEvent<'markRead', Notification>
  | ErrorActorEvent<'markRead'>
  | DoneActorEvent<'markAllRead', MarkAllReadResult>
  | ErrorActorEvent<'markAllRead'>;

export type NotificationsDelayedEvent =
  | DelayedEvent<'POLL_INTERVAL', 'notifications.closed.waiting'>
  | DelayedEvent<'RETRY_DELAY', 'notifications.closed.backingOff'>;

/** Everything that can move the machine: its own events, its actors' answers, its timers. */
export type NotificationsModelEvent = NotificationsEvent | NotificationsActorEvent | NotificationsDelayedEvent;
export type NotificationsModelEventType = NotificationsModelEvent['type'] | InitEvent['type'];
export type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;
export type NotificationsPath = ModelPath<NotificationsSnapshot, NotificationsModelEvent>;
export type NotificationsStep = ModelStep<NotificationsSnapshot, NotificationsModelEvent>;

/** The states a snapshot can rest in (`closed.resuming` is transient). */
export type NotificationsRestingState =
  | 'closed.fetching'
  | 'closed.waiting'
  | 'closed.backingOff'
  | 'open.loading'
  | 'open.idle'
  | 'open.loadingMore'
  | 'open.markingRead'
  | 'open.markingAllRead'
  | 'stopped';
export const NOTIFICATIONS_TRANSIENT_STATES = ['closed.resuming'] as const;

export const notification = (id: number, readAt: string | null, type = 'COMMUNITY_POST_CREATED'): Notification => ({
  id,
  type,
  data: JSON.stringify({ group: 'group-uuid', post: `post-${id}` }),
  text: `Notification ${id}`,
  created_at: '2025-06-01T08:00:00.000Z',
  read_at: readAt,
});

const EARLIER = '2025-06-02T08:00:00.000Z';
const READ_BY_SERVER = '2025-06-10T09:00:00.000Z';
const READ_ALL_AT = '2025-06-10T09:05:00.000Z';

const page = (currentPage: number, data: Notification[], totalUnread: number, next: boolean): NotificationPage => ({
  data,
  meta: { current_page: currentPage, per_page: 2, total: 3, last_page: 2, total_unread: totalUnread },
  links: { next: next ? `/api/v1/users/me/notifications?page=${currentPage + 1}` : null, prev: currentPage > 1 ? `/api/v1/users/me/notifications?page=${currentPage - 1}` : null },
});

export const fixtures = {
  /** Page 1 of 2: one unread, one read; two unread in all. */
  firstPage: page(1, [notification(101, null), notification(102, EARLIER, 'SALE_CREATED')], 2, true),
  /** Page 2 (the last): one unread, and 102 again (a new notification shifted the pages). */
  secondPage: page(2, [notification(102, EARLIER, 'SALE_CREATED'), notification(103, null, 'ASSIGNMENT_SUBMITTED')], 2, false),
  /** Everything on one page, everything read. */
  onlyPage: page(1, [notification(104, EARLIER)], 0, false),
  /** What the server answers when 101 / 103 are marked read. */
  read101: notification(101, READ_BY_SERVER),
  read103: notification(103, READ_BY_SERVER, 'ASSIGNMENT_SUBMITTED'),
  allRead: { readAt: READ_ALL_AT } satisfies MarkAllReadResult,
  networkDown: { status: null, code: 'NETWORK', message: 'Failed to fetch', fieldErrors: {} } satisfies Failure,
  serverError: { status: 500, code: 'INTERNAL', message: 'Erreur', fieldErrors: {} } satisfies Failure,
};

/**
 * Every concrete event the graph explores. `satisfies EventVariants<NotificationsModelEvent>`: a new
 * event type, invoke or delayed transition without variants here does not compile.
 */
export const notificationsEvents = {
  OPEN: [{ type: 'OPEN' }],
  CLOSE: [{ type: 'CLOSE' }],
  LOAD_MORE: [{ type: 'LOAD_MORE' }],
  MARK_READ: [
    { type: 'MARK_READ', id: 101 },
    { type: 'MARK_READ', id: 102 },
    { type: 'MARK_READ', id: 103 },
  ],
  MARK_ALL_READ: [{ type: 'MARK_ALL_READ' }],
  STOP: [{ type: 'STOP' }],
  'xstate.done.actor.poll': [
    { type: 'xstate.done.actor.poll', output: fixtures.firstPage },
    { type: 'xstate.done.actor.poll', output: fixtures.onlyPage },
  ],
  'xstate.error.actor.poll': [
    { type: 'xstate.error.actor.poll', error: fixtures.networkDown },
    { type: 'xstate.error.actor.poll', error: fixtures.serverError },
  ],
  'xstate.done.actor.refresh': [{ type: 'xstate.done.actor.refresh', output: fixtures.firstPage }],
  'xstate.error.actor.refresh': [
    { type: 'xstate.error.actor.refresh', error: fixtures.networkDown },
    { type: 'xstate.error.actor.refresh', error: fixtures.serverError },
  ],
  'xstate.done.actor.loadMore': [{ type: 'xstate.done.actor.loadMore', output: fixtures.secondPage }],
  'xstate.error.actor.loadMore': [{ type: 'xstate.error.actor.loadMore', error: fixtures.serverError }],
  'xstate.done.actor.markRead': [
    { type: 'xstate.done.actor.markRead', output: fixtures.read101 },
    { type: 'xstate.done.actor.markRead', output: fixtures.read103 },
  ],
  'xstate.error.actor.markRead': [{ type: 'xstate.error.actor.markRead', error: fixtures.serverError }],
  'xstate.done.actor.markAllRead': [{ type: 'xstate.done.actor.markAllRead', output: fixtures.allRead }],
  'xstate.error.actor.markAllRead': [{ type: 'xstate.error.actor.markAllRead', error: fixtures.networkDown }],
  'xstate.after.POLL_INTERVAL.notifications.closed.waiting': [{ type: 'xstate.after.POLL_INTERVAL.notifications.closed.waiting' }],
  'xstate.after.RETRY_DELAY.notifications.closed.backingOff': [{ type: 'xstate.after.RETRY_DELAY.notifications.closed.backingOff' }],
} satisfies EventVariants<NotificationsModelEvent>;
