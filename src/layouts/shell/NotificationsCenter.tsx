import { useMemo } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useInspectedMachine } from '../../app/inspector';
import { Bell } from 'lucide-react';
import { notificationsMachine } from '../../../machines/notifications/notifications.machine';
import { createNotificationsActors } from '../../../machines/notifications/notifications.actors';
import { selectNotificationsView } from '../../../machines/notifications/notifications.selectors';
import { notificationsApi } from '../../api/notificationsApi';
import { notificationLink } from '../../app/notificationLink';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Dialog';
import { Spinner } from '../../components/ui/Spinner';
import { commonMessages } from '../../i18n/commonMessages';

const messages = defineMessages({
  title: { id: 'notifications.title', defaultMessage: 'Notifications' },
  markAll: { id: 'notifications.markAll', defaultMessage: 'Tout marquer comme lu' },
  more: { id: 'notifications.more', defaultMessage: 'Voir plus' },
  empty: { id: 'notifications.empty', defaultMessage: "Vous n'avez aucune notification pour le moment." },
  failed: { id: 'notifications.failed', defaultMessage: "Les notifications n'ont pas pu être mises à jour. Réessayez." },
  unread: { id: 'notifications.unread', defaultMessage: 'Non lue' },
});
const bellLabel = defineMessage<{ count: number }>({
  id: 'notifications.bell',
  defaultMessage: '{count, plural, =0 {Notifications} one {Notifications, # non lue} other {Notifications, # non lues}}',
});

/** The bell with its unread count, and the notifications modal; both read the notifications machine. */
export function NotificationsCenter() {
  const intl = useIntl();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      notificationsMachine.provide({
        actors: createNotificationsActors(notificationsApi),
        actions: {
          followLink: (_, { notification }) => {
            const to = notificationLink(notification.data, notification.type);
            if (to) void navigate(to);
          },
        },
      }),
    [navigate],
  );
  const [snapshot, send] = useInspectedMachine(machine);
  const view = selectNotificationsView(snapshot);
  // The machine takes clicks only when idle: while it loads or marks, the controls say so by being disabled.
  const busy = view.isLoading || view.isLoadingMore || view.isMarkingRead;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onPress={() => send({ type: 'OPEN' })}
        aria-label={intl.formatMessage(bellLabel, { count: view.unreadCount })}
        data-testid="notifications-bell"
        icon={<Bell size={18} aria-hidden="true" />}
      >
        {view.unreadCount > 0 && (
          <span className="shell-badge" data-testid="notifications-unread" aria-hidden="true">
            {view.unreadCount > 99 ? '99+' : view.unreadCount}
          </span>
        )}
      </Button>
      <Modal
        isOpen={view.isOpen}
        onOpenChange={(open) => !open && send({ type: 'CLOSE' })}
        title={intl.formatMessage(messages.title)}
        closeLabel={intl.formatMessage(commonMessages.close)}
        size="md"
      >
        <div className="notifications" data-testid="notifications-modal" aria-busy={view.isLoading}>
          <div className="notifications__actions">
            <Button
              variant="secondary"
              size="sm"
              onPress={() => send({ type: 'MARK_ALL_READ' })}
              isDisabled={view.unreadCount === 0 || busy}
              data-testid="notifications-mark-all"
            >
              {intl.formatMessage(messages.markAll)}
            </Button>
          </div>
          {view.isLoading && view.items.length === 0 && <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />}
          {view.error && !busy && <p role="alert">{intl.formatMessage(messages.failed)}</p>}
          {!view.isLoading && !view.error && view.items.length === 0 && <p className="notifications__empty">{intl.formatMessage(messages.empty)}</p>}
          <ul className="notifications__list">
            {view.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="notifications__item"
                  data-unread={item.read_at === null || undefined}
                  data-testid="notification-item"
                  disabled={busy}
                  onClick={() => send({ type: 'MARK_READ', id: item.id })}
                >
                  {item.read_at === null && <span className="notifications__dot" aria-label={intl.formatMessage(messages.unread)} />}
                  <span className="notifications__text">{item.text}</span>
                  <time className="notifications__time" dateTime={item.created_at}>
                    {intl.formatDate(item.created_at, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}
                  </time>
                </button>
              </li>
            ))}
          </ul>
          {(view.canLoadMore || view.isLoadingMore) && (
            <Button variant="ghost" onPress={() => send({ type: 'LOAD_MORE' })} isPending={view.isLoadingMore} data-testid="notifications-more">
              {intl.formatMessage(messages.more)}
            </Button>
          )}
        </div>
      </Modal>
    </>
  );
}
