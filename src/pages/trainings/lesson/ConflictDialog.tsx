import { memo } from 'react';
import { useIntl } from 'react-intl';
import type { LessonEditorEvent } from '../../../../machines/lessonEditor/lessonEditor.machine';
import type { LessonEditorView } from '../../../../machines/lessonEditor/lessonEditor.selectors';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import { Spinner } from '../../../components/ui/Spinner';
import { lessonEditorMessages as m, theirsMessage } from './lessonEditorMessages';

/**
 * A save met a newer copy (409): nothing is overwritten until the trainer chooses to keep theirs, take the
 * other, or copy theirs into a new draft lesson. Not dismissable: closing it would leave the choice unmade.
 */
type ConflictView = Pick<LessonEditorView, 'status' | 'isChoosing' | 'isCopying' | 'theirs'>;

export const ConflictDialog = memo(function ConflictDialog({ status, isChoosing, isCopying, theirs, send }: ConflictView & { send: (event: LessonEditorEvent) => void }) {
  const intl = useIntl();
  const view = { status, isChoosing, isCopying, theirs };
  const isOpen = view.status === 'conflict';
  const busy = !view.isChoosing;
  return (
    <Modal isOpen={isOpen} onOpenChange={() => undefined} isKeyboardDismissDisabled title={intl.formatMessage(m.conflictTitle)} size="md">
      <div className="stack" data-testid="lesson-conflict">
        <p>{intl.formatMessage(m.conflictBody)}</p>
        {view.theirs && <p className="lesson-conflict__theirs">{intl.formatMessage(theirsMessage, { name: view.theirs.name })}</p>}
        {busy && <Spinner aria-label={intl.formatMessage(m.statusSaving)} size="sm" />}
        {view.isChoosing && view.theirs === null && (
          <p className="lesson-conflict__theirs">
            {intl.formatMessage(m.theirsUnreadable)}{' '}
            <Button size="sm" variant="secondary" onPress={() => send({ type: 'RETRY' })}>
              {intl.formatMessage(m.retry)}
            </Button>
          </p>
        )}
        <ul className="lesson-conflict__choices">
          <li>
            <Button onPress={() => send({ type: 'KEEP_MINE' })} isDisabled={busy || view.theirs === null}>
              {intl.formatMessage(m.keepMine)}
            </Button>
            <span className="ui-field__description">{intl.formatMessage(m.keepMineHint)}</span>
          </li>
          <li>
            <Button variant="secondary" onPress={() => send({ type: 'TAKE_THEIRS' })} isDisabled={busy || view.theirs === null}>
              {intl.formatMessage(m.takeTheirs)}
            </Button>
            <span className="ui-field__description">{intl.formatMessage(m.takeTheirsHint)}</span>
          </li>
          <li>
            <Button variant="secondary" onPress={() => send({ type: 'COPY_MINE' })} isDisabled={busy || view.theirs === null} isPending={view.isCopying}>
              {intl.formatMessage(m.copyMine)}
            </Button>
            <span className="ui-field__description">{intl.formatMessage(m.copyMineHint)}</span>
          </li>
        </ul>
      </div>
    </Modal>
  );
});
