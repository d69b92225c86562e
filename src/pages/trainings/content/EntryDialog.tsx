import type { FormEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { TITLE_MAX_LENGTH } from '../../../../machines/itemCreation/itemTypes';
import type { EntryMode, EntryValues, TreeDialogsEvent } from '../../../../machines/treeDialogs/treeDialogs.machine';
import type { selectTreeDialogsView } from '../../../../machines/treeDialogs/treeDialogs.selectors';
import { failureText, fieldErrors } from '../../../app/failureText';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import { Form, FormError } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { commonMessages } from '../../../i18n/commonMessages';
import { contentMessages as m } from './contentMessages';
import { DraftSwitch } from './DraftSwitch';
import { titleProblemText } from './titleField';

type TreeDialogsView = ReturnType<typeof selectTreeDialogsView>;

/**
 * The section dialog (spec: "add or edit chapter: title, draft switch", title required, at most 128) and the
 * rename dialog of an item (the title alone). It only draws machines/treeDialogs: the title rule is checked
 * before the call and again by the server, whose per-field errors show on the field.
 */
export function EntryDialog({ view, send }: { view: TreeDialogsView; send: (event: TreeDialogsEvent) => void }) {
  const intl = useIntl();
  const mode = view.entry;
  if (!mode) return null;
  const title = intl.formatMessage(mode.kind === 'newSection' ? m.sectionNewTitle : mode.kind === 'editSection' ? m.sectionEditTitle : m.renameTitle);
  const close = () => send({ type: 'CLOSE' });
  return (
    <Modal isOpen onOpenChange={(open) => !open && close()} isDismissable={!view.isBusy} isKeyboardDismissDisabled={view.isBusy} title={title} closeLabel={intl.formatMessage(commonMessages.close)} size="sm">
      <EntryForm mode={mode} view={view} onCancel={close} onSave={(values) => send({ type: 'SAVE_ENTRY', values })} />
    </Modal>
  );
}

function EntryForm({ mode, view, onCancel, onSave }: { mode: EntryMode; view: TreeDialogsView; onCancel: () => void; onSave: (values: EntryValues) => void }) {
  const intl = useIntl();
  const node = mode.kind === 'newSection' ? null : mode.node;
  const withDraft = mode.kind !== 'renameItem';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSave({ name: String(data.get('name') ?? ''), draft: data.get('draft') === '1' });
  };
  return (
    <Form className="stack" onSubmit={onSubmit} data-testid="entry-dialog-form">
      <FormError>{failureText(intl, view.failure, ['name', 'draft'])}</FormError>
      <TextField
        name="name"
        label={intl.formatMessage(mode.kind === 'renameItem' ? m.itemName : m.sectionName)}
        defaultValue={node?.name ?? ''}
        isRequired
        autoFocus
        errorMessage={titleProblemText(intl, view.problem) ?? fieldErrors(view.failure, 'name')}
        // One more than the limit can be typed, so the "at most 128" message is seen rather than a silent stop.
        maxLength={TITLE_MAX_LENGTH + 1}
        isDisabled={view.isBusy}
      />
      {withDraft && <DraftSwitch name="draft" label={intl.formatMessage(m.draftSwitch)} defaultSelected={node?.draft ?? true} />}
      <DialogActions>
        <Button variant="secondary" onPress={onCancel} isDisabled={view.isBusy}>
          {intl.formatMessage(m.cancel)}
        </Button>
        <Button type="submit" isPending={view.isBusy} pendingLabel={intl.formatMessage(m.saving2)} data-testid="entry-dialog-save">
          {intl.formatMessage(mode.kind === 'newSection' ? m.create : m.save)}
        </Button>
      </DialogActions>
    </Form>
  );
}

/** The buttons row at the end of a dialog's form (inside the form, so Enter and the submit button agree). */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="item-dialog__actions">{children}</div>;
}
