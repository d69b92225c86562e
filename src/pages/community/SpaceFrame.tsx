import type { ReactNode } from 'react';
import { NavLink, useParams } from 'react-router-dom';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { EyeOff } from 'lucide-react';
import { Spinner } from '../../components/ui/Spinner';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import type { Space } from '../../api/communityApi';
import { canManageSpace, useCommunity } from './communityContext';
import { NoAccessPanel } from './CommunityBits';

const m = {
  ...defineMessages({
  posts: { id: 'community.space.posts', defaultMessage: 'Discussions' },
  members: { id: 'community.space.members', defaultMessage: 'Membres' },
  informations: { id: 'community.space.informations', defaultMessage: 'Informations' },
  abuses: { id: 'community.space.abuses', defaultMessage: 'Signalements' },
  tabs: { id: 'community.space.tabs', defaultMessage: 'Sections de l’espace' },
  loading: { id: 'community.space.loading', defaultMessage: 'Chargement de l’espace…' },
  failed: { id: 'community.space.failed', defaultMessage: 'L’espace n’a pas pu être chargé.' },
  notFound: { id: 'community.space.notFound', defaultMessage: 'Cet espace n’existe pas ou ne vous est pas visible.' },
  retry: { id: 'community.menu.retry', defaultMessage: 'Réessayer' },
  draft: { id: 'community.menu.draft', defaultMessage: 'Brouillon' },
  hidden: { id: 'community.menu.hidden', defaultMessage: 'Masqué' },
  }),
  members_count: defineMessage<{ count: number }>({ id: 'community.space.membersCount', defaultMessage: '{count, plural, one {# membre} other {# membres}}' }),
};

export interface SpaceView {
  space: Space;
  /** "Can manage community entity" for this space: a store admin or its creator. */
  canManage: boolean;
}

/**
 * A space's page frame: its name, state badges, member count and tabs (Discussions, Membres, Informations, and
 * Signalements for those who manage it); loading, not found and not accessible states; then the tab's content.
 */
export function SpaceFrame({ children }: { children: (view: SpaceView) => ReactNode }) {
  const intl = useIntl();
  const { uuid = '' } = useParams();
  const { api, viewer, paths } = useCommunity();
  const query = useQuery(api.queries.space(uuid));
  if (query.isPending) return <Spinner aria-label={intl.formatMessage(m.loading)} />;
  if (query.isError) {
    const status = (query.error as { status?: number | null }).status;
    if (status === 404) return <Banner variant="warning">{intl.formatMessage(m.notFound)}</Banner>;
    return (
      <Banner variant="danger" action={<Button variant="secondary" size="sm" onPress={() => void query.refetch()}>{intl.formatMessage(m.retry)}</Button>}>
        {intl.formatMessage(m.failed)}
      </Banner>
    );
  }
  const space = query.data;
  const canManage = canManageSpace(viewer, space);
  return (
    <div className="community-page" data-testid="community-space">
      <div className="community-page__head">
        <div className="community-page__title">
          <h1 className="community-page__name">{space.name}</h1>
          {space.state === 'DRAFT' && <span className="community-badge community-badge--scheduled">{intl.formatMessage(m.draft)}</span>}
          {space.state === 'PRIVATE' && (
            <span className="community-badge">
              <EyeOff size={12} aria-hidden="true" /> {intl.formatMessage(m.hidden)}
            </span>
          )}
        </div>
        <p className="community-card__meta">{intl.formatMessage(m.members_count, { count: space.members_count })}</p>
        <nav className="community-page__tabs" aria-label={intl.formatMessage(m.tabs)}>
          <NavLink to={paths.posts(uuid)} className="community-page__tab">
            {intl.formatMessage(m.posts)}
          </NavLink>
          {(space.settings.show_members || canManage) && (
            <NavLink to={paths.members(uuid)} className="community-page__tab">
              {intl.formatMessage(m.members)}
            </NavLink>
          )}
          <NavLink to={paths.informations(uuid)} className="community-page__tab">
            {intl.formatMessage(m.informations)}
          </NavLink>
          {canManage && viewer.context === 'USER' && (
            <NavLink to={paths.abuses(uuid)} className="community-page__tab">
              {intl.formatMessage(m.abuses)}
            </NavLink>
          )}
        </nav>
      </div>
      {space.is_accessible || canManage ? children({ space, canManage }) : <NoAccessPanel />}
    </div>
  );
}
