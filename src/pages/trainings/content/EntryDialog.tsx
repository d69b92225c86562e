import type { FormEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { TITLE_MAX_LENGTH } from '../../../../machines/itemCreation/itemTypes';
import { trainingItemsApi, type TrainingItemNode } from '../../../api/trainingItemsApi';
import { failureText, fieldErrors } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import { Form, FormError } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { commonMessages } from '../../../i18n/commonMessages';
import { contentMessages as m } from './contentMessages';
import { DraftSwitch } from './DraftSwitch';
import { checkTitle } from './titleField';

/** A new section, a section edited (title and draft), or an item renamed. */
export type EntryDialogMode = { kind: 'newSection' } | { kind: 'editSection'; node: TrainingItemNode } | { kind: 'renameItem'; node: TrainingItemNode };

interface EntryValues {
  name: string;
  draft: boolean;
}

/**
 * The section dialog (spec: "add or edit chapter: title, draft switch", title required, at most 128) and the
 * rename dialog of an item (the title alone). Saved through the request machine; the title rule is checked
 * before the call and again by the server, whose per-field errors show on the field.
 */
export function EntryDialog({ trainingUuid, mode, onClose, onSaved }: { trainingUuid: string; mode: EntryDialogMode; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const title = intl.formatMessage(mode.kind === 'newSection' ? m.sectionNewTitle : mode.kind === 'editSection' ? m.sectionEditTitle : m.renameTitle);
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={title} closeLabel={intl.formatMessage(commonMessages.close)} size="sm">
      <EntryForm trainingUuid={trainingUuid} mode={mode} onCancel={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function EntryForm({ trainingUuid, mode, onCancel, onSaved }: { trainingUuid: string; mode: EntryDialogMode; onCancel: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const node = mode.kind === 'newSection' ? null : mode.node;
  const withDraft = mode.kind !== 'renameItem';
  const request = useRequest(async ({ name, draft }: EntryValues, signal) => {
    checkTitle(intl, name);
    if (mode.kind === 'newSection') await trainingItemsApi.create(trainingUuid, { type: 'SECTION', name: name.trim(), parent_id: null, draft }, signal);
    else await trainingItemsApi.update(trainingUuid, mode.node.id, withDraft ? { name: name.trim(), draft } : { name: name.trim() }, signal);
    onSaved();
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    request.submit({ name: String(data.get('name') ?? ''), draft: data.get('draft') === '1' });
  };
  return (
    <Form className="stack" onSubmit={onSubmit} data-testid="entry-dialog-form">
      <FormError>{failureText(intl, request.error, ['name', 'draft'])}</FormError>
      <TextField
        name="name"
        label={intl.formatMessage(mode.kind === 'renameItem' ? m.itemName : m.sectionName)}
        defaultValue={node?.name ?? ''}
        isRequired
        autoFocus
        errorMessage={fieldErrors(request.error, 'name')}
        // One more than the limit can be typed, so the "at most 128" message is seen rather than a silent stop.
        maxLength={TITLE_MAX_LENGTH + 1}
        isDisabled={request.isSubmitting}
      />
      {withDraft && <DraftSwitch name="draft" label={intl.formatMessage(m.draftSwitch)} defaultSelected={node?.draft ?? true} />}
      <DialogActions>
        <Button variant="secondary" onPress={onCancel} isDisabled={request.isSubmitting}>
          {intl.formatMessage(m.cancel)}
        </Button>
        <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving2)} data-testid="entry-dialog-save">
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
