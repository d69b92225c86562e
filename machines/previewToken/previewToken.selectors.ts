import type { SnapshotFrom } from 'xstate';
import type { previewTokenMachine } from './previewToken.machine';

type PreviewTokenSnapshot = SnapshotFrom<typeof previewTokenMachine>;

/** The view-model of "Aperçu": the token to put in the preview address, or why there is none. */
export const selectPreviewTokenView = (snapshot: PreviewTokenSnapshot) => ({
  /** The token to use now (also while a newer one is being fetched), or null. */
  token: snapshot.context.token?.token ?? null,
  /** The first token is on its way (or a retry is). */
  isFetching: snapshot.matches('fetching'),
  /** The last fetch failed: preview is unavailable until a retry succeeds. */
  failure: snapshot.matches('failed') ? snapshot.context.failure : null,
});
