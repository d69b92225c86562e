/** A page request as the contract's Page and PerPage parameters give it. */
export interface PageRequest {
  page: number;
  perPage: number;
  /** The URL the caller used: links keep its other query parameters and public host. */
  url: URL;
}

function pageLink(url: URL, page: number) {
  const link = new URL(url);
  link.searchParams.set('page', String(page));
  return link.toString();
}

export const offsetOf = (request: PageRequest) => (request.page - 1) * request.perPage;

/** meta and links of the contract's paged answers (PageMeta, PageLinks). */
export function pageEnvelope<T>(request: PageRequest, total: number, data: T[], options: { estimated?: boolean } = {}) {
  const lastPage = Math.max(1, Math.ceil(total / request.perPage));
  return {
    data,
    meta: { current_page: request.page, per_page: request.perPage, total, last_page: lastPage, ...(options.estimated ? { total_estimated: true } : {}) },
    links: {
      next: request.page < lastPage ? pageLink(request.url, request.page + 1) : null,
      // Past the end, "previous" leads back to the last page that has something rather than to another empty one.
      prev: request.page > 1 ? pageLink(request.url, Math.min(request.page - 1, lastPage)) : null,
    },
  };
}
