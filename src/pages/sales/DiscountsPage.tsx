import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { deleteDiscountCode, discountCodesQuery, refreshDiscountCodes, type DiscountCode } from '../../api/salesApi';
import { AuthActor } from '../../app/auth';
import { DeleteConfirmDialog, useConfirmedDeletion } from '../../components/catalogue/DeleteConfirm';
import { SearchBox, useSearchBox } from '../../components/catalogue/SearchBox';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Pagination } from '../../components/ui/Pagination';
import { Spinner } from '../../components/ui/Spinner';
import { showToast } from '../../components/ui/toastQueue';
import { commonMessages } from '../../i18n/commonMessages';
import { formatEuros } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { DiscountCodeModal } from './DiscountCodeModal';
import '../pages.css';
import '../../components/catalogue/catalogue.css';
import './sales.css';

const PER_PAGE = 20;
/** Who writes promo codes (the contract's x-roles of POST and DELETE); analysts read. */
const WRITERS = ['OWNER', 'ADMIN'];

const m = defineMessages({
  title: { id: 'discounts.title', defaultMessage: 'Réductions' },
  lead: { id: 'discounts.lead', defaultMessage: 'Les codes promo que vos apprenants saisissent au paiement.' },
  create: { id: 'discounts.create', defaultMessage: 'Créer un code promo' },
  emptyTitle: { id: 'discounts.emptyTitle', defaultMessage: 'Pas encore de code promo' },
  emptyBody: { id: 'discounts.emptyBody', defaultMessage: 'Créez un code pour offrir un pourcentage ou un montant sur vos formations et vos packs.' },
  emptyReadOnly: { id: 'discounts.emptyReadOnly', defaultMessage: 'Aucun code promo n’a encore été créé.' },
  failed: { id: 'discounts.failed', defaultMessage: 'Les codes promo n’ont pas pu être chargés.' },
  colCode: { id: 'discounts.col.code', defaultMessage: 'Code' },
  colDiscount: { id: 'discounts.col.discount', defaultMessage: 'Réduction' },
  colApplies: { id: 'discounts.col.applies', defaultMessage: 'S’applique à' },
  colUses: { id: 'discounts.col.uses', defaultMessage: 'Utilisations' },
  colValidity: { id: 'discounts.col.validity', defaultMessage: 'Validité' },
  colActions: { id: 'discounts.col.actions', defaultMessage: 'Actions' },
  everything: { id: 'discounts.everything', defaultMessage: 'Tout le catalogue' },
  always: { id: 'discounts.always', defaultMessage: 'Sans limite de date' },
  delete: { id: 'discounts.delete', defaultMessage: 'Supprimer' },
  search: { id: 'discounts.search', defaultMessage: 'Rechercher un code' },
  searchPlaceholder: { id: 'discounts.searchPlaceholder', defaultMessage: 'Code promo' },
  clear: { id: 'discounts.clear', defaultMessage: 'Effacer la recherche' },
  noMatch: { id: 'discounts.noMatch', defaultMessage: 'Aucun code ne correspond à cette recherche.' },
  deleteTitle: { id: 'discounts.deleteTitle', defaultMessage: 'Supprimer ce code promo ?' },
  cancel: { id: 'discounts.cancel', defaultMessage: 'Annuler' },
  deleting: { id: 'discounts.deleting', defaultMessage: 'Suppression…' },
  deleted: { id: 'discounts.deleted', defaultMessage: 'Code promo supprimé.' },
});
const mv = {
  count: defineMessage<{ count: number }>({ id: 'discounts.count', defaultMessage: '{count, plural, =0 {Aucun code} one {# code} other {# codes}}' }),
  uses: defineMessage<{ used: number; max: number }>({ id: 'discounts.uses', defaultMessage: '{used} / {max}' }),
  unlimitedUses: defineMessage<{ used: number }>({ id: 'discounts.unlimitedUses', defaultMessage: '{used} / ∞' }),
  from: defineMessage<{ date: string }>({ id: 'discounts.from', defaultMessage: 'À partir du {date}' }),
  until: defineMessage<{ date: string }>({ id: 'discounts.until', defaultMessage: 'Jusqu’au {date}' }),
  between: defineMessage<{ start: string; end: string }>({ id: 'discounts.between', defaultMessage: 'Du {start} au {end}' }),
  deleteLabel: defineMessage<{ code: string }>({ id: 'discounts.deleteLabel', defaultMessage: 'Supprimer le code {code}' }),
  deleteBody: defineMessage<{ code: string }>({
    id: 'discounts.deleteBody',
    defaultMessage: 'Le code {code} ne pourra plus être utilisé. Les ventes déjà faites avec lui le gardent dans leur historique.',
  }),
};

