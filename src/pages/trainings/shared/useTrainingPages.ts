import { useState } from 'react';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { $api } from '../../../api/queries';
import { useSearchBox } from '../list/SearchBox';
import { trainingQuery } from '../training/trainingQuery';

const PER_PAGE = 20;

/**
 * A page of the store's trainings with each one's full record, for the store-wide tables (certificates,
 * access rules): the list (GET /trainings) does not carry those settings, so each row reads its training
 * through the cache entry the training's own page uses (trainingQuery), 20 at a time.
 */
export function useTrainingPages() {
  const search = useSearchBox();
  // The page belongs to the search it was chosen for: a new search starts on page 1.
  const [paging, setPaging] = useState({ query: '', page: 1 });
  const page = paging.query === search.query ? paging.page : 1;
  const list = useQuery({
    ...$api.queryOptions('get', '/trainings', { params: { query: { page, per_page: PER_PAGE, ...(search.query ? { q: search.query } : {}) } } }),
    placeholderData: keepPreviousData,
  });
  const details = useQueries({ queries: (list.data?.data ?? []).map((summary) => trainingQuery(summary.uuid)) });
  return {
    search,
    list,
    rows: (list.data?.data ?? []).map((summary, index) => ({ summary, detail: details[index]! })),
    setPage: (next: number) => setPaging({ query: search.query, page: next }),
  };
}
