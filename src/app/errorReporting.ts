import { thirdParty } from './thirdParty';

type Capture = (error: unknown) => void;

let capture: Capture | null = null;
const queued: unknown[] = [];
let loading = false;

/**
 * Hands an error nothing caught to the error-reporting service (Sentry protocol), when SENTRY_BROWSER_DSN is
 * configured: the SDK is fetched on the first error only (a dynamic import: nothing of it is in the bundle a visitor
 * downloads otherwise), errors met meanwhile are queued. Unset: does nothing. Every event is scrubbed
 * (shared/errorScrub: no body, token, password, e-mail address or query string).
 */
export function reportToErrorService(error: unknown): void {
  const config = thirdParty.sentry;
  if (!config) return;
  if (capture) {
    capture(error);
    return;
  }
  queued.push(error);
  if (loading) return;
  loading = true;
  // The scrubber comes with the SDK: neither is in the bundle of a visitor who meets no error.
  void Promise.all([import('@sentry/browser'), import('../../shared/errorScrub')]).then(([Sentry, { scrubBreadcrumb, scrubEvent }]) => {
    Sentry.init({
      dsn: config.dsn,
      environment: config.environment,
      ...(config.release ? { release: config.release } : {}),
      // Only what we hand it: no global handlers of its own (ours reports), no session tracking, no tracing.
      defaultIntegrations: false,
      integrations: [Sentry.dedupeIntegration(), Sentry.httpContextIntegration()],
      dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
      beforeSend: (event) => scrubEvent(event),
      beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
    });
    capture = (next) => Sentry.captureException(next);
    for (const next of queued.splice(0)) capture(next);
  });
}
