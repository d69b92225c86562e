import createClient from 'openapi-fetch';
import createQueryHooks from 'openapi-react-query';
import type { CheckoutApi } from '../../machines/checkout/checkout.actors';
import type { LearnerAuthApi } from '../../machines/learnerAuth/learnerAuth.actors';
import type { TokenStorage } from '../../machines/auth/auth.actors';
import { captchaHeader } from '../app/captcha';
import { currentLocale } from '../i18n/currentLocale';
import { fetchWithBootReads } from './bootReads';
import { earlyOr, startEarly } from './earlyReads';
import { learnerTokenKey } from './learnerTokenKey';
import { unwrap } from './failure';
import { failingWithFailures } from './queries';
import { localTokenStorage } from './tokenStorage';
import type { QueryClient } from '@tanstack/react-query';
import type { components, paths } from './schema.gen';

/**
 * The learner area's calls (`/school/stores/{subdomain}/…`), the only module making them. They go through a
 * client of their own: it carries the LEARNER token of the school in the path (never the back office's, which
 * the app's client adds), and a 401 there ends the learner's session, not the back office's.
 */
// Its fetch takes the answers the storefront's first module asked for before this code had arrived (./bootReads.ts, shared with the back office's client).
export const schoolClient = createClient<paths>({ baseUrl: `${globalThis.location?.origin ?? ''}/api/v1`, fetch: fetchWithBootReads });

const SCHOOL_PATH = /\/api\/v1\/school\/stores\/([a-z0-9-]+)(?:\/|$)/;
const subdomainOf = (url: string) => SCHOOL_PATH.exec(new URL(url).pathname)?.[1] ?? null;

// The key has a module of its own: the storefront's first module reads the token before this one has arrived.
export { learnerTokenKey };

export const learnerTokenStorage = (subdomain: string): TokenStorage => localTokenStorage(learnerTokenKey(subdomain));

/** Who to tell when a learner call of a school answers 401 (its session is gone): the school's auth machine. */
const expiredListeners = new Map<string, () => void>();
export function onLearnerUnauthorized(subdomain: string, listener: (() => void) | null) {
  if (listener) expiredListeners.set(subdomain, listener);
  else expiredListeners.delete(subdomain);
}

/** Tells the school's auth machine its learner session is gone (a 401 on another client carrying the learner token). */
export const notifyLearnerUnauthorized = (subdomain: string) => expiredListeners.get(subdomain)?.();

schoolClient.use({
  onRequest({ request }) {
    const subdomain = subdomainOf(request.url);
    const token = subdomain ? learnerTokenStorage(subdomain).get() : null;
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    request.headers.set('Accept-Language', currentLocale());
    return request;
  },
  onResponse({ request, response }) {
    // Only learner operations answer 401 (wrong credentials and unknown links are 422); a broken preview link
    // (`preview_token`, the team's preview) is not the learner's session ending.
    const subdomain = subdomainOf(request.url);
    if (response.status === 401 && subdomain && !new URL(request.url).searchParams.has('preview_token')) notifyLearnerUnauthorized(subdomain);
    return response;
  },
});

/** Query options of the learner area's reads (learningApi.ts shares them). */
export const $school = createQueryHooks(failingWithFailures(schoolClient));
const at = (subdomain: string) => ({ params: { path: { subdomain } } });

export type School = paths['/school/stores/{subdomain}']['get']['responses'][200]['content']['application/json'];
export type LearnerProfileUpdate = paths['/school/stores/{subdomain}/me']['put']['requestBody']['content']['application/json'];
export type LearnerActivation = paths['/school/stores/{subdomain}/activation']['post']['requestBody']['content']['application/json'];
export type LearnerPasswordReset = paths['/school/stores/{subdomain}/password-reset']['put']['requestBody']['content']['application/json'];

/** GET /school/stores/{subdomain}: the school's public face (404 for an unknown school). */
export const schoolQuery = (subdomain: string) => $school.queryOptions('get', '/school/stores/{subdomain}', at(subdomain));

/** The school as the learner area loads it first: its failure shown by the page (a 404 says "no school here"), not retried. */
export const schoolPageQuery = (subdomain: string) => ({ ...schoolQuery(subdomain), meta: { failureReport: 'page' as const }, retry: false });

/** GET …/me: the signed-in learner (401 without a session of this school). */
const readMe = (subdomain: string, signal?: AbortSignal) => unwrap(schoolClient.GET('/school/stores/{subdomain}/me', { ...at(subdomain), signal }));
const meKey = (subdomain: string) => `me ${subdomain}`;

/** Starts the session check of a stored learner token as the learner area's entry runs (./earlyReads.ts). */
export const startLearnerCheck = (subdomain: string) => startEarly(meKey(subdomain), learnerTokenStorage(subdomain).get(), () => readMe(subdomain));

