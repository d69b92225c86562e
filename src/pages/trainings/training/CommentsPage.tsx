import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { deleteTrainingComment, refreshTrainingComments, replyToTrainingComment, trainingCommentsQuery, type TrainingComment as Comment } from '../../../api/trainingCommentsApi';
import { failureText, fieldErrors } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { FormError } from '../../../components/ui/Form';
import { Spinner } from '../../../components/ui/Spinner';
import { commonMessages } from '../../../i18n/commonMessages';
import { Pagination } from '../../../components/ui/Pagination';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import '../../../components/catalogue/catalogue.css';
import { DeleteConfirmDialog, useConfirmedDeletion } from '../../../components/catalogue/DeleteConfirm';
import { TrainingFrame } from './TrainingFrame';
import { type Training } from '../../../api/trainingsApi';
import { useCanEditTraining } from './useCanEditTraining';


const m = defineMessages({
  title: { id: 'trainings.comments.title', defaultMessage: 'Commentaires' },
  lead: { id: 'trainings.comments.lead', defaultMessage: 'Les commentaires laissés sous les leçons, du plus récent au plus ancien.' },
  emptyTitle: { id: 'trainings.comments.emptyTitle', defaultMessage: 'Aucun commentaire pour le moment' },
  emptyBody: { id: 'trainings.comments.emptyBody', defaultMessage: 'Les questions et remarques de vos apprenants sous les leçons apparaîtront ici.' },
  failed: { id: 'trainings.comments.failed', defaultMessage: 'Les commentaires n’ont pas pu être chargés.' },
  deletedMember: { id: 'trainings.comments.deletedMember', defaultMessage: 'Membre supprimé' },
  reply: { id: 'trainings.comments.reply', defaultMessage: 'Répondre' },
  replyLabel: { id: 'trainings.comments.replyLabel', defaultMessage: 'Votre réponse' },
  send: { id: 'trainings.comments.send', defaultMessage: 'Publier la réponse' },
  sending: { id: 'trainings.comments.sending', defaultMessage: 'Publication…' },
  cancel: { id: 'trainings.comments.cancel', defaultMessage: 'Annuler' },
  delete: { id: 'trainings.comments.delete', defaultMessage: 'Supprimer' },
  deleteTitle: { id: 'trainings.comments.deleteTitle', defaultMessage: 'Supprimer ce commentaire ?' },
  deleteBody: { id: 'trainings.comments.deleteBody', defaultMessage: 'Le commentaire et ses réponses disparaissent pour tout le monde.' },
  deleting: { id: 'trainings.comments.deleting', defaultMessage: 'Suppression…' },
});
const mv = {
  lesson: defineMessage<{ name: string }>({ id: 'trainings.comments.lesson', defaultMessage: 'Leçon « {name} »' }),
  replies: defineMessage<{ count: number }>({ id: 'trainings.comments.replies', defaultMessage: '{count, plural, one {# réponse} other {# réponses}}' }),
};

/** /formations/:uuid/commentaires: lesson comments with their replies; editors reply and delete. */
export function CommentsPage() {
  return <TrainingFrame tab="comments">{(training) => <CommentsPanel training={training} />}</TrainingFrame>;
}