/** /reductions: the store's promo codes, a page at a time; owners and admins create and delete them, analysts read. */
export function DiscountsPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const user = AuthActor.useSelector((snapshot) => snapshot.context.user);
  const storeUuid = user?.store.uuid ?? '';
  const canWrite = Boolean(user && (WRITERS.includes(user.role) || user.is_admin));
  // The search and its page live in the address (?q=…&page=…), like the other lists.
  const search = useSearchBox({ inUrl: true });
  const [creating, setCreating] = useState(false);
  const list = useQuery({ ...discountCodesQuery(storeUuid, { page: search.page, perPage: PER_PAGE, q: search.query }), enabled: Boolean(storeUuid), placeholderData: keepPreviousData });
  const refresh = () => refreshDiscountCodes(queryClient, storeUuid);
  const removal = useConfirmedDeletion<DiscountCode>({
    remove: (code, signal) => deleteDiscountCode(storeUuid, code.id, signal),
    onDeleted: async () => {
      showToast({ title: intl.formatMessage(m.deleted), variant: 'success' });
      await refresh();
    },
  });

  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const discountOf = (code: DiscountCode) =>
    code.type === 'PERCENTAGE' ? intl.formatNumber(code.value / 100, { style: 'percent', maximumFractionDigits: 2 }) : formatEuros(code.value, locale);
  const validityOf = (code: DiscountCode) => {
    if (code.starts_at && code.ends_at) return intl.formatMessage(mv.between, { start: date(code.starts_at), end: date(code.ends_at) });
    if (code.starts_at) return intl.formatMessage(mv.from, { date: date(code.starts_at) });
    if (code.ends_at) return intl.formatMessage(mv.until, { date: date(code.ends_at) });
    return intl.formatMessage(m.always);
  };
  const rows = list.data?.data ?? [];

  return (
    <div className="page sales-page" data-testid="discounts-page">
      <header className="sales-page__header">
        <div>
          <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
          <p className="page-lead">
            {intl.formatMessage(m.lead)}
            {list.data ? ` ${intl.formatMessage(mv.count, { count: list.data.meta.total })}.` : null}
          </p>
        </div>
        {canWrite && (
          <Button onPress={() => setCreating(true)} data-testid="discount-create-open">
            {intl.formatMessage(m.create)}
          </Button>
        )}
      </header>

      <SearchBox field={search.field} label={intl.formatMessage(m.search)} placeholder={intl.formatMessage(m.searchPlaceholder)} clearLabel={intl.formatMessage(m.clear)} data-testid="discounts-search" />

      {list.isPending ? (
        <div className="loading-state">
          <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
        </div>
      ) : list.isError ? (
        <Banner variant="danger" title={intl.formatMessage(m.failed)} action={<Button variant="secondary" onPress={() => void list.refetch()}>{intl.formatMessage(commonMessages.retry)}</Button>} />
      ) : rows.length === 0 && search.isSearching ? (
        <p className="muted">{intl.formatMessage(m.noMatch)}</p>
      ) : rows.length === 0 ? (
        <div className="empty-state" data-testid="discounts-empty">
          <h2 className="empty-state__title">{intl.formatMessage(m.emptyTitle)}</h2>
          <p className="page-lead">{intl.formatMessage(canWrite ? m.emptyBody : m.emptyReadOnly)}</p>
        </div>
      ) : (
        <div className="table-scroll">
          <table className="data-table sales-table" aria-label={intl.formatMessage(m.title)} aria-busy={list.isFetching || undefined}>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.colCode)}</th>
                <th scope="col" className="data-table__num">
                  {intl.formatMessage(m.colDiscount)}
                </th>
                <th scope="col">{intl.formatMessage(m.colApplies)}</th>
                <th scope="col" className="data-table__num">
                  {intl.formatMessage(m.colUses)}
                </th>
                <th scope="col">{intl.formatMessage(m.colValidity)}</th>
                {canWrite && <th scope="col">{intl.formatMessage(m.colActions)}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((code) => (
                <tr key={code.id} data-testid="discount-row">
                  <td className="sales-table__code">{code.code}</td>
                  <td className="data-table__num">{discountOf(code)}</td>
                  <td>{code.buyables.length ? code.buyables.map((b) => b.name).join(', ') : <span className="muted">{intl.formatMessage(m.everything)}</span>}</td>
                  <td className="data-table__num" data-testid="discount-uses">
                    {code.max_uses === null ? intl.formatMessage(mv.unlimitedUses, { used: code.uses_count }) : intl.formatMessage(mv.uses, { used: code.uses_count, max: code.max_uses })}
                  </td>
                  <td>{validityOf(code)}</td>
                  {canWrite && (
                    <td>
                      <Button variant="ghost" size="sm" isDisabled={removal.isDeleting} aria-label={intl.formatMessage(mv.deleteLabel, { code: code.code })} onPress={() => removal.ask(code)}>
                        {intl.formatMessage(m.delete)}
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && <Pagination page={list.data.meta.current_page} lastPage={list.data.meta.last_page} onChange={search.setPage} />}

      {canWrite && (
        <>
          <DiscountCodeModal storeUuid={storeUuid} isOpen={creating} onOpenChange={setCreating} onCreated={refresh} />
          <DeleteConfirmDialog
            deletion={removal}
            title={intl.formatMessage(m.deleteTitle)}
            confirmLabel={intl.formatMessage(m.delete)}
            cancelLabel={intl.formatMessage(m.cancel)}
            pendingLabel={intl.formatMessage(m.deleting)}
            data-testid="discount-delete-dialog"
          >
            {(code) => intl.formatMessage(mv.deleteBody, { code: code.code })}
          </DeleteConfirmDialog>
        </>
      )}
    </div>
  );
}
