import { Fragment, useState } from 'react';
import { Button as RACButton } from 'react-aria-components';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { refreshTrainingCustomers, removeTrainingCustomer, setTrainingCustomerBlocked, trainingCustomersQuery, type Enrolment } from '../../../api/trainingCustomersApi';
import { failureText } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { FormError } from '../../../components/ui/Form';
import { Spinner } from '../../../components/ui/Spinner';
import { commonMessages } from '../../../i18n/commonMessages';
import { SearchBox, useSearchBox } from '../../../components/catalogue/SearchBox';
import { Pagination } from '../../../components/ui/Pagination';
import '../../../components/catalogue/catalogue.css';
import { DeleteConfirmDialog, useConfirmedDeletion } from '../../../components/catalogue/DeleteConfirm';
import { AddCustomerModal } from './AddCustomerModal';
import { CustomerActions, customerActionMessages } from './CustomerActions';
import { EditEnrolmentModal } from './EditEnrolmentModal';
import { ImportCustomersModal } from './ImportCustomersModal';
import { TrainingFrame } from './TrainingFrame';
import type { Training } from '../../../api/trainingsApi';
import { useCanEditTraining } from './useCanEditTraining';
import { AuthActor } from '../../../app/auth';
import { TrainingDocuments } from '../../customers/TrainingDocuments';


const PER_PAGE = 20;

const m = defineMessages({
  title: { id: 'trainings.customers.title', defaultMessage: 'Apprenants' },
  add: { id: 'trainings.customers.add', defaultMessage: 'Ajouter un apprenant' },
  import: { id: 'trainings.customers.import', defaultMessage: 'Importer un fichier CSV' },
  search: { id: 'trainings.customers.search', defaultMessage: 'Rechercher un apprenant' },
  searchPlaceholder: { id: 'trainings.customers.searchPlaceholder', defaultMessage: 'Nom ou adresse e-mail' },
  clear: { id: 'trainings.customers.clear', defaultMessage: 'Effacer la recherche' },
  emptyTitle: { id: 'trainings.customers.emptyTitle', defaultMessage: 'Pas encore d’apprenant' },
  emptyBody: { id: 'trainings.customers.emptyBody', defaultMessage: 'Ajoutez vos apprenants un par un ou importez-les depuis un fichier CSV. Ceux qui achètent la formation apparaissent ici.' },
  emptyReadOnly: { id: 'trainings.customers.emptyReadOnly', defaultMessage: 'Personne n’est encore inscrit à cette formation.' },
  noMatch: { id: 'trainings.customers.noMatch', defaultMessage: 'Aucun apprenant ne correspond à cette recherche.' },
  failed: { id: 'trainings.customers.failed', defaultMessage: 'La liste des apprenants n’a pas pu être chargée.' },
  colLearner: { id: 'trainings.customers.col.learner', defaultMessage: 'Apprenant' },
  colStatus: { id: 'trainings.customers.col.status', defaultMessage: 'Statut' },
  colProgress: { id: 'trainings.customers.col.progress', defaultMessage: 'Progression' },
  colEnrolled: { id: 'trainings.customers.col.enrolled', defaultMessage: 'Inscription' },
  colLastSeen: { id: 'trainings.customers.col.lastSeen', defaultMessage: 'Dernière connexion' },
  colActions: { id: 'trainings.customers.col.actions', defaultMessage: 'Actions' },
  never: { id: 'trainings.customers.never', defaultMessage: 'Jamais' },
  student: { id: 'trainings.customers.status.STUDENT', defaultMessage: 'Inscrit' },
  blockedByTeacher: { id: 'trainings.customers.status.blockedByTeacher', defaultMessage: 'Bloqué' },
  blockedByExpiration: { id: 'trainings.customers.status.blockedByExpiration', defaultMessage: 'Accès expiré' },
  abandonedCart: { id: 'trainings.customers.status.ABANDONED_CART', defaultMessage: 'Panier abandonné' },
  removeTitle: { id: 'trainings.customers.removeTitle', defaultMessage: 'Retirer cet apprenant ?' },
  cancel: { id: 'trainings.customers.cancel', defaultMessage: 'Annuler' },
  removing: { id: 'trainings.customers.removing', defaultMessage: 'Retrait…' },
  bypassDrip: { id: 'trainings.customers.bypassDrip', defaultMessage: 'Tous les éléments ouverts' },
});
const mv = {
  count: defineMessage<{ count: number }>({ id: 'trainings.customers.count', defaultMessage: '{count, plural, =0 {Aucun apprenant} one {# apprenant} other {# apprenants}}' }),
  countWithCarts: defineMessage<{ count: number; carts: number }>({
    id: 'trainings.customers.countWithCarts',
    defaultMessage: '{count, plural, =0 {Aucun apprenant} one {# apprenant} other {# apprenants}} · {carts, plural, one {# panier abandonné} other {# paniers abandonnés}}',
  }),
  results: defineMessage<{ count: number }>({ id: 'trainings.customers.results', defaultMessage: '{count, plural, =0 {Aucun résultat} one {# résultat} other {# résultats}}' }),
  enrolledOn: defineMessage<{ date: string }>({ id: 'trainings.customers.enrolledOn', defaultMessage: 'Inscription : {date}' }),
  expiresOn: defineMessage<{ date: string }>({ id: 'trainings.customers.expiresOn', defaultMessage: 'Accès jusqu’au {date}' }),
  showDocumentsLabel: defineMessage<{ name: string }>({ id: 'trainings.customers.documents.showLabel', defaultMessage: 'Documents de {name}' }),
  hideDocumentsLabel: defineMessage<{ name: string }>({ id: 'trainings.customers.documents.hideLabel', defaultMessage: 'Masquer les documents de {name}' }),
  removeBody: defineMessage<{ name: string }>({
    id: 'trainings.customers.removeBody',
    defaultMessage: '{name} n’aura plus accès à la formation et sa progression sera effacée. Son compte reste dans votre espace.',
  }),
};

