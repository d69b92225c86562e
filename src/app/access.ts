import type { AppRoute, Capabilities, Plan, Role } from './routes';

/** What the guards need to know about the person looking. */
export interface Viewer {
  role: Role;
  isAdmin: boolean;
  plan: Plan;
  communityEnabled: boolean;
  /** The store's enterprise flags; a page a flag hides is denied (absent: nothing hidden). */
  capabilities?: Partial<Capabilities>;
}

/** Who edits the catalogue (spec section 6); ANALYST and STAFF read the list only. */
export const CATALOGUE_EDITORS: readonly Role[] = ['OWNER', 'ADMIN', 'TEACHER'];
/** Who renames and deletes the store's training tags (the contract's x-roles of updateStoreTag, deleteStoreTag). */
export const STORE_TAG_MANAGERS: readonly Role[] = ['OWNER', 'ADMIN'];

export type AccessDecision =
  /** Show the page. */
  | { kind: 'allow' }
  /** A guest on a protected page: to the login page, carrying the page in `redirect`. */
  | { kind: 'login' }
  /** A signed-in user on a guest-only page: home. */
  | { kind: 'home' }
  /** The role does not open this page: "Vous n'avez pas accès à cette page !" then home. */
  | { kind: 'denied' }
  /** Community pages while the community is off: a warning then home. */
  | { kind: 'communityDisabled' }
  /** The page exists on other plans: the plan-lock panel instead of the page. */
  | { kind: 'planLocked'; plans: readonly Plan[] };

/** The guard rules of spec section 6, for one route and one viewer (null for a guest). */
export function decideAccess(route: AppRoute, viewer: Viewer | null): AccessDecision {
  const { guard } = route;
  if (guard === 'any') return { kind: 'allow' };
  if (guard === 'guest') return viewer ? { kind: 'home' } : { kind: 'allow' };
  if (!viewer) return { kind: 'login' };
  if (guard === 'platformAdmin' && !viewer.isAdmin) return { kind: 'denied' };
  if (Array.isArray(guard) && !viewer.isAdmin && !guard.includes(viewer.role)) return { kind: 'denied' };
  // The enterprise hid the page for its whole store (the menu hides its entry too), platform admins included.
  if (route.hiddenBy && viewer.capabilities?.[route.hiddenBy]) return { kind: 'denied' };
  if (route.layout === 'community' && !viewer.communityEnabled) return { kind: 'communityDisabled' };
  if (route.plans && !viewer.isAdmin && !route.plans.includes(viewer.plan)) return { kind: 'planLocked', plans: route.plans };
  return { kind: 'allow' };
}

export const canOpen = (route: AppRoute, viewer: Viewer | null) => decideAccess(route, viewer).kind === 'allow';
