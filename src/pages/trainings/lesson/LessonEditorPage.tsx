import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useBlocker, useParams } from 'react-router-dom';
import { Switch } from 'react-aria-components';
import type { FieldProblem } from '../../../../machines/lessonEditor/lessonDocument';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { TextLink } from '../../../components/ui/Link';
import { Spinner } from '../../../components/ui/Spinner';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { NotFoundPage } from '../../NotFoundPage';
import { ConflictDialog } from './ConflictDialog';
import { LessonBlockList } from './LessonBlockList';
import { SaveStatusLine } from './SaveStatusLine';
import { lessonEditorMessages as m, saveFailedMessage } from './lessonEditorMessages';
import { useLessonEditor } from './useLessonEditor';
import '../../pages.css';
import './lessonEditor.css';

const PROBLEM_TEXT: Record<FieldProblem, keyof typeof m> = { nameRequired: 'nameRequired', nameTooLong: 'nameTooLong', durationOutOfRange: 'durationOutOfRange' };

/**
 * /formations/:uuid/editor/:id (GENERIC and VIDEO items): the lesson editor. The page draws the lesson-editor
 * machine (machines/lessonEditor) and sends it what the trainer does; leaving with unsaved work asks first
 * (the router's blocker, and the browser's own prompt when the tab closes).
 */
export function LessonEditorPage() {
  const { uuid = '', id = '' } = useParams();
  const itemId = Number(id);
  return Number.isInteger(itemId) && itemId > 0 ? <LessonEditor key={`${uuid}/${itemId}`} trainingUuid={uuid} itemId={itemId} /> : <NotFoundPage />;
}

