import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { crmTagsQuery, customersQuery, deleteStoreTags, exportAbandonedCarts, exportCustomers, refreshCustomers, type CustomerFilters, type CustomerSort, type CustomerType } from '../../api/customersApi';
import { AuthActor } from '../../app/auth';
import { failureText } from '../../app/failureText';
import { saveFile } from '../../app/saveFile';
import { useRequest } from '../../app/useRequest';
import { SearchBox, useSearchBox } from '../../components/catalogue/SearchBox';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { TextLink } from '../../components/ui/Link';
import { ListStates } from '../../components/ui/ListStates';
import { Pagination } from '../../components/ui/Pagination';
import { ManageTagsDialog } from '../../components/tags/ManageTagsDialog';
import { CustomerFormModal } from './CustomerFormModal';
import { CUSTOMER_TYPES, CUSTOMER_WRITERS, customerTypeLabels, customerTypeTone } from './customersMessages';
import '../pages.css';
import '../../components/catalogue/catalogue.css';
import '../sales/sales.css';
import './customers.css';

const PER_PAGE = 20;
const SORTS: CustomerSort[] = ['created_at', 'last_connection_at', 'lastname', 'email'];

const m = defineMessages({
  title: { id: 'customers.title', defaultMessage: 'Apprenants' },
  lead: { id: 'customers.lead', defaultMessage: 'Toutes les personnes inscrites à votre école, avec leurs formations et vos notes.' },
  add: { id: 'customers.add', defaultMessage: 'Ajouter un apprenant' },
  exportCsv: { id: 'customers.exportCsv', defaultMessage: 'Exporter en CSV' },
  exportXlsx: { id: 'customers.exportXlsx', defaultMessage: 'Exporter en Excel' },
  exporting: { id: 'customers.exporting', defaultMessage: 'Export…' },
  exportCarts: { id: 'customers.exportCarts', defaultMessage: 'Exporter les paniers abandonnés (30 jours)' },
  manageTags: { id: 'customers.manageTags', defaultMessage: 'Gérer les tags' },
  manageTagsLead: {
    id: 'customers.manageTags.lead',
    defaultMessage: 'Les étiquettes de vos apprenants. Supprimer une étiquette la retire de tous les apprenants qui la portent.',
  },
  search: { id: 'customers.search', defaultMessage: 'Rechercher un apprenant' },
  searchPlaceholder: { id: 'customers.searchPlaceholder', defaultMessage: 'Nom ou e-mail' },
  clear: { id: 'customers.clear', defaultMessage: 'Effacer la recherche' },
  type: { id: 'customers.filter.type', defaultMessage: 'Statut' },
  allTypes: { id: 'customers.filter.allTypes', defaultMessage: 'Tous les statuts' },
  sort: { id: 'customers.filter.sort', defaultMessage: 'Trier par' },
  sort_created_at_desc: { id: 'customers.sort.createdDesc', defaultMessage: 'Les plus récents' },
  sort_created_at_asc: { id: 'customers.sort.createdAsc', defaultMessage: 'Les plus anciens' },
  sort_last_connection_at_desc: { id: 'customers.sort.connectionDesc', defaultMessage: 'Dernière connexion' },
  sort_last_connection_at_asc: { id: 'customers.sort.connectionAsc', defaultMessage: 'Connexion la plus ancienne' },
  sort_lastname_asc: { id: 'customers.sort.lastnameAsc', defaultMessage: 'Nom (A → Z)' },
  sort_lastname_desc: { id: 'customers.sort.lastnameDesc', defaultMessage: 'Nom (Z → A)' },
  sort_email_asc: { id: 'customers.sort.emailAsc', defaultMessage: 'E-mail (A → Z)' },
  sort_email_desc: { id: 'customers.sort.emailDesc', defaultMessage: 'E-mail (Z → A)' },
  emptyTitle: { id: 'customers.emptyTitle', defaultMessage: 'Pas encore d’apprenant' },
  emptyBody: { id: 'customers.emptyBody', defaultMessage: 'Les personnes qui s’inscrivent ou achètent une formation apparaîtront ici.' },
  noMatch: { id: 'customers.noMatch', defaultMessage: 'Aucun apprenant ne correspond à ces filtres.' },
  failed: { id: 'customers.failed', defaultMessage: 'Les apprenants n’ont pas pu être chargés.' },
  colName: { id: 'customers.col.name', defaultMessage: 'Apprenant' },
  colTrainings: { id: 'customers.col.trainings', defaultMessage: 'Formations' },
  colTags: { id: 'customers.col.tags', defaultMessage: 'Étiquettes' },
  colCreated: { id: 'customers.col.created', defaultMessage: 'Inscrit le' },
  colConnection: { id: 'customers.col.connection', defaultMessage: 'Dernière connexion' },
  never: { id: 'customers.never', defaultMessage: 'Jamais' },
  none: { id: 'customers.none', defaultMessage: 'Aucune' },
});
const mv = {
  count: defineMessage<{ count: number }>({ id: 'customers.count', defaultMessage: '{count, plural, =0 {Aucun apprenant} one {# apprenant} other {# apprenants}}' }),
  // Past 200 matches the server estimates the total (meta.total_estimated): said as such.
  countEstimated: defineMessage<{ count: number }>({ id: 'customers.countEstimated', defaultMessage: 'environ {count, number} apprenants' }),
  tagDeleteBody: defineMessage<{ tag: string }>({
    id: 'customers.manageTags.deleteBody',
    defaultMessage: 'L’étiquette « {tag} » sera retirée de tous les apprenants et supprimée de l’école.',
  }),
  exportFailed: defineMessage<{ message: string }>({ id: 'customers.exportFailed', defaultMessage: 'L’export a échoué : {message}' }),
};

