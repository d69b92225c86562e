import { memo, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useBlocker } from 'react-router-dom';
import { Switch } from 'react-aria-components';
import type { FieldProblem } from '../../../../machines/lessonEditor/lessonDocument';
import type { LessonEditorEvent } from '../../../../machines/lessonEditor/lessonEditor.machine';
import type { LessonEditorView } from '../../../../machines/lessonEditor/lessonEditor.selectors';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { TextLink } from '../../../components/ui/Link';
import { TextField } from '../../../components/ui/TextField';
import { flushPendingEdits } from '../../../editor/deferredReport';
import { ConflictDialog } from './ConflictDialog';
import { EditorLoadState, useSaveShortcut } from './editorChrome';
import { ItemSettingsPanel } from './ItemSettingsPanel';
import { SaveStatusLine } from './SaveStatusLine';
import { lessonEditorMessages as m, saveFailedMessage } from './lessonEditorMessages';
import '../../pages.css';
import './lessonEditor.css';

export interface ItemEditorFrameProps {
  trainingUuid: string;
  itemId: number;
  view: LessonEditorView;
  send: (event: LessonEditorEvent) => void;
  /** The title field's label ("Titre de la leçon", "Titre de la liste de tâches"…). */
  nameLabel: MessageDescriptor;
  /** The page's own column under the title: the blocks, the tasks, the SCORM package. */
  children: ReactNode;
}

const problemIn = (problems: readonly FieldProblem[], ...wanted: FieldProblem[]) => problems.find((problem) => wanted.includes(problem));

/**
 * What every item editor page shares (lesson, task list, SCORM settings), drawn from the lesson-editor
 * machine's view: loading and not-found, the top bar (back, save status, publish switch, save, Ctrl+S), the
 * restore / problem / failure banners, the title, the settings column (ItemSettingsPanel), the conflict choice
 * and the leave prompt (the router's blocker).
 */
export function ItemEditorFrame({ trainingUuid, itemId, view, send, nameLabel, children }: ItemEditorFrameProps) {
  const intl = useIntl();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    // The text typed last (rich-text blocks report after a pause) reaches the machine and its backup first.
    flushPendingEdits();
    return view.hasUnsavedWork && currentLocation.pathname !== nextLocation.pathname;
  });
  const backHref = `/formations/${encodeURIComponent(trainingUuid)}`;

  useSaveShortcut(send);
  if (view.phase === 'loading' || view.phase === 'failed') {
    return <EditorLoadState phase={view.phase} failure={view.failure} onRetry={() => send({ type: 'RETRY' })} messages={m} />;
  }

  const { fields } = view;
  const restoring = view.phase === 'restoreOffered';
  const nameProblem = problemIn(view.fieldProblems, 'nameRequired', 'nameTooLong');

  return (
    <div className="page lesson-editor" data-testid="lesson-editor">
      <EditorTopBar backHref={backHref} status={view.status} retryInMs={view.retryInMs} draft={fields.draft} restoring={restoring} send={send} />

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
          <NameField label={nameLabel} name={fields.name} problem={nameProblem} isDisabled={restoring} send={send} />
          {children}
        </div>
        <aside className="lesson-editor__aside">
          <ItemSettingsPanel trainingUuid={trainingUuid} itemId={itemId} fields={fields} fieldProblems={view.fieldProblems} send={send} isDisabled={restoring} />
        </aside>
      </div>

      <ConflictDialog status={view.status} isChoosing={view.isChoosing} isCopying={view.isCopying} theirs={view.theirs} send={send} />
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

interface EditorTopBarProps {
  backHref: string;
  status: LessonEditorView['status'];
  retryInMs: number | null;
  draft: boolean;
  restoring: boolean;
  send: (event: LessonEditorEvent) => void;
}

/**
 * The top bar (back, save status, publish switch, save). Memoised, as the title and the settings column are: a
 * keystroke in a block changes none of their props, so typing renders the open block and not the page around it.
 */
const EditorTopBar = memo(function EditorTopBar({ backHref, status, retryInMs, draft, restoring, send }: EditorTopBarProps) {
  const intl = useIntl();
  return (
    <div className="lesson-editor__top">
      <TextLink href={backHref} variant="subtle">
        {intl.formatMessage(m.back)}
      </TextLink>
      <div className="lesson-editor__actions">
        <SaveStatusLine status={status} retryInMs={retryInMs} />
        <Switch
          className="draft-switch"
          isSelected={!draft}
          isDisabled={restoring || status === 'saving'}
          onChange={(published) => send({ type: 'SET_DRAFT', draft: !published })}
          data-testid="publish-switch"
        >
          <span className="draft-switch__track" aria-hidden="true">
            <span className="draft-switch__thumb" />
          </span>
          <span className="draft-switch__label">{intl.formatMessage(m.publish)}</span>
        </Switch>
        <Button onPress={() => send({ type: 'SAVE' })} isDisabled={restoring} isPending={status === 'saving'} data-testid="lesson-save">
          {intl.formatMessage(m.save)}
        </Button>
      </div>
    </div>
  );
});

interface NameFieldProps {
  label: MessageDescriptor;
  name: string;
  problem: FieldProblem | undefined;
  isDisabled: boolean;
  send: (event: LessonEditorEvent) => void;
}

const NameField = memo(function NameField({ label, name, problem, isDisabled, send }: NameFieldProps) {
  const intl = useIntl();
  return (
    <TextField
      className="lesson-editor__name"
      label={intl.formatMessage(label)}
      value={name}
      onChange={(name) => send({ type: 'SET_NAME', name })}
      isDisabled={isDisabled}
      errorMessage={problem ? intl.formatMessage(m[problem as 'nameRequired' | 'nameTooLong']) : undefined}
      data-testid="lesson-name"
    />
  );
});
