import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Bell, BellOff, Reply, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { Form, FormError } from '../../components/ui/Form';
import { Spinner } from '../../components/ui/Spinner';
import { Banner } from '../../components/ui/Banner';
import { Pagination } from '../../components/ui/Pagination';
import { TextLink } from '../../components/ui/Link';
import { showToast } from '../../components/ui/toastQueue';
import { DeleteConfirmDialog, useConfirmedDeletion } from '../../components/catalogue/DeleteConfirm';
import { failureText } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import type { Comment, Post, Space } from '../../api/communityApi';
import { AuthorName, ReportMenu } from './CommunityBits';
import { useCommunity } from './communityContext';
import { SpaceFrame } from './SpaceFrame';
import { PostActions, PostCard } from './PostCard';

const m = {
  ...defineMessages({
  back: { id: 'community.post.back', defaultMessage: 'Toutes les discussions' },
  loading: { id: 'community.post.loading', defaultMessage: 'Chargement de la publication…' },
  failed: { id: 'community.post.failed', defaultMessage: 'La publication n’a pas pu être chargée.' },
  retry: { id: 'community.menu.retry', defaultMessage: 'Réessayer' },
  noComments: { id: 'community.comments.empty', defaultMessage: 'Aucun commentaire pour le moment.' },
  write: { id: 'community.comments.write', defaultMessage: 'Votre commentaire' },
  writeReply: { id: 'community.comments.writeReply', defaultMessage: 'Votre réponse' },
  send: { id: 'community.comments.send', defaultMessage: 'Commenter' },
  sendReply: { id: 'community.comments.sendReply', defaultMessage: 'Répondre' },
  sending: { id: 'community.comments.sending', defaultMessage: 'Envoi…' },
  reply: { id: 'community.comments.reply', defaultMessage: 'Répondre' },
  closed: { id: 'community.comments.closed', defaultMessage: 'Les réponses sont fermées.' },
  subscribe: { id: 'community.post.subscribe', defaultMessage: 'Suivre' },
  unsubscribe: { id: 'community.post.unsubscribe', defaultMessage: 'Ne plus suivre' },
  delete: { id: 'community.post.delete', defaultMessage: 'Supprimer' },
  deleteTitle: { id: 'community.comment.deleteTitle', defaultMessage: 'Supprimer le commentaire ?' },
  deleteBody: { id: 'community.comment.deleteBody', defaultMessage: 'Le commentaire et ses réponses disparaissent.' },
  deleting: { id: 'community.collection.deleting', defaultMessage: 'Suppression…' },
  cancel: { id: 'community.cancel', defaultMessage: 'Annuler' },
  deleted: { id: 'community.comment.deleted', defaultMessage: 'Commentaire supprimé' },
  commented: { id: 'community.comment.sent', defaultMessage: 'Commentaire publié' },
  }),
  comments: defineMessage<{ count: number }>({ id: 'community.comments.title', defaultMessage: '{count, plural, =0 {Commentaires} one {# commentaire} other {# commentaires}}' }),
  moreReplies: defineMessage<{ count: number }>({ id: 'community.comments.moreReplies', defaultMessage: '{count, plural, one {Voir la réponse} other {Voir les # réponses}}' }),
};

/** /communaute/espaces/:uuid/discussions/:postUUID: the post, its threaded comments (replies paged), the composer. */
export function PostPage() {
  return <SpaceFrame>{({ space, canManage }) => <PostThread space={space} canManage={canManage} />}</SpaceFrame>;
}

function PostThread({ space, canManage }: { space: Space; canManage: boolean }) {
  const intl = useIntl();
  const { postUUID = '' } = useParams();
  const { api, paths } = useCommunity();
  const post = useQuery(api.queries.post(postUUID));
  const [page, setPage] = useState(1);
  const comments = useQuery(api.queries.comments(postUUID, page));
  if (post.isPending) return <Spinner aria-label={intl.formatMessage(m.loading)} />;
  if (post.isError)
    return (
      <Banner variant="danger" action={<Button variant="secondary" size="sm" onPress={() => void post.refetch()}>{intl.formatMessage(m.retry)}</Button>}>
        {intl.formatMessage(m.failed)}
      </Banner>
    );
  const open = !post.data.settings.readonly;
  return (
    <div className="community-page" data-testid="post-page">
      <TextLink href={paths.posts(space.uuid)} variant="subtle">
        <span className="community-card__meta">
          <ArrowLeft size={16} aria-hidden="true" /> {intl.formatMessage(m.back)}
        </span>
      </TextLink>
      <PostCard post={post.data} canManage={canManage} actions={<PostActions post={post.data} space={space} canManage={canManage} afterDelete={paths.posts(space.uuid)} />} />
      <section className="stack" aria-labelledby="post-comments">
        <h2 id="post-comments">{intl.formatMessage(m.comments, { count: post.data.comments_count })}</h2>
        {open ? <CommentComposer post={post.data} parent={null} /> : <p>{intl.formatMessage(m.closed)}</p>}
        {comments.isPending ? (
          <Spinner aria-label={intl.formatMessage(m.loading)} />
        ) : comments.isError ? (
          <Banner variant="danger">{intl.formatMessage(m.failed)}</Banner>
        ) : comments.data.data.length === 0 ? (
          <p className="community-empty">{intl.formatMessage(m.noComments)}</p>
        ) : (
          <>
            <ul className="community-comments" data-testid="comments">
              {comments.data.data.map((comment) => (
                <CommentItem key={comment.uuid} comment={comment} post={post.data} canManage={canManage} open={open} />
              ))}
            </ul>
            <Pagination page={comments.data.meta.current_page} lastPage={comments.data.meta.last_page} onChange={setPage} />
          </>
        )}
      </section>
    </div>
  );
}

