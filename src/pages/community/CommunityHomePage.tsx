import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FolderPlus, Lock, MessagesSquare, Plus, Rocket } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { Banner } from '../../components/ui/Banner';
import type { Space } from '../../api/communityApi';
import { useCommunity } from './communityContext';
import { SpaceFormDialog } from './SpaceFormDialog';
import { CollectionFormDialog } from './CollectionFormDialog';
import { NoAccessDialog } from './NoAccessDialog';

const m = {
  ...defineMessages({
  title: { id: 'community.homePage.title', defaultMessage: 'Communauté' },
  intro: { id: 'community.homePage.intro', defaultMessage: 'Retrouvez les espaces de discussion de la communauté.' },
  loading: { id: 'community.menu.loading', defaultMessage: 'Chargement des espaces…' },
  failed: { id: 'community.menu.failed', defaultMessage: 'Les espaces n’ont pas pu être chargés.' },
  retry: { id: 'community.menu.retry', defaultMessage: 'Réessayer' },
  emptyManager: { id: 'community.homePage.emptyManager', defaultMessage: 'Créez un premier espace pour accueillir vos apprenants.' },
  emptyMember: { id: 'community.homePage.emptyMember', defaultMessage: 'Aucun espace ne vous est ouvert pour le moment.' },
  createSpace: { id: 'community.menu.createSpace', defaultMessage: 'Créer un espace' },
  createCollection: { id: 'community.menu.createCollection', defaultMessage: 'Créer une collection' },
  collectionTitle: { id: 'community.collectionPage.empty', defaultMessage: 'Cette collection ne contient aucun espace.' },
  onboardingTitle: { id: 'community.onboarding.title', defaultMessage: 'Votre communauté est prête' },
  onboardingIntro: {
    id: 'community.onboarding.intro',
    defaultMessage: 'Trois étapes pour la lancer : créez un espace, rangez vos espaces en collections, puis publiez le premier message pour accueillir vos apprenants.',
  },
  step1: { id: 'community.onboarding.step1', defaultMessage: 'Créez un espace : un fil d’actualité ou un forum.' },
  step2: { id: 'community.onboarding.step2', defaultMessage: 'Rangez vos espaces en collections (facultatif).' },
  step3: { id: 'community.onboarding.step3', defaultMessage: 'Publiez un message de bienvenue : vos apprenants y accèdent depuis leur espace.' },
  }),
  posts: defineMessage<{ count: number }>({ id: 'community.homePage.posts', defaultMessage: '{count, plural, one {# publication} other {# publications}}' }),
  members: defineMessage<{ count: number }>({ id: 'community.space.membersCount', defaultMessage: '{count, plural, one {# membre} other {# membres}}' }),
};

