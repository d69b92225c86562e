import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Snapshot } from 'xstate';
import { App } from './App';
import { consentActor } from './app/consent';
import { LocaleProvider } from './i18n/LocaleProvider';

/**
 * Starts the signed-in app (React Router, the shell, the auth actor) in `container`: from index.html (src/main.tsx),
 * or when the guest entry hands over (src/guestMain.tsx) with the session it opened.
 */
export function startApp(container: HTMLElement, authSnapshot?: Snapshot<unknown>) {
  // The analytics consent (only when a tag manager is configured): the banner until the visitor chooses.
  consentActor?.start();
  createRoot(container).render(
    <StrictMode>
      <LocaleProvider>
        <App authSnapshot={authSnapshot} />
      </LocaleProvider>
    </StrictMode>,
  );
}