/** Refreshes what a comment changes: the post's count and the comment pages. */
function useRefreshThread(post: Post) {
  const queryClient = useQueryClient();
  const { api } = useCommunity();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['get', '/community/posts/{postUuid}/comments'] }),
      queryClient.invalidateQueries({ queryKey: api.queries.post(post.uuid).queryKey }),
      queryClient.invalidateQueries({ queryKey: ['get', '/community/groups/{groupUuid}/posts'] }),
    ]);
}

/** A comment or a reply: sent only when not empty after trimming, and not twice while one is on its way. */
function CommentComposer({ post, parent, onSent }: { post: Post; parent: Comment | null; onSent?: () => void }) {
  const intl = useIntl();
  const { api } = useCommunity();
  const refresh = useRefreshThread(post);
  const [content, setContent] = useState('');
  const request = useRequest(async (text: string, signal) => {
    await api.createComment(post.uuid, text, parent?.uuid ?? null, signal);
    setContent('');
    showToast({ title: intl.formatMessage(m.commented), variant: 'success' });
    onSent?.();
    await refresh();
  });
  const text = content.trim();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text === '' || request.isSubmitting) return;
    request.submit(text);
  };
  return (
    <Form className="stack" onSubmit={onSubmit} data-testid={parent ? 'reply-composer' : 'comment-composer'}>
      <FormError>{failureText(intl, request.error, ['content'])}</FormError>
      <TextAreaField
        label={intl.formatMessage(parent ? m.writeReply : m.write)}
        value={content}
        onChange={setContent}
        rows={parent ? 2 : 3}
        maxLength={5000}
        isDisabled={request.isSubmitting}
        errorMessage={request.error?.fieldErrors.content}
        data-testid="comment-input"
      />
      <div>
        <Button type="submit" size="sm" isDisabled={text === ''} isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.sending)} data-testid="comment-send">
          {intl.formatMessage(parent ? m.sendReply : m.send)}
        </Button>
      </div>
    </Form>
  );
}

function CommentItem({ comment, post, canManage, open }: { comment: Comment; post: Post; canManage: boolean; open: boolean }) {
  const intl = useIntl();
  const { api, viewer } = useCommunity();
  const refresh = useRefreshThread(post);
  const [replying, setReplying] = useState(false);
  const [repliesPage, setRepliesPage] = useState(0);
  const replies = useQuery({ ...api.queries.comments(post.uuid, Math.max(1, repliesPage), comment.uuid), enabled: repliesPage > 0 });
  const shown = repliesPage > 0 && replies.data ? replies.data.data : comment.children;
  const mine = comment.owner !== null && comment.owner.uuid === viewer.uuid && comment.owner.type === viewer.context;
  const subscription = useRequest(async (on: boolean, signal) => {
    await api.setCommentSubscription(comment.uuid, on, signal);
    await refresh();
  });
  const deletion = useConfirmedDeletion<Comment>({
    remove: (target, signal) => api.deleteComment(target.uuid, signal),
    onDeleted: async () => {
      showToast({ title: intl.formatMessage(m.deleted), variant: 'success' });
      await refresh();
    },
  });
  const canAnswer = open && !comment.settings.readonly && comment.parent === null;
  return (
    <li className="community-comment community-card" data-testid="comment">
      <div className="community-card__meta">
        <AuthorName author={comment.owner} />
        <time dateTime={comment.created_at}>{intl.formatDate(comment.created_at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
      </div>
      <p className="community-card__content">{comment.content}</p>
      <div className="community-card__footer">
        {canAnswer && (
          <Button variant="ghost" size="sm" icon={<Reply size={14} aria-hidden="true" />} onPress={() => setReplying(!replying)} aria-expanded={replying}>
            {intl.formatMessage(m.reply)}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          icon={comment.subscribed ? <BellOff size={14} aria-hidden="true" /> : <Bell size={14} aria-hidden="true" />}
          onPress={() => subscription.submit(!comment.subscribed)}
          isDisabled={subscription.isSubmitting}
        >
          {intl.formatMessage(comment.subscribed ? m.unsubscribe : m.subscribe)}
        </Button>
        {(canManage || mine) && (
          <Button variant="ghost" size="sm" icon={<Trash2 size={14} aria-hidden="true" />} onPress={() => deletion.ask(comment)}>
            {intl.formatMessage(m.delete)}
          </Button>
        )}
        {!mine && <ReportMenu report={(reason, signal) => api.reportComment(comment.uuid, reason, signal)} />}
      </div>
      {replying && <CommentComposer post={post} parent={comment} onSent={() => setReplying(false)} />}
      {shown.length > 0 && (
        <ul className="community-comments">
          {shown.map((reply) => (
            <CommentItem key={reply.uuid} comment={reply} post={post} canManage={canManage} open={open} />
          ))}
        </ul>
      )}
      {repliesPage === 0 && comment.children_count > comment.children.length && (
        <div>
          <Button variant="ghost" size="sm" onPress={() => setRepliesPage(1)}>
            {intl.formatMessage(m.moreReplies, { count: comment.children_count })}
          </Button>
        </div>
      )}
      {repliesPage > 0 && replies.data && (
        <Pagination page={replies.data.meta.current_page} lastPage={replies.data.meta.last_page} onChange={setRepliesPage} />
      )}
      <DeleteConfirmDialog
        deletion={deletion}
        title={intl.formatMessage(m.deleteTitle)}
        confirmLabel={intl.formatMessage(m.delete)}
        cancelLabel={intl.formatMessage(m.cancel)}
        pendingLabel={intl.formatMessage(m.deleting)}
      >
        {() => <p>{intl.formatMessage(m.deleteBody)}</p>}
      </DeleteConfirmDialog>
    </li>
  );
}
