import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { Page, PageList } from './pageDialog.types';

/** The call the page dialog needs; the app supplies it from the generated API client (listPages). */
export interface PageDialogApi {
  listPages(slug: string, signal: AbortSignal): Promise<PageList>;
}

/** Real actors for `pageDialogMachine.provide({ actors })`, forwarding each actor's abort signal. */
export function createPageDialogActors(api: PageDialogApi) {
  return {
    /** The first page with that slug, or null when the list is empty (the page does not exist). */
    fetchPage: fromPromise<Page | null, { slug: string }>(({ input, signal }) =>
      settleUnlessAborted(
        signal,
        api.listPages(input.slug, signal).then((list) => list.data[0] ?? null),
      ),
    ),
  };
}
