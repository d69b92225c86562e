import type * as SentryModule from '@sentry/node';
import { scrubBreadcrumb, scrubEvent } from '../../shared/errorScrub.js';
import type { SentryConfig } from './config.js';

type SentryNode = typeof SentryModule;

let sentry: SentryNode | undefined;

/**
 * Starts the Sentry SDK when SENTRY_DSN is set (any service speaking its protocol: Sentry, a self-hosted GlitchTip);
 * unset, the SDK is not even imported. No automatic instrumentation (no tracing, no OpenTelemetry set-up, no default
 * integrations that read requests): the server reports the errors it answered 500 for, by hand, and every event
 * goes through `scrubEvent` (no body, cookie, token, password or e-mail address leaves).
 */
export async function startErrorReporting(config: SentryConfig): Promise<void> {
  if (!config.serverDsn || sentry) return;
  const loaded = await import('@sentry/node');
  loaded.init({
    dsn: config.serverDsn,
    environment: config.environment,
    ...(config.release ? { release: config.release } : {}),
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    defaultIntegrations: false,
    integrations: [],
    enableRuntimeChannelInjection: false,
    tracesSampleRate: 0,
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
  sentry = loaded;
}

/** Reports an error the server answered 500 for, with the method and the route's pattern (never the address's query). */
export function reportServerError(error: unknown, context: { method: string; route: string | undefined }): void {
  sentry?.captureException(error, { tags: { method: context.method, ...(context.route ? { route: context.route } : {}) } });
}

/** Whether errors are reported at all (SENTRY_DSN set and the SDK started). */
export const reportingErrors = () => sentry !== undefined;

/** Reports what no request answered for: an exception nothing caught, a rejection nothing handled (a job, a timer). */
export function reportProcessError(error: unknown, kind: 'uncaughtException' | 'unhandledRejection'): void {
  sentry?.captureException(error, { tags: { kind } });
}

/** Sends what is queued (tests, shutdown). */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  await sentry?.flush(timeoutMs);
}

/** Stops the SDK (tests). */
export async function stopErrorReporting(): Promise<void> {
  await sentry?.close(2000);
  sentry = undefined;
}