/** The learner auth machine's calls for one school. */
export function learnerAuthApi(subdomain: string): LearnerAuthApi {
  return {
    // The entry's session check when it started one with the token stored now (./earlyReads.ts).
    getMe: (signal) => earlyOr(meKey(subdomain), learnerTokenStorage(subdomain).get(), () => readMe(subdomain, signal)),
    login: (body, signal) => unwrap(schoolClient.POST('/school/stores/{subdomain}/login', { ...at(subdomain), body, signal })),
    register: (body, signal) => unwrap(schoolClient.POST('/school/stores/{subdomain}/register', { params: { ...at(subdomain).params, header: captchaHeader() }, body, signal })),
    logout: async (signal) => {
      await unwrap(schoolClient.POST('/school/stores/{subdomain}/logout', { ...at(subdomain), signal }));
    },
  };
}

/** POST …/activation: follows the activation link (with a password when the account has none); signs in. */
export const activateLearner = (subdomain: string, body: LearnerActivation, signal?: AbortSignal) =>
  unwrap(schoolClient.POST('/school/stores/{subdomain}/activation', { ...at(subdomain), body, signal }));

/** POST …/activation/resend: a new activation link (202 whether or not the address is known). */
export const resendLearnerActivation = (subdomain: string, email: string, signal?: AbortSignal) =>
  unwrap(schoolClient.POST('/school/stores/{subdomain}/activation/resend', { ...at(subdomain), body: { email }, signal }));

/** POST …/emails/unsubscribe: the link at the end of the automatic e-mails (200 again if already done, 422 on an unknown token). */
export const unsubscribeLearnerEmails = (subdomain: string, token: string, signal?: AbortSignal) =>
  unwrap(schoolClient.POST('/school/stores/{subdomain}/emails/unsubscribe', { ...at(subdomain), body: { token }, signal }));

/** POST …/password-reset: asks for a reset link (202 whether or not the address is known). */
export const requestLearnerPasswordReset = (subdomain: string, email: string, signal?: AbortSignal) =>
  unwrap(schoolClient.POST('/school/stores/{subdomain}/password-reset', { params: { ...at(subdomain).params, header: captchaHeader() }, body: { email }, signal }));

/** PUT …/password-reset: sets the new password with the link's token. */
export const resetLearnerPassword = (subdomain: string, body: LearnerPasswordReset, signal?: AbortSignal) =>
  unwrap(schoolClient.PUT('/school/stores/{subdomain}/password-reset', { ...at(subdomain), body, signal }));

/** PUT …/me: the learner's profile; answers the learner. */
export const updateLearnerMe = (subdomain: string, body: LearnerProfileUpdate, signal?: AbortSignal) =>
  unwrap(schoolClient.PUT('/school/stores/{subdomain}/me', { ...at(subdomain), body, signal }));

// The storefront (issue 11): the school's catalogue, read by guests and learners alike.
export type CatalogueTraining = paths['/school/stores/{subdomain}/trainings']['get']['responses'][200]['content']['application/json']['data'][number];
export type CatalogueTrainingDetail = paths['/school/stores/{subdomain}/trainings/{slug}']['get']['responses'][200]['content']['application/json'];
export type CatalogueBundle = paths['/school/stores/{subdomain}/bundles/{slug}']['get']['responses'][200]['content']['application/json'];
export type CataloguePaymentSchedule = CatalogueTraining['payment_schedules'][number];

/** The page sizes the storefront asks for: the whole catalogue of most schools in one page. */
export const CATALOGUE_PAGE_SIZE = 24;

/** GET …/trainings: a page of the listed trainings (PUBLISHED, PRE_SALE, PRE_LAUNCH, CLOSED), in the store's order. */
export const catalogueTrainingsQuery = (subdomain: string, page = 1) =>
  $school.queryOptions('get', '/school/stores/{subdomain}/trainings', { params: { path: { subdomain }, query: { page, per_page: CATALOGUE_PAGE_SIZE } } });

/** GET …/bundles: a page of the published bundles. */
export const catalogueBundlesQuery = (subdomain: string, page = 1) =>
  $school.queryOptions('get', '/school/stores/{subdomain}/bundles', { params: { path: { subdomain }, query: { page, per_page: CATALOGUE_PAGE_SIZE } } });

/**
 * GET …/trainings/{slug}: a training's page. Its `enrolled` depends on who asks: the learner (or null for a guest)
 * is part of the key, so signing in or out reads it again.
 */
export const catalogueTrainingQuery = (subdomain: string, slug: string, learnerUuid: string | null) => {
  const options = $school.queryOptions('get', '/school/stores/{subdomain}/trainings/{slug}', { params: { path: { subdomain, slug } } });
  return { ...options, queryKey: [...options.queryKey, { learner: learnerUuid }] as unknown as typeof options.queryKey };
};

