import type { PageDialogApi } from '../../machines/pageDialog/pageDialog.actors';
import { api } from './client';
import { unwrap } from './failure';

/** GET /pages?slug=…: the legal and help pages the page dialog shows. */
export const pagesApi: PageDialogApi = {
  listPages: (slug, signal) => unwrap(api.GET('/pages', { params: { query: { slug } }, signal })),
};
