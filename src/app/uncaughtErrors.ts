import type { MessageDescriptor } from 'react-intl';
import { isChunkLoadTimeout } from './chunkLoad';
import { catalogueMessages } from './errorCatalogue';

/** What an error no code caught (window 'error', 'unhandledrejection') shows: a toast, or nothing. */
export type UncaughtReaction = { kind: 'toast'; text: string | MessageDescriptor } | { kind: 'ignore' };

const nameOf = (error: unknown) => (error instanceof Error || error instanceof DOMException ? error.name : typeof error === 'object' && error && 'name' in error ? String(error.name) : '');
const messageOf = (error: unknown) =>
  typeof error === 'string' ? error : typeof error === 'object' && error && 'message' in error && typeof error.message === 'string' ? error.message : '';

/** A Failure (an HTTP answer or its absence) has its own path: the error catalogue, from the call that made it. */
const isHttpFailure = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && 'fieldErrors' in error;

/**
 * Spec section 8, "non-HTTP errors: toast with message unless router duplicate navigation or a privacy error".
 * Ignored:
 * - a duplicate navigation: vue-router's `NavigationDuplicated` / "redundant navigation" and, in our data router,
 *   its equivalent, the AbortError of a navigation or request superseded by the next one;
 * - a privacy error: the browser refusing storage or cookies (SecurityError, Safari's private-mode
 *   QuotaExceededError);
 * - HTTP failures (already reported by their call), the browser's ResizeObserver notice, and the detail-less
 *   "Script error." of another origin's script.
 * Anything else is a toast with the error's message (the catalogue's generic text when it has none); a chunk
 * that timed out says so in the catalogue's words.
 */
export function reactionToUncaught(error: unknown): UncaughtReaction {
  const name = nameOf(error);
  const message = messageOf(error);
  if (name === 'NavigationDuplicated' || /redundant navigation|duplicate navigation/i.test(message)) return { kind: 'ignore' };
  if (name === 'AbortError') return { kind: 'ignore' };
  if (name === 'SecurityError' || name === 'QuotaExceededError') return { kind: 'ignore' };
  if (isHttpFailure(error)) return { kind: 'ignore' };
  if (/^ResizeObserver loop/.test(message) || message === 'Script error.') return { kind: 'ignore' };
  if (isChunkLoadTimeout(error)) return { kind: 'toast', text: catalogueMessages.chunkTimeout };
  return { kind: 'toast', text: message.trim() ? message : catalogueMessages.server };
}

type ErrorTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** Hands every uncaught error and unhandled rejection of `target` (the window) to `report`; returns the stop. */
export function listenForUncaughtErrors(target: ErrorTarget, report: (error: unknown) => void): () => void {
  const onError = (event: ErrorEvent) => report(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => report(event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
