import { useState } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UserMinus, UserPlus, Users } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { Banner } from '../../components/ui/Banner';
import { Pagination } from '../../components/ui/Pagination';
import { FormError } from '../../components/ui/Form';
import { showToast } from '../../components/ui/toastQueue';
import { DeleteConfirmDialog, useConfirmedDeletion } from '../../components/catalogue/DeleteConfirm';
import { failureText } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import type { Member, MemberCandidate, Space } from '../../api/communityApi';
import { AuthorName } from './CommunityBits';
import { useCommunity } from './communityContext';
import { SpaceFrame } from './SpaceFrame';

const m = {
  ...defineMessages({
  loading: { id: 'community.members.loading', defaultMessage: 'Chargement des membres…' },
  failed: { id: 'community.members.failed', defaultMessage: 'Les membres n’ont pas pu être chargés.' },
  hiddenList: { id: 'community.members.hidden', defaultMessage: 'La liste des membres de cet espace n’est pas publique.' },
  owner: { id: 'community.members.owner', defaultMessage: 'Créateur' },
  learner: { id: 'community.members.learner', defaultMessage: 'Apprenant' },
  team: { id: 'community.members.team', defaultMessage: 'Équipe' },
  remove: { id: 'community.members.remove', defaultMessage: 'Retirer' },
  removeBody: { id: 'community.members.removeBody', defaultMessage: 'Ce membre n’aura plus accès au contenu de l’espace.' },
  removing: { id: 'community.members.removing', defaultMessage: 'Retrait…' },
  removed: { id: 'community.members.removed', defaultMessage: 'Membre retiré' },
  removeAll: { id: 'community.members.removeAll', defaultMessage: 'Retirer tous les membres' },
  removeAllTitle: { id: 'community.members.removeAllTitle', defaultMessage: 'Retirer tous les membres ?' },
  removeAllBody: { id: 'community.members.removeAllBody', defaultMessage: 'Seul le créateur de l’espace reste membre.' },
  removedAll: { id: 'community.members.removedAll', defaultMessage: 'Tous les membres ont été retirés' },
  add: { id: 'community.members.add', defaultMessage: 'Ajouter des membres' },
  candidates: { id: 'community.members.candidates', defaultMessage: 'Membres disponibles' },
  noCandidates: { id: 'community.members.noCandidates', defaultMessage: 'Tous vos apprenants et votre équipe sont déjà membres.' },
  addOne: { id: 'community.members.addOne', defaultMessage: 'Ajouter' },
  importAll: { id: 'community.members.importAll', defaultMessage: 'Importer tous les membres disponibles' },
  cancel: { id: 'community.cancel', defaultMessage: 'Annuler' },
  }),
  removeName: defineMessage<{ name: string }>({ id: 'community.members.removeName', defaultMessage: 'Retirer {name}' }),
  removeTitle: defineMessage<{ name: string }>({ id: 'community.members.removeTitle', defaultMessage: 'Retirer {name} de l’espace ?' }),
  addName: defineMessage<{ name: string }>({ id: 'community.members.addName', defaultMessage: 'Ajouter {name}' }),
  added: defineMessage<{ name: string }>({ id: 'community.members.added', defaultMessage: '{name} a rejoint l’espace' }),
  imported: defineMessage<{ count: number }>({ id: 'community.members.imported', defaultMessage: '{count, plural, =0 {Aucun membre ajouté} one {# membre ajouté} other {# membres ajoutés}}' }),
};

/** /communaute/espaces/:uuid/membres: the members (OWNER first); those who manage the space add, import and remove. */
export function MembersPage() {
  return <SpaceFrame>{({ space, canManage }) => <Members space={space} canManage={canManage} />}</SpaceFrame>;
}

