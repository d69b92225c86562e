import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { queryClient } from '../../api/queryClient';
import { schoolQuery } from '../../api/schoolApi';
import { LearnerAuthActor, SchoolProvider, useSchool } from '../../app/school';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { schoolPath, SCHOOL_PAGES } from '../../../shared/schoolPaths';
import type { Failure } from '../../../shared/failure';
import { CheckoutPage } from './CheckoutPage';
import { LearnerAccountPage } from './LearnerAccountPage';
import { LearnerActivationPage } from './LearnerActivationPage';
import { LearnerLoginPage } from './LearnerLoginPage';
import { LearnerRegisterPage } from './LearnerRegisterPage';
import { LearnerResetPasswordPage } from './LearnerResetPasswordPage';
import { OrderPage } from './OrderPage';
import { SchoolHomePage } from './SchoolHomePage';
import { TestPaymentPage } from './TestPaymentPage';
import { schoolMessages as m } from './schoolMessages';
import './school.css';

/**
 * The learner area of one school, under `/ecole/:subdomain` (shared/schoolPaths.ts): loads the school (404: a
 * polite "no school here"), then its learner session, then the page. Pages for guests send a signed-in learner to
 * their account; the account sends a guest to the login page.
 */
export function SchoolArea() {
  // The learner area is a guest page (blank layout): it brings the app's query cache with it.
  return (
    <QueryClientProvider client={queryClient}>
      <School />
    </QueryClientProvider>
  );
}

function School() {
  const intl = useIntl();
  const { subdomain = '' } = useParams();
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
    </SchoolProvider>
  );
}

function SchoolPages() {
  const intl = useIntl();
  const { subdomain } = useSchool();
  const { isReady, isUnavailable, isSignedIn } = LearnerAuthActor.useSelector((s) => ({
    isReady: !s.matches('checking'),
    isUnavailable: s.matches('unavailable'),
    isSignedIn: s.matches('signedIn'),
  }), (a, b) => a.isReady === b.isReady && a.isUnavailable === b.isUnavailable && a.isSignedIn === b.isSignedIn);
  const auth = LearnerAuthActor.useActorRef();
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
    <div className="school-area">
      <SchoolHeader />
      <Routes>
        <Route index element={<SchoolHomePage />} />
        <Route path={SCHOOL_PAGES.login} element={isSignedIn ? account : <LearnerLoginPage />} />
        <Route path={SCHOOL_PAGES.register} element={isSignedIn ? account : <LearnerRegisterPage />} />
        <Route path={SCHOOL_PAGES.activation} element={<LearnerActivationPage />} />
        <Route path={SCHOOL_PAGES.resetPassword} element={<LearnerResetPasswordPage />} />
        <Route path={SCHOOL_PAGES.account} element={isSignedIn ? <LearnerAccountPage /> : login} />
        {/* Checkout (issue 11): shared/schoolPaths.ts builds these addresses (checkout, order, testPayment). */}
        <Route path="paiement/:type/:uuid" element={<CheckoutPage />} />
        <Route path="commande/:orderUuid" element={<OrderPage />} />
        <Route path="paiement-test/:paymentRef" element={<TestPaymentPage />} />
        <Route path="*" element={<Banner variant="info">{intl.formatMessage(m.pageNotFound)}</Banner>} />
      </Routes>
    </div>
  );
}

/** The school's name (and logo) above every page of its learner area, linking to its home. */
function SchoolHeader() {
  const intl = useIntl();
  const school = useSchool();
  return (
    <a className="school-area__brand" href={schoolPath(school.subdomain, 'home')} data-testid="school-brand">
      {school.logo && <img src={school.logo} alt="" className="school-area__logo" />}
      <span>
        <span className="school-area__name">{school.name}</span>
        <span className="school-area__label">{intl.formatMessage(m.areaLabel)}</span>
      </span>
    </a>
  );
}
