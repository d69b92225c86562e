import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { flatIds, flatOrder, moveInOrder } from '../../../../machines/reorder/reorder.order';
import { createTraining, refreshTrainingLists, reorderTrainings, trainingsCountQuery, trainingsListQuery } from '../../../api/trainingsApi';
import { CATALOGUE_EDITORS, STORE_TAG_MANAGERS, canOpen } from '../../../app/access';
import { useViewer } from '../../../app/RouteGuard';
import { routeByName } from '../../../app/routes';
import { useReorder } from '../../../components/useReorder';
import { SortableList } from '../../../components/SortableList';
import { Button } from '../../../components/ui/Button';
import { MenuItem, MenuSeparator } from '../../../components/ui/Menu';
import { DESKTOP, useMediaQuery } from '../../../layouts/shell/useMediaQuery';
import { trainingTabs } from '../training/trainingTabs';
import { CatalogueCreateModal } from '../../../components/catalogue/CatalogueCreateModal';
import { CatalogueListBody, EmptyState, ReorderHint } from '../../../components/catalogue/CatalogueStates';
import { MoveMenuItems } from '../../../components/catalogue/CatalogueRow';
import { SearchBox, useSearchBox } from '../../../components/catalogue/SearchBox';
import { TrainingRow } from './TrainingRow';
import { StoreTagsDialog } from './StoreTagsDialog';
import { useTrainingActions } from './useTrainingActions';
import { pageReorderBody, rowsInOrder } from '../../../components/catalogue/catalogueOrder';
import { createTrainingLabels, listMessages as m, listValues } from './trainingsListMessages';
import '../../pages.css';
import '../../../components/catalogue/catalogueList.css';

/**
 * /formations: the store's trainings in their catalogue order, with a debounced search, the status of
 * each, the count, a menu per row (duplicate, move, delete) and drag reordering through the optimistic
 * reorder machine (editors only, from 1024px wide, not while searching: a filtered list has no order to
 * save). "Ajouter une formation" creates a DRAFT and opens it.
 */