/** /formations/:uuid/apprenants: the learners of a training (any signed-in role reads; editors add, import, block, remove). */
export function CustomersPage() {
  return <TrainingFrame tab="customers">{(training) => <CustomersPanel training={training} />}</TrainingFrame>;
}

type RowAction = { kind: 'block' | 'unblock'; enrolment: Enrolment };

function CustomersPanel({ training }: { training: Training }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const canEdit = useCanEditTraining();
  // The search and its page (a new search starts on page 1), kept in the address.
  const search = useSearchBox({ inUrl: true });
  const { page } = search;
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<Enrolment | null>(null);
  // The learner whose documents row is open (attendance certificate, Qualiopi evidence).
  const [documentsOf, setDocumentsOf] = useState<string | null>(null);
  const storeUuid = AuthActor.useSelector((snapshot) => snapshot.context.user?.store.uuid ?? '');

  const list = useQuery({ ...trainingCustomersQuery(training.uuid, { page, perPage: PER_PAGE, q: search.query }), placeholderData: keepPreviousData });
  // Every page and search of this training's learners, and the learner count in the training.
  const refresh = () => refreshTrainingCustomers(queryClient, training.uuid);

  const action = useRequest(async (input: RowAction, signal) => {
    await setTrainingCustomerBlocked(training.uuid, input.enrolment.customer.uuid, input.kind === 'block', signal);
    await refresh();
  });
  const removal = useConfirmedDeletion<Enrolment>({
    remove: (enrolment, signal) => removeTrainingCustomer(training.uuid, enrolment.customer.uuid, signal),
    onDeleted: refresh,
  });

  const statusOf = (enrolment: Enrolment) => {
    if (enrolment.customer_type === 'ABANDONED_CART') return <span className="pill">{intl.formatMessage(m.abandonedCart)}</span>;
    if (enrolment.customer_type === 'BLOCKED')
      return <span className="pill pill--danger">{intl.formatMessage(enrolment.blocked_reason === 'BY_EXPIRATION' ? m.blockedByExpiration : m.blockedByTeacher)}</span>;
    return <span className="pill pill--success">{intl.formatMessage(m.student)}</span>;
  };
  const date = (iso: string | null) => (iso ? intl.formatDate(iso, { dateStyle: 'medium' }) : intl.formatMessage(m.never));
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const count = () => {
    // A search counts what it found, abandoned carts included (they are rows of the table).
    if (search.isSearching) return list.data ? intl.formatMessage(mv.results, { count: total }) : undefined;
    // Without a search: the learners, as /formations counts them (customers_count leaves abandoned carts out).
    // The unfiltered list's total counts every row, so the difference is the abandoned carts (no extra request);
    // only read from this list's own answer, never from a previous search's kept on screen.
    const count = training.customers_count;
    const carts = list.data && !list.isPlaceholderData ? list.data.meta.total - count : 0;
    return carts > 0 ? intl.formatMessage(mv.countWithCarts, { count, carts }) : intl.formatMessage(mv.count, { count });
  };

  return (
    <Card
      title={intl.formatMessage(m.title)}
      description={count()}
      actions={
        canEdit ? (
          <div className="form-actions">
            <Button variant="secondary" onPress={() => setImporting(true)} data-testid="customers-import-open">
              {intl.formatMessage(m.import)}
            </Button>
            <Button onPress={() => setAdding(true)} data-testid="customers-add-open">
              {intl.formatMessage(m.add)}
            </Button>
          </div>
        ) : undefined
      }
    >
      <div className="stack" data-testid="training-customers">
        <SearchBox field={search.field} label={intl.formatMessage(m.search)} placeholder={intl.formatMessage(m.searchPlaceholder)} clearLabel={intl.formatMessage(m.clear)} data-testid="customers-search" />
        <FormError>{failureText(intl, action.error)}</FormError>
        {list.isPending ? (
          <div className="loading-state">
            <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
          </div>
        ) : list.isError ? (
          <Banner variant="danger" title={intl.formatMessage(m.failed)} action={<Button variant="secondary" onPress={() => void list.refetch()}>{intl.formatMessage(commonMessages.retry)}</Button>} />
        ) : rows.length === 0 ? (
          search.isSearching ? (
            <p className="muted">{intl.formatMessage(m.noMatch)}</p>
          ) : (
            <div className="empty-state" data-testid="customers-empty">
              <h3 className="empty-state__title">{intl.formatMessage(m.emptyTitle)}</h3>
              <p className="page-lead">{intl.formatMessage(canEdit ? m.emptyBody : m.emptyReadOnly)}</p>
            </div>
          )
        ) : (
          <div className="table-scroll customers-table-box">
            <table className="data-table customers-table" aria-label={intl.formatMessage(m.title)} aria-busy={list.isFetching || undefined}>
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(m.colLearner)}</th>
                  <th scope="col">{intl.formatMessage(m.colStatus)}</th>
                  <th scope="col" className="data-table__num">
                    {intl.formatMessage(m.colProgress)}
                  </th>
                  <th scope="col" className="customers-table__enrolled">
                    {intl.formatMessage(m.colEnrolled)}
                  </th>
                  <th scope="col">{intl.formatMessage(m.colLastSeen)}</th>
                  {canEdit && (
                    <th scope="col">
                      <span className="customers-table__actions-head">{intl.formatMessage(m.colActions)}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map((enrolment) => {
                  const { display_name: name, email } = enrolment.customer;
                  const documentsOpen = documentsOf === enrolment.customer.uuid;
                  return (
                    <Fragment key={enrolment.uuid}>
                      <tr data-testid="customer-row">
                        <td className="customers-table__learner">
                          <div className="customer-cell">
                            {enrolment.customer_type === 'ABANDONED_CART' ? (
                              <strong title={name}>{name}</strong>
                            ) : (
                              // The name opens the learner's documents (a row under it): no column of its own, the
                              // table already fills its box at 1280 px.
                              <RACButton
                                className="customer-cell__toggle"
                                aria-expanded={documentsOpen}
                                aria-label={intl.formatMessage(documentsOpen ? mv.hideDocumentsLabel : mv.showDocumentsLabel, { name })}
                                onPress={() => setDocumentsOf(documentsOpen ? null : enrolment.customer.uuid)}
                                data-testid="customer-documents-toggle"
                              >
                                <strong title={name}>{name}</strong>
                                <svg viewBox="0 0 20 20" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false" className="customer-cell__chevron">
                                  <path d={documentsOpen ? 'M5 8l5 5 5-5' : 'M8 5l5 5-5 5'} />
                                </svg>
                              </RACButton>
                            )}
                            <span className="muted" title={email}>
                              {email}
                            </span>
                            {/* Shown instead of the Inscription column when the table is narrow. */}
                            <span className="muted customer-cell__enrolled">{intl.formatMessage(mv.enrolledOn, { date: date(enrolment.enrolled_at) })}</span>
                          </div>
                        </td>
                        <td>
                          {statusOf(enrolment)}
                          {(enrolment.expires_at || enrolment.bypass_drip) && (
                            <div className="customer-access">
                              {enrolment.expires_at && (
                                <span data-testid="customer-expires">
                                  {intl.formatMessage(mv.expiresOn, { date: intl.formatDate(enrolment.expires_at, { dateStyle: 'medium', timeStyle: 'short' }) })}
                                </span>
                              )}
                              {enrolment.bypass_drip && <span data-testid="customer-bypass">{intl.formatMessage(m.bypassDrip)}</span>}
                            </div>
                          )}
                        </td>
                        <td className="data-table__num">{intl.formatNumber(enrolment.progress / 100, { style: 'percent', maximumFractionDigits: 0 })}</td>
                        <td className="customers-table__enrolled">{date(enrolment.enrolled_at)}</td>
                        <td>{date(enrolment.last_connection_at)}</td>
                        {canEdit && (
                          <td>
                            <CustomerActions
                              enrolment={enrolment}
                              isDisabled={action.isSubmitting || removal.isDeleting}
                              onAction={(kind) => (kind === 'remove' ? removal.ask(enrolment) : kind === 'edit' ? setEditing(enrolment) : action.submit({ kind, enrolment }))}
                            />
                          </td>
                        )}
                      </tr>
                      {documentsOpen && (
                        <tr className="customers-table__documents">
                          <td colSpan={canEdit ? 6 : 5}>
                            <TrainingDocuments storeUuid={storeUuid} customerUuid={enrolment.customer.uuid} trainingUuid={training.uuid} kinds={['attendance', 'qualiopi']} />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {list.data && <Pagination page={list.data.meta.current_page} lastPage={list.data.meta.last_page} onChange={search.setPage} />}
      </div>

      {canEdit && (
        <>
          <AddCustomerModal trainingUuid={training.uuid} isOpen={adding} onOpenChange={setAdding} onAdded={refresh} />
          <ImportCustomersModal trainingUuid={training.uuid} isOpen={importing} onOpenChange={setImporting} onImported={refresh} />
          <EditEnrolmentModal trainingUuid={training.uuid} enrolment={editing} onClose={() => setEditing(null)} onSaved={refresh} />
          <DeleteConfirmDialog
            deletion={removal}
            title={intl.formatMessage(m.removeTitle)}
            confirmLabel={intl.formatMessage(customerActionMessages.remove)}
            cancelLabel={intl.formatMessage(m.cancel)}
            pendingLabel={intl.formatMessage(m.removing)}
          >
            {(enrolment) => intl.formatMessage(mv.removeBody, { name: enrolment.customer.display_name })}
          </DeleteConfirmDialog>
        </>
      )}
    </Card>
  );
}
