import { useIntl } from 'react-intl';
import type { TrainingItemNode } from '../../../api/trainingItemsApi';
import { DeleteConfirmDialog, type ConfirmedDeletion } from '../../../components/catalogue/DeleteConfirm';
import { contentMessages as m } from './contentMessages';

/** An entry of the tree to delete, and how many items go with it (a section's). */
export interface EntryToDelete {
  node: TrainingItemNode;
  itemCount: number;
}

/** Deleting an item or a section, confirmed first; a section says how many items go with it. */
export function DeleteEntryConfirm({ deletion }: { deletion: ConfirmedDeletion<EntryToDelete> }) {
  const intl = useIntl();
  return (
    <DeleteConfirmDialog
      deletion={deletion}
      title={({ node }) => intl.formatMessage(m.deleteTitle, { name: node.name })}
      confirmLabel={intl.formatMessage(m.delete)}
      cancelLabel={intl.formatMessage(m.cancel)}
      pendingLabel={intl.formatMessage(m.deleting)}
    >
      {({ node, itemCount }) => <p>{intl.formatMessage(node.type === 'SECTION' ? m.deleteSectionBody : m.deleteItemBody, { count: itemCount })}</p>}
    </DeleteConfirmDialog>
  );
}
