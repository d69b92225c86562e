import { consentMachine, type ConsentChoice } from '../../machines/consent/consent.machine';
import { createInspectedActor } from './inspector';
import { loadScript, thirdParty } from './thirdParty';

/** Where this device remembers the visitor's analytics choice (issue 17: asked once, changeable from the legal links). */
export const CONSENT_KEY = 'cp.analytics-consent';

function storedChoice(): ConsentChoice | null {
  try {
    const value = localStorage.getItem(CONSENT_KEY);
    return value === 'accepted' || value === 'refused' ? value : null;
  } catch {
    return null;
  }
}

function remember(choice: ConsentChoice) {
  try {
    localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice holds for this page only, and the banner asks again next time.
  }
}

/** Google Tag Manager's container, as its own snippet starts it: the data layer, then gtm.js for the container id. */
function loadTagManager(containerId: string) {
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  void loadScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`).catch(() => undefined);
}

/**
 * The consent actor of this page, or null when no tag manager is configured (then there is nothing to consent to:
 * no banner, no "Cookies" link, nothing loaded). Started by the entry; the entry also says whether the page may
 * load analytics (PERMIT): always in the back office, in a school only when its store enables it.
 */
export const consentActor = thirdParty.gtm
  ? createInspectedActor(
      consentMachine.provide({
        actions: {
          saveAccepted: () => remember('accepted'),
          saveRefused: () => remember('refused'),
          loadAnalytics: () => loadTagManager(thirdParty.gtm!.containerId),
          // Tags already running cannot be unloaded: a refusal after an acceptance reloads the page without them.
          reloadPage: () => location.reload(),
        },
      }),
      { input: { stored: storedChoice() } },
    )
  : null;