/** `sort` and `order` from the address (the home card links to `?sort=created_at&order=desc&type=STUDENT&page=1`). */
function orderOf(params: URLSearchParams): { sort: CustomerSort; order: 'asc' | 'desc' } {
  const sort = params.get('sort');
  const order = params.get('order');
  return { sort: SORTS.includes(sort as CustomerSort) ? (sort as CustomerSort) : 'created_at', order: order === 'asc' ? 'asc' : 'desc' };
}

/**
 * /apprenants: the store's learners. Search, status, sort and page live in the address (q, type, sort, order,
 * page), so a reload or a shared link shows the same page; the exports take the same filters.
 */
export function CustomersPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = AuthActor.useSelector((snapshot) => snapshot.context.user);
  const storeUuid = user?.store.uuid ?? '';
  const canWrite = Boolean(user && (CUSTOMER_WRITERS.includes(user.role) || user.is_admin));
  const search = useSearchBox({ inUrl: true });
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const filters: CustomerFilters = { ...(search.query ? { q: search.query } : {}), ...(CUSTOMER_TYPES.includes(type as CustomerType) ? { type: type as CustomerType } : {}) };
  const { sort, order } = orderOf(params);
  const list = useQuery({ ...customersQuery(storeUuid, { page: search.page, perPage: PER_PAGE, filters, sort, order }), enabled: Boolean(storeUuid), placeholderData: keepPreviousData });
  const [adding, setAdding] = useState(false);
  const [managingTags, setManagingTags] = useState(false);
  const crmTags = useQuery({ ...crmTagsQuery(storeUuid), enabled: canWrite && managingTags });
  // The filters travel with each press: the request's function is read once, when the page mounts.
  const exporter = useRequest(async ({ format, wanted }: { format: 'csv' | 'xlsx'; wanted: CustomerFilters }, signal) => {
    const blob = await exportCustomers(storeUuid, wanted, format, signal);
    saveFile(blob, `apprenants-${new Date().toISOString().slice(0, 10)}.${format}`);
  });
  // The abandoned carts of the last 30 days (the operation's default period), offered with the ABANDONED_CART filter.
  const cartsExporter = useRequest(async (_: null, signal) => {
    const blob = await exportAbandonedCarts(storeUuid, signal);
    saveFile(blob, `paniers-abandonnes-${new Date().toISOString().slice(0, 10)}.csv`);
  });
  const exportError = exporter.error ?? cartsExporter.error;

  const setParam = (changes: Record<string, string>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        next.delete('page');
        return next;
      },
      { replace: true },
    );
    search.setPage(1);
  };
  const rows = list.data?.data ?? [];
  const filtered = Object.keys(filters).length > 0;
  const empty = !list.data || list.data.meta.total === 0;

  return (
    <div className="page sales-page customers-page" data-testid="customers-page">
      <header className="sales-page__header">
        <div>
          <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
          <p className="page-lead">
            {intl.formatMessage(m.lead)}
            {list.data ? ` ${intl.formatMessage(list.data.meta.total_estimated ? mv.countEstimated : mv.count, { count: list.data.meta.total })}.` : null}
          </p>
        </div>
        <div className="customers-page__actions">
          <Button variant="secondary" onPress={() => exporter.submit({ format: 'csv', wanted: filters })} isDisabled={empty || exporter.isSubmitting} data-testid="customers-export-csv">
            {intl.formatMessage(exporter.isSubmitting ? m.exporting : m.exportCsv)}
          </Button>
          <Button variant="secondary" onPress={() => exporter.submit({ format: 'xlsx', wanted: filters })} isDisabled={empty || exporter.isSubmitting} data-testid="customers-export-xlsx">
            {intl.formatMessage(m.exportXlsx)}
          </Button>
          {filters.type === 'ABANDONED_CART' && (
            <Button variant="secondary" onPress={() => cartsExporter.submit(null)} isDisabled={cartsExporter.isSubmitting} data-testid="customers-export-carts">
              {intl.formatMessage(cartsExporter.isSubmitting ? m.exporting : m.exportCarts)}
            </Button>
          )}
          {canWrite && (
            <Button variant="secondary" onPress={() => setManagingTags(true)} data-testid="customers-manage-tags">
              {intl.formatMessage(m.manageTags)}
            </Button>
          )}
          {canWrite && (
            <Button onPress={() => setAdding(true)} data-testid="customers-add">
              {intl.formatMessage(m.add)}
            </Button>
          )}
        </div>
      </header>
      {exportError && (
        <Banner variant="danger" role="alert">
          {intl.formatMessage(mv.exportFailed, { message: failureText(intl, exportError) ?? '' })}
        </Banner>
      )}

      <div className="sales-filters" role="search" aria-label={intl.formatMessage(m.search)}>
        <SearchBox field={search.field} label={intl.formatMessage(m.search)} placeholder={intl.formatMessage(m.searchPlaceholder)} clearLabel={intl.formatMessage(m.clear)} data-testid="customers-search" />
        <label className="native-field">
          <span className="ui-field__label">{intl.formatMessage(m.type)}</span>
          <select className="native-field__select" value={filters.type ?? ''} onChange={(event) => setParam({ type: event.target.value })} data-testid="customers-type">
            <option value="">{intl.formatMessage(m.allTypes)}</option>
            {CUSTOMER_TYPES.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage(customerTypeLabels[value])}
              </option>
            ))}
          </select>
        </label>
        <label className="native-field">
          <span className="ui-field__label">{intl.formatMessage(m.sort)}</span>
          <select
            className="native-field__select"
            value={`${sort}:${order}`}
            onChange={(event) => {
              const [nextSort = 'created_at', nextOrder = 'desc'] = event.target.value.split(':');
              setParam({ sort: nextSort, order: nextOrder });
            }}
            data-testid="customers-sort"
          >
            {SORTS.flatMap((value) =>
              (['desc', 'asc'] as const).map((way) => (
                <option key={`${value}:${way}`} value={`${value}:${way}`}>
                  {intl.formatMessage(m[`sort_${value}_${way}`])}
                </option>
              )),
            )}
          </select>
        </label>
      </div>

      <ListStates query={list} isEmpty={rows.length === 0} isFiltered={filtered} testId="customers" messages={m}>
        <div className="table-scroll">
          <table className="data-table customers-table" aria-label={intl.formatMessage(m.title)} aria-busy={list.isFetching || undefined}>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.colName)}</th>
                <th scope="col">{intl.formatMessage(m.colTrainings)}</th>
                <th scope="col">{intl.formatMessage(m.colTags)}</th>
                <th scope="col">{intl.formatMessage(m.colCreated)}</th>
                <th scope="col">{intl.formatMessage(m.colConnection)}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((customer) => (
                <tr key={customer.uuid} data-testid="customer-row">
                  <td>
                    <div className="sales-buyer">
                      <TextLink href={`/apprenants/${customer.uuid}`}>
                        <strong>{customer.display_name}</strong>
                      </TextLink>
                      <span className="muted">{customer.email}</span>
                    </div>
                  </td>
                  <td>
                    {customer.customer_trainings.length === 0 ? (
                      <span className="muted">{intl.formatMessage(m.none)}</span>
                    ) : (
                      <ul className="customers-table__trainings">
                        {customer.customer_trainings.map((enrolment) => (
                          <li key={enrolment.uuid}>
                            {enrolment.training.name}{' '}
                            <span className={`pill ${customerTypeTone[enrolment.customer_type]}`}>{intl.formatMessage(customerTypeLabels[enrolment.customer_type])}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    {customer.crm_tags.map((tag) => (
                      <span key={tag.id} className="pill customers-tag">
                        {tag.value}
                      </span>
                    ))}
                  </td>
                  <td>{intl.formatDate(customer.created_at, { dateStyle: 'medium' })}</td>
                  <td>{customer.last_connection_at ? intl.formatDate(customer.last_connection_at, { dateStyle: 'medium', timeStyle: 'short' }) : <span className="muted">{intl.formatMessage(m.never)}</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListStates>
      {list.data && <Pagination page={list.data.meta.current_page} lastPage={list.data.meta.last_page} onChange={search.setPage} />}
      {canWrite && (
        <ManageTagsDialog
          isOpen={managingTags}
          onOpenChange={setManagingTags}
          title={intl.formatMessage(m.manageTags)}
          lead={intl.formatMessage(m.manageTagsLead)}
          tags={crmTags}
          deleteBody={(tag) => intl.formatMessage(mv.tagDeleteBody, { tag: tag.value })}
          remove={(tag, signal) => deleteStoreTags(storeUuid, [tag.value], signal)}
          onChanged={() => refreshCustomers(queryClient, storeUuid)}
          data-testid="crm-tags-manager"
        />
      )}
      {canWrite && (
        <CustomerFormModal
          key={adding ? 'open' : 'closed'}
          storeUuid={storeUuid}
          isOpen={adding}
          onOpenChange={setAdding}
          onSaved={async (customer) => {
            await refreshCustomers(queryClient, storeUuid);
            navigate(`/apprenants/${customer.uuid}`);
          }}
        />
      )}
    </div>
  );
}