function LessonEditor({ trainingUuid, itemId }: { trainingUuid: string; itemId: number }) {
  const intl = useIntl();
  const { view, send } = useLessonEditor(trainingUuid, itemId, (name) => `${name} ${intl.formatMessage(m.copySuffix)}`);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => view.hasUnsavedWork && currentLocation.pathname !== nextLocation.pathname);
  const backHref = `/formations/${encodeURIComponent(trainingUuid)}`;

  // Ctrl/Cmd+S saves (the browser would offer to save the page).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        send({ type: 'SAVE' });
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [send]);

  if (view.phase === 'loading') {
    return (
      <div className="page lesson-editor lesson-editor--loading">
        <Spinner aria-label={intl.formatMessage(m.loading)} size="lg" />
      </div>
    );
  }
  if (view.phase === 'failed') {
    // Spec section 2: an item that fails to load shows the not-found page (with the server's message).
    if (view.failure?.status === 404 || view.failure?.status === 403) return <NotFoundPage message={view.failure.message} />;
    return (
      <div className="page lesson-editor">
        <Banner variant="danger" title={intl.formatMessage(m.failed)} action={<Button onPress={() => send({ type: 'RETRY' })}>{intl.formatMessage(m.retry)}</Button>}>
          {view.failure?.message}
        </Banner>
      </div>
    );
  }

  const { fields } = view;
  const restoring = view.phase === 'restoreOffered';
  const nameProblem = view.fieldProblems.find((problem) => problem === 'nameRequired' || problem === 'nameTooLong');
  const durationProblem = view.fieldProblems.includes('durationOutOfRange');

  return (
    <div className="page lesson-editor" data-testid="lesson-editor">
      <div className="lesson-editor__top">
        <TextLink href={backHref} variant="subtle">
          {intl.formatMessage(m.back)}
        </TextLink>
        <div className="lesson-editor__actions">
          <SaveStatusLine status={view.status} retryInMs={view.retryInMs} />
          <Switch
            className="draft-switch"
            isSelected={!fields.draft}
            isDisabled={restoring || view.status === 'saving'}
            onChange={(published) => send({ type: 'SET_DRAFT', draft: !published })}
            data-testid="publish-switch"
          >
            <span className="draft-switch__track" aria-hidden="true">
              <span className="draft-switch__thumb" />
            </span>
            <span className="draft-switch__label">{intl.formatMessage(m.publish)}</span>
          </Switch>
          <Button onPress={() => send({ type: 'SAVE' })} isDisabled={restoring} isPending={view.status === 'saving'} data-testid="lesson-save">
            {intl.formatMessage(m.save)}
          </Button>
        </div>
      </div>

      {restoring && view.backup && (
        <Banner
          variant="warning"
          title={intl.formatMessage(m.restoreTitle)}
          data-testid="lesson-restore"
          action={
            <span className="lesson-editor__banner-actions">
              <Button size="sm" onPress={() => send({ type: 'RESTORE' })}>
                {intl.formatMessage(m.restore)}
              </Button>
              <Button size="sm" variant="secondary" onPress={() => send({ type: 'DISCARD_BACKUP' })}>
                {intl.formatMessage(m.discard)}
              </Button>
            </span>
          }
        >
          {intl.formatDate(view.backup.savedAt, { dateStyle: 'long', timeStyle: 'short' })}
        </Banner>
      )}
      {view.problem && (
        <Banner variant="warning" role="alert" data-testid="lesson-problem">
          {intl.formatMessage(view.problem === 'pendingChanges' ? m.pendingChanges : m.invalid)}
        </Banner>
      )}
      {view.failure && view.status !== 'conflict' && view.status !== 'retrying' && (
        <Banner variant="danger" role="alert" data-testid="lesson-failure">
          {intl.formatMessage(saveFailedMessage, { message: view.failure.message })}
        </Banner>
      )}
      {view.unreadable && <Banner variant="warning">{intl.formatMessage(m.unreadable)}</Banner>}

      <div className="lesson-editor__layout">
        <div className="lesson-editor__main stack">
          <TextField
            className="lesson-editor__name"
            label={intl.formatMessage(m.name)}
            value={fields.name}
            onChange={(name) => send({ type: 'SET_NAME', name })}
            isDisabled={restoring}
            errorMessage={nameProblem ? intl.formatMessage(m[PROBLEM_TEXT[nameProblem]]) : undefined}
            data-testid="lesson-name"
          />
          <LessonBlockList blocks={fields.blocks} pending={view.pending} send={send} trainingUuid={trainingUuid} isDisabled={restoring} />
        </div>
        <aside className="lesson-editor__aside">
          <Card title={intl.formatMessage(m.settings)}>
            <div className="stack">
              <TextField
                label={intl.formatMessage(m.minDuration)}
                description={intl.formatMessage(m.minDurationHint)}
                inputMode="numeric"
                value={fields.min_complete_duration === null ? '' : String(Math.round(fields.min_complete_duration / 60))}
                onChange={(minutes) => {
                  const trimmed = minutes.trim();
                  send({ type: 'SET_MIN_DURATION', seconds: trimmed === '' ? null : /^\d{1,5}$/.test(trimmed) ? Number(trimmed) * 60 : Number.NaN });
                }}
                isDisabled={restoring}
                errorMessage={durationProblem ? intl.formatMessage(m.durationOutOfRange) : undefined}
              />
              <TextAreaField
                label={intl.formatMessage(m.description)}
                value={fields.description ?? ''}
                onChange={(description) => send({ type: 'SET_DESCRIPTION', description: description === '' ? null : description })}
                rows={3}
                maxLength={5000}
                isDisabled={restoring}
              />
            </div>
          </Card>
        </aside>
      </div>

      <ConflictDialog view={view} send={send} />
      <ConfirmDialog
        isOpen={blocker.state === 'blocked'}
        title={intl.formatMessage(m.leaveTitle)}
        confirmLabel={intl.formatMessage(m.leave)}
        cancelLabel={intl.formatMessage(m.stay)}
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
        onOpenChange={() => undefined}
        variant="danger"
      >
        {intl.formatMessage(m.leaveBody)}
      </ConfirmDialog>
    </div>
  );
}
