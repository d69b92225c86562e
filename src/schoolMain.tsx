// First: the address's API reads leave before React and the app below evaluate (issue 12).
import './pages/school/sendFirstReads';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useIntl } from 'react-intl';
import { captureAttribution } from './app/attribution';
import { reportUncaught } from './app/failureReporter';
import { ToastFailureOutlets } from './app/ToastFailureOutlets';
import { LazyToastRegion } from './app/LazyToastRegion';
import { listenForUncaughtErrors } from './app/uncaughtErrors';
import { commonMessages } from './i18n/commonMessages';
import { loadStorefrontMessages } from './i18n/catalogues';
import { LocaleProvider } from './i18n/LocaleProvider';
import { PlainLanguageSwitch } from './layouts/PlainLanguageSwitch';
import { SchoolArea } from './pages/school/SchoolArea';
import { startSchoolPage } from './pages/school/schoolEarly';
import { Spinner } from './components/ui/Spinner';
import { useSettled } from './app/useSettled';
import { schoolMessages as messages } from './pages/school/schoolMessages';
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
const firstChunks = startSchoolPage(location.pathname, location.search, hostSchool);
captureAttribution(new URLSearchParams(location.search), localStorage, new Date());
// The analytics consent (only when a tag manager is configured) starts with its banner (SchoolArea), which says
// whether the school permits it.

/** The school's pages; on its own host at the host's root. */
function SchoolRoot() {
  const intl = useIntl();
  // The address's chunks (the session's, the player's) before the area: no Suspense fallback, see startSchoolPage.
  const chunksReady = useSettled(firstChunks);
  return (
    <>
      <ToastFailureOutlets networkLost={messages.networkLost} />
      {/* The blank layout's frame, without the platform's brand and legal links: the school shows its own. */}
      <div className="blank-layout">
        <main className="blank-layout__main" id="main">
          {chunksReady ? <SchoolArea subdomain={hostSchool ?? undefined} /> : <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />}
        </main>
        <footer className="blank-layout__footer">
          <PlainLanguageSwitch />
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
