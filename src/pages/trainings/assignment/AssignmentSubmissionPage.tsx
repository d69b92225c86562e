import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { assignmentCommentsQuery, assignmentQuery, type Assignment, type AssignmentDecision } from '../../../api/assignmentsApi';
import { failureText } from '../../../app/failureText';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ChoiceGroup } from '../../../components/ui/ChoiceGroup';
import { FormError } from '../../../components/ui/Form';
import { TextLink } from '../../../components/ui/Link';
import { Spinner } from '../../../components/ui/Spinner';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { formatSize } from '../../../i18n/format';
import { NotFoundPage } from '../../NotFoundPage';
import { AssignmentStatusBadge } from './AssignmentStatusBadge';
import { assignmentMessages as m, correctedBy, decisionLabels, decisionOutcomes, historyLabels, pageTitle, submissionHeading } from './assignmentMessages';
import { assignmentHref, assignmentRouteOf } from './assignmentRoute';
import { useAssignmentReview } from './useAssignmentReview';
import '../../pages.css';
import '../training/training.css';
import './assignment.css';

type Ref = { trainingUuid: string; itemId: number; assignmentId: number };
const CORRECTION_MAX = 5000;
const MESSAGE_MAX = 5000;

/**
 * /formations/:uuid/assignment/:id/submissions/:submissionId: one learner's work (the id is the contract's
 * Assignment id): its history, what was handed in, the decision form while it waits for a correction, and the
 * thread with the learner. The writes go through machines/assignmentReview.
 */
export function AssignmentSubmissionPage() {
  const route = assignmentRouteOf(useParams());
  if (!route || route.assignmentId === undefined) return <NotFoundPage />;
  const ref = { trainingUuid: route.trainingUuid, itemId: route.itemId, assignmentId: route.assignmentId };
  return <Submission key={`${ref.trainingUuid}/${ref.itemId}/${ref.assignmentId}`} ref_={ref} />;
}

function Submission({ ref_ }: { ref_: Ref }) {
  const intl = useIntl();
  const assignment = useQuery({ ...assignmentQuery(ref_), meta: { failureReport: 'page' } });
  const failure = assignment.error as { status?: number | null; message?: string } | null;
  const review = useAssignmentReview(ref_);

  if (assignment.isPending) {
    return (
      <div className="page assignment-page assignment-page--loading">
        <Spinner aria-label={intl.formatMessage(m.loading)} size="lg" />
      </div>
    );
  }
  if (failure && (failure.status === 404 || failure.status === 403)) return <NotFoundPage message={failure.message} />;
  if (!assignment.data) {
    return (
      <div className="page assignment-page">
        <Banner variant="danger" title={intl.formatMessage(m.failed)} action={<Button onPress={() => void assignment.refetch()}>{intl.formatMessage(m.retry)}</Button>}>
          {failure?.message}
        </Banner>
      </div>
    );
  }
  const data = assignment.data;
  return (
    <div className="page assignment-page" data-testid="assignment-submission">
      <div className="assignment-page__top">
        <TextLink href={assignmentHref({ ...ref_, assignmentId: undefined, submissions: true })} variant="subtle">
          {intl.formatMessage(m.backToSubmissions)}
        </TextLink>
      </div>
      <header className="assignment-page__header">
        <h1 className="assignment-page__title">{intl.formatMessage(pageTitle, { name: data.customer.display_name })}</h1>
        <AssignmentStatusBadge status={data.status} />
      </header>
      <div className="assignment-page__layout">
        <div className="assignment-page__main">
          <Submissions assignment={data} />
          <Review review={review} assignment={data} />
          <Thread ref_={ref_} review={review} />
        </div>
        <aside className="assignment-page__aside">
          <History assignment={data} />
        </aside>
      </div>
    </div>
  );
}