function CommentsPanel({ training }: { training: Training }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const canEdit = useCanEditTraining();
  const [page, setPage] = useState(1);
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
    const list = useQuery({ ...trainingCommentsQuery(training.uuid, page), placeholderData: keepPreviousData });
  const refresh = () => refreshTrainingComments(queryClient, training.uuid);

  const deletion = useConfirmedDeletion<Comment>({
    remove: (comment, signal) => deleteTrainingComment(training.uuid, comment.id, signal),
    onDeleted: refresh,
  });

  const comments = list.data?.data ?? [];
  return (
    <Card title={intl.formatMessage(m.title)} description={intl.formatMessage(m.lead)}>
      <div className="stack" data-testid="training-comments">
        {list.isPending ? (
          <div className="loading-state">
            <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
          </div>
        ) : list.isError ? (
          <Banner variant="danger" title={intl.formatMessage(m.failed)} action={<Button variant="secondary" onPress={() => void list.refetch()}>{intl.formatMessage(commonMessages.retry)}</Button>} />
        ) : comments.length === 0 ? (
          <div className="empty-state" data-testid="comments-empty">
            <h3 className="empty-state__title">{intl.formatMessage(m.emptyTitle)}</h3>
            <p className="page-lead">{intl.formatMessage(m.emptyBody)}</p>
          </div>
        ) : (
          <ul className="comment-list">
            {comments.map((comment) => (
              <li key={comment.id} className="comment-thread" data-testid="comment">
                <CommentBody comment={comment} canEdit={canEdit} onDelete={deletion.ask} />
                {comment.children.length > 0 && (
                  <ul className="comment-replies" aria-label={intl.formatMessage(mv.replies, { count: comment.children.length })}>
                    {comment.children.map((reply) => (
                      <li key={reply.id} data-testid="comment-reply">
                        <CommentBody comment={reply} canEdit={canEdit} onDelete={deletion.ask} />
                      </li>
                    ))}
                  </ul>
                )}
                {canEdit &&
                  (replyingTo === comment.id ? (
                    <ReplyForm trainingUuid={training.uuid} parent={comment} onDone={() => setReplyingTo(null)} onSent={refresh} />
                  ) : (
                    <div>
                      <Button variant="ghost" size="sm" onPress={() => setReplyingTo(comment.id)} data-testid="comment-reply-open">
                        {intl.formatMessage(m.reply)}
                      </Button>
                    </div>
                  ))}
              </li>
            ))}
          </ul>
        )}
        {list.data && <Pagination page={list.data.meta.current_page} lastPage={list.data.meta.last_page} onChange={setPage} />}
      </div>
      <DeleteConfirmDialog
        deletion={deletion}
        title={intl.formatMessage(m.deleteTitle)}
        confirmLabel={intl.formatMessage(m.delete)}
        cancelLabel={intl.formatMessage(m.cancel)}
        pendingLabel={intl.formatMessage(m.deleting)}
      >
        {() => intl.formatMessage(m.deleteBody)}
      </DeleteConfirmDialog>
    </Card>
  );
}

function CommentBody({ comment, canEdit, onDelete }: { comment: Comment; canEdit: boolean; onDelete: (comment: Comment) => void }) {
  const intl = useIntl();
  return (
    <article className="comment">
      <header className="comment__header">
        <strong className={comment.author ? undefined : 'comment__deleted'} data-testid="comment-author">
          {comment.author?.display_name ?? intl.formatMessage(m.deletedMember)}
        </strong>
        {comment.parent_id === null && <span className="muted">{intl.formatMessage(mv.lesson, { name: comment.training_item.name })}</span>}
        <time className="muted" dateTime={comment.created_at}>
          {intl.formatDate(comment.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
        {canEdit && (
          <Button variant="ghost" size="sm" className="comment__delete" onPress={() => onDelete(comment)} data-testid="comment-delete">
            {intl.formatMessage(m.delete)}
          </Button>
        )}
      </header>
      <p className="comment__content">{comment.content}</p>
    </article>
  );
}

function ReplyForm({ trainingUuid, parent, onDone, onSent }: { trainingUuid: string; parent: Comment; onDone: () => void; onSent: () => unknown }) {
  const intl = useIntl();
  const [content, setContent] = useState('');
  const request = useRequest(async (text: string, signal) => {
    await replyToTrainingComment(trainingUuid, parent, text, signal);
    await onSent();
    onDone();
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Spec 5: a comment is not posted when empty after trimming, nor twice while posting.
    if (content.trim() === '' || request.isSubmitting) return;
    request.submit(content.trim());
  };
  return (
    <form className="stack comment-reply-form" onSubmit={onSubmit}>
      <FormError>{failureText(intl, request.error, ['content'])}</FormError>
      <TextAreaField label={intl.formatMessage(m.replyLabel)} value={content} onChange={setContent} maxLength={5000} autoFocus errorMessage={fieldErrors(request.error, 'content')} />
      <div className="form-actions">
        <Button type="submit" size="sm" isDisabled={content.trim() === ''} isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.sending)} data-testid="comment-reply-send">
          {intl.formatMessage(m.send)}
        </Button>
        <Button variant="ghost" size="sm" onPress={onDone} isDisabled={request.isSubmitting}>
          {intl.formatMessage(m.cancel)}
        </Button>
      </div>
    </form>
  );
}
