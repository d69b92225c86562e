import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ItemCreationEvent } from '../../../../machines/itemCreation/itemCreation.machine';
import type { selectItemCreationView } from '../../../../machines/itemCreation/itemCreation.selectors';
import { TITLE_MAX_LENGTH } from '../../../../machines/itemCreation/itemTypes';
import { failureText, fieldErrors } from '../../../app/failureText';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import { Form, FormError } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { contentMessages as m } from './contentMessages';
import { DialogActions } from './EntryDialog';
import { ITEM_TYPE_VIEW } from './itemTypeView';
import { titleProblemText } from './titleField';

type ItemCreationView = ReturnType<typeof selectItemCreationView>;

/**
 * The title prompt of a new lesson, video, quiz, task list or assignment. It only draws the item creation
 * machine: the value, the problem, the failure (title kept), "created" until the editor opens.
 */
export function ItemTitleDialog({ view, send }: { view: ItemCreationView; send: (event: ItemCreationEvent) => void }) {
  const intl = useIntl();
  if (!view.itemType) return null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };
  const busy = view.isCreating || view.isCreated;
  return (
    <Modal
      isOpen={view.isPromptOpen}
      onOpenChange={(open) => !open && send({ type: 'CANCEL' })}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      title={intl.formatMessage(m.createTitle, { type: intl.formatMessage(ITEM_TYPE_VIEW[view.itemType].label) })}
      size="sm"
    >
      <Form className="stack" onSubmit={onSubmit} data-testid="item-title-form">
        {view.isCreated ? (
          <Banner variant="success" role="status">
            {intl.formatMessage(m.created)}
          </Banner>
        ) : (
          <FormError>{failureText(intl, view.failure, ['name'])}</FormError>
        )}
        <TextField
          name="name"
          label={intl.formatMessage(m.itemName)}
          description={intl.formatMessage(m.itemNameHint)}
          value={view.title}
          onChange={(title) => send({ type: 'CHANGE', title })}
          errorMessage={titleProblemText(intl, view.problem) ?? fieldErrors(view.failure, 'name')}
          isRequired
          autoFocus
          maxLength={TITLE_MAX_LENGTH + 1}
          isDisabled={busy}
        />
        <DialogActions>
          <Button variant="secondary" onPress={() => send({ type: 'CANCEL' })} isDisabled={busy}>
            {intl.formatMessage(m.cancel)}
          </Button>
          <Button type="submit" isPending={busy} pendingLabel={intl.formatMessage(view.isCreated ? m.created : m.creating)} data-testid="item-title-create">
            {intl.formatMessage(m.create)}
          </Button>
        </DialogActions>
      </Form>
    </Modal>
  );
}