function Members({ space, canManage }: { space: Space; canManage: boolean }) {
  const intl = useIntl();
  const { api } = useCommunity();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const members = useQuery(api.queries.members(space.uuid, page));
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['get', '/community/groups/{groupUuid}/members'] }),
      queryClient.invalidateQueries({ queryKey: ['get', '/community/groups/{groupUuid}/members/available'] }),
      queryClient.invalidateQueries({ queryKey: api.queries.space(space.uuid).queryKey }),
    ]);
  const removal = useConfirmedDeletion<Member>({
    remove: (member, signal) => api.removeMember(member.uuid, signal),
    onDeleted: () => {
      showToast({ title: intl.formatMessage(m.removed), variant: 'success' });
      return refresh();
    },
  });
  const removalAll = useConfirmedDeletion<Space>({
    remove: (target, signal) => api.removeAllMembers(target.uuid, signal),
    onDeleted: () => {
      showToast({ title: intl.formatMessage(m.removedAll), variant: 'success' });
      return refresh();
    },
  });
  const importAll = useRequest(async (_: null, signal) => {
    const result = await api.importAllMembers(space.uuid, signal);
    showToast({ title: intl.formatMessage(m.imported, { count: result.added_count }), variant: 'success' });
    await refresh();
  });

  if (!space.settings.show_members && !canManage) return <p className="community-empty">{intl.formatMessage(m.hiddenList)}</p>;
  return (
    <div className="stack" data-testid="members-page">
      {canManage && (
        <div className="community-actions">
          <Button icon={<UserPlus size={16} aria-hidden="true" />} onPress={() => setAdding(!adding)} aria-expanded={adding} data-testid="members-add">
            {intl.formatMessage(m.add)}
          </Button>
          <Button variant="secondary" icon={<Users size={16} aria-hidden="true" />} onPress={() => importAll.submit(null)} isPending={importAll.isSubmitting} data-testid="members-import">
            {intl.formatMessage(m.importAll)}
          </Button>
          <Button variant="danger" icon={<UserMinus size={16} aria-hidden="true" />} onPress={() => removalAll.ask(space)} isDisabled={space.members_count <= 1}>
            {intl.formatMessage(m.removeAll)}
          </Button>
        </div>
      )}
      <FormError>{failureText(intl, importAll.error)}</FormError>
      {adding && <Candidates space={space} onAdded={refresh} />}
      {members.isPending ? (
        <Spinner aria-label={intl.formatMessage(m.loading)} />
      ) : members.isError ? (
        <Banner variant={(members.error as { status?: number }).status === 403 ? 'info' : 'danger'}>
          {intl.formatMessage((members.error as { status?: number }).status === 403 ? m.hiddenList : m.failed)}
        </Banner>
      ) : (
        <>
          <ul className="community-members" data-testid="members-list">
            {members.data.data.map((member) => (
              <li key={member.uuid} className="community-members__row">
                <span className="community-members__name">
                  <AuthorName author={{ type: member.type, uuid: member.type_uuid, display_name: member.display_name, picture: member.picture }} />
                </span>
                <span className="community-badge">{intl.formatMessage(member.role === 'OWNER' ? m.owner : member.type === 'CUSTOMER' ? m.learner : m.team)}</span>
                {canManage && member.role !== 'OWNER' && (
                  <Button variant="ghost" size="sm" onPress={() => removal.ask(member)} aria-label={intl.formatMessage(m.removeName, { name: member.display_name })}>
                    {intl.formatMessage(m.remove)}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <Pagination page={members.data.meta.current_page} lastPage={members.data.meta.last_page} onChange={setPage} />
        </>
      )}
      <DeleteConfirmDialog
        deletion={removal}
        title={(member) => intl.formatMessage(m.removeTitle, { name: member.display_name })}
        confirmLabel={intl.formatMessage(m.remove)}
        cancelLabel={intl.formatMessage(m.cancel)}
        pendingLabel={intl.formatMessage(m.removing)}
      >
        {() => <p>{intl.formatMessage(m.removeBody)}</p>}
      </DeleteConfirmDialog>
      <DeleteConfirmDialog
        deletion={removalAll}
        title={intl.formatMessage(m.removeAllTitle)}
        confirmLabel={intl.formatMessage(m.removeAll)}
        cancelLabel={intl.formatMessage(m.cancel)}
        pendingLabel={intl.formatMessage(m.removing)}
      >
        {() => <p>{intl.formatMessage(m.removeAllBody)}</p>}
      </DeleteConfirmDialog>
    </div>
  );
}

/** The available members (learners and team not yet in the space), each added with its type and uuid. */
function Candidates({ space, onAdded }: { space: Space; onAdded: () => Promise<unknown> }) {
  const intl = useIntl();
  const { api } = useCommunity();
  const candidates = useQuery(api.queries.availableMembers(space.uuid));
  const add = useRequest(async (candidate: MemberCandidate, signal) => {
    await api.addMember(space.uuid, candidate.type, candidate.type_uuid, signal);
    showToast({ title: intl.formatMessage(m.added, { name: candidate.display_name }), variant: 'success' });
    await onAdded();
  });
  return (
    <section className="community-card" aria-label={intl.formatMessage(m.candidates)} data-testid="members-candidates">
      <h2 className="community-menu__heading">{intl.formatMessage(m.candidates)}</h2>
      <FormError>{failureText(intl, add.error)}</FormError>
      {candidates.isPending ? (
        <Spinner size="sm" aria-label={intl.formatMessage(m.loading)} />
      ) : candidates.isError ? (
        <Banner variant="danger">{intl.formatMessage(m.failed)}</Banner>
      ) : candidates.data.data.length === 0 ? (
        <p>{intl.formatMessage(m.noCandidates)}</p>
      ) : (
        <ul className="community-members">
          {candidates.data.data.map((candidate) => (
            <li key={`${candidate.type}:${candidate.type_uuid}`} className="community-members__row">
              <span className="community-members__name">
                <AuthorName author={{ type: candidate.type, uuid: candidate.type_uuid, display_name: candidate.display_name, picture: candidate.picture }} />
              </span>
              <span className="community-card__meta">{candidate.email}</span>
              <Button size="sm" variant="secondary" onPress={() => add.submit(candidate)} isDisabled={add.isSubmitting} aria-label={intl.formatMessage(m.addName, { name: candidate.display_name })}>
                {intl.formatMessage(m.addOne)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
