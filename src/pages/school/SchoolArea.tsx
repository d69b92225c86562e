import { Suspense, useEffect, useMemo, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { queryClient } from '../../api/queryClient';
import { schoolPageQuery, type School as SchoolBody } from '../../api/schoolApi';
import { SchoolProvider, useLearnerStatus, useSchool } from '../../app/school';
import { navigateTo, useSchoolLocation } from '../../app/schoolHistory';
import { consentConfigured, LazyConsentBanner as ConsentBanner, LazyConsentLink as ConsentLink } from '../../components/consent/LazyConsent';
import { Banner } from '../../components/ui/Banner';
import { SpinnerView as Spinner } from '../../components/ui/SpinnerView';
import { schoolPath, SCHOOL_BASE } from '../../../shared/schoolPaths';
import type { Failure } from '../../../shared/failure';
import { themeVariables } from '../../../shared/themeColors';
import { PlainButton as Button, SchoolLink } from './plainControls';
import { SchoolBundlePage } from './SchoolBundlePage';
import { SchoolCataloguePage } from './SchoolCataloguePage';
import { SchoolHomePage } from './SchoolHomePage';
import { SchoolTrainingPage } from './SchoolTrainingPage';
import { matchSchoolPage, schoolAddress, type SchoolRoute } from './schoolRoutes';
import { schoolMessages as m } from './schoolMessages';
import { preloadedLazy } from '../../app/preloadedLazy';
import { loadSchoolMessages } from '../../i18n/catalogues';
import './school.css';

/**
 * A page of the learner area that loads with its first visit, with React Router and React Aria's RouterProvider
 * (./routerBridge.tsx) in its chunk: the storefront's first page (home, catalogue, a training's page) ships without
 * them, their forms, their machines or their messages (the `school` catalogue; issue 11's JavaScript bar).
 */
function lazyPage(load: () => Promise<ComponentType>) {
  return preloadedLazy(() =>
    Promise.all([import('./routerBridge'), load(), loadSchoolMessages()]).then(([{ RouterBridge }, Page]) => function LazyPage({ pattern }: { pattern: string }) {
      return (
        <RouterBridge pattern={pattern}>
          <Page />
        </RouterBridge>
      );
    }),
  );
}

const LearnerAccountPage = lazyPage(() => import('./LearnerAccountPage').then((x) => x.LearnerAccountPage));
const LearnerActivationPage = lazyPage(() => import('./LearnerActivationPage').then((x) => x.LearnerActivationPage));
const LearnerLoginPage = lazyPage(() => import('./LearnerLoginPage').then((x) => x.LearnerLoginPage));
const LearnerRegisterPage = lazyPage(() => import('./LearnerRegisterPage').then((x) => x.LearnerRegisterPage));
// The checkout, the order and the test payment page (forms, machines) too.
const CheckoutPage = lazyPage(() => import('./CheckoutPage').then((x) => x.CheckoutPage));
const OrderPage = lazyPage(() => import('./OrderPage').then((x) => x.OrderPage));
const TestPaymentPage = lazyPage(() => import('./TestPaymentPage').then((x) => x.TestPaymentPage));
// The learner's trainings and the player (block renderers, quiz taking) are chunks of their own too.
const MyTrainingsPage = lazyPage(() => import('./learning/MyTrainingsPage').then((x) => x.MyTrainingsPage));
const LessonPlayerPage = lazyPage(() => import('./learning/LessonPlayerPage').then((x) => x.LessonPlayerPage));

/**
 * The player's chunks (./schoolEarly.ts asks for them as the entry runs on a player address): the page then
 * renders without suspending when they have arrived (src/app/preloadedLazy.tsx).
 */
export const preloadPlayerPage = () => LessonPlayerPage.preload();
// The affiliate program (join, link, sales, payout requests).
const LearnerAffiliatePage = lazyPage(() => import('./LearnerAffiliatePage').then((x) => x.LearnerAffiliatePage));
const LearnerUnsubscribePage = lazyPage(() => import('./LearnerUnsubscribePage').then((x) => x.LearnerUnsubscribePage));
// The community (its menu, spaces, posts): the back office's pages over the learner's session.
const SchoolCommunity = lazyPage(() => import('./SchoolCommunity').then((x) => x.SchoolCommunity));
const LearnerResetPasswordPage = lazyPage(() => import('./LearnerResetPasswordPage').then((x) => x.LearnerResetPasswordPage));

// The analytics consent only where a tag manager is configured (its machine loads with the banner).


/**
 * The learner area of one school, under `/ecole/:subdomain` (shared/schoolPaths.ts), or at the root of the school's
 * own host (`subdomain`): loads the school (404: a polite "no school here"), then its learner session when the page
 * needs it, then the page. Pages for guests send a signed-in learner to their account; the account sends a guest to
 * the login page.
 */
export function SchoolArea({ subdomain: ownHost }: { subdomain?: string } = {}) {
  const { pathname } = useSchoolLocation();
  const address = schoolAddress(pathname, ownHost);
  // An address outside `/ecole/<subdomain>` on the app's host: nothing of a school (as before, an unmatched route).
  if (!address) return null;
  // The learner area is a guest page (blank layout): it brings the app's query cache with it.
  return (
    <QueryClientProvider client={queryClient}>
      <School subdomain={address.subdomain} route={matchSchoolPage(address.rest)} prefix={ownHost ? '' : `${SCHOOL_BASE}/:subdomain`} />
    </QueryClientProvider>
  );
}

/** The pages that need no learner session for a guest: they render without the learner auth machine. */
const GUEST_PAGES = new Set<SchoolRoute['page']>(['home', 'catalogue', 'training', 'bundle', 'notFound']);

function School({ subdomain, route, prefix }: { subdomain: string; route: SchoolRoute; prefix: string }) {
  const intl = useIntl();
  const school = useQuery(schoolPageQuery(subdomain));
  if (school.isPending) return <Spinner aria-label={intl.formatMessage(m.loading)} />;
  if (school.isError) {
    const notFound = (school.error as unknown as Failure).status === 404;
    return (
      <section className="auth-card" aria-labelledby="school-error-title">
        <h1 id="school-error-title">{intl.formatMessage(notFound ? m.notFoundTitle : m.areaLabel)}</h1>
        <Banner variant={notFound ? 'info' : 'danger'}>{intl.formatMessage(notFound ? m.notFound : m.unavailable)}</Banner>
        {!notFound && <Button onClick={() => void school.refetch()}>{intl.formatMessage(m.retry)}</Button>}
      </section>
    );
  }
  return (
    <SchoolProvider key={school.data.subdomain} school={school.data} navigate={navigateTo} needsSession={!GUEST_PAGES.has(route.page)}>
      <SchoolPages route={route} prefix={prefix} />
      {/* Analytics on a school's pages only when its store enables them (feature_options.school_analytics). */}
      {consentConfigured && (
        <Suspense fallback={null}>
          <ConsentBanner permitted={Boolean(school.data.analytics_enabled)} />
        </Suspense>
      )}
    </SchoolProvider>
  );
}

/** Replaces the address with `to` (React Router's `<Navigate replace>`). */
function Redirect({ to }: { to: string }) {
  useEffect(() => navigateTo(to, { replace: true }), [to]);
  return null;
}

function SchoolPages({ route, prefix }: { route: SchoolRoute; prefix: string }) {
  const intl = useIntl();
  const { subdomain, theme } = useSchool();
  const themeStyle = useMemo(() => themeVariables(theme) as CSSProperties, [theme]);
  const { ready, unavailable, signedIn, retry } = useLearnerStatus();
  const { search } = useSchoolLocation();
  if (!ready) return <Spinner aria-label={intl.formatMessage(m.loading)} />;
  if (unavailable) {
    return (
      <section className="auth-card" aria-labelledby="school-unavailable-title">
        <h1 id="school-unavailable-title">{intl.formatMessage(m.areaLabel)}</h1>
        <Banner variant="danger">{intl.formatMessage(m.unavailable)}</Banner>
        <Button onClick={retry}>{intl.formatMessage(m.retry)}</Button>
      </section>
    );
  }
  const account = <Redirect to={schoolPath(subdomain, 'account')} />;
  const login = <Redirect to={schoolPath(subdomain, 'login')} />;
  // The team's preview (`?preview_token=`, the editor's "Aperçu") opens the player without a learner session.
  const isPreview = new URLSearchParams(search).has('preview_token');
  const pattern = `${prefix}/${route.pattern}`;
  const pages: Record<SchoolRoute['page'], () => ReactNode> = {
    home: () => <SchoolHomePage />,
    catalogue: () => <SchoolCataloguePage />,
    training: () => <SchoolTrainingPage key={route.slug} slug={route.slug ?? ''} />,
    bundle: () => <SchoolBundlePage key={route.slug} slug={route.slug ?? ''} />,
    login: () => (signedIn ? account : <LearnerLoginPage pattern={pattern} />),
    register: () => (signedIn ? account : <LearnerRegisterPage pattern={pattern} />),
    activation: () => <LearnerActivationPage pattern={pattern} />,
    resetPassword: () => <LearnerResetPasswordPage pattern={pattern} />,
    account: () => (signedIn ? <LearnerAccountPage pattern={pattern} /> : login),
    affiliate: () => (signedIn ? <LearnerAffiliatePage pattern={pattern} /> : login),
    unsubscribe: () => <LearnerUnsubscribePage pattern={pattern} />,
    community: () => (signedIn ? <SchoolCommunity pattern={pattern} /> : login),
    myTrainings: () => (signedIn ? <MyTrainingsPage pattern={pattern} /> : login),
    player: () => (signedIn || isPreview ? <LessonPlayerPage pattern={pattern} /> : login),
    // Checkout (issue 11): shared/schoolPaths.ts builds these addresses (checkout, order, testPayment).
    checkout: () => <CheckoutPage pattern={pattern} />,
    order: () => <OrderPage pattern={pattern} />,
    testPayment: () => <TestPaymentPage pattern={pattern} />,
    notFound: () => <Banner variant="info">{intl.formatMessage(m.pageNotFound)}</Banner>,
  };
  return (
    // The school's theme colours (customisation) as CSS variables over the whole area.
    <div className="school-area" style={themeStyle} data-themed={theme?.primary_color || theme?.header_color ? 'true' : undefined}>
      <SchoolHeader isSignedIn={signedIn} />
      <Suspense fallback={<Spinner aria-label={intl.formatMessage(m.loading)} />}>{pages[route.page]()}</Suspense>
      <SchoolFooter />
    </div>
  );
}

/** The school's name (and logo) linking to its home, and the way to its catalogue and to the learner's account. */
function SchoolHeader({ isSignedIn }: { isSignedIn: boolean }) {
  const intl = useIntl();
  const school = useSchool();
  return (
    <header className={school.theme?.header_color ? 'school-area__header school-area__header--themed' : 'school-area__header'} data-testid="school-header">
      <a className="school-area__brand" href={schoolPath(school.subdomain, 'home')} data-testid="school-brand">
        {school.logo && <img src={school.logo} alt="" className="school-area__logo" />}
        <span>
          <span className="school-area__name">{school.name}</span>
          <span className="school-area__label">{intl.formatMessage(m.areaLabel)}</span>
        </span>
      </a>
      <nav className="school-area__nav" aria-label={intl.formatMessage(m.navLabel)}>
        <SchoolLink href={schoolPath(school.subdomain, 'catalogue')}>{intl.formatMessage(m.navCatalogue)}</SchoolLink>
        {isSignedIn && <SchoolLink href={schoolPath(school.subdomain, 'myTrainings')}>{intl.formatMessage(m.myTrainingsLink)}</SchoolLink>}
        {isSignedIn && school.community_enabled && (
          <SchoolLink href={schoolPath(school.subdomain, 'community')} data-testid="school-community-link">
            {intl.formatMessage(m.navCommunity)}
          </SchoolLink>
        )}
        {isSignedIn && school.affiliation_status !== 'CLOSED' && <SchoolLink href={schoolPath(school.subdomain, 'affiliate')}>{intl.formatMessage(m.navAffiliate)}</SchoolLink>}
        <SchoolLink href={schoolPath(school.subdomain, isSignedIn ? 'account' : 'login')}>{intl.formatMessage(isSignedIn ? m.myAccount : m.signIn)}</SchoolLink>
      </nav>
    </header>
  );
}

/** What the store shows every visitor: its resources, its social links, its own legal pages (when it gave them). */
function SchoolFooter() {
  const intl = useIntl();
  const { resources, social_links: socialLinks, legal_links: legal, analytics_enabled: analytics } = useSchool();
  const legalPages = [
    { url: legal.terms_url, label: m.legalTerms },
    { url: legal.privacy_url, label: m.legalPrivacy },
    { url: legal.legal_notice_url, label: m.legalNotice },
    // The store's personal-data contact (communications settings, GDPR), as a mail link.
    { url: legal.privacy_email ? `mailto:${legal.privacy_email}` : null, label: m.privacyContact },
  ].filter((page): page is { url: string; label: typeof m.legalTerms } => Boolean(page.url));
  const cookies = Boolean(analytics) && consentConfigured;
  if (!resources.length && !socialLinks.length && !legalPages.length && !cookies) return null;
  return (
    <footer className="school-footer" data-testid="school-footer">
      {resources.length > 0 && (
        <nav aria-labelledby="school-footer-resources">
          <h2 id="school-footer-resources">{intl.formatMessage(m.footerResources)}</h2>
          <ul>
            {resources.map((resource) => (
              <li key={resource.id}>
                <SchoolLink href={resource.url} target="_blank" rel="noopener noreferrer">
                  {resource.name}
                </SchoolLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {socialLinks.length > 0 && (
        <nav aria-labelledby="school-footer-social">
          <h2 id="school-footer-social">{intl.formatMessage(m.footerFollow)}</h2>
          <ul>
            {socialLinks.map((link) => (
              <li key={link.id}>
                <SchoolLink href={link.url} target="_blank" rel="noopener noreferrer me">
                  {NETWORK_NAMES[link.network] ?? new URL(link.url).hostname}
                </SchoolLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {(legalPages.length > 0 || cookies) && (
        <nav aria-labelledby="school-footer-legal">
          <h2 id="school-footer-legal">{intl.formatMessage(m.footerLegal)}</h2>
          <ul>
            {legalPages.map((page) => (
              <li key={page.url}>
                <SchoolLink href={page.url} target="_blank" rel="noopener noreferrer">
                  {intl.formatMessage(page.label)}
                </SchoolLink>
              </li>
            ))}
            {cookies && (
              <li>
                <Suspense fallback={null}>
                  <ConsentLink className="school-footer__consent" />
                </Suspense>
              </li>
            )}
          </ul>
        </nav>
      )}
    </footer>
  );
}

/** Brand names, the same in every language; WEBSITE and OTHER show the link's host. */
const NETWORK_NAMES: Partial<Record<SchoolBody['social_links'][number]['network'], string>> = {
  FACEBOOK: 'Facebook',
  INSTAGRAM: 'Instagram',
  LINKEDIN: 'LinkedIn',
  YOUTUBE: 'YouTube',
  X: 'X',
  TIKTOK: 'TikTok',
  PINTEREST: 'Pinterest',
};
