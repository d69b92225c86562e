import { SCHOOL_BASE, SCHOOL_PAGES } from '../../../shared/schoolPaths';

/*
 * The learner area's pages by address (what is after `/ecole/<subdomain>`, or the whole path on a school's own
 * host), as React Router matched them before (issue 11: the storefront's first load has no React Router): static
 * segments case-insensitive, a trailing slash ignored, params decoded. `pattern` is the page's route in React
 * Router's syntax, for the pages that still use its hooks (src/pages/school/routerBridge.tsx).
 */

export type SchoolRoute = {
  page:
    | 'home'
    | 'catalogue'
    | 'training'
    | 'bundle'
    | 'login'
    | 'register'
    | 'activation'
    | 'resetPassword'
    | 'account'
    | 'affiliate'
    | 'unsubscribe'
    | 'community'
    | 'myTrainings'
    | 'player'
    | 'checkout'
    | 'order'
    | 'testPayment'
    | 'notFound';
  pattern: string;
  /** A training's or a bundle's slug. */
  slug?: string;
};

type Page = SchoolRoute['page'];

const PLAYER_PATTERN = `${SCHOOL_PAGES.myTrainings}/:trainingUuid/:itemId?`;

/** [page, React Router pattern]; `*` takes the rest (the community's own routes), `?` an optional last segment. */
const ROUTES: readonly [Page, string][] = [
  ['home', ''],
  ['login', SCHOOL_PAGES.login],
  ['register', SCHOOL_PAGES.register],
  ['activation', SCHOOL_PAGES.activation],
  ['resetPassword', SCHOOL_PAGES.resetPassword],
  ['account', SCHOOL_PAGES.account],
  ['affiliate', SCHOOL_PAGES.affiliate],
  ['unsubscribe', SCHOOL_PAGES.unsubscribe],
  ['community', `${SCHOOL_PAGES.community}/*`],
  ['catalogue', SCHOOL_PAGES.catalogue],
  ['training', `${SCHOOL_PAGES.catalogue}/:slug`],
  ['bundle', 'packs/:slug'],
  ['myTrainings', SCHOOL_PAGES.myTrainings],
  ['player', PLAYER_PATTERN],
  ['checkout', 'paiement/:type/:uuid'],
  ['order', 'commande/:orderUuid'],
  ['testPayment', 'paiement-test/:paymentRef'],
];

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The params of `pattern` in `segments`, or null when it does not match. */
function matchPattern(pattern: string, segments: string[]): Record<string, string> | null {
  const parts = pattern.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    if (part === '*') return params;
    const segment = segments[index];
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      if (segment === undefined) {
        if (optional) continue;
        return null;
      }
      const value = decode(segment);
      if (value === null) return null;
      params[part.slice(1, optional ? -1 : undefined)] = value;
    } else if (segment === undefined || segment.toLowerCase() !== part.toLowerCase()) return null;
  }
  return segments.length <= parts.length ? params : null;
}

/** The player's training and item (null: where the learner stopped) at `rest`, or null for another page. */
export function playerAddress(rest: string): { trainingUuid: string; itemId: number | null } | null {
  const params = matchPattern(PLAYER_PATTERN, rest.split('/').filter(Boolean));
  if (!params?.trainingUuid) return null;
  const itemId = Number(params.itemId);
  return { trainingUuid: params.trainingUuid, itemId: Number.isSafeInteger(itemId) && itemId > 0 ? itemId : null };
}

/**
 * The school and the rest of the address: on a school's own host (`ownHost`) the whole path; on the app's host,
 * `/ecole/<subdomain>/<rest>` split (the subdomain decoded, as React Router's params were), null outside it.
 */
export function schoolAddress(pathname: string, ownHost?: string | null): { subdomain: string; rest: string } | null {
  if (ownHost) return { subdomain: ownHost, rest: pathname };
  const found = new RegExp(`^${SCHOOL_BASE}/([^/]+)(/.*)?$`, 'i').exec(pathname);
  if (!found) return null;
  try {
    return { subdomain: decodeURIComponent(found[1]!), rest: found[2] ?? '/' };
  } catch {
    return null;
  }
}

/** The page at `rest` (a path starting with `/`). */
export function matchSchoolPage(rest: string): SchoolRoute {
  const segments = rest.split('/').filter(Boolean);
  for (const [page, pattern] of ROUTES) {
    const params = matchPattern(pattern, segments);
    if (params) return { page, pattern, slug: params.slug };
  }
  return { page: 'notFound', pattern: '*' };
}