export function TrainingsListPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const canEdit = viewer !== null && CATALOGUE_EDITORS.includes(viewer.role);
  const canManageTags = viewer !== null && (STORE_TAG_MANAGERS.includes(viewer.role) || viewer.isAdmin);
  const [managingTags, setManagingTags] = useState(false);
  const isWide = useMediaQuery(DESKTOP);
  // The search and its page (a new search starts on page 1), kept in the address.
  const search = useSearchBox({ inUrl: true });
  // `?ajouter=1` (the home checklist's "create your first training") opens the add dialog on arrival, for editors.
  const [searchParams, setSearchParams] = useSearchParams();
  const [isCreating, setCreatingState] = useState(() => canEdit && searchParams.get('ajouter') === '1');
  const setCreating = (open: boolean) => {
    setCreatingState(open);
    // Closing forgets the flag, so a reload or going back does not open the dialog again.
    if (!open && searchParams.has('ajouter'))
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('ajouter');
          return next;
        },
        { replace: true },
      );
  };
  const actions = useTrainingActions();
  const { page } = search;

  const list = useQuery({ ...trainingsListQuery({ page, q: search.query }), placeholderData: keepPreviousData });
  const count = useQuery(trainingsCountQuery());
  const rows = list.data?.data ?? [];
  const isSearchResult = search.isSearching || list.isPlaceholderData;

  const reorder = useReorder({
    order: flatOrder(rows.map((row) => row.uuid)),
    syncKey: list.dataUpdatedAt,
    save: async ({ order }, signal) => {
      await reorderTrainings(pageReorderBody(rows, flatIds(order)), signal);
      await refreshTrainingLists(queryClient);
    },
    onFailure: () => void refreshTrainingLists(queryClient),
  });

  const canDrag = canEdit && isWide && !isSearchResult && rows.length > 1;
  const shown = isSearchResult ? rows : rowsInOrder(rows, flatIds(reorder.order));
  const moveTo = (from: number, to: number) => reorder.move(moveInOrder(reorder.order, { key: null, index: from }, { key: null, index: to }));
  const linkOf = (uuid: string) =>
    trainingTabs(uuid, (name) => {
      const route = routeByName(name);
      return route !== undefined && canOpen(route, viewer);
    })[0]?.href ?? `/formations/${uuid}`;

  const total = count.data?.count;
  const meta = list.data?.meta;

  return (
    <div className="catalogue-page" data-testid="trainings-page">
      <header className="catalogue-page__header">
        <div className="page-header">
          <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
          <p className="page-lead" data-testid="trainings-count" aria-live="polite">
            {search.isSearching && meta && total !== undefined
              ? intl.formatMessage(listValues.results, { count: meta.total, total })
              : total !== undefined
                ? intl.formatMessage(listValues.count, { count: total })
                : '\u00a0'}
          </p>
        </div>
        {(canEdit || canManageTags) && (
          <div className="form-actions">
            {canManageTags && (
              <Button variant="secondary" onPress={() => setManagingTags(true)} data-testid="manage-training-tags">
                {intl.formatMessage(m.manageTags)}
              </Button>
            )}
            {canEdit && (
              <Button onPress={() => setCreating(true)} data-testid="add-training">
                {intl.formatMessage(m.add)}
              </Button>
            )}
          </div>
        )}
      </header>

      {(total ?? 0) > 0 || search.isSearching ? (
        <div className="catalogue-page__toolbar">
          <SearchBox
            field={search.field}
            label={intl.formatMessage(m.search)}
            placeholder={intl.formatMessage(m.searchPlaceholder)}
            clearLabel={intl.formatMessage(m.clearSearch)}
            data-testid="trainings-search"
          />
          {canEdit && (total ?? 0) > 1 && (
            <ReorderHint
              isSaving={reorder.isSaving}
              savingLabel={intl.formatMessage(m.saving)}
              text={intl.formatMessage(!isWide ? m.dragOffNarrow : isSearchResult ? m.dragOffSearch : m.dragHint)}
            />
          )}
        </div>
      ) : null}

      <CatalogueListBody
        isPending={list.isPending}
        isError={list.isError}
        onRetry={() => void list.refetch()}
        failedTitle={intl.formatMessage(m.failed)}
        empty={
          rows.length > 0 ? null : search.isSearching ? (
            <div className="empty-state" data-testid="trainings-no-results">
              <p className="page-lead">{intl.formatMessage(listValues.noResults, { query: search.query })}</p>
              <Button variant="secondary" onPress={search.clear}>
                {intl.formatMessage(m.clearSearch)}
              </Button>
            </div>
          ) : (
            <EmptyState
              testId="trainings-empty"
              title={intl.formatMessage(m.emptyTitle)}
              body={intl.formatMessage(canEdit ? m.emptyBody : m.emptyReadOnly)}
              action={canEdit && <Button onPress={() => setCreating(true)}>{intl.formatMessage(m.emptyCta)}</Button>}
            />
          )
        }
      >
        <SortableList
          className="catalogue-list"
          aria-label={intl.formatMessage(m.listLabel)}
          data-testid="trainings-list"
          disabled={!canDrag}
          handle="[data-drag-handle]"
          onMove={(from, to) => moveTo(from.index, to.index)}
        >
          {shown.map((training, index) => (
            <TrainingRow
              key={training.uuid}
              training={training}
              href={linkOf(training.uuid)}
              draggable={canDrag}
              actions={
                canEdit ? (
                  <>
                    <MenuItem id="duplicate" onAction={() => actions.duplicate(training)} isDisabled={actions.isDuplicating}>
                      {intl.formatMessage(m.duplicate)}
                    </MenuItem>
                    {canDrag && <MoveMenuItems index={index} count={shown.length} onMove={moveTo} upLabel={intl.formatMessage(m.moveUp)} downLabel={intl.formatMessage(m.moveDown)} />}
                    <MenuSeparator />
                    <MenuItem id="delete" onAction={() => actions.askDelete(training)}>
                      {intl.formatMessage(m.delete)}
                    </MenuItem>
                  </>
                ) : undefined
              }
            />
          ))}
        </SortableList>
      </CatalogueListBody>

      {meta && meta.last_page > 1 && (
        <nav className="catalogue-page__pagination" aria-label={intl.formatMessage(m.pagination)}>
          <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => search.setPage(page - 1)}>
            {intl.formatMessage(m.previous)}
          </Button>
          <span>{intl.formatMessage(listValues.page, { page: meta.current_page, pages: meta.last_page })}</span>
          <Button variant="secondary" size="sm" isDisabled={page >= meta.last_page} onPress={() => search.setPage(page + 1)}>
            {intl.formatMessage(m.next)}
          </Button>
        </nav>
      )}

      {actions.dialog}
      {canManageTags && <StoreTagsDialog isOpen={managingTags} onOpenChange={setManagingTags} />}
      <CatalogueCreateModal
        isOpen={isCreating}
        onOpenChange={setCreating}
        labels={createTrainingLabels}
        testId="create-training"
        create={async (body, signal) => {
          const training = await createTraining(body, signal);
          await refreshTrainingLists(queryClient);
          return training;
        }}
        onCreated={(uuid) => void navigate(`/formations/${uuid}`)}
      />
    </div>
  );
}
