import { Fragment, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { bundlesListQuery } from '../../api/bundlesApi';
import { customerConnectionsQuery, customerQuery, customerTrainingQuery, enrolCustomer, refreshCustomers } from '../../api/customersApi';
import { customerInvoicesQuery, downloadCustomerInvoice } from '../../api/invoicesApi';
import { trainingChoicesQuery } from '../../api/trainingsApi';
import { AuthActor } from '../../app/auth';
import { failureText } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { InvoiceList } from '../../components/invoices/InvoiceList';
import { Checkbox } from '../../components/ui/Checkbox';
import { Form, FormError } from '../../components/ui/Form';
import { TextLink } from '../../components/ui/Link';
import { Pagination } from '../../components/ui/Pagination';
import { Spinner } from '../../components/ui/Spinner';
import { showToast } from '../../components/ui/toastQueue';
import { commonMessages } from '../../i18n/commonMessages';
import { NotesPanel, PrivateDataPanel, TagsPanel } from './CrmPanels';
import { CustomerFormModal } from './CustomerFormModal';
import { blockedReasonLabels, CUSTOMER_WRITERS, customerTypeLabels, customerTypeTone, deviceLabels, enrollmentLabels } from './customersMessages';
import '../pages.css';
import '../../components/catalogue/catalogue.css';
import '../sales/sales.css';
import { TrainingDocuments } from './TrainingDocuments';
import { TrainingPayments } from './TrainingPayments';
import './customers.css';

const m = defineMessages({
  back: { id: 'customer.back', defaultMessage: '← Tous les apprenants' },
  failed: { id: 'customer.failed', defaultMessage: 'Cet apprenant n’a pas pu être chargé.' },
  edit: { id: 'customer.edit', defaultMessage: 'Modifier' },
  activated: { id: 'customer.activated', defaultMessage: 'Compte activé' },
  notActivated: { id: 'customer.notActivated', defaultMessage: 'Compte pas encore activé' },
  since: { id: 'customer.since', defaultMessage: 'Inscrit le' },
  lastConnection: { id: 'customer.lastConnection', defaultMessage: 'Dernière connexion' },
  never: { id: 'customer.never', defaultMessage: 'Jamais' },
  phone: { id: 'customer.phone', defaultMessage: 'Téléphone' },
  trainings: { id: 'customer.trainings', defaultMessage: 'Formations' },
  noTraining: { id: 'customer.noTraining', defaultMessage: 'Inscrit à aucune formation.' },
  colTraining: { id: 'customer.col.training', defaultMessage: 'Formation' },
  colStatus: { id: 'customer.col.status', defaultMessage: 'Statut' },
  colEnrollment: { id: 'customer.col.enrollment', defaultMessage: 'Inscription' },
  colProgress: { id: 'customer.col.progress', defaultMessage: 'Progression' },
  colDetail: { id: 'customer.col.detail', defaultMessage: 'Détail' },
  bypassDrip: { id: 'customer.bypassDrip', defaultMessage: 'Tout le contenu ouvert' },
  show: { id: 'customer.detail.show', defaultMessage: 'Voir' },
  hide: { id: 'customer.detail.hide', defaultMessage: 'Masquer' },
  detailFailed: { id: 'customer.detail.failed', defaultMessage: 'Le détail n’a pas pu être chargé.' },
  items: { id: 'customer.detail.items', defaultMessage: 'Contenu' },
  done: { id: 'customer.detail.done', defaultMessage: 'Terminé' },
  locked: { id: 'customer.detail.locked', defaultMessage: 'Verrouillé' },
  open: { id: 'customer.detail.open', defaultMessage: 'Ouvert' },
  enrol: { id: 'customer.enrol.title', defaultMessage: 'Inscrire à une formation ou un pack' },
  enrolPick: { id: 'customer.enrol.pick', defaultMessage: 'Formation ou pack' },
  enrolChoose: { id: 'customer.enrol.choose', defaultMessage: 'Choisir…' },
  enrolTrainings: { id: 'customer.enrol.trainings', defaultMessage: 'Formations' },
  enrolBundles: { id: 'customer.enrol.bundles', defaultMessage: 'Packs' },
  enrolBypass: { id: 'customer.enrol.bypass', defaultMessage: 'Ouvrir tout le contenu dès maintenant' },
  enrolMail: { id: 'customer.enrol.mail', defaultMessage: 'Prévenir l’apprenant par e-mail' },
  enrolSubmit: { id: 'customer.enrol.submit', defaultMessage: 'Inscrire' },
  enrolled: { id: 'customer.enrol.done', defaultMessage: 'Apprenant inscrit' },
  connections: { id: 'customer.connections', defaultMessage: 'Connexions' },
  noConnection: { id: 'customer.connections.none', defaultMessage: 'Aucune connexion pour le moment.' },
  colDate: { id: 'customer.connections.date', defaultMessage: 'Date' },
  colDevice: { id: 'customer.connections.device', defaultMessage: 'Appareil' },
  colBrowser: { id: 'customer.connections.browser', defaultMessage: 'Navigateur' },
  invoices: { id: 'customer.invoices', defaultMessage: 'Factures' },
  noInvoice: { id: 'customer.invoices.none', defaultMessage: 'Aucune facture : elles sont émises à chaque paiement reçu.' },
  invoicesFailed: { id: 'customer.invoices.failed', defaultMessage: 'Les factures n’ont pas pu être chargées.' },
});
const mv = {
  blocked: defineMessage<{ reason: string }>({ id: 'customer.blockedReason', defaultMessage: 'Bloqué ({reason})' }),
  progress: defineMessage<{ value: number }>({ id: 'customer.progress', defaultMessage: '{value, number, ::percent .#}' }),
  showDetail: defineMessage<{ name: string }>({ id: 'customer.detail.showLabel', defaultMessage: 'Voir le détail de {name}' }),
  hideDetail: defineMessage<{ name: string }>({ id: 'customer.detail.hideLabel', defaultMessage: 'Masquer le détail de {name}' }),
};

/** One enrolment's items and payments, read when the row is opened. */
function TrainingDetail({ storeUuid, customerUuid, trainingUuid, canWrite }: { storeUuid: string; customerUuid: string; trainingUuid: string; canWrite: boolean }) {
  const intl = useIntl();
  const detail = useQuery(customerTrainingQuery(storeUuid, customerUuid, trainingUuid));
  // The items and the payments load side by side: each shows its own loading and failure.
  return (
    <div className="customer-detail" data-testid="customer-training-detail">
      <div>
        <h4 className="customer-detail__title">{intl.formatMessage(m.items)}</h4>
        {detail.isPending ? (
          <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
        ) : detail.isError ? (
          <Banner variant="danger">{intl.formatMessage(m.detailFailed)}</Banner>
        ) : (
          <ul className="customer-detail__items">
            {detail.data.items.map((item) => (
              <li key={item.item_id}>
                <span>{item.name}</span>{' '}
                <span className={`pill ${item.completed_at ? 'pill--success' : item.blocked ? 'pill--warning' : ''}`}>
                  {intl.formatMessage(item.completed_at ? m.done : item.blocked ? m.locked : m.open)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <TrainingPayments storeUuid={storeUuid} customerUuid={customerUuid} trainingUuid={trainingUuid} canWrite={canWrite} />
    </div>
  );
}

/** Enrols the learner BY_TEACHER in a training or each training of a bundle. */
function EnrolForm({ storeUuid, customerUuid }: { storeUuid: string; customerUuid: string }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const trainings = useQuery(trainingChoicesQuery());
  const bundles = useQuery(bundlesListQuery());
  const [pick, setPick] = useState('');
  const [bypass, setBypass] = useState(false);
  const [mail, setMail] = useState(true);
  const request = useRequest(async (_: null, signal) => {
    const [type, uuid] = pick.split(':') as ['TRAINING' | 'BUNDLE', string];
    await enrolCustomer(storeUuid, customerUuid, { buyable_type: type, buyable_uuid: uuid, bypass_drip: bypass, send_email: mail }, signal);
    showToast({ title: intl.formatMessage(m.enrolled), variant: 'success' });
    setPick('');
    await refreshCustomers(queryClient, storeUuid);
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pick) request.submit(null);
  };
  return (
    <Form className="stack customer-enrol" onSubmit={onSubmit} data-testid="customer-enrol">
      <h3 className="customer-section__title">{intl.formatMessage(m.enrol)}</h3>
      <FormError>{failureText(intl, request.error, [])}</FormError>
      <label className="native-field">
        <span className="ui-field__label">{intl.formatMessage(m.enrolPick)}</span>
        <select className="native-field__select" value={pick} onChange={(event) => setPick(event.target.value)}>
          <option value="">{intl.formatMessage(m.enrolChoose)}</option>
          <optgroup label={intl.formatMessage(m.enrolTrainings)}>
            {(trainings.data?.data ?? []).map((t) => (
              <option key={t.uuid} value={`TRAINING:${t.uuid}`}>
                {t.name}
              </option>
            ))}
          </optgroup>
          <optgroup label={intl.formatMessage(m.enrolBundles)}>
            {(bundles.data?.data ?? []).map((b) => (
              <option key={b.uuid} value={`BUNDLE:${b.uuid}`}>
                {b.name}
              </option>
            ))}
          </optgroup>
        </select>
      </label>
      <Checkbox isSelected={bypass} onChange={setBypass}>
        {intl.formatMessage(m.enrolBypass)}
      </Checkbox>
      <Checkbox isSelected={mail} onChange={setMail}>
        {intl.formatMessage(m.enrolMail)}
      </Checkbox>
      <div className="form-actions">
        <Button type="submit" variant="secondary" isDisabled={!pick} isPending={request.isSubmitting}>
          {intl.formatMessage(m.enrolSubmit)}
        </Button>
      </div>
    </Form>
  );
}

function Connections({ storeUuid, customerUuid }: { storeUuid: string; customerUuid: string }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const list = useQuery(customerConnectionsQuery(storeUuid, customerUuid, page));
  return (
    <Card title={intl.formatMessage(m.connections)}>
      {list.isPending ? (
        <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
      ) : list.isError ? (
        <Banner variant="danger">{intl.formatMessage(m.detailFailed)}</Banner>
      ) : list.data.data.length === 0 ? (
        <p className="muted">{intl.formatMessage(m.noConnection)}</p>
      ) : (
        <div className="stack" data-testid="customer-connections">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.colDate)}</th>
                <th scope="col">{intl.formatMessage(m.colDevice)}</th>
                <th scope="col">{intl.formatMessage(m.colBrowser)}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((connection) => (
                <tr key={connection.id}>
                  <td>{intl.formatDate(connection.connected_at, { dateStyle: 'medium', timeStyle: 'short' })}</td>
                  <td>{intl.formatMessage(deviceLabels[connection.device_type])}</td>
                  <td className="customer-connection__agent">{connection.user_agent ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={list.data.meta.current_page} lastPage={list.data.meta.last_page} onChange={setPage} />
        </div>
      )}
    </Card>
  );
}

/** The learner's invoices and credit notes, each downloadable as a PDF. */
function Invoices({ storeUuid, customerUuid }: { storeUuid: string; customerUuid: string }) {
  const intl = useIntl();
  const list = useQuery(customerInvoicesQuery(storeUuid, customerUuid));
  return (
    <Card title={intl.formatMessage(m.invoices)}>
      {list.isPending ? (
        <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
      ) : list.isError ? (
        <Banner variant="danger">{intl.formatMessage(m.invoicesFailed)}</Banner>
      ) : list.data.data.length === 0 ? (
        <p className="muted">{intl.formatMessage(m.noInvoice)}</p>
      ) : (
        <InvoiceList invoices={list.data.data} download={(invoice, signal) => downloadCustomerInvoice(storeUuid, customerUuid, invoice.id, signal)} />
      )}
    </Card>
  );
}

/** /apprenants/:uuid: a learner's profile, trainings (with progress and payments), CRM tags, notes, private details and connections. */
export function CustomerPage() {
  const intl = useIntl();
  const { uuid = '' } = useParams();
  const user = AuthActor.useSelector((snapshot) => snapshot.context.user);
  const storeUuid = user?.store.uuid ?? '';
  const canWrite = Boolean(user && (CUSTOMER_WRITERS.includes(user.role) || user.is_admin));
  const queryClient = useQueryClient();
  const customer = useQuery({ ...customerQuery(storeUuid, uuid), enabled: Boolean(storeUuid && uuid) });
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState<string | null>(null);

  if (customer.isPending) {
    return (
      <div className="page loading-state">
        <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
      </div>
    );
  }
  if (customer.isError) {
    return (
      <div className="page">
        <Banner variant="danger" title={intl.formatMessage(m.failed)} action={<Button variant="secondary" onPress={() => void customer.refetch()}>{intl.formatMessage(commonMessages.retry)}</Button>} />
      </div>
    );
  }
  const c = customer.data;
  return (
    <div className="page customer-page" data-testid="customer-page">
      <TextLink href="/apprenants">{intl.formatMessage(m.back)}</TextLink>
      <header className="sales-page__header">
        <div>
          <h1 className="page-title">{c.display_name}</h1>
          <p className="page-lead">
            {c.email} · <span className={`pill ${c.activated ? 'pill--success' : 'pill--warning'}`}>{intl.formatMessage(c.activated ? m.activated : m.notActivated)}</span>
          </p>
          <dl className="customer-facts">
            <div>
              <dt>{intl.formatMessage(m.since)}</dt>
              <dd>{intl.formatDate(c.created_at, { dateStyle: 'medium' })}</dd>
            </div>
            <div>
              <dt>{intl.formatMessage(m.lastConnection)}</dt>
              <dd>{c.last_connection_at ? intl.formatDate(c.last_connection_at, { dateStyle: 'medium', timeStyle: 'short' }) : intl.formatMessage(m.never)}</dd>
            </div>
            {c.phone && (
              <div>
                <dt>{intl.formatMessage(m.phone)}</dt>
                <dd>{c.phone}</dd>
              </div>
            )}
          </dl>
        </div>
        {canWrite && (
          <Button variant="secondary" onPress={() => setEditing(true)} data-testid="customer-edit">
            {intl.formatMessage(m.edit)}
          </Button>
        )}
      </header>

      <div className="customer-layout">
        <div className="stack customer-main">
          <Card title={intl.formatMessage(m.trainings)}>
            <div className="stack">
              {c.customer_trainings.length === 0 ? (
                <p className="muted">{intl.formatMessage(m.noTraining)}</p>
              ) : (
                <div className="table-scroll">
                  <table className="data-table" data-testid="customer-trainings">
                    <thead>
                      <tr>
                        <th scope="col">{intl.formatMessage(m.colTraining)}</th>
                        <th scope="col">{intl.formatMessage(m.colStatus)}</th>
                        <th scope="col">{intl.formatMessage(m.colEnrollment)}</th>
                        <th scope="col">{intl.formatMessage(m.colProgress)}</th>
                        <th scope="col">{intl.formatMessage(m.colDetail)}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {c.customer_trainings.map((enrolment) => {
                        const expanded = open === enrolment.training.uuid;
                        return (
                          <Fragment key={enrolment.uuid}>
                            <tr>
                              <td>
                                {enrolment.training.name}
                                {enrolment.bypass_drip && <div className="muted">{intl.formatMessage(m.bypassDrip)}</div>}
                              </td>
                              <td>
                                <span className={`pill ${customerTypeTone[enrolment.customer_type]}`}>
                                  {enrolment.customer_type === 'BLOCKED' && enrolment.blocked_reason
                                    ? intl.formatMessage(mv.blocked, { reason: intl.formatMessage(blockedReasonLabels[enrolment.blocked_reason]) })
                                    : intl.formatMessage(customerTypeLabels[enrolment.customer_type])}
                                </span>
                              </td>
                              <td>{intl.formatMessage(enrollmentLabels[enrolment.enrollment_type])}</td>
                              <td>{intl.formatMessage(mv.progress, { value: enrolment.progress / 100 })}</td>
                              <td>
                                <Button
                                  size="sm"
                                  variant="ghost"
                                  aria-expanded={expanded}
                                  aria-label={intl.formatMessage(expanded ? mv.hideDetail : mv.showDetail, { name: enrolment.training.name })}
                                  onPress={() => setOpen(expanded ? null : enrolment.training.uuid)}
                                >
                                  {intl.formatMessage(expanded ? m.hide : m.show)}
                                </Button>
                              </td>
                            </tr>
                            {expanded && (
                              <tr className="sales-table__sub">
                                <td colSpan={5}>
                                  {enrolment.customer_type !== 'ABANDONED_CART' && <TrainingDocuments storeUuid={storeUuid} customerUuid={c.uuid} trainingUuid={enrolment.training.uuid} />}
                                  <TrainingDetail storeUuid={storeUuid} customerUuid={c.uuid} trainingUuid={enrolment.training.uuid} canWrite={canWrite} />
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
              {canWrite && <EnrolForm storeUuid={storeUuid} customerUuid={c.uuid} />}
            </div>
          </Card>
          <NotesPanel storeUuid={storeUuid} customer={c} canWrite={canWrite} />
          <Invoices storeUuid={storeUuid} customerUuid={c.uuid} />
          <Connections storeUuid={storeUuid} customerUuid={c.uuid} />
        </div>
        <div className="stack customer-side">
          <TagsPanel storeUuid={storeUuid} customer={c} canWrite={canWrite} />
          <PrivateDataPanel key={c.uuid} storeUuid={storeUuid} customer={c} canWrite={canWrite} />
        </div>
      </div>
      {canWrite && (
        <CustomerFormModal
          key={editing ? 'open' : 'closed'}
          storeUuid={storeUuid}
          customer={c}
          isOpen={editing}
          onOpenChange={setEditing}
          onSaved={() => refreshCustomers(queryClient, storeUuid)}
        />
      )}
    </div>
  );
}
