import { useCallback, useMemo, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { lessonPlayerMachine, type LearnerItem, type LearnerOutlineItem } from '../../../../machines/lessonPlayer/lessonPlayer.machine';
import { createLessonPlayerActors } from '../../../../machines/lessonPlayer/lessonPlayer.actors';
import { selectLessonPlayerView } from '../../../../machines/lessonPlayer/lessonPlayer.selectors';
import { schoolPath, schoolPaths } from '../../../../shared/schoolPaths';
import { lessonPlayerApi } from '../../../api/learningApi';
import { useInspectedMachine } from '../../../app/inspector';
import { useSchool } from '../../../app/school';
import { BlockView } from '../../../blocks/render/BlockView';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { TextLink } from '../../../components/ui/Link';
import { ProgressMeter, percentOf } from '../../../components/ui/ProgressMeter';
import { Spinner } from '../../../components/ui/Spinner';
import { learningMessages as m } from './learningMessages';
import { PreviewBanner, PreviewQuiz } from './PlayerPreview';
import { QuizTakingView } from './QuizTakingView';
import { ScormPlayerView } from './ScormPlayerView';
import { AssignmentHandInView, LessonComments, LessonFeedback } from './LessonWork';
import './learning.css';

/** `/ecole/:subdomain/mes-formations/:trainingUuid/:itemId?`: one machine per training (a new training remounts it). */
export function LessonPlayerPage() {
  const { trainingUuid = '' } = useParams();
  return <LessonPlayer key={trainingUuid} trainingUuid={trainingUuid} />;
}

/** Why an item is locked, as the outline says it (spec 8 "lesson blocked" messages). */
export function lockText(intl: IntlShape, item: Pick<LearnerOutlineItem, 'locked_reason' | 'unlock_at'>): string {
  switch (item.locked_reason) {
    case 'DATE':
      return item.unlock_at ? intl.formatMessage(m.lockedDate, { date: new Date(item.unlock_at) }) : intl.formatMessage(m.lockedDateUnknown);
    case 'PREVIOUS_ITEM':
      return intl.formatMessage(m.lockedPrevious);
    case 'QUIZ_SCORE':
      return intl.formatMessage(m.lockedQuiz);
    case 'TASKS':
      return intl.formatMessage(m.lockedTasks);
    case 'ASSIGNMENT':
      return intl.formatMessage(m.lockedAssignment);
    case 'MANUAL':
      return intl.formatMessage(m.lockedManual);
    case 'BLOCKED':
      return intl.formatMessage(m.lockedBlocked);
    default:
      return '';
  }
}

function LessonPlayer({ trainingUuid }: { trainingUuid: string }) {
  const intl = useIntl();
  const { subdomain } = useSchool();
  const navigate = useNavigate();
  const { itemId } = useParams();
  // The team's preview (the editor's "Aperçu" opens the player with `?preview_token=`): kept in every address shown.
  const [search] = useSearchParams();
  const [previewToken] = useState(() => search.get('preview_token'));
  const [initialItem] = useMemo(() => [Number(itemId) > 0 ? Number(itemId) : null], []); // eslint-disable-line react-hooks/exhaustive-deps -- the address's item only starts the player
  const machine = useMemo(
    () =>
      lessonPlayerMachine.provide({
        actors: createLessonPlayerActors(lessonPlayerApi(subdomain, trainingUuid, previewToken)),
        actions: {
          showItem: (_, { itemId: shown }) =>
            void navigate(`${schoolPaths.player(subdomain, trainingUuid, shown)}${previewToken ? `?${new URLSearchParams({ preview_token: previewToken })}` : ''}`, { replace: true }),
        },
      }),
    [subdomain, trainingUuid, navigate, previewToken],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { itemId: initialItem } });
  const view = selectLessonPlayerView(snapshot);
  const onQuizAnswered = useCallback(() => send({ type: 'OUTLINE_CHANGED' }), [send]);
  const onQuizDirty = useCallback((dirty: boolean) => send({ type: 'QUIZ_DIRTY', dirty }), [send]);
  // The lesson whose feedback was just given (the lesson itself says so once reloaded): a mandatory one holds "next".
  const [feedbackGivenFor, setFeedbackGivenFor] = useState<number | null>(null);
  const lessonNow = view.lesson;
  const feedbackPending = Boolean(lessonNow?.feedback_options?.mandatory && !lessonNow.feedback_given && feedbackGivenFor !== lessonNow.id);
  const back = (
    <TextLink href={schoolPath(subdomain, 'myTrainings')} variant="subtle" data-testid="back-to-trainings">
      {intl.formatMessage(m.backToTrainings)}
    </TextLink>
  );

  if (view.phase === 'loading') return <Spinner aria-label={intl.formatMessage(m.playerLoading)} />;
  if (view.phase === 'failed') {
    return (
      <section className="learning-page learning-wide">
        {back}
        <Banner variant={view.failure?.status === 403 || view.failure?.status === 404 ? 'warning' : 'danger'} title={intl.formatMessage(m.playerFailed)}
          action={view.failure?.status === 403 || view.failure?.status === 404 ? undefined : <Button onPress={() => send({ type: 'RETRY' })}>{intl.formatMessage(m.quizRetry)}</Button>}>
          {view.failure?.message}
        </Banner>
      </section>
    );
  }
  const outline = view.outline!;
  return (
    <div className="player learning-wide" data-testid="lesson-player">
      <aside className="player__outline" aria-labelledby="player-outline-title">
        {view.isPreview ? <PreviewBanner /> : back}
        <h1 className="player__training">{outline.training.name}</h1>
        {!view.isPreview && (
          <ProgressMeter value={outline.progress} label={intl.formatMessage(m.progressLabel, { percent: outline.progress / 100 })} className="learning-progress" labelClassName="learning-progress__label" data-testid="player-progress">
            <div className="learning-progress__track">
              <div className="learning-progress__fill" style={{ width: `${percentOf(outline.progress, 100)}%` }} />
            </div>
          </ProgressMeter>
        )}
        {outline.blocked_reason && <Banner variant="warning">{intl.formatMessage(outline.blocked_reason === 'BY_EXPIRATION' ? m.blockedByExpiration : m.blockedByTeacher)}</Banner>}
        <nav aria-labelledby="player-outline-title">
          <h2 id="player-outline-title" className="player__outline-title">
            {intl.formatMessage(m.outlineLabel)}
          </h2>
          <ol className="player__items">
            {outline.items.map((item) =>
              item.type === 'SECTION' ? (
                <li key={item.id} className="player__section">
                  <span className="player__section-name">{item.name}</span>
                  <ol className="player__items">
                    {item.children.map((child) => (
                      <OutlineEntry key={child.id} item={child} current={view.currentId === child.id} onOpen={() => send({ type: 'OPEN', itemId: child.id })} />
                    ))}
                  </ol>
                </li>
              ) : (
                <OutlineEntry key={item.id} item={item} current={view.currentId === item.id} onOpen={() => send({ type: 'OPEN', itemId: item.id })} />
              ),
            )}
          </ol>
        </nav>
      </aside>
      <main className="player__main" aria-busy={view.phase === 'loadingLesson'}>
        {view.phase === 'loadingLesson' && <Spinner aria-label={intl.formatMessage(m.lessonLoading)} />}
        {view.phase === 'empty' && <Banner variant="info">{intl.formatMessage(m.playerEmpty)}</Banner>}
        {view.phase === 'unavailable' && (
          <Banner variant="warning" data-testid="lesson-unavailable">
            {view.failure?.message}
          </Banner>
        )}
        {view.lesson && (
          <Lesson
            lesson={view.lesson}
            trainingUuid={trainingUuid}
            view={view}
            onComplete={() => send({ type: 'COMPLETE' })}
            onToggleTask={(taskId) => send({ type: 'TOGGLE_TASK', taskId })}
            onQuizAnswered={onQuizAnswered}
            onQuizDirty={onQuizDirty}
            onFeedbackGiven={setFeedbackGivenFor}
          />
        )}
        {view.lesson && (
          <nav className="player__pager" aria-label={intl.formatMessage(m.outlineLabel)}>
            <Button variant="secondary" isDisabled={!view.previous || view.previous.locked} onPress={() => view.previous && send({ type: 'OPEN', itemId: view.previous.id })} data-testid="lesson-previous">
              {intl.formatMessage(m.previous)}
            </Button>
            <Button variant="secondary" isDisabled={!view.next || view.next.locked || feedbackPending} onPress={() => view.next && send({ type: 'OPEN', itemId: view.next.id })} data-testid="lesson-next">
              {intl.formatMessage(m.next)}
            </Button>
          </nav>
        )}
      </main>
      <ConfirmDialog
        isOpen={view.isConfirmingLeave}
        title={intl.formatMessage(m.leaveTitle)}
        confirmLabel={intl.formatMessage(m.leave)}
        cancelLabel={intl.formatMessage(m.stay)}
        onConfirm={() => send({ type: 'LEAVE' })}
        onCancel={() => send({ type: 'STAY' })}
        onOpenChange={() => undefined}
        variant="danger"
      >
        {intl.formatMessage(m.leaveBody)}
      </ConfirmDialog>
    </div>
  );
}

