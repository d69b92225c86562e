import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { TreeDialogsEvent } from '../../../../machines/treeDialogs/treeDialogs.machine';
import type { selectTreeDialogsView } from '../../../../machines/treeDialogs/treeDialogs.selectors';
import type { TrainingItemNode } from '../../../api/trainingItemsApi';
import { Checkbox } from '../../../components/ui/Checkbox';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { contentMessages as m } from './contentMessages';

type TreeDialogsView = ReturnType<typeof selectTreeDialogsView>;

/**
 * "Publier « … » ?" before an item is published from the tree (machines/treeDialogs' publication.confirming);
 * from its third showing it also offers "Ne plus me demander". It stays open, busy, while the publish runs.
 */
export function PublishConfirm({ view, send }: { view: TreeDialogsView; send: (event: TreeDialogsEvent) => void }) {
  const node = view.publishConfirm;
  // Keyed by the item: the tick starts cleared at every showing.
  return node ? <PublishConfirmDialog key={node.id} node={node} view={view} send={send} /> : null;
}

function PublishConfirmDialog({ node, view, send }: { node: TrainingItemNode; view: TreeDialogsView; send: (event: TreeDialogsEvent) => void }) {
  const intl = useIntl();
  // The tick of one checkbox (presentational); the machine decides what it means when the publish is confirmed.
  const [hideConfirm, setHideConfirm] = useState(false);
  return (
    <ConfirmDialog
      isOpen
      onOpenChange={(open) => !open && send({ type: 'CLOSE' })}
      title={intl.formatMessage(m.publishTitle, { name: node.name })}
      confirmLabel={intl.formatMessage(m.publish)}
      cancelLabel={intl.formatMessage(m.cancel)}
      isPending={view.isBusy}
      pendingLabel={intl.formatMessage(m.publishing)}
      closeOnConfirm={false}
      onConfirm={() => send({ type: 'CONFIRM_PUBLISH', hideConfirm: view.isHideConfirmOffered && hideConfirm })}
    >
      <div className="stack" data-testid="publish-confirm">
        <p>{intl.formatMessage(m.publishBody)}</p>
        {view.isHideConfirmOffered && (
          <Checkbox isSelected={hideConfirm} onChange={setHideConfirm} isDisabled={view.isBusy} data-testid="publish-hide-confirm">
            {intl.formatMessage(m.dontAskAgain)}
          </Checkbox>
        )}
      </div>
    </ConfirmDialog>
  );
}
