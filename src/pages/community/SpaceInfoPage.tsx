import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { showToast } from '../../components/ui/toastQueue';
import { DeleteConfirmDialog, useConfirmedDeletion } from '../../components/catalogue/DeleteConfirm';
import { inertHtml } from '../../blocks/render/sanitise';
import type { Space } from '../../api/communityApi';
import { useCommunity } from './communityContext';
import { SpaceFrame } from './SpaceFrame';
import { SpaceFormDialog, spaceFormMessages } from './SpaceFormDialog';

const m = {
  ...defineMessages({
  noDescription: { id: 'community.info.noDescription', defaultMessage: 'Pas encore de description.' },
  edit: { id: 'community.info.edit', defaultMessage: 'Modifier l’espace' },
  delete: { id: 'community.info.delete', defaultMessage: 'Supprimer l’espace' },
  deleteBody: { id: 'community.info.deleteBody', defaultMessage: 'Ses publications, commentaires et membres disparaissent.' },
  deleting: { id: 'community.collection.deleting', defaultMessage: 'Suppression…' },
  cancel: { id: 'community.cancel', defaultMessage: 'Annuler' },
  deleted: { id: 'community.info.deleted', defaultMessage: 'Espace supprimé' },
  display: { id: 'community.spaceForm.type', defaultMessage: 'Affichage' },
  state: { id: 'community.spaceForm.state', defaultMessage: 'État' },
  }),
  deleteTitle: defineMessage<{ name: string }>({ id: 'community.info.deleteTitle', defaultMessage: 'Supprimer l’espace « {name} » ?' }),
};

/** /communaute/espaces/:uuid/informations: the description; those who manage the space edit or delete it here. */
export function SpaceInfoPage() {
  return <SpaceFrame>{({ space, canManage }) => <SpaceInfo space={space} canManage={canManage} />}</SpaceFrame>;
}

function SpaceInfo({ space, canManage }: { space: Space; canManage: boolean }) {
  const intl = useIntl();
  const { api, paths } = useCommunity();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const deletion = useConfirmedDeletion<Space>({
    remove: (target, signal) => api.deleteSpace(target.uuid, signal),
    onDeleted: async () => {
      showToast({ title: intl.formatMessage(m.deleted), variant: 'success' });
      void navigate(paths.home);
      await api.refreshMenu(queryClient);
    },
  });
  return (
    <div className="stack" data-testid="space-info">
      <div className="community-card">
        {space.description ? <div className="rich-output" dangerouslySetInnerHTML={{ __html: inertHtml(space.description) }} /> : <p>{intl.formatMessage(m.noDescription)}</p>}
        <p className="community-card__meta">
          {intl.formatMessage(m.display)} : {intl.formatMessage(spaceFormMessages[space.type])} · {intl.formatMessage(m.state)} : {intl.formatMessage(spaceFormMessages[space.state])}
        </p>
      </div>
      {canManage && (
        <div className="community-actions">
          <Button icon={<Pencil size={16} aria-hidden="true" />} onPress={() => setEditing(true)} data-testid="space-edit">
            {intl.formatMessage(m.edit)}
          </Button>
          <Button variant="danger" icon={<Trash2 size={16} aria-hidden="true" />} onPress={() => deletion.ask(space)}>
            {intl.formatMessage(m.delete)}
          </Button>
        </div>
      )}
      <SpaceFormDialog
        isOpen={editing}
        onOpenChange={setEditing}
        space={space}
        onSaved={(stored) => {
          setEditing(false);
          queryClient.setQueryData(api.queries.space(stored.uuid).queryKey, stored);
          void api.refreshMenu(queryClient);
        }}
      />
      <DeleteConfirmDialog
        deletion={deletion}
        title={(target) => intl.formatMessage(m.deleteTitle, { name: target.name })}
        confirmLabel={intl.formatMessage(m.delete)}
        cancelLabel={intl.formatMessage(m.cancel)}
        pendingLabel={intl.formatMessage(m.deleting)}
      >
        {() => <p>{intl.formatMessage(m.deleteBody)}</p>}
      </DeleteConfirmDialog>
    </div>
  );
}
