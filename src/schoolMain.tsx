import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes, useHref, useNavigate } from 'react-router-dom';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { captureAttribution } from './app/attribution';
import { consentActor } from './app/consent';
import { catalogueMessages } from './app/errorCatalogue';
import { registerFailureOutlets, reportUncaught } from './app/failureReporter';
import { LazyToastRegion } from './app/LazyToastRegion';
import { listenForUncaughtErrors } from './app/uncaughtErrors';
import { showCatalogueToast } from './components/ui/toastQueue';
import { commonMessages } from './i18n/commonMessages';
import { loadSchoolMessages } from './i18n/catalogues';
import { LocaleProvider } from './i18n/LocaleProvider';
import { LanguageSwitch } from './layouts/LanguageSwitch';
import { SchoolArea } from './pages/school/SchoolArea';
import { schoolMessages as messages } from './pages/school/schoolMessages';
import { SCHOOL_BASE, servedOnSchoolHost } from '../shared/schoolPaths';
import './styles/tokens.css';
import './styles/base.css';
import './layouts/layouts.css';

/*
 * The storefront's own entry (school.html): a school's pages without the back office's shell (its auth machine,
 * route table, guards, layouts, connectivity and page dialogs). The server sends school.html for `/ecole/<sub>/…`
 * on the app's host and for every page of a school's own host, where it names the school in
 * `<meta name="cp-school">` and the pages live at the host's root (shared/schoolPaths.ts writes them so).
 */

const hostSchool = document.querySelector<HTMLMetaElement>('meta[name="cp-school"]')?.content || null;
servedOnSchoolHost(hostSchool);

listenForUncaughtErrors(window, reportUncaught);
captureAttribution(new URLSearchParams(location.search), localStorage, new Date());
// The analytics consent (only when a tag manager is configured); the school's pages say whether they permit it.
consentActor?.start();

/** Failures a page does not show itself: a toast (the school has no network-lost dialog nor Stripe prompt). */
function SchoolFailureOutlets() {
  const intl = useIntl();
  useEffect(() => {
    registerFailureOutlets({
      toast: (text, timeout) => showCatalogueToast(typeof text === 'string' ? text : intl.formatMessage(text), timeout),
      networkLost: () => showCatalogueToast(intl.formatMessage(messages.networkLost), 0),
      stripeConfirm: () => showCatalogueToast(intl.formatMessage(catalogueMessages.unavailable), 0),
    });
    return () => registerFailureOutlets(null);
  }, [intl]);
  return null;
}

/**
 * React Aria resolves every link's href with this; react-router would read an address of another site
 * (the store's legal pages, resources, social links) as a path relative to the page, so those stay as given.
 */
function useSchoolHref(to: string) {
  const href = useHref(to);
  return /^[a-z][a-z0-9+.-]*:/i.test(to) ? to : href;
}

/** React Aria's links navigate through the router; the school's routes, at the host's root on its own host. */
function SchoolRoot() {
  const navigate = useNavigate();
  const intl = useIntl();
  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options as never)} useHref={useSchoolHref}>
      <SchoolFailureOutlets />
      {/* The blank layout's frame, without the platform's brand and legal links: the school shows its own. */}
      <div className="blank-layout">
        <main className="blank-layout__main" id="main">
          <Routes>
            <Route path={hostSchool ? '/*' : `${SCHOOL_BASE}/:subdomain/*`} element={<SchoolArea subdomain={hostSchool ?? undefined} />} />
          </Routes>
        </main>
        <footer className="blank-layout__footer">
          <LanguageSwitch />
        </footer>
      </div>
      <LazyToastRegion closeLabel={intl.formatMessage(commonMessages.close)} />
    </AriaRouterProvider>
  );
}

// The school's messages come with the first paint (no ids on screen).
await loadSchoolMessages().catch(() => undefined);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LocaleProvider>
      <BrowserRouter>
        <SchoolRoot />
      </BrowserRouter>
    </LocaleProvider>
  </StrictMode>,
);