function OutlineEntry({ item, current, onOpen }: { item: LearnerOutlineItem; current: boolean; onOpen: () => void }) {
  const intl = useIntl();
  const state = item.completed ? 'done' : item.locked ? 'locked' : 'open';
  const reason = item.locked ? lockText(intl, item) : intl.formatMessage(item.completed ? m.stateDone : m.stateOpen);
  return (
    <li className="player__item" data-state={state} data-current={current || undefined} data-testid="outline-item" data-item-id={item.id}>
      <button type="button" className="player__item-button" onClick={onOpen} disabled={item.locked} aria-current={current ? 'page' : undefined}>
        <span className="player__item-mark" aria-hidden="true">
          {state === 'done' ? '✓' : state === 'locked' ? '🔒' : '○'}
        </span>
        <span className="player__item-text">
          <span className="player__item-name">{item.name}</span>
          <span className="player__item-state">{reason}</span>
        </span>
      </button>
    </li>
  );
}

interface LessonProps {
  lesson: LearnerItem;
  trainingUuid: string;
  view: ReturnType<typeof selectLessonPlayerView>;
  onComplete: () => void;
  onToggleTask: (taskId: string) => void;
  onQuizAnswered: () => void;
  onQuizDirty: (dirty: boolean) => void;
  onFeedbackGiven: (itemId: number) => void;
}

