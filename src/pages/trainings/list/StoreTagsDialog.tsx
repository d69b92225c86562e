import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { deleteStoreTag, refreshStoreTags, renameStoreTag, storeTagsQuery } from '../../../api/storeTagsApi';
import { AuthActor } from '../../../app/auth';
import { ManageTagsDialog } from '../../../components/tags/ManageTagsDialog';

const m = defineMessages({
  title: { id: 'trainings.tags.title', defaultMessage: 'Gérer les étiquettes' },
  lead: {
    id: 'trainings.tags.lead',
    defaultMessage: 'Les étiquettes de vos formations. Renommer une étiquette la renomme sur toutes les formations qui la portent ; la supprimer l’en retire.',
  },
});
const deleteBody = defineMessage<{ tag: string; count: number }>({
  id: 'trainings.tags.deleteBody',
  defaultMessage: 'L’étiquette « {tag} » sera retirée de {count, plural, =0 {l’école} one {la formation qui la porte} other {toutes les formations qui la portent (#)}}.',
});

/** "Gérer les étiquettes" of /formations (owners and admins): rename or delete the store's training tags. */
export function StoreTagsDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const storeUuid = AuthActor.useSelector((snapshot) => snapshot.context.user?.store.uuid ?? '');
  const tags = useQuery({ ...storeTagsQuery(storeUuid), enabled: isOpen && Boolean(storeUuid) });
  return (
    <ManageTagsDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={intl.formatMessage(m.title)}
      lead={intl.formatMessage(m.lead)}
      tags={tags}
      deleteBody={(tag) => intl.formatMessage(deleteBody, { tag: tag.value, count: tag.trainings_count })}
      remove={(tag, signal) => deleteStoreTag(storeUuid, tag.id, signal)}
      rename={(tag, value, signal) => renameStoreTag(storeUuid, tag.id, value, signal)}
      onChanged={() => refreshStoreTags(queryClient, storeUuid)}
      data-testid="training-tags-manager"
    />
  );
}
