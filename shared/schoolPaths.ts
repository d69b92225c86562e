/**
 * Where a school's learner area lives in this app: `/ecole/<subdomain>/…` (on localhost, in tests and for now in
 * production too; hosting a school on its own subdomain or custom domain comes later). The server builds the
 * links of its e-mails with it, the app its routes: both read the same pages.
 */
export const SCHOOL_BASE = '/ecole';

export const SCHOOL_PAGES = {
  home: '',
  login: 'connexion',
  register: 'inscription',
  activation: 'activation',
  /** Without `?token=`, asks for a reset link; with it, sets the new password. */
  resetPassword: 'changement-mot-de-passe',
  account: 'mon-compte',
} as const;

export type SchoolPage = keyof typeof SCHOOL_PAGES;

/** `/ecole/demo/connexion`, with the query when one is given. */
export function schoolPath(subdomain: string, page: SchoolPage, query?: Record<string, string>): string {
  const segment = SCHOOL_PAGES[page];
  const path = `${SCHOOL_BASE}/${encodeURIComponent(subdomain)}${segment ? `/${segment}` : ''}`;
  return query ? `${path}?${new URLSearchParams(query)}` : path;
}
