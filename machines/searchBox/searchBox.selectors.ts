import type { SnapshotFrom } from 'xstate';
import type { searchBoxMachine } from './searchBox.machine';

type SearchBoxSnapshot = SnapshotFrom<typeof searchBoxMachine>;

/** The view-model of a search box and the list it filters. */
export const selectSearchBoxView = (snapshot: SearchBoxSnapshot) => ({
  /** The box's value. */
  text: snapshot.context.text,
  /** The search to run ('' for the whole list). */
  query: snapshot.context.query,
  /** A search is active: the list shows results (and, for reorderable lists, cannot be reordered). */
  isSearching: snapshot.context.query !== '',
  /** The page of the results to show (1-based). */
  page: snapshot.context.page,
  /** Typing has not paused yet: the results are about to change. */
  isTyping: snapshot.matches('typing'),
});
