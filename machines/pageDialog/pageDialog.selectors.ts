import type { SnapshotFrom } from 'xstate';
import type { pageDialogMachine } from './pageDialog.machine';
import type { Page } from './pageDialog.types';

type PageDialogSnapshot = SnapshotFrom<typeof pageDialogMachine>;

/** The page shown, only in `open.shown` (read from the cache, never stored twice). */
export const selectPage = (snapshot: PageDialogSnapshot): Page | null =>
  snapshot.matches({ open: 'shown' }) && snapshot.context.slug !== null ? (snapshot.context.cache[snapshot.context.slug] ?? null) : null;

/** The view-model of the page dialog. */
export const selectPageDialogView = (snapshot: PageDialogSnapshot) => ({
  isOpen: snapshot.matches('open'),
  isLoading: snapshot.matches({ open: 'loading' }),
  /** "Cette page n'existe plus sur notre site". */
  isNotFound: snapshot.matches({ open: 'notFound' }),
  /** Network or server error: the error catalogue's text and a retry button. */
  isFailed: snapshot.matches({ open: 'failed' }),
  page: selectPage(snapshot),
  error: snapshot.matches({ open: 'failed' }) ? snapshot.context.error : null,
});
