import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trainingsListQuery } from '../../../api/trainingsApi';
import { useSearchBox } from '../../../components/catalogue/SearchBox';

const PER_PAGE = 20;

/**
 * A page of the store's trainings for the store-wide tables (certificates, access rules). The list rows carry
 * the certificate switch and the access rules, so a page is one request (GET /trainings), not one per training.
 */
export function useTrainingPages() {
  // The search and its page (a new search starts on page 1), kept in the address.
  const search = useSearchBox({ inUrl: true });
  const { page } = search;
  const list = useQuery({
    ...trainingsListQuery({ page, perPage: PER_PAGE, q: search.query }),
    placeholderData: keepPreviousData,
  });
  return {
    search,
    list,
    rows: list.data?.data ?? [],
    setPage: search.setPage,
  };
}