/** GET …/bundles/{slug}: a bundle's page with its trainings. */
export const catalogueBundleQuery = (subdomain: string, slug: string) =>
  $school.queryOptions('get', '/school/stores/{subdomain}/bundles/{slug}', { params: { path: { subdomain, slug } } });

type AffiliateCodes = NonNullable<paths['/school/stores/{subdomain}/checkout']['post']['requestBody']['content']['application/json']['affiliate_codes']>;

/**
 * The checkout's calls for one school (machines/checkout): the learner's token goes along when signed in, and the
 * REF- visits the browser kept (`affiliateCodes`, read at the time of the order) go with the order.
 */
export function checkoutApi(subdomain: string, affiliateCodes: () => AffiliateCodes = () => []): CheckoutApi {
  return {
    quote: (body, signal) => unwrap(schoolClient.POST('/school/stores/{subdomain}/checkout/quote', { ...at(subdomain), body, signal })),
    checkout: (body, signal) => {
      const codes = affiliateCodes();
      return unwrap(
        schoolClient.POST('/school/stores/{subdomain}/checkout', {
          params: { ...at(subdomain).params, header: captchaHeader() },
          body: codes.length ? { ...body, affiliate_codes: codes } : body,
          signal,
        }),
      );
    },
  };
}

/** POST …/affiliate-visits: a visit through a REF- link (fire and forget; failures ignored). */
export const recordAffiliateVisit = (subdomain: string, code: string) =>
  schoolClient.POST('/school/stores/{subdomain}/affiliate-visits', { ...at(subdomain), body: { code } }).catch(() => undefined);

export type LearnerAffiliateProgram = components['schemas']['LearnerAffiliateProgram'];
export type Affiliate = components['schemas']['Affiliate'];
export type AffiliateSale = components['schemas']['AffiliateSale'];
export type Payout = components['schemas']['Payout'];
export type PayoutRequest = paths['/school/stores/{subdomain}/me/affiliate/payouts']['post']['requestBody']['content']['application/json'];

/** GET …/me/affiliate: the program's terms and the learner's affiliate account. */
export const myAffiliateProgramQuery = (subdomain: string) => $school.queryOptions('get', '/school/stores/{subdomain}/me/affiliate', at(subdomain));

/** GET …/me/affiliate/sales: the sales the learner brought, newest first. */
export const myAffiliateSalesQuery = (subdomain: string, page: number) =>
  $school.queryOptions('get', '/school/stores/{subdomain}/me/affiliate/sales', { params: { path: { subdomain }, query: { page, per_page: 20 } } });

/** GET …/me/affiliate/payouts: the learner's payout requests, newest first. */
export const myPayoutsQuery = (subdomain: string) =>
  $school.queryOptions('get', '/school/stores/{subdomain}/me/affiliate/payouts', { params: { path: { subdomain }, query: { page: 1, per_page: 20 } } });

/** Everything the learner's affiliate page shows, after a join or a payout request. */
export const refreshMyAffiliation = (queryClient: QueryClient, subdomain: string) =>
  queryClient.invalidateQueries({ predicate: (query) => typeof query.queryKey[1] === 'string' && query.queryKey[1].startsWith('/school/stores/{subdomain}/me/affiliate') && JSON.stringify(query.queryKey[2]).includes(`"${subdomain}"`) });

/** POST …/me/affiliate: join a PUBLIC program. */
export const joinAffiliateProgram = (subdomain: string, signal?: AbortSignal) =>
  unwrap(schoolClient.POST('/school/stores/{subdomain}/me/affiliate', { ...at(subdomain), signal }));

/** POST …/me/affiliate/payouts: ask for a payout (one pending at a time). */
export const requestPayout = (subdomain: string, body: PayoutRequest, signal?: AbortSignal) =>
  unwrap(schoolClient.POST('/school/stores/{subdomain}/me/affiliate/payouts', { ...at(subdomain), body, signal }));

/** GET …/orders/{uuid}: an order's status (the order page polls it). */
export const getCheckoutOrder = (subdomain: string, orderUuid: string, signal?: AbortSignal) =>
  unwrap(schoolClient.GET('/school/stores/{subdomain}/orders/{orderUuid}', { params: { path: { subdomain, orderUuid } }, signal }));

/** POST …/test-payments/{ref}: the built-in test provider's buttons (pay, fail, abandon). */
export const completeTestPayment = (subdomain: string, paymentRef: string, outcome: 'PAID' | 'FAILED' | 'ABANDONED', signal?: AbortSignal) =>
  unwrap(schoolClient.POST('/school/stores/{subdomain}/test-payments/{paymentRef}', { params: { path: { subdomain, paymentRef } }, body: { outcome }, signal }));

/** The order, for the test payment page's summary. */
export const checkoutOrderQuery = (subdomain: string, orderUuid: string) =>
  $school.queryOptions('get', '/school/stores/{subdomain}/orders/{orderUuid}', { params: { path: { subdomain, orderUuid } } });
