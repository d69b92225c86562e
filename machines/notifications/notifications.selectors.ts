import type { SnapshotFrom } from 'xstate';
import type { notificationsMachine } from './notifications.machine';

type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

/** The bell's badge: unread notifications on every page (meta.total_unread, kept in step with local marks). */
export const selectUnreadCount = (snapshot: NotificationsSnapshot) => snapshot.context.totalUnread;
export const selectItems = (snapshot: NotificationsSnapshot) => snapshot.context.items;
/** Page 1 is being (re)fetched for the open modal (background polls do not count). */
export const selectIsLoading = (snapshot: NotificationsSnapshot) => snapshot.matches({ open: 'loading' });
export const selectIsLoadingMore = (snapshot: NotificationsSnapshot) => snapshot.matches({ open: 'loadingMore' });
/** The "load more" button: there is a next page and the modal is not busy. */
export const selectCanLoadMore = (snapshot: NotificationsSnapshot) => snapshot.matches({ open: 'idle' }) && snapshot.context.nextPage !== null;
export const selectError = (snapshot: NotificationsSnapshot) => snapshot.context.error;

/** The view-model of the bell and the notifications modal. */
export const selectNotificationsView = (snapshot: NotificationsSnapshot) => ({
  unreadCount: selectUnreadCount(snapshot),
  items: selectItems(snapshot),
  isOpen: snapshot.matches('open'),
  isLoading: selectIsLoading(snapshot),
  isLoadingMore: selectIsLoadingMore(snapshot),
  canLoadMore: selectCanLoadMore(snapshot),
  isMarkingRead: snapshot.matches({ open: 'markingRead' }) || snapshot.matches({ open: 'markingAllRead' }),
  error: selectError(snapshot),
});
