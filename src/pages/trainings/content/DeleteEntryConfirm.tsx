import { useIntl } from 'react-intl';
import { trainingItemsApi, type TrainingItemNode } from '../../../api/trainingItemsApi';
import { failureText } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { FormError } from '../../../components/ui/Form';
import { contentMessages as m } from './contentMessages';

/** Deleting an item or a section, confirmed first; a section says how many items go with it. */
export function DeleteEntryConfirm({ trainingUuid, node, itemCount, onClose, onDeleted }: { trainingUuid: string; node: TrainingItemNode; itemCount: number; onClose: () => void; onDeleted: () => void }) {
  const intl = useIntl();
  const request = useRequest(async (_: void, signal) => {
    await trainingItemsApi.remove(trainingUuid, node.id, signal);
    onDeleted();
  });
  return (
    <ConfirmDialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={intl.formatMessage(m.deleteTitle, { name: node.name })}
      confirmLabel={intl.formatMessage(m.delete)}
      cancelLabel={intl.formatMessage(m.cancel)}
      variant="danger"
      isPending={request.isSubmitting}
      pendingLabel={intl.formatMessage(m.deleting)}
      closeOnConfirm={false}
      onConfirm={() => request.submit(undefined)}
    >
      <p>{intl.formatMessage(node.type === 'SECTION' ? m.deleteSectionBody : m.deleteItemBody, { count: itemCount })}</p>
      <FormError>{failureText(intl, request.error)}</FormError>
    </ConfirmDialog>
  );
}
