import type { MessageDescriptor } from 'react-intl';
import type { Failure } from '../../shared/failure';
import { reactionTo, TOAST_MS } from './errorCatalogue';
import { reportToErrorService } from './errorReporting';
import { reactionToUncaught } from './uncaughtErrors';

/** What the shell can show; registered once by the composition root (outside React's tree of forms). */
export interface FailureOutlets {
  toast(text: string | MessageDescriptor, timeout: number): void;
  networkLost(): void;
  stripeConfirm(): void;
}

let outlets: FailureOutlets | null = null;

export function registerFailureOutlets(next: FailureOutlets | null) {
  outlets = next;
}

export const isFailure = (error: unknown): error is Failure => typeof error === 'object' && error !== null && 'status' in error && 'fieldErrors' in error;

/** Failures a form cannot explain on its own fields go to the shell (toast or dialog). */
export const isGlobalFailure = (failure: Failure) =>
  failure.code === 'NO_STRIPE_TOKEN_DEFINED' || failure.status === null || failure.status === 307 || failure.status >= 500;

/** True for a failure that `useRequest` and the query cache hand to the shell: the caller adds no toast of its own. */
export const reportedByShell = (error: unknown): error is Failure => isFailure(error) && isGlobalFailure(error);

/** Applies the error catalogue's reaction; 401 and 422 are left to the auth machine and the form. */
export function reportFailure(failure: Failure) {
  const reaction = reactionTo(failure);
  switch (reaction.kind) {
    case 'toast':
      outlets?.toast(reaction.text, reaction.timeout);
      break;
    case 'networkLost':
      outlets?.networkLost();
      break;
    case 'stripeConfirm':
      outlets?.stripeConfirm();
      break;
    case 'sessionExpired':
    case 'fields':
      break;
  }
}

/**
 * How a query tells the shell about its failures (TanStack Query's `meta.failureReport`):
 * - 'shell' (the default): a global failure (no answer, 307, 5xx, NO_STRIPE_TOKEN_DEFINED) goes through the
 *   catalogue like a write's: the network-lost dialog or one toast. The page still draws its in-place state
 *   (a banner with Retry where the data would be): that is where the data is missing, not a second report.
 * - 'page': the page reports this read's failure itself, in a toast or dialog of its own; the shell stays quiet
 *   so the person never gets two.
 * Other failures of a read (401: the auth machine; 403, 404, 422: the page's not-found or access state) are the
 * page's to show, never a toast.
 */
export type FailureReport = 'shell' | 'page';

/** The query cache's `onError`: every failed read, once per failed fetch (after its retry). */
export function reportReadFailure(error: unknown, meta: { failureReport?: FailureReport } | undefined) {
  if (meta?.failureReport === 'page') return;
  if (reportedByShell(error)) reportFailure(error);
}

/** An error nothing caught (window 'error', 'unhandledrejection'): spec 8's non-HTTP errors. */
export function reportUncaught(error: unknown) {
  const reaction = reactionToUncaught(error);
  if (reaction.kind !== 'toast') return;
  outlets?.toast(reaction.text, TOAST_MS);
  // A real bug (not an HTTP failure, a superseded navigation or a privacy refusal): the error service hears of it too.
  reportToErrorService(error);
}
