import { useIntl } from 'react-intl';
import type { SaveStatus } from '../../../../machines/lessonEditor/lessonEditor.selectors';
import { lessonEditorMessages as m, retryingMessage } from './lessonEditorMessages';

const TEXT = { saved: m.statusSaved, unsaved: m.statusUnsaved, saving: m.statusSaving, conflict: m.statusConflict } as const;

/** Where saving stands, announced politely to screen readers. */
export function SaveStatusLine({ status, retryInMs }: { status: SaveStatus; retryInMs: number | null }) {
  const intl = useIntl();
  return (
    <p className="lesson-save-status" data-status={status} role="status" data-testid="lesson-save-status">
      {status === 'retrying' ? intl.formatMessage(retryingMessage, { seconds: Math.ceil((retryInMs ?? 0) / 1000) }) : intl.formatMessage(TEXT[status])}
    </p>
  );
}
