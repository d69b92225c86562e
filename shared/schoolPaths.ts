/**
 * Where a school's learner area lives: `/ecole/<subdomain>/…` on the app's own host (localhost, tests, APP_URL),
 * and at the root of the school's own host (`<subdomain>.<APP_DOMAIN>` or its enabled custom domain). The server
 * builds the links of its e-mails with it, the app its routes: both read the same pages.
 */
export const SCHOOL_BASE = '/ecole';

/**
 * The school whose own host this page was served on, set once by the storefront's entry (src/schoolMain.tsx)
 * from what the server wrote in the page; null on the app's host and always on the server. Addresses of that
 * school are then host-relative (`/formations/x`); another school's keep `/ecole/<subdomain>`.
 */
let ownHostSchool: string | null = null;
export function servedOnSchoolHost(subdomain: string | null) {
  ownHostSchool = subdomain;
}

/** A school's pages start here: '' on its own host, `/ecole/<subdomain>` elsewhere. */
export const schoolBase = (subdomain: string) => (subdomain === ownHostSchool ? '' : `${SCHOOL_BASE}/${encodeURIComponent(subdomain)}`);

export const SCHOOL_PAGES = {
  home: '',
  login: 'connexion',
  register: 'inscription',
  activation: 'activation',
  /** Without `?token=`, asks for a reset link; with it, sets the new password. */
  resetPassword: 'changement-mot-de-passe',
  account: 'mon-compte',
  /** The catalogue: trainings, then bundles. */
  catalogue: 'formations',
  /** The learner's trainings (where a paid checkout lands). */
  myTrainings: 'mes-formations',
  /** The learner's affiliate program (issue 16): join, REF- link, sales, payout requests. */
  affiliate: 'affiliation',
  /** With `?token=`: leave the school's automatic e-mails (the link at the end of each one). */
  unsubscribe: 'desinscription',
  /** The community (issue 13): the same spaces as the team's, for the school's learners. */
  community: 'communaute',
} as const;

export type SchoolPage = keyof typeof SCHOOL_PAGES;

/** `/ecole/demo/connexion` (`/connexion` on the school's own host), with the query when one is given. */
export function schoolPath(subdomain: string, page: SchoolPage, query?: Record<string, string>): string {
  const segment = SCHOOL_PAGES[page];
  const path = `${schoolBase(subdomain)}${segment ? `/${segment}` : ''}` || '/';
  return query ? `${path}?${new URLSearchParams(query)}` : path;
}

const base = schoolBase;

/**
 * Pages with an id in their path (issue 11 and 12). Kept next to SCHOOL_PAGES so the server's e-mails and
 * payment return addresses, and the app's routes, build the same addresses.
 */
export const schoolPaths = {
  training: (subdomain: string, slug: string) => `${base(subdomain)}/formations/${encodeURIComponent(slug)}`,
  bundle: (subdomain: string, slug: string) => `${base(subdomain)}/packs/${encodeURIComponent(slug)}`,
  /** The checkout of a training or bundle, with the schedule chosen on its page. */
  checkout: (subdomain: string, type: 'TRAINING' | 'BUNDLE', uuid: string, scheduleId?: number) =>
    `${base(subdomain)}/paiement/${type === 'TRAINING' ? 'formation' : 'pack'}/${encodeURIComponent(uuid)}${scheduleId ? `?echeancier=${scheduleId}` : ''}`,
  /** Where a payment provider sends the learner back: polls the order until PAID or FAILED. */
  order: (subdomain: string, orderUuid: string) => `${base(subdomain)}/commande/${encodeURIComponent(orderUuid)}`,
  /** The built-in test provider's payment page (demo, development, browser tests; refused in production). */
  testPayment: (subdomain: string, paymentRef: string) => `${base(subdomain)}/paiement-test/${encodeURIComponent(paymentRef)}`,
  /** A followed training's player; without an item, where the learner stopped. */
  player: (subdomain: string, trainingUuid: string, itemId?: number) =>
    `${base(subdomain)}/mes-formations/${encodeURIComponent(trainingUuid)}${itemId ? `/${itemId}` : ''}`,
} as const;