function Submissions({ assignment }: { assignment: Assignment }) {
  const intl = useIntl();
  const locale = intl.locale.startsWith('en') ? 'en' : 'fr';
  const count = assignment.submissions.length;
  return (
    <Card title={intl.formatMessage(m.submissionsOfLearner)} headingLevel={2}>
      {count === 0 ? (
        <p className="muted">{intl.formatMessage(m.noSubmission)}</p>
      ) : (
        <ol className="assignment-submissions" data-testid="assignment-submissions-list">
          {assignment.submissions.map((submission, index) => (
            <li key={submission.id} className="assignment-submission" data-testid="assignment-submission-item">
              <header className="comment__header">
                <h3 className="assignment-submission__title">{intl.formatMessage(submissionHeading, { n: count - index })}</h3>
                <time className="muted" dateTime={submission.submitted_at}>
                  {intl.formatDate(submission.submitted_at, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
                {submission.decision && <span className={`assignment-outcome assignment-outcome--${submission.decision.toLowerCase()}`}>{intl.formatMessage(decisionOutcomes[submission.decision])}</span>}
              </header>
              {submission.content ? <p className="comment__content">{submission.content}</p> : <p className="muted">{intl.formatMessage(m.noText)}</p>}
              {submission.files.length > 0 && (
                <ul className="assignment-files" aria-label={intl.formatMessage(m.files)}>
                  {submission.files.map((file) => (
                    <li key={file.url}>
                      <a href={file.url} target="_blank" rel="noopener noreferrer" download>
                        {file.name}
                      </a>{' '}
                      <span className="muted">({formatSize(file.size, locale)})</span>
                    </li>
                  ))}
                </ul>
              )}
              {submission.decision && (
                <div className="assignment-correction">
                  <p className="assignment-correction__by muted">
                    {intl.formatMessage(correctedBy, {
                      name: submission.corrected_by?.display_name ?? intl.formatMessage(m.deletedMember),
                      date: intl.formatDate(submission.corrected_at ?? submission.submitted_at, { dateStyle: 'medium' }),
                    })}
                  </p>
                  {submission.correction && <p className="comment__content">{submission.correction}</p>}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function History({ assignment }: { assignment: Assignment }) {
  const intl = useIntl();
  return (
    <Card title={intl.formatMessage(m.historyTitle)} headingLevel={2}>
      <ol className="assignment-history" data-testid="assignment-history">
        {assignment.history.map((entry) => {
          const name = entry.actor?.display_name ?? intl.formatMessage(m.deletedMember);
          const text =
            entry.type === 'teacher_validation'
              ? intl.formatMessage(historyLabels.teacher_validation, { name, outcome: entry.decision ? intl.formatMessage(decisionOutcomes[entry.decision]).toLowerCase() : '' })
              : intl.formatMessage(historyLabels[entry.type], { name });
          return (
            <li key={entry.id} className={`assignment-history__entry assignment-history__entry--${entry.type}`} data-testid="assignment-history-entry" data-type={entry.type}>
              <span>{text}</span>
              <time className="muted" dateTime={entry.created_at}>
                {intl.formatDate(entry.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

type Review = ReturnType<typeof useAssignmentReview>;

function Review({ review: { view, send }, assignment }: { review: Review; assignment: Assignment }) {
  const intl = useIntl();
  const waiting = assignment.status === 'PENDING_TEACHER';
  if (view.isSuperseded) return <Banner variant="warning" data-testid="assignment-superseded">{intl.formatMessage(m.superseded)}</Banner>;
  if (view.isDecided) return <Banner variant="success" data-testid="assignment-decided">{intl.formatMessage(m.decided)}</Banner>;
  if (!waiting) return null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'SUBMIT_DECISION' });
  };
  const choices = (['ACCEPTED', 'REJECTED'] as const).map((decision) => ({
    value: decision,
    label: intl.formatMessage(decisionLabels[decision]),
    description: intl.formatMessage(decision === 'ACCEPTED' ? m.acceptDescription : m.rejectDescription),
  }));
  const correctionError = view.problem === 'correctionRequired' ? intl.formatMessage(m.correctionRequired) : view.failure?.fieldErrors.correction?.join(', ');
  return (
    <Card title={intl.formatMessage(m.decisionTitle)} headingLevel={2}>
      <form className="stack" onSubmit={submit} noValidate data-testid="assignment-decision-form">
        <ChoiceGroup<AssignmentDecision | ''>
          label={intl.formatMessage(m.decisionLabel)}
          choices={choices}
          value={view.decision ?? ''}
          onChange={(decision) => decision && send({ type: 'CHOOSE', decision })}
          orientation="horizontal"
          isDisabled={!view.canDecide}
          testId="assignment-decision"
        />
        {view.problem === 'decisionRequired' && <FormError>{intl.formatMessage(m.decisionRequired)}</FormError>}
        <TextAreaField
          label={intl.formatMessage(m.correctionLabel)}
          description={intl.formatMessage(m.correctionHint)}
          value={view.correction}
          onChange={(value) => send({ type: 'CHANGE_CORRECTION', value })}
          maxLength={CORRECTION_MAX}
          rows={4}
          isDisabled={!view.canDecide}
          errorMessage={correctionError}
          isInvalid={Boolean(correctionError)}
          data-testid="assignment-correction"
        />
        {view.failure && <FormError>{failureText(intl, view.failure, ['correction'])}</FormError>}
        <div>
          <Button type="submit" isPending={view.isDeciding} data-testid="assignment-decision-submit">
            {intl.formatMessage(m.submitDecision)}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function Thread({ ref_, review: { view, send } }: { ref_: Ref; review: Review }) {
  const intl = useIntl();
  const thread = useQuery(assignmentCommentsQuery(ref_));
  const comments = thread.data?.data ?? [];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'SEND_COMMENT' });
  };
  const error = view.commentProblem === 'empty' ? intl.formatMessage(m.messageEmpty) : undefined;
  return (
    <Card title={intl.formatMessage(m.threadTitle)} headingLevel={2}>
      <div className="stack" data-testid="assignment-thread">
        {thread.isPending ? (
          <Spinner aria-label={intl.formatMessage(m.loading)} />
        ) : thread.isError ? (
          <Banner variant="danger" title={intl.formatMessage(m.failed)} action={<Button variant="secondary" onPress={() => void thread.refetch()}>{intl.formatMessage(m.retry)}</Button>} />
        ) : comments.length === 0 ? (
          <p className="muted">{intl.formatMessage(m.threadEmpty)}</p>
        ) : (
          <ol className="comment-list">
            {comments.map((comment) => (
              <li key={comment.id} className={`assignment-message assignment-message--${comment.author?.type === 'CUSTOMER' ? 'learner' : 'team'}`} data-testid="assignment-message">
                <header className="comment__header">
                  <strong className={comment.author ? undefined : 'comment__deleted'}>{comment.author?.display_name ?? intl.formatMessage(m.deletedMember)}</strong>
                  <time className="muted" dateTime={comment.created_at}>
                    {intl.formatDate(comment.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                </header>
                <p className="comment__content">{comment.content}</p>
              </li>
            ))}
          </ol>
        )}
        <form className="stack" onSubmit={submit} noValidate>
          <TextAreaField
            label={intl.formatMessage(m.messageLabel)}
            value={view.comment}
            onChange={(value) => send({ type: 'CHANGE_COMMENT', value })}
            maxLength={MESSAGE_MAX}
            rows={3}
            isDisabled={view.isSending}
            errorMessage={error}
            isInvalid={Boolean(error)}
            data-testid="assignment-message-input"
          />
          {view.commentFailure && <FormError>{failureText(intl, view.commentFailure)}</FormError>}
          <div>
            <Button type="submit" variant="secondary" isPending={view.isSending} data-testid="assignment-message-send">
              {intl.formatMessage(m.send)}
            </Button>
          </div>
        </form>
      </div>
    </Card>
  );
}
