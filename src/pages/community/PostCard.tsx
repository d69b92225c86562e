import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff, CalendarClock, MoreHorizontal, Pin, PinOff, Trash2 } from 'lucide-react';
import { Menu, MenuItem } from '../../components/ui/Menu';
import { Button } from '../../components/ui/Button';
import { showToast } from '../../components/ui/toastQueue';
import { DeleteConfirmDialog, useConfirmedDeletion } from '../../components/catalogue/DeleteConfirm';
import { inertHtml } from '../../blocks/render/sanitise';
import { useRequest } from '../../app/useRequest';
import type { Post, Space } from '../../api/communityApi';
import { AuthorName, ReportMenu } from './CommunityBits';
import { useCommunity } from './communityContext';

const m = {
  ...defineMessages({
  pinned: { id: 'community.post.pinned', defaultMessage: 'Épinglée' },
  actions: { id: 'community.post.actions', defaultMessage: 'Actions de la publication' },
  pin: { id: 'community.post.pin', defaultMessage: 'Épingler' },
  unpin: { id: 'community.post.unpin', defaultMessage: 'Désépingler' },
  subscribe: { id: 'community.post.subscribe', defaultMessage: 'Suivre' },
  unsubscribe: { id: 'community.post.unsubscribe', defaultMessage: 'Ne plus suivre' },
  subscribed: { id: 'community.post.subscribed', defaultMessage: 'Vous serez averti des réponses' },
  unsubscribed: { id: 'community.post.unsubscribed', defaultMessage: 'Vous ne suivez plus cette publication' },
  delete: { id: 'community.post.delete', defaultMessage: 'Supprimer' },
  deleteTitle: { id: 'community.post.deleteTitle', defaultMessage: 'Supprimer la publication ?' },
  deleteBody: { id: 'community.post.deleteBody', defaultMessage: 'La publication et ses commentaires disparaissent pour tout le monde.' },
  deleting: { id: 'community.collection.deleting', defaultMessage: 'Suppression…' },
  cancel: { id: 'community.cancel', defaultMessage: 'Annuler' },
  deleted: { id: 'community.post.deleted', defaultMessage: 'Publication supprimée' },
  readonly: { id: 'community.post.readonly', defaultMessage: 'Réponses fermées' },
  }),
  scheduled: defineMessage<{ date: string }>({ id: 'community.post.scheduled', defaultMessage: 'Programmée le {date}' }),
};

/** Whether a post is scheduled: its publication date is still to come. */
export const isScheduled = (post: Pick<Post, 'published_at'>, now = Date.now()) => Date.parse(post.published_at) > now;

/** A post as a card: author, date, badges (pinned, scheduled: shown to managers only, as the server lists them), content. */
export function PostCard({ post, excerpt = false, footer, actions }: { post: Post; excerpt?: boolean; canManage: boolean; footer?: ReactNode; actions?: ReactNode }) {
  const intl = useIntl();
  const date = intl.formatDate(post.published_at, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <article className={`community-card${post.pinned ? ' community-card--pinned' : ''}`} data-testid="post-card">
      <div className="community-card__meta">
        <AuthorName author={post.owner} />
        <time dateTime={post.published_at}>{date}</time>
        {post.pinned && (
          <span className="community-badge community-badge--pinned">
            <Pin size={12} aria-hidden="true" /> {intl.formatMessage(m.pinned)}
          </span>
        )}
        {isScheduled(post) && (
          <span className="community-badge community-badge--scheduled" data-testid="post-scheduled">
            <CalendarClock size={12} aria-hidden="true" /> {intl.formatMessage(m.scheduled, { date })}
          </span>
        )}
        {post.settings.readonly && <span className="community-badge">{intl.formatMessage(m.readonly)}</span>}
        <span className="community-card__actions">{actions}</span>
      </div>
      {excerpt ? (
        <p className="community-card__content">{post.excerpt}</p>
      ) : (
        <div className="community-card__content rich-output" dangerouslySetInnerHTML={{ __html: inertHtml(post.content) }} />
      )}
      {footer && <div className="community-card__footer">{footer}</div>}
    </article>
  );
}

/** A post's actions: subscribe, report; pin and delete for those who manage the space (delete also for its author). */
export function PostActions({ post, space, canManage, afterDelete }: { post: Post; space: Space; canManage: boolean; afterDelete?: string }) {
  const intl = useIntl();
  const { api, viewer } = useCommunity();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['get', '/community/groups/{groupUuid}/posts'] }),
      queryClient.invalidateQueries({ queryKey: api.queries.post(post.uuid).queryKey }),
      queryClient.invalidateQueries({ queryKey: api.queries.space(space.uuid).queryKey }),
    ]);
  const subscription = useRequest(async (on: boolean, signal) => {
    await api.setPostSubscription(post.uuid, on, signal);
    showToast({ title: intl.formatMessage(on ? m.subscribed : m.unsubscribed), variant: 'success' });
    await refresh();
  });
  const pin = useRequest(async (pinned: boolean, signal) => {
    await api.updatePost(post.uuid, { pinned }, signal);
    await refresh();
  });
  const deletion = useConfirmedDeletion<Post>({
    remove: (target, signal) => api.deletePost(target.uuid, signal),
    onDeleted: async () => {
      showToast({ title: intl.formatMessage(m.deleted), variant: 'success' });
      if (afterDelete) void navigate(afterDelete);
      await refresh();
    },
  });
  const mine = post.owner !== null && post.owner.uuid === viewer.uuid && post.owner.type === viewer.context;
  return (
    <>
      <Menu aria-label={intl.formatMessage(m.actions)} trigger={<Button variant="ghost" size="sm" aria-label={intl.formatMessage(m.actions)} icon={<MoreHorizontal size={16} aria-hidden="true" />} data-testid="post-actions" />}>
        <MenuItem icon={post.subscribed ? <BellOff size={16} aria-hidden="true" /> : <Bell size={16} aria-hidden="true" />} onAction={() => subscription.submit(!post.subscribed)}>
          {intl.formatMessage(post.subscribed ? m.unsubscribe : m.subscribe)}
        </MenuItem>
        {canManage ? (
          <MenuItem icon={post.pinned ? <PinOff size={16} aria-hidden="true" /> : <Pin size={16} aria-hidden="true" />} onAction={() => pin.submit(!post.pinned)}>
            {intl.formatMessage(post.pinned ? m.unpin : m.pin)}
          </MenuItem>
        ) : null}
        {canManage || mine ? (
          <MenuItem icon={<Trash2 size={16} aria-hidden="true" />} onAction={() => deletion.ask(post)} data-testid="post-delete">
            {intl.formatMessage(m.delete)}
          </MenuItem>
        ) : null}
      </Menu>
      {!mine && <ReportMenu report={(reason, signal) => api.reportPost(post.uuid, reason, signal)} />}
      <DeleteConfirmDialog
        deletion={deletion}
        title={intl.formatMessage(m.deleteTitle)}
        confirmLabel={intl.formatMessage(m.delete)}
        cancelLabel={intl.formatMessage(m.cancel)}
        pendingLabel={intl.formatMessage(m.deleting)}
        data-testid="post-delete-dialog"
      >
        {() => <p>{intl.formatMessage(m.deleteBody)}</p>}
      </DeleteConfirmDialog>
    </>
  );
}
