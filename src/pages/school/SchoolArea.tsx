import { lazy, Suspense, useMemo, type CSSProperties } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Navigate, Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { queryClient } from '../../api/queryClient';
import { schoolQuery, type School as SchoolBody } from '../../api/schoolApi';
import { consentActor } from '../../app/consent';
import { LearnerAuthActor, SchoolProvider, useSchool } from '../../app/school';
import { ConsentBanner, ConsentLink } from '../../components/consent/ConsentBanner';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { TextLink } from '../../components/ui/Link';
import { Spinner } from '../../components/ui/Spinner';
import { schoolPath, schoolPaths, SCHOOL_PAGES } from '../../../shared/schoolPaths';
import type { Failure } from '../../../shared/failure';
import { themeVariables } from '../../../shared/themeColors';
import { SchoolBundlePage } from './SchoolBundlePage';
import { SchoolCataloguePage } from './SchoolCataloguePage';
import { SchoolHomePage } from './SchoolHomePage';
import { SchoolTrainingPage } from './SchoolTrainingPage';
import { schoolMessages as m } from './schoolMessages';
import { learningMessages as learning } from './learning/learningMessages';
import { withChunkTimeout } from '../../app/chunkLoad';
import './school.css';

// The account pages (forms, the mutation machinery) load with their first visit: the storefront's first page
// (home, catalogue) ships without them.
const LearnerAccountPage = lazy(() => withChunkTimeout(() => import('./LearnerAccountPage')).then((x) => ({ default: x.LearnerAccountPage })));
const LearnerActivationPage = lazy(() => withChunkTimeout(() => import('./LearnerActivationPage')).then((x) => ({ default: x.LearnerActivationPage })));
const LearnerLoginPage = lazy(() => withChunkTimeout(() => import('./LearnerLoginPage')).then((x) => ({ default: x.LearnerLoginPage })));
const LearnerRegisterPage = lazy(() => withChunkTimeout(() => import('./LearnerRegisterPage')).then((x) => ({ default: x.LearnerRegisterPage })));
// The checkout, the order and the test payment page (forms, machines) too.
const CheckoutPage = lazy(() => withChunkTimeout(() => import('./CheckoutPage')).then((x) => ({ default: x.CheckoutPage })));
const OrderPage = lazy(() => withChunkTimeout(() => import('./OrderPage')).then((x) => ({ default: x.OrderPage })));
const TestPaymentPage = lazy(() => withChunkTimeout(() => import('./TestPaymentPage')).then((x) => ({ default: x.TestPaymentPage })));
// The learner's trainings and the player (block renderers, quiz taking) are chunks of their own too.
const MyTrainingsPage = lazy(() => withChunkTimeout(() => import('./learning/MyTrainingsPage')).then((x) => ({ default: x.MyTrainingsPage })));
const LessonPlayerPage = lazy(() => withChunkTimeout(() => import('./learning/LessonPlayerPage')).then((x) => ({ default: x.LessonPlayerPage })));
// The affiliate program (join, link, sales, payout requests).
const LearnerAffiliatePage = lazy(() => withChunkTimeout(() => import('./LearnerAffiliatePage')).then((x) => ({ default: x.LearnerAffiliatePage })));
const LearnerUnsubscribePage = lazy(() => withChunkTimeout(() => import('./LearnerUnsubscribePage')).then((x) => ({ default: x.LearnerUnsubscribePage })));
// The community (its menu, spaces, posts): the back office's pages over the learner's session.
const SchoolCommunity = lazy(() => withChunkTimeout(() => import('./SchoolCommunity')).then((x) => ({ default: x.SchoolCommunity })));
const LearnerResetPasswordPage = lazy(() => withChunkTimeout(() => import('./LearnerResetPasswordPage')).then((x) => ({ default: x.LearnerResetPasswordPage })));

/**
 * The learner area of one school, under `/ecole/:subdomain` (shared/schoolPaths.ts): loads the school (404: a
 * polite "no school here"), then its learner session, then the page. Pages for guests send a signed-in learner to
 * their account; the account sends a guest to the login page.
 */