/** The cards of some spaces: name, counts, lock when not accessible ("no access, contact the trainer"). */
function SpaceCards({ spaces }: { spaces: readonly Space[] }) {
  const intl = useIntl();
  const { paths } = useCommunity();
  const [noAccess, setNoAccess] = useState(false);
  return (
    <>
      <ul className="community-home__grid" data-testid="community-home-spaces">
        {spaces.map((space) => {
          const body = (
            <>
              <strong>{space.name}</strong>
              <span className="community-card__meta">
                {!space.is_accessible && <Lock size={14} aria-hidden="true" />}
                {intl.formatMessage(m.posts, { count: space.posts_count })} · {intl.formatMessage(m.members, { count: space.members_count })}
              </span>
            </>
          );
          return (
            <li key={space.uuid}>
              {space.is_accessible ? (
                <Link to={paths.posts(space.uuid)} className="community-card community-home__space">
                  {body}
                </Link>
              ) : (
                <button type="button" className="community-card community-home__space" onClick={() => setNoAccess(true)}>
                  {body}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <NoAccessDialog isOpen={noAccess} onOpenChange={setNoAccess} />
    </>
  );
}

function useSpaces() {
  const { api } = useCommunity();
  return useQuery(api.queries.spaces());
}

/** /communaute: the spaces the viewer sees, as cards; an invitation to create the first one for managers. */
export function CommunityHomePage() {
  const intl = useIntl();
  const { viewer } = useCommunity();
  const spaces = useSpaces();
  const [creating, setCreating] = useState(false);
  const created = useCreated();
  return (
    <div className="community-page" data-testid="community-home">
      <div className="community-page__head">
        <h1 className="community-page__title">{intl.formatMessage(m.title)}</h1>
        <p>{intl.formatMessage(m.intro)}</p>
      </div>
      {spaces.isPending ? (
        <Spinner aria-label={intl.formatMessage(m.loading)} />
      ) : spaces.isError ? (
        <Banner variant="danger" action={<Button variant="secondary" size="sm" onPress={() => void spaces.refetch()}>{intl.formatMessage(m.retry)}</Button>}>
          {intl.formatMessage(m.failed)}
        </Banner>
      ) : spaces.data.data.length === 0 ? (
        <div className="community-empty stack">
          <MessagesSquare size={32} aria-hidden="true" />
          <p>{intl.formatMessage(viewer.isManager ? m.emptyManager : m.emptyMember)}</p>
          {viewer.isManager && (
            <div>
              <Button icon={<Plus size={16} aria-hidden="true" />} onPress={() => setCreating(true)}>
                {intl.formatMessage(m.createSpace)}
              </Button>
            </div>
          )}
        </div>
      ) : (
        <SpaceCards spaces={spaces.data.data} />
      )}
      <SpaceFormDialog isOpen={creating} onOpenChange={setCreating} space={null} onSaved={created} />
    </div>
  );
}

/** After a space is created: the menu refreshed, the new space opened. */
function useCreated() {
  const { api, paths } = useCommunity();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (space: Space) => {
    void api.refreshMenu(queryClient);
    void navigate(paths.posts(space.uuid));
  };
}

/** /communaute/demarrage: launching the community, in three steps, each a button. */
export function CommunityOnboardingPage() {
  const intl = useIntl();
  const [dialog, setDialog] = useState<'space' | 'collection' | null>(null);
  const created = useCreated();
  return (
    <div className="community-page" data-testid="community-onboarding">
      <div className="community-page__head">
        <h1 className="community-page__title">
          <Rocket size={24} aria-hidden="true" /> {intl.formatMessage(m.onboardingTitle)}
        </h1>
        <p>{intl.formatMessage(m.onboardingIntro)}</p>
      </div>
      <ol className="community-list">
        <li className="community-card">
          <p>{intl.formatMessage(m.step1)}</p>
          <div>
            <Button icon={<Plus size={16} aria-hidden="true" />} onPress={() => setDialog('space')} data-testid="onboarding-create-space">
              {intl.formatMessage(m.createSpace)}
            </Button>
          </div>
        </li>
        <li className="community-card">
          <p>{intl.formatMessage(m.step2)}</p>
          <div>
            <Button variant="secondary" icon={<FolderPlus size={16} aria-hidden="true" />} onPress={() => setDialog('collection')}>
              {intl.formatMessage(m.createCollection)}
            </Button>
          </div>
        </li>
        <li className="community-card">
          <p>{intl.formatMessage(m.step3)}</p>
        </li>
      </ol>
      <SpaceFormDialog isOpen={dialog === 'space'} onOpenChange={(open) => setDialog(open ? 'space' : null)} space={null} onSaved={created} />
      <CollectionFormDialog isOpen={dialog === 'collection'} onOpenChange={(open) => setDialog(open ? 'collection' : null)} collection={null} />
    </div>
  );
}

/** /communaute/collection/:uuid: the spaces of one collection. */
export function CollectionPage() {
  const intl = useIntl();
  const { uuid = '' } = useParams();
  const { api } = useCommunity();
  const spaces = useSpaces();
  const collections = useQuery(api.queries.collections());
  const collection = collections.data?.data.find((c) => c.uuid === uuid);
  if (spaces.isPending || collections.isPending) return <Spinner aria-label={intl.formatMessage(m.loading)} />;
  if (spaces.isError || collections.isError) return <Banner variant="danger">{intl.formatMessage(m.failed)}</Banner>;
  const inside = spaces.data.data.filter((space) => space.collection === uuid);
  return (
    <div className="community-page">
      <h1 className="community-page__title">{collection?.name ?? intl.formatMessage(m.title)}</h1>
      {inside.length === 0 ? <p className="community-empty">{intl.formatMessage(m.collectionTitle)}</p> : <SpaceCards spaces={inside} />}
    </div>
  );
}
