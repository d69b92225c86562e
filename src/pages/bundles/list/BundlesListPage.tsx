import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { flatIds, flatOrder, moveInOrder } from '../../../../machines/reorder/reorder.order';
import { BUNDLES_LIST_KEY, bundlesListQuery, createBundle, deleteBundle, reorderBundles, type Bundle } from '../../../api/bundlesApi';
import { useViewer } from '../../../app/RouteGuard';
import { BundleStatusBadge } from '../../../components/StatusBadge';
import { SortableList } from '../../../components/SortableList';
import { useReorder } from '../../../components/useReorder';
import { Button } from '../../../components/ui/Button';
import { MenuItem, MenuSeparator } from '../../../components/ui/Menu';
import { formatEuros, formatShortNumber } from '../../../i18n/format';
import { useLocale } from '../../../i18n/LocaleProvider';
import { DESKTOP, useMediaQuery } from '../../../layouts/shell/useMediaQuery';
import { CatalogueCreateModal } from '../../../components/catalogue/CatalogueCreateModal';
import { CatalogueRow, MoveMenuItems } from '../../../components/catalogue/CatalogueRow';
import { CatalogueListBody, EmptyState, ReorderHint } from '../../../components/catalogue/CatalogueStates';
import { CATALOGUE_EDITORS } from '../../../app/access';
import { rowsInOrder } from '../../../components/catalogue/catalogueOrder';
import { useDeleteConfirm } from '../../../components/catalogue/useDeleteConfirm';
import { bundlesMessages as m, bundlesValues, createBundleLabels } from './bundlesListMessages';
import '../../pages.css';
import '../../../components/catalogue/catalogueList.css';

/**
 * /packs: the store's bundles in their catalogue order, with their status, trainings count, buyers and
 * price; create (a DRAFT, then its page), delete (confirmed), and drag reordering through the optimistic
 * reorder machine with POST /bundles/order (editors, from 1024px wide). That call takes every bundle of the
 * store, so the list is reorderable only when it holds them all (the contract's page of 100).
 */
export function BundlesListPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const canEdit = viewer !== null && CATALOGUE_EDITORS.includes(viewer.role);
  const isWide = useMediaQuery(DESKTOP);
  const [isCreating, setCreating] = useState(false);
  const list = useQuery(bundlesListQuery());
  const rows = list.data?.data ?? [];
  const isComplete = list.data !== undefined && list.data.meta.total <= rows.length;
  const refresh = () => queryClient.invalidateQueries({ queryKey: BUNDLES_LIST_KEY });

  const reorder = useReorder({
    order: flatOrder(rows.map((row) => row.uuid)),
    syncKey: list.dataUpdatedAt,
    save: async ({ order }, signal) => {
      await reorderBundles(flatIds(order), signal);
      await refresh();
    },
    onFailure: () => void refresh(),
  });
  const deletion = useDeleteConfirm<Bundle>({
    remove: (bundle, signal) => deleteBundle(bundle.uuid, signal),
    onDeleted: refresh,
    messages: {
      title: m.deleteTitle,
      body: bundlesValues.deleteBody,
      caution: bundlesValues.deleteCaution,
      deleted: bundlesValues.deleted,
      confirm: m.delete,
      cancel: m.cancel,
      deleting: m.deleting,
    },
    testId: 'delete-bundle-dialog',
  });

  const canDrag = canEdit && isWide && isComplete && rows.length > 1;
  const shown = rowsInOrder(rows, flatIds(reorder.order));
  const moveTo = (from: number, to: number) => reorder.move(moveInOrder(reorder.order, { key: null, index: from }, { key: null, index: to }));
  const priceOf = (bundle: Bundle) =>
    bundle.price === null ? intl.formatMessage(m.noPrice) : bundle.price === 0 ? intl.formatMessage(m.free) : formatEuros(bundle.price, locale);

  return (
    <div className="catalogue-page" data-testid="bundles-page">
      <header className="catalogue-page__header">
        <div className="page-header">
          <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
          <p className="page-lead" data-testid="bundles-count">
            {list.data ? intl.formatMessage(bundlesValues.count, { count: list.data.meta.total }) : intl.formatMessage(m.lead)}
          </p>
        </div>
        {canEdit && (
          <Button onPress={() => setCreating(true)} data-testid="add-bundle">
            {intl.formatMessage(m.add)}
          </Button>
        )}
      </header>

      {canEdit && rows.length > 1 && (
        <ReorderHint
          isSaving={reorder.isSaving}
          savingLabel={intl.formatMessage(m.saving)}
          text={intl.formatMessage(!isWide ? m.dragOffNarrow : !isComplete ? m.dragOffPartial : m.dragHint)}
        />
      )}

      <CatalogueListBody
        isPending={list.isPending}
        isError={list.isError}
        onRetry={() => void list.refetch()}
        failedTitle={intl.formatMessage(m.failed)}
        empty={
          rows.length > 0 ? null : (
            <EmptyState
              testId="bundles-empty"
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
          data-testid="bundles-list"
          disabled={!canDrag}
          handle="[data-drag-handle]"
          onMove={(from, to) => moveTo(from.index, to.index)}
        >
          {shown.map((bundle, index) => (
            <CatalogueRow
              key={bundle.uuid}
              testId={`bundle-row-${bundle.uuid}`}
              name={bundle.name}
              // Reading roles do not open a bundle's pages (spec section 6).
              href={canEdit ? `/packs/${bundle.uuid}` : undefined}
              summary={bundle.summary}
              picture={bundle.picture}
              draggable={canDrag}
              badge={<BundleStatusBadge status={bundle.status} data-testid="bundle-status" />}
              facts={[
                intl.formatMessage(bundlesValues.trainings, { count: bundle.trainings.length }),
                intl.formatMessage(bundlesValues.buyers, { count: bundle.customers_count, short: formatShortNumber(bundle.customers_count, locale) }),
                <span className="catalogue-row__price">{priceOf(bundle)}</span>,
              ]}
              menuLabel={intl.formatMessage(bundlesValues.actions, { name: bundle.name })}
              menu={
                canEdit ? (
                  <>
                    {canDrag && <MoveMenuItems index={index} count={shown.length} onMove={moveTo} upLabel={intl.formatMessage(m.moveUp)} downLabel={intl.formatMessage(m.moveDown)} />}
                    {canDrag && shown.length > 1 && <MenuSeparator />}
                    <MenuItem id="delete" onAction={() => deletion.ask(bundle)}>
                      {intl.formatMessage(m.delete)}
                    </MenuItem>
                  </>
                ) : undefined
              }
            />
          ))}
        </SortableList>
      </CatalogueListBody>

      {deletion.dialog}
      <CatalogueCreateModal
        isOpen={isCreating}
        onOpenChange={setCreating}
        labels={createBundleLabels}
        testId="create-bundle"
        create={async (body, signal) => {
          const bundle = await createBundle(body, signal);
          await refresh();
          return bundle;
        }}
        onCreated={(uuid) => void navigate(`/packs/${uuid}`)}
      />
    </div>
  );
}