export function SchoolArea({ subdomain: ownHost }: { subdomain?: string } = {}) {
  // The learner area is a guest page (blank layout): it brings the app's query cache with it.
  return (
    <QueryClientProvider client={queryClient}>
      <School ownHost={ownHost} />
    </QueryClientProvider>
  );
}

/** On a school's own host the school is the host's (`ownHost`); on the app's host, the address's `/ecole/:subdomain`. */
function School({ ownHost }: { ownHost: string | undefined }) {
  const intl = useIntl();
  const params = useParams();
  const subdomain = ownHost ?? params.subdomain ?? '';
  const navigate = useNavigate();
  const school = useQuery({ ...schoolQuery(subdomain), meta: { failureReport: 'page' }, retry: false });
  if (school.isPending) return <Spinner aria-label={intl.formatMessage(m.loading)} />;
  if (school.isError) {
    const notFound = (school.error as unknown as Failure).status === 404;
    return (
      <section className="auth-card" aria-labelledby="school-error-title">
        <h1 id="school-error-title">{intl.formatMessage(notFound ? m.notFoundTitle : m.areaLabel)}</h1>
        <Banner variant={notFound ? 'info' : 'danger'}>{intl.formatMessage(notFound ? m.notFound : m.unavailable)}</Banner>
        {!notFound && <Button onPress={() => void school.refetch()}>{intl.formatMessage(m.retry)}</Button>}
      </section>
    );
  }
  return (
    <SchoolProvider key={school.data.subdomain} school={school.data} navigate={navigate}>
      <SchoolPages />
      {/* Analytics on a school's pages only when its store enables them (feature_options.school_analytics). */}
      <ConsentBanner permitted={Boolean(school.data.analytics_enabled)} />
    </SchoolProvider>
  );
}

function SchoolPages() {
  const intl = useIntl();
  const { subdomain, theme } = useSchool();
  const themeStyle = useMemo(() => themeVariables(theme) as CSSProperties, [theme]);
  const { isReady, isUnavailable, isSignedIn } = LearnerAuthActor.useSelector((s) => ({
    isReady: !s.matches('checking'),
    isUnavailable: s.matches('unavailable'),
    isSignedIn: s.matches('signedIn'),
  }), (a, b) => a.isReady === b.isReady && a.isUnavailable === b.isUnavailable && a.isSignedIn === b.isSignedIn);
  const auth = LearnerAuthActor.useActorRef();
  const isPreview = useSearchParams()[0].has('preview_token');
  if (!isReady) return <Spinner aria-label={intl.formatMessage(m.loading)} />;
  if (isUnavailable) {
    return (
      <section className="auth-card" aria-labelledby="school-unavailable-title">
        <h1 id="school-unavailable-title">{intl.formatMessage(m.areaLabel)}</h1>
        <Banner variant="danger">{intl.formatMessage(m.unavailable)}</Banner>
        <Button onPress={() => auth.send({ type: 'RETRY' })}>{intl.formatMessage(m.retry)}</Button>
      </section>
    );
  }
  const account = <Navigate to={schoolPath(subdomain, 'account')} replace />;
  const login = <Navigate to={schoolPath(subdomain, 'login')} replace />;
  return (
    // The school's theme colours (customisation) as CSS variables over the whole area.
    <div className="school-area" style={themeStyle} data-themed={theme?.primary_color || theme?.header_color ? 'true' : undefined}>
      <SchoolHeader isSignedIn={isSignedIn} />
      <Suspense fallback={<Spinner aria-label={intl.formatMessage(m.loading)} />}>
        <Routes>
          <Route index element={<SchoolHomePage />} />
          <Route path={SCHOOL_PAGES.login} element={isSignedIn ? account : <LearnerLoginPage />} />
          <Route path={SCHOOL_PAGES.register} element={isSignedIn ? account : <LearnerRegisterPage />} />
          <Route path={SCHOOL_PAGES.activation} element={<LearnerActivationPage />} />
          <Route path={SCHOOL_PAGES.resetPassword} element={<LearnerResetPasswordPage />} />
          <Route path={SCHOOL_PAGES.account} element={isSignedIn ? <LearnerAccountPage /> : login} />
          <Route path={SCHOOL_PAGES.affiliate} element={isSignedIn ? <LearnerAffiliatePage /> : login} />
          <Route path={SCHOOL_PAGES.unsubscribe} element={<LearnerUnsubscribePage />} />
          <Route path={`${SCHOOL_PAGES.community}/*`} element={isSignedIn ? <SchoolCommunity /> : login} />
          <Route path={SCHOOL_PAGES.catalogue} element={<SchoolCataloguePage />} />
          <Route path={`${routeOf(schoolPaths.training)}/:slug`} element={<SchoolTrainingPage />} />
          <Route path={`${routeOf(schoolPaths.bundle)}/:slug`} element={<SchoolBundlePage />} />
          <Route path={SCHOOL_PAGES.myTrainings} element={isSignedIn ? <MyTrainingsPage /> : login} />
          {/* The team's preview (`?preview_token=`, the editor's "Aperçu") opens the player without a learner session. */}
          <Route path={`${SCHOOL_PAGES.myTrainings}/:trainingUuid/:itemId?`} element={isSignedIn || isPreview ? <LessonPlayerPage /> : login} />
          {/* Checkout (issue 11): shared/schoolPaths.ts builds these addresses (checkout, order, testPayment). */}
          <Route path="paiement/:type/:uuid" element={<CheckoutPage />} />
          <Route path="commande/:orderUuid" element={<OrderPage />} />
          <Route path="paiement-test/:paymentRef" element={<TestPaymentPage />} />
          <Route path="*" element={<Banner variant="info">{intl.formatMessage(m.pageNotFound)}</Banner>} />
        </Routes>
      </Suspense>
      <SchoolFooter />
    </div>
  );
}

