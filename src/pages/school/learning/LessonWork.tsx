import { useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { assignmentHandInMachine, type Assignment } from '../../../../machines/assignmentHandIn/assignmentHandIn.machine';
import { createAssignmentHandInActors } from '../../../../machines/assignmentHandIn/assignmentHandIn.actors';
import { selectAssignmentHandInView } from '../../../../machines/assignmentHandIn/assignmentHandIn.selectors';
import type { LearnerItem } from '../../../../machines/lessonPlayer/lessonPlayer.machine';
import { assignmentHandInApi, assignmentThreadQuery, giveLessonFeedback, lessonCommentsQuery, postAssignmentMessage, postLessonComment } from '../../../api/learningApi';
import type { components } from '../../../api/schema.gen';
import { failureText, fieldErrors } from '../../../app/failureText';
import { useInspectedMachine } from '../../../app/inspector';
import { useRequest } from '../../../app/useRequest';
import { useSchool } from '../../../app/school';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ChoiceGroup } from '../../../components/ui/ChoiceGroup';
import { FormError } from '../../../components/ui/Form';
import { Spinner } from '../../../components/ui/Spinner';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { learningMessages as m } from './learningMessages';

type TrainingComment = components['schemas']['TrainingComment'];

interface HandInProps {
  assignment: Assignment | null;
  maxFiles: number;
  trainingUuid: string;
  itemId: number;
  /** Handed in: the player reloads the lesson (status, outline). */
  onSubmitted: () => void;
}

