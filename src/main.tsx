import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { recordVisit } from './app/visitAttribution';
import { consentActor } from './app/consent';
import { reportUncaught } from './app/failureReporter';
import { listenForUncaughtErrors } from './app/uncaughtErrors';
import { connectInspector, type Inspect } from './app/inspector';
import { tokenStorage } from './api/tokenStorage';
import { takeHandedOverSession } from './app/handOver';
import { LocaleProvider } from './i18n/LocaleProvider';
import './styles/tokens.css';
import './styles/base.css';

// `?inspect` in development opens the Stately inspector on every live machine (src/app/inspector passes it to
// each one); never bundled in production.
async function inspector(): Promise<Inspect | undefined> {
  if (!import.meta.env.DEV || !new URLSearchParams(location.search).has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const { inspect } = createBrowserInspector();
  return (event) => inspect.next?.(event);
}

// Errors nothing caught become a toast (spec 8: non-HTTP errors), once the shell has mounted its outlets.
listenForUncaughtErrors(window, reportUncaught);

recordVisit();

// A returning user restores their session at once: fetch the API client alongside the app, not after it.
if (tokenStorage.get()) void import('./api/authApi');

connectInspector(await inspector());
// The analytics consent (only when a tag manager is configured): the banner until the visitor chooses.
consentActor?.start();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LocaleProvider>
      <App authSnapshot={takeHandedOverSession()} />
    </LocaleProvider>
  </StrictMode>,
);
