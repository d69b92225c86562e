import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { commonMessages } from '../../../i18n/commonMessages';
import { SearchBox } from '../../../components/catalogue/SearchBox';
import { Pagination } from '../../../components/ui/Pagination';
import type { useTrainingPages } from './useTrainingPages';
import '../../pages.css';
import '../../../components/catalogue/catalogue.css';

const m = defineMessages({
  search: { id: 'trainings.tables.search', defaultMessage: 'Rechercher une formation' },
  searchPlaceholder: { id: 'trainings.tables.searchPlaceholder', defaultMessage: 'Nom de la formation' },
  clear: { id: 'trainings.tables.clear', defaultMessage: 'Effacer la recherche' },
  empty: { id: 'trainings.tables.empty', defaultMessage: 'Vous n’avez pas encore de formation.' },
  noMatch: { id: 'trainings.tables.noMatch', defaultMessage: 'Aucune formation ne correspond à cette recherche.' },
  failed: { id: 'trainings.tables.failed', defaultMessage: 'Les formations n’ont pas pu être chargées.' },
});

type TrainingPages = ReturnType<typeof useTrainingPages>;

export interface TrainingTablePageProps {
  title: string;
  lead: string;
  'data-testid': string;
  pages: TrainingPages;
  /** Shown between the search and the table (e.g. the error of the last save). */
  notice?: ReactNode;
  /** The table of the page's rows; only called when there are rows. */
  children: (rows: TrainingPages['rows']) => ReactNode;
}

/**
 * The frame of the store-wide training tables (certificates, access rules): title, search, the loading, error
 * and empty states, the table of the current page and its pagination.
 */
export function TrainingTablePage({ title, lead, 'data-testid': testId, pages, notice, children }: TrainingTablePageProps) {
  const intl = useIntl();
  const { search, list, rows, setPage } = pages;
  return (
    <div className="trainings-admin" data-testid={testId}>
      <header className="page-header">
        <h1 className="page-title">{title}</h1>
        <p className="page-lead">{lead}</p>
      </header>
      <SearchBox field={search.field} label={intl.formatMessage(m.search)} placeholder={intl.formatMessage(m.searchPlaceholder)} clearLabel={intl.formatMessage(m.clear)} />
      {notice}
      {list.isPending ? (
        <div className="loading-state">
          <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
        </div>
      ) : list.isError ? (
        <Banner variant="danger" title={intl.formatMessage(m.failed)} action={<Button variant="secondary" onPress={() => void list.refetch()}>{intl.formatMessage(commonMessages.retry)}</Button>} />
      ) : rows.length === 0 ? (
        <p className="empty-state">{intl.formatMessage(search.isSearching ? m.noMatch : m.empty)}</p>
      ) : (
        children(rows)
      )}
      {list.data && <Pagination page={list.data.meta.current_page} lastPage={list.data.meta.last_page} onChange={setPage} />}
    </div>
  );
}