function tasksOf(lesson: LearnerItem): { id: string; label: string }[] {
  try {
    return (JSON.parse(lesson.specific_content ?? 'null') as { tasks?: { id: string; label: string }[] } | null)?.tasks ?? [];
  } catch {
    return [];
  }
}

function assignmentOf(lesson: LearnerItem): { instructions: string | null; maxFiles: number } {
  try {
    const specific = JSON.parse(lesson.specific_content ?? 'null') as { instructions?: string | null; max_files?: number } | null;
    return { instructions: specific?.instructions ?? null, maxFiles: specific?.max_files ?? 0 };
  } catch {
    return { instructions: null, maxFiles: 0 };
  }
}

function Lesson({ lesson, trainingUuid, view, onComplete, onToggleTask, onQuizAnswered, onQuizDirty, onFeedbackGiven }: LessonProps) {
  const intl = useIntl();
  return (
    <article className="lesson" data-testid="lesson" data-item-id={lesson.id} aria-labelledby="lesson-title">
      <header className="lesson__header">
        <h2 id="lesson-title" className="lesson__title">
          {lesson.name}
        </h2>
        {lesson.completed_at && (
          <span className="learning-badge learning-badge--done" data-testid="lesson-done">
            {intl.formatMessage(m.done)}
          </span>
        )}
      </header>
      <div className="lesson__blocks">
        {lesson.blocks.map((block) => (
          <BlockView key={block.id} block={block} />
        ))}
      </div>
      {lesson.type === 'TASKS' && (
        <section className="lesson__tasks" aria-labelledby="lesson-tasks-title">
          <h3 id="lesson-tasks-title">{intl.formatMessage(m.tasksTitle)}</h3>
          <p className="lesson__hint">{intl.formatMessage(m.tasksHint)}</p>
          {tasksOf(lesson).map((task) => (
            <Checkbox key={task.id} isSelected={lesson.tasks_done.includes(task.id)} isDisabled={lesson.completed_at !== null || view.isRecording} onChange={() => onToggleTask(task.id)}>
              {task.label}
            </Checkbox>
          ))}
        </section>
      )}
      {lesson.type === 'ASSIGNMENT' && (
        <>
          <section className="lesson__assignment" aria-labelledby="lesson-assignment-title">
            <h3 id="lesson-assignment-title">{intl.formatMessage(m.assignmentInstructions)}</h3>
            {assignmentOf(lesson).instructions && <p>{assignmentOf(lesson).instructions}</p>}
          </section>
          {!view.isPreview && (
            <AssignmentHandInView
              key={`hand-in-${lesson.id}`}
              assignment={lesson.assignment}
              maxFiles={assignmentOf(lesson).maxFiles}
              trainingUuid={trainingUuid}
              itemId={lesson.id}
              onSubmitted={onQuizAnswered}
            />
          )}
        </>
      )}
      {lesson.type === 'SCORM' &&
        (lesson.scorm_url && !view.isPreview ? (
          <ScormPlayerView key={lesson.id} trainingUuid={trainingUuid} itemId={lesson.id} name={lesson.name} launch={lesson.scorm_url} onCompleted={onQuizAnswered} />
        ) : (
          <Banner variant="info">{intl.formatMessage(m.scormSoon)}</Banner>
        ))}
      {lesson.type === 'QUIZ' && lesson.quiz && view.isPreview && <PreviewQuiz quiz={lesson.quiz} />}
      {lesson.type === 'QUIZ' && lesson.quiz && !view.isPreview && <QuizTakingView key={lesson.id} quiz={lesson.quiz} trainingUuid={trainingUuid} itemId={lesson.id} onAnswered={onQuizAnswered} onDirtyChange={onQuizDirty} />}
      {lesson.resources.length > 0 && (
        <section className="lesson__resources" aria-labelledby="lesson-resources-title">
          <h3 id="lesson-resources-title">{intl.formatMessage(m.resources)}</h3>
          <ul>
            {lesson.resources.map((resource) => (
              <li key={resource.id}>
                <a href={resource.url} target="_blank" rel="noopener noreferrer" download={resource.type === 'FILE' ? resource.name : undefined}>
                  {resource.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {view.recordFailure && <Banner variant="danger">{view.recordFailure.message}</Banner>}
      {view.waitsForMinimum && lesson.type !== 'QUIZ' && lesson.type !== 'ASSIGNMENT' && lesson.type !== 'TASKS' && (
        <p className="lesson__hint">{intl.formatMessage(m.minimumTime, { minutes: Math.ceil((lesson.min_complete_duration ?? 0) / 60) })}</p>
      )}
      {view.canComplete && (
        <Button onPress={onComplete} isPending={view.isRecording} pendingLabel={intl.formatMessage(m.marking)} data-testid="mark-done">
          {intl.formatMessage(m.markDone)}
        </Button>
      )}
      {lesson.feedback_options && !view.isPreview && <LessonFeedback key={`feedback-${lesson.id}`} lesson={lesson} onGiven={() => onFeedbackGiven(lesson.id)} />}
      {!view.isPreview && <LessonComments key={`comments-${lesson.id}`} trainingUuid={trainingUuid} itemId={lesson.id} />}
    </article>
  );
}
