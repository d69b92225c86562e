import { useEffect, useMemo, useRef } from 'react';
import { useInspectedMachine } from '../../app/inspector';
import { Button as RACButton, Input, Label, SearchField } from 'react-aria-components';
import { useSearchParams } from 'react-router-dom';
import { searchBoxMachine } from '../../../machines/searchBox/searchBox.machine';
import { selectSearchBoxView } from '../../../machines/searchBox/searchBox.selectors';
import './catalogueList.css';

export interface SearchBoxOptions {
  /**
   * Keep the search and the page in the address (`?q=…&page=…`, replacing the history entry): a reload, a shared
   * link or coming back shows the same results. Off for a search inside a dialog.
   */
  inUrl?: boolean;
}

/**
 * A debounced search with the page of its results (machines/searchBox): the box's view-model, the props of
 * <SearchBox> and the page to ask. One hook for every searchable, paged list.
 */
export function useSearchBox({ inUrl = false }: SearchBoxOptions = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const setParams = useRef(setSearchParams);
  useEffect(() => {
    setParams.current = setSearchParams;
  });
  const machine = useMemo(
    () =>
      searchBoxMachine.provide({
        actions: {
          publish: (_, { query, page }) => {
            if (!inUrl) return;
            setParams.current(
              (current) => {
                const next = new URLSearchParams(current);
                if (query) next.set('q', query);
                else next.delete('q');
                if (page > 1) next.set('page', String(page));
                else next.delete('page');
                return next;
              },
              { replace: true },
            );
          },
        },
      }),
    [inUrl],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: inUrl ? { query: searchParams.get('q') ?? '', page: Number(searchParams.get('page') ?? 1) } : {} });
  const view = selectSearchBoxView(snapshot);
  return {
    ...view,
    clear: () => send({ type: 'CLEAR' }),
    setPage: (page: number) => send({ type: 'PAGE', page }),
    field: {
      value: view.text,
      onChange: (text: string) => send({ type: 'TYPE', text }),
      onSubmit: () => send({ type: 'SUBMIT' }),
      onClear: () => send({ type: 'CLEAR' }),
    },
  };
}

export interface SearchBoxProps {
  field: ReturnType<typeof useSearchBox>['field'];
  label: string;
  placeholder: string;
  clearLabel: string;
  'data-testid'?: string;
}

/** The search field: Enter searches at once, Escape or the × clears (react-aria SearchField). */
export function SearchBox({ field, label, placeholder, clearLabel, 'data-testid': testId }: SearchBoxProps) {
  return (
    <SearchField {...field} className="search-box" data-testid={testId}>
      <Label className="visually-hidden">{label}</Label>
      <span className="search-box__icon" aria-hidden="true">
        <svg viewBox="0 0 20 20" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round">
          <circle cx="9" cy="9" r="5.5" />
          <path d="M13.5 13.5L17 17" />
        </svg>
      </span>
      <Input className="ui-input search-box__input" placeholder={placeholder} />
      {field.value !== '' && (
        <RACButton className="ui-icon-button search-box__clear" aria-label={clearLabel}>
          <svg viewBox="0 0 20 20" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" aria-hidden="true">
            <path d="M5 5l10 10M15 5L5 15" />
          </svg>
        </RACButton>
      )}
    </SearchField>
  );
}
