import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { useIntl } from 'react-intl';
import { captureAttribution } from './app/attribution';
import { catalogueMessages } from './app/errorCatalogue';
import { registerFailureOutlets, reportUncaught } from './app/failureReporter';
import { LazyToastRegion } from './app/LazyToastRegion';
import { listenForUncaughtErrors } from './app/uncaughtErrors';
import { showCatalogueToast } from './components/ui/toastQueue';
import { commonMessages } from './i18n/commonMessages';
import { loadStorefrontMessages } from './i18n/catalogues';
import { LocaleProvider } from './i18n/LocaleProvider';
import { useLanguageSwitch } from './layouts/useLanguageSwitch';
import { SchoolArea } from './pages/school/SchoolArea';
import { startSchoolPage } from './pages/school/schoolEarly';
import { schoolMessages as messages } from './pages/school/schoolMessages';
import { PlainButton } from './pages/school/plainControls';
import { servedOnSchoolHost } from '../shared/schoolPaths';
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
// The school, the learner's session and a player address's outline, lesson and chunks: asked for now, all at once.
startSchoolPage(location.pathname, location.search, hostSchool);
captureAttribution(new URLSearchParams(location.search), localStorage, new Date());
// The analytics consent (only when a tag manager is configured) starts with its banner (SchoolArea), which says
// whether the school permits it.

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

/** The storefront's language switch: the back office's, drawn with a plain button (no React Aria on the first load). */
function SchoolLanguageSwitch() {
  const { label, switchLanguage } = useLanguageSwitch();
  return (
    <PlainButton variant="ghost" size="sm" onClick={switchLanguage} data-testid="language-switch">
      {label}
    </PlainButton>
  );
}

/** The school's pages; on its own host at the host's root. */
function SchoolRoot() {
  const intl = useIntl();
  return (
    <>
      <SchoolFailureOutlets />
      {/* The blank layout's frame, without the platform's brand and legal links: the school shows its own. */}
      <div className="blank-layout">
        <main className="blank-layout__main" id="main">
          <SchoolArea subdomain={hostSchool ?? undefined} />
        </main>
        <footer className="blank-layout__footer">
          <SchoolLanguageSwitch />
        </footer>
      </div>
      <LazyToastRegion closeLabel={intl.formatMessage(commonMessages.close)} />
    </>
  );
}

// The first pages' messages come with the first paint (no ids on screen); the later pages fetch the rest of the
// school's catalogue with their code (SchoolArea's lazyPage).
await loadStorefrontMessages().catch(() => undefined);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LocaleProvider>
      <SchoolRoot />
    </LocaleProvider>
  </StrictMode>,
);
