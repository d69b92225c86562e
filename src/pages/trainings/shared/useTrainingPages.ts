import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trainingsListQuery } from '../../../api/trainingsApi';
import { useSearchBox } from '../../../components/catalogue/SearchBox';

const PER_PAGE = 20;

/**
 * A page of the store's trainings for the store-wide tables (certificates, access rules). The list rows carry
 * the certificate switch and the access rules, so a page is one request (GET /trainings), not one per training.
 */
export function useTrainingPages() {
  const search = useSearchBox();
  // The page belongs to the search it was chosen for: a new search starts on page 1.
  const [paging, setPaging] = useState({ query: '', page: 1 });
  const page = paging.query === search.query ? paging.page : 1;
  const list = useQuery({
    ...trainingsListQuery({ page, perPage: PER_PAGE, q: search.query }),
    placeholderData: keepPreviousData,
  });
  return {
    search,
    list,
    rows: list.data?.data ?? [],
    setPage: (next: number) => setPaging({ query: search.query, page: next }),
  };
}
