import { createContext, useContext } from 'react';
import type { CommunityApi, Space } from '../../api/communityApi';
import type { Plan } from '../../../machines/spaceForm/spaceForm.values';

/** Where the community's pages live: under /communaute in the back office, under the school's path for learners. */
export interface CommunityPaths {
  home: string;
  onboarding: string;
  collection: (uuid: string) => string;
  posts: (spaceUuid: string) => string;
  post: (spaceUuid: string, postUuid: string) => string;
  members: (spaceUuid: string) => string;
  informations: (spaceUuid: string) => string;
  abuses: (spaceUuid: string) => string;
}

export const communityPathsUnder = (base: string): CommunityPaths => ({
  home: base,
  onboarding: `${base}/demarrage`,
  collection: (uuid) => `${base}/collection/${uuid}`,
  posts: (uuid) => `${base}/espaces/${uuid}/discussions`,
  post: (uuid, postUuid) => `${base}/espaces/${uuid}/discussions/${postUuid}`,
  members: (uuid) => `${base}/espaces/${uuid}/membres`,
  informations: (uuid) => `${base}/espaces/${uuid}/informations`,
  abuses: (uuid) => `${base}/espaces/${uuid}/signalements`,
});

/** Who looks at the community, and through which session. */
export interface CommunityViewer {
  /** USER: the team (back office); CUSTOMER: a learner (learner area). */
  context: 'USER' | 'CUSTOMER';
  /** The caller's uuid (team user or learner), to recognise what they wrote or created. */
  uuid: string;
  /** Store admin (OWNER, ADMIN) or platform admin: creates spaces and collections, sees every state. */
  isManager: boolean;
  /** The store's plan, known to the team (the space form's defaults); null for learners. */
  plan: Plan | null;
}

export interface CommunityEnvironment {
  api: CommunityApi;
  viewer: CommunityViewer;
  paths: CommunityPaths;
  /** The back arrow: the back office's home, or the storefront's dashboard for a learner. */
  backHref: string;
}

const CommunityContext = createContext<CommunityEnvironment | null>(null);
export const CommunityProvider = CommunityContext.Provider;

export function useCommunity(): CommunityEnvironment {
  const environment = useContext(CommunityContext);
  if (!environment) throw new Error('useCommunity outside the community layout');
  return environment;
}

/** "Can manage community entity": a store admin, or the creator of the space. */
export const canManageSpace = (viewer: CommunityViewer, space: Pick<Space, 'owner'>) =>
  viewer.isManager || (space.owner !== null && space.owner.uuid === viewer.uuid && space.owner.type === viewer.context);