/** An assignment in the player: status, the team's corrections, and the hand-in (text and files) when open. */
export function AssignmentHandInView({ assignment, maxFiles, trainingUuid, itemId, onSubmitted }: HandInProps) {
  const intl = useIntl();
  const { subdomain } = useSchool();
  const machine = useMemo(
    () =>
      assignmentHandInMachine.provide({
        actors: createAssignmentHandInActors(assignmentHandInApi(subdomain, trainingUuid, itemId)),
        actions: { submitted: () => onSubmitted() },
      }),
    [subdomain, trainingUuid, itemId, onSubmitted],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { assignment, maxFiles } });
  const view = selectAssignmentHandInView(snapshot);
  const last = snapshot.context.assignment?.submissions[0];
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) send({ type: 'PICK', file });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };
  return (
    <section className="hand-in" aria-labelledby="hand-in-title" data-testid="hand-in">
      <header className="hand-in__header">
        <h3 id="hand-in-title">{intl.formatMessage(m.handInTitle)}</h3>
        <span className="learning-badge" data-status={view.status} data-testid="hand-in-status">
          {intl.formatMessage(m.handInStatus, { status: view.status })}
        </span>
      </header>
      {view.corrections.length > 0 && (
        <div className="hand-in__corrections" data-testid="hand-in-corrections">
          <h4>{intl.formatMessage(m.handInCorrections)}</h4>
          <ul>
            {view.corrections.map((correction) => (
              <li key={correction.id}>{correction.text}</li>
            ))}
          </ul>
        </div>
      )}
      {view.status === 'waiting' && <Banner variant="info">{intl.formatMessage(m.handInWaiting)}</Banner>}
      {view.status === 'accepted' && <Banner variant="success">{intl.formatMessage(m.handInAccepted)}</Banner>}
      {last && !view.canEdit && (last.content || last.files.length > 0) && (
        <div className="hand-in__last">
          <h4>{intl.formatMessage(m.handInLast)}</h4>
          {last.content && <p className="hand-in__text">{last.content}</p>}
          <ul>
            {last.files.map((file) => (
              <li key={file.url}>
                <a href={file.url} target="_blank" rel="noopener noreferrer">
                  {file.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {view.canEdit && (
        <form className="hand-in__form" onSubmit={onSubmit} noValidate>
          <FormError>{view.failure ? failureText(intl, view.failure, ['content']) : undefined}</FormError>
          <TextAreaField
            label={intl.formatMessage(m.handInText)}
            value={view.text}
            onChange={(text) => send({ type: 'EDIT', text })}
            maxLength={20000}
            rows={6}
            errorMessage={fieldErrors(view.failure, 'content')}
            data-testid="hand-in-text"
          />
          <p className="lesson__hint">{intl.formatMessage(m.handInFiles, { max: view.maxFiles })}</p>
          {view.files.length > 0 && (
            <ul className="hand-in__files" data-testid="hand-in-files">
              {view.files.map((file) => (
                <li key={file.url}>
                  <span>{file.name}</span>
                  <Button variant="ghost" size="sm" onPress={() => send({ type: 'REMOVE', url: file.url })} aria-label={intl.formatMessage(m.handInRemove, { name: file.name })}>
                    ✕
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {view.maxFiles > 0 && (
            <label className="hand-in__file-picker" data-disabled={!view.canAddFile || undefined}>
              <span>{intl.formatMessage(view.isUploading ? m.handInUploading : m.handInAddFile)}</span>
              <input type="file" onChange={onPick} disabled={!view.canAddFile} data-testid="hand-in-file" />
            </label>
          )}
          {view.problem && <Banner variant="warning">{intl.formatMessage(view.problem === 'empty' ? m.handInEmpty : m.handInTooMany)}</Banner>}
          <div className="form-actions">
            <Button type="submit" isDisabled={view.isUploading} isPending={view.isSubmitting} pendingLabel={intl.formatMessage(m.handInSubmitting)} data-testid="hand-in-submit">
              {intl.formatMessage(view.status === 'toRework' ? m.handInResubmit : m.handInSubmit)}
            </Button>
          </div>
        </form>
      )}
      <AssignmentThread trainingUuid={trainingUuid} itemId={itemId} />
    </section>
  );
}

/** The learner's messages with the team about the assignment (the review page's thread). */
function AssignmentThread({ trainingUuid, itemId }: { trainingUuid: string; itemId: number }) {
  const intl = useIntl();
  const { subdomain } = useSchool();
  const queryClient = useQueryClient();
  const query = assignmentThreadQuery(subdomain, trainingUuid, itemId);
  const thread = useQuery(query);
  const [content, setContent] = useState('');
  const request = useRequest(async (text: string) => {
    await postAssignmentMessage(subdomain, trainingUuid, itemId, text);
    setContent('');
    await queryClient.invalidateQueries({ queryKey: query.queryKey });
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (content.trim() === '' || request.isSubmitting) return;
    request.submit(content.trim());
  };
  return (
    <div className="hand-in__thread" data-testid="hand-in-thread">
      <h4>{intl.formatMessage(m.handInThread)}</h4>
      {thread.isPending ? (
        <Spinner aria-label={intl.formatMessage(m.commentsLoading)} />
      ) : thread.isError ? (
        <Banner variant="danger">{intl.formatMessage(m.commentsFailed)}</Banner>
      ) : thread.data.data.length === 0 ? (
        <p className="lesson__hint">{intl.formatMessage(m.handInThreadEmpty)}</p>
      ) : (
        <ul className="lesson-comments__list">
          {thread.data.data.map((message) => (
            <li key={message.id} className="lesson-comment" data-testid="hand-in-message">
              <p className="lesson-comment__meta">
                <strong>{message.author?.display_name ?? intl.formatMessage(m.commentDeletedAuthor)}</strong>{' '}
                <time dateTime={message.created_at}>{intl.formatDate(message.created_at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
              </p>
              <p className="lesson-comment__content">{message.content}</p>
            </li>
          ))}
        </ul>
      )}
      <form className="lesson-comments__form" onSubmit={onSubmit}>
        <FormError>{failureText(intl, request.error, ['content'])}</FormError>
        <TextAreaField label={intl.formatMessage(m.handInMessage)} value={content} onChange={setContent} maxLength={5000} rows={2} errorMessage={fieldErrors(request.error, 'content')} />
        <div className="form-actions">
          <Button type="submit" size="sm" variant="secondary" isDisabled={content.trim() === ''} isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.commentSending)} data-testid="hand-in-message-send">
            {intl.formatMessage(m.commentSend)}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Comments under a lesson: threads with their replies, a form to comment and to reply. */
export function LessonComments({ trainingUuid, itemId }: { trainingUuid: string; itemId: number }) {
  const intl = useIntl();
  const { subdomain } = useSchool();
  const queryClient = useQueryClient();
  const query = lessonCommentsQuery(subdomain, trainingUuid, itemId);
  const comments = useQuery(query);
  const refresh = () => queryClient.invalidateQueries({ queryKey: query.queryKey });
  return (
    <section className="lesson-comments" aria-labelledby="lesson-comments-title" data-testid="lesson-comments">
      <h3 id="lesson-comments-title">{intl.formatMessage(m.commentsTitle)}</h3>
      <CommentForm trainingUuid={trainingUuid} itemId={itemId} label={intl.formatMessage(m.commentLabel)} onSent={refresh} />
      {comments.isPending ? (
        <Spinner aria-label={intl.formatMessage(m.commentsLoading)} />
      ) : comments.isError ? (
        <Banner variant="danger">{intl.formatMessage(m.commentsFailed)}</Banner>
      ) : comments.data.data.length === 0 ? (
        <p className="lesson__hint" data-testid="lesson-comments-empty">
          {intl.formatMessage(m.commentsEmpty)}
        </p>
      ) : (
        <ul className="lesson-comments__list">
          {comments.data.data.map((comment) => (
            <CommentThread key={comment.id} comment={comment} trainingUuid={trainingUuid} itemId={itemId} onSent={refresh} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CommentThread({ comment, trainingUuid, itemId, onSent }: { comment: TrainingComment; trainingUuid: string; itemId: number; onSent: () => unknown }) {
  const intl = useIntl();
  const [replying, setReplying] = useState(false);
  return (
    <li className="lesson-comment" data-testid="lesson-comment">
      <p className="lesson-comment__meta">
        <strong>{comment.author?.display_name ?? intl.formatMessage(m.commentDeletedAuthor)}</strong>{' '}
        <time dateTime={comment.created_at}>{intl.formatDate(comment.created_at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
      </p>
      <p className="lesson-comment__content">{comment.content}</p>
      {comment.parent_id === null &&
        (replying ? (
          <CommentForm trainingUuid={trainingUuid} itemId={itemId} parentId={comment.id} label={intl.formatMessage(m.commentReplyLabel)} onSent={onSent} onDone={() => setReplying(false)} />
        ) : (
          <Button variant="ghost" size="sm" onPress={() => setReplying(true)}>
            {intl.formatMessage(m.commentReply)}
          </Button>
        ))}
      {comment.children.length > 0 && (
        <ul className="lesson-comments__replies">
          {comment.children.map((child) => (
            <CommentThread key={child.id} comment={child} trainingUuid={trainingUuid} itemId={itemId} onSent={onSent} />
          ))}
        </ul>
      )}
    </li>
  );
}

interface CommentFormProps {
  trainingUuid: string;
  itemId: number;
  parentId?: number;
  label: string;
  onSent: () => unknown;
  onDone?: () => void;
}

function CommentForm({ trainingUuid, itemId, parentId, label, onSent, onDone }: CommentFormProps) {
  const intl = useIntl();
  const { subdomain } = useSchool();
  const [content, setContent] = useState('');
  const request = useRequest(async (text: string) => {
    await postLessonComment(subdomain, trainingUuid, itemId, text, parentId);
    setContent('');
    await onSent();
    onDone?.();
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (content.trim() === '' || request.isSubmitting) return;
    request.submit(content.trim());
  };
  return (
    <form className="lesson-comments__form" onSubmit={onSubmit}>
      <FormError>{failureText(intl, request.error, ['content'])}</FormError>
      <TextAreaField label={label} value={content} onChange={setContent} maxLength={5000} errorMessage={fieldErrors(request.error, 'content')} autoFocus={parentId !== undefined} />
      <div className="form-actions">
        <Button type="submit" size="sm" isDisabled={content.trim() === ''} isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.commentSending)} data-testid="comment-send">
          {intl.formatMessage(m.commentSend)}
        </Button>
        {onDone && (
          <Button variant="ghost" size="sm" onPress={onDone} isDisabled={request.isSubmitting}>
            {intl.formatMessage(m.commentCancel)}
          </Button>
        )}
      </div>
    </form>
  );
}

/** The feedback form at the end of a lesson (the training's feedback options); `onGiven` unblocks "next". */
export function LessonFeedback({ lesson, onGiven }: { lesson: LearnerItem; onGiven: () => void }) {
  const intl = useIntl();
  const { subdomain } = useSchool();
  const options = lesson.feedback_options!;
  const [rating, setRating] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const request = useRequest(async (body: { rating?: number; comment?: string }) => {
    await giveLessonFeedback(subdomain, lesson.training_uuid, lesson.id, body);
    onGiven();
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { ...(options.rating_enabled && rating ? { rating: Number(rating) } : {}), ...(options.comment_enabled && comment.trim() ? { comment: comment.trim() } : {}) };
    if (!Object.keys(body).length || request.isSubmitting) return;
    request.submit(body);
  };
  if (request.hasSucceeded || lesson.feedback_given) {
    return (
      <Banner variant="success" data-testid="feedback-thanks">
        {intl.formatMessage(m.feedbackThanks)}
      </Banner>
    );
  }
  return (
    <section className="lesson-feedback" aria-labelledby="lesson-feedback-title" data-testid="lesson-feedback">
      <h3 id="lesson-feedback-title">{intl.formatMessage(m.feedbackTitle)}</h3>
      {options.mandatory && <p className="lesson__hint">{intl.formatMessage(m.feedbackMandatory)}</p>}
      <form onSubmit={onSubmit} className="stack">
        <FormError>{failureText(intl, request.error, ['rating', 'comment'])}</FormError>
        {options.rating_enabled && (
          <ChoiceGroup
            label={intl.formatMessage(m.feedbackRating)}
            value={rating ?? ''}
            onChange={setRating}
            orientation="horizontal"
            testId="feedback-rating"
            choices={[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: intl.formatMessage(m.feedbackStars, { n }) }))}
          />
        )}
        {options.comment_enabled && (
          <TextAreaField label={intl.formatMessage(m.feedbackComment)} value={comment} onChange={setComment} maxLength={2000} errorMessage={fieldErrors(request.error, 'comment')} />
        )}
        <div className="form-actions">
          <Button type="submit" isDisabled={!(rating || comment.trim())} isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.feedbackSending)} data-testid="feedback-send">
            {intl.formatMessage(m.feedbackSend)}
          </Button>
        </div>
      </form>
    </section>
  );
}