/** The segment a page of shared/schoolPaths.ts puts after the school (`formations`, `packs`), as a route of this area. */
const routeOf = (page: (subdomain: string, slug: string) => string) => page('x', 'y').split('/').at(-2)!;

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
        <TextLink href={schoolPath(school.subdomain, 'catalogue')}>{intl.formatMessage(m.navCatalogue)}</TextLink>
        {isSignedIn && <TextLink href={schoolPath(school.subdomain, 'myTrainings')}>{intl.formatMessage(learning.myTrainingsLink)}</TextLink>}
        {isSignedIn && school.community_enabled && (
          <TextLink href={schoolPath(school.subdomain, 'community')} data-testid="school-community-link">
            {intl.formatMessage(m.navCommunity)}
          </TextLink>
        )}
        {isSignedIn && school.affiliation_status !== 'CLOSED' && <TextLink href={schoolPath(school.subdomain, 'affiliate')}>{intl.formatMessage(m.navAffiliate)}</TextLink>}
        <TextLink href={schoolPath(school.subdomain, isSignedIn ? 'account' : 'login')}>{intl.formatMessage(isSignedIn ? m.myAccount : m.signIn)}</TextLink>
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
  const cookies = Boolean(analytics) && consentActor !== null;
  if (!resources.length && !socialLinks.length && !legalPages.length && !cookies) return null;
  return (
    <footer className="school-footer" data-testid="school-footer">
      {resources.length > 0 && (
        <nav aria-labelledby="school-footer-resources">
          <h2 id="school-footer-resources">{intl.formatMessage(m.footerResources)}</h2>
          <ul>
            {resources.map((resource) => (
              <li key={resource.id}>
                <TextLink href={resource.url} target="_blank" rel="noopener noreferrer">
                  {resource.name}
                </TextLink>
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
                <TextLink href={link.url} target="_blank" rel="noopener noreferrer me">
                  {NETWORK_NAMES[link.network] ?? new URL(link.url).hostname}
                </TextLink>
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
                <TextLink href={page.url} target="_blank" rel="noopener noreferrer">
                  {intl.formatMessage(page.label)}
                </TextLink>
              </li>
            ))}
            {cookies && (
              <li>
                <ConsentLink className="school-footer__consent" />
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
