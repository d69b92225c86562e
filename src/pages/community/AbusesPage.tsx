import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { Banner } from '../../components/ui/Banner';
import { Pagination } from '../../components/ui/Pagination';
import { TextLink } from '../../components/ui/Link';
import { FormError } from '../../components/ui/Form';
import { showToast } from '../../components/ui/toastQueue';
import { failureText } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import type { AbuseReport, Space } from '../../api/communityApi';
import { AuthorName, reasonMessages } from './CommunityBits';
import { useCommunity } from './communityContext';
import { SpaceFrame } from './SpaceFrame';

const m = defineMessages({
  loading: { id: 'community.abuses.loading', defaultMessage: 'Chargement des signalements…' },
  failed: { id: 'community.abuses.failed', defaultMessage: 'Les signalements n’ont pas pu être chargés.' },
  forbidden: { id: 'community.abuses.forbidden', defaultMessage: 'Seuls les animateurs de l’espace voient ses signalements.' },
  empty: { id: 'community.abuses.empty', defaultMessage: 'Aucun signalement : tout va bien.' },
  post: { id: 'community.abuses.post', defaultMessage: 'Publication' },
  comment: { id: 'community.abuses.comment', defaultMessage: 'Commentaire' },
  open: { id: 'community.abuses.open', defaultMessage: 'Voir la discussion' },
  dismiss: { id: 'community.abuses.dismiss', defaultMessage: 'Ignorer' },
  removeContent: { id: 'community.abuses.remove', defaultMessage: 'Supprimer le contenu' },
  dismissed: { id: 'community.abuses.dismissed', defaultMessage: 'Signalement ignoré' },
  removed: { id: 'community.abuses.removed', defaultMessage: 'Contenu supprimé' },
  reportedBy: { id: 'community.abuses.reportedBy', defaultMessage: 'Signalé par' },
});

/** /communaute/espaces/:uuid/signalements: the reports of the space's posts and comments, for those who manage it. */
export function AbusesPage() {
  return <SpaceFrame>{({ space, canManage }) => (canManage ? <Abuses space={space} /> : <Forbidden />)}</SpaceFrame>;
}

function Forbidden() {
  const intl = useIntl();
  return <Banner variant="info">{intl.formatMessage(m.forbidden)}</Banner>;
}

function Abuses({ space }: { space: Space }) {
  const intl = useIntl();
  const { api } = useCommunity();
  const [page, setPage] = useState(1);
  const abuses = useQuery(api.queries.abuses(space.uuid, page));
  if (abuses.isPending) return <Spinner aria-label={intl.formatMessage(m.loading)} />;
  if (abuses.isError) return <Banner variant="danger">{intl.formatMessage(m.failed)}</Banner>;
  if (abuses.data.data.length === 0) return <p className="community-empty">{intl.formatMessage(m.empty)}</p>;
  return (
    <>
      <ul className="community-list" data-testid="abuses-list">
        {abuses.data.data.map((abuse) => (
          <AbuseRow key={abuse.uuid} abuse={abuse} space={space} />
        ))}
      </ul>
      <Pagination page={abuses.data.meta.current_page} lastPage={abuses.data.meta.last_page} onChange={setPage} />
    </>
  );
}

function AbuseRow({ abuse, space }: { abuse: AbuseReport; space: Space }) {
  const intl = useIntl();
  const { api, paths } = useCommunity();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['get', '/community/groups/{groupUuid}/abuses'] });
  const action = useRequest(async (kind: 'dismiss' | 'remove', signal) => {
    if (kind === 'dismiss') await api.dismissAbuse(abuse.uuid, signal);
    else if (abuse.target === 'GROUP_POST') await api.deletePost(abuse.target_uuid, signal);
    else await api.deleteComment(abuse.target_uuid, signal);
    showToast({ title: intl.formatMessage(kind === 'dismiss' ? m.dismissed : m.removed), variant: 'success' });
    await refresh();
  });
  return (
    <li className="community-card" data-testid="abuse">
      <div className="community-card__meta">
        <span className="community-badge community-badge--scheduled">{intl.formatMessage(reasonMessages[abuse.reason])}</span>
        <span className="community-badge">{intl.formatMessage(abuse.target === 'GROUP_POST' ? m.post : m.comment)}</span>
        <time dateTime={abuse.created_at}>{intl.formatDate(abuse.created_at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
      </div>
      <blockquote className="community-card__content">{abuse.excerpt}</blockquote>
      {abuse.comment && <p>{abuse.comment}</p>}
      <div className="community-card__meta">
        {intl.formatMessage(m.reportedBy)} <AuthorName author={abuse.reporter} />
      </div>
      <FormError>{failureText(intl, action.error)}</FormError>
      <div className="community-card__footer">
        <TextLink href={paths.post(space.uuid, abuse.post_uuid)}>{intl.formatMessage(m.open)}</TextLink>
        <Button variant="secondary" size="sm" onPress={() => action.submit('dismiss')} isDisabled={action.isSubmitting}>
          {intl.formatMessage(m.dismiss)}
        </Button>
        <Button variant="danger" size="sm" onPress={() => action.submit('remove')} isDisabled={action.isSubmitting}>
          {intl.formatMessage(m.removeContent)}
        </Button>
      </div>
    </li>
  );
}
