import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import {
  adminStoresQuery,
  markSponsorPayoutPaid,
  pendingSponsorPayoutsQuery,
  refreshAdminStores,
  refreshSponsorPayouts,
  updateStoreCapabilities,
  userSwitchesQuery,
  type AdminStore,
  type Capabilities,
  type SponsorPayout,
} from '../../api/adminApi';
import { failureText } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { useUserSwitch } from '../../app/userSwitch';
import { SearchBox, useSearchBox } from '../../components/catalogue/SearchBox';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { ListStates } from '../../components/ui/ListStates';
import { Pagination } from '../../components/ui/Pagination';
import { showToast } from '../../components/ui/toastQueue';
import { formatEuros } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { adminMessages } from './adminMessages';
import '../pages.css';
import '../../components/catalogue/catalogue.css';
import './admin.css';

const FLAGS = ['hide_copywriter', 'hide_community', 'hide_sales', 'hide_discounts', 'hide_affiliation', 'hide_plan'] as const;
type Flag = (typeof FLAGS)[number];

const m = defineMessages({
  lead: { id: 'admin.operations.lead', defaultMessage: 'Trouvez une école par le début de son sous-domaine ou de l’e-mail de son propriétaire, réglez ses options entreprise ou connectez-vous en tant que son propriétaire.' },
  search: { id: 'admin.operations.search', defaultMessage: 'Rechercher une école' },
  searchPlaceholder: { id: 'admin.operations.searchPlaceholder', defaultMessage: 'Sous-domaine, e-mail du propriétaire ou identifiant' },
  clear: { id: 'admin.operations.clear', defaultMessage: 'Effacer la recherche' },
  stores: { id: 'admin.operations.stores', defaultMessage: 'Écoles' },
  failed: { id: 'admin.operations.failed', defaultMessage: 'Les écoles n’ont pas pu être chargées.' },
  noMatch: { id: 'admin.operations.noMatch', defaultMessage: 'Aucune école ne correspond.' },
  emptyTitle: { id: 'admin.operations.emptyTitle', defaultMessage: 'Aucune école' },
  emptyBody: { id: 'admin.operations.emptyBody', defaultMessage: 'Les écoles apparaîtront ici dès la première inscription.' },
  colStore: { id: 'admin.operations.col.store', defaultMessage: 'École' },
  colOwner: { id: 'admin.operations.col.owner', defaultMessage: 'Propriétaire' },
  colFlags: { id: 'admin.operations.col.flags', defaultMessage: 'Options entreprise (masquer)' },
  colActions: { id: 'admin.operations.col.actions', defaultMessage: 'Actions' },
  noOwner: { id: 'admin.operations.noOwner', defaultMessage: 'Aucun propriétaire' },
  saved: { id: 'admin.operations.saved', defaultMessage: 'Options enregistrées.' },
  switching: { id: 'admin.operations.switching', defaultMessage: 'Connexion…' },
  switch: { id: 'admin.operations.switch', defaultMessage: 'Se connecter' },
  log: { id: 'admin.operations.log', defaultMessage: 'Journal des prises de contrôle' },
  logFailed: { id: 'admin.operations.logFailed', defaultMessage: 'Le journal n’a pas pu être chargé.' },
  logNoMatch: { id: 'admin.operations.logNoMatch', defaultMessage: 'Aucune prise de contrôle ne correspond.' },
  logEmptyTitle: { id: 'admin.operations.logEmptyTitle', defaultMessage: 'Aucune prise de contrôle' },
  logEmptyBody: { id: 'admin.operations.logEmptyBody', defaultMessage: 'Chaque connexion en tant qu’un utilisateur sera inscrite ici.' },
  colWhen: { id: 'admin.operations.col.when', defaultMessage: 'Date' },
  colAdmin: { id: 'admin.operations.col.admin', defaultMessage: 'Administrateur' },
  colUser: { id: 'admin.operations.col.user', defaultMessage: 'Connecté en tant que' },
  payouts: { id: 'admin.payouts.title', defaultMessage: 'Versements de parrainage à payer' },
  payoutsLead: { id: 'admin.payouts.lead', defaultMessage: 'Payez l’école par les informations données, puis marquez le versement comme payé : ses commissions passent à « Versée ».' },
  payoutsFailed: { id: 'admin.payouts.failed', defaultMessage: 'Les versements n’ont pas pu être chargés.' },
  payoutsEmptyTitle: { id: 'admin.payouts.emptyTitle', defaultMessage: 'Aucun versement à payer' },
  payoutsEmptyBody: { id: 'admin.payouts.emptyBody', defaultMessage: 'Les demandes de versement des parrains apparaîtront ici.' },
  colRequested: { id: 'admin.payouts.col.requested', defaultMessage: 'Demandé le' },
  colAmount: { id: 'admin.payouts.col.amount', defaultMessage: 'Montant HT' },
  colPayment: { id: 'admin.payouts.col.payment', defaultMessage: 'Paiement' },
  invoice: { id: 'admin.payouts.invoice', defaultMessage: 'Facture' },
  markPaid: { id: 'admin.payouts.markPaid', defaultMessage: 'Marquer comme payé' },
  marking: { id: 'admin.payouts.marking', defaultMessage: 'Enregistrement…' },
  marked: { id: 'admin.payouts.marked', defaultMessage: 'Versement marqué comme payé.' },
});
const mv = {
  switchAs: defineMessage<{ email: string }>({ id: 'admin.operations.switchAs', defaultMessage: 'Se connecter en tant que {email}' }),
  flagLabel: defineMessage<{ flag: string; store: string }>({ id: 'admin.operations.flagLabel', defaultMessage: '{flag} pour {store}' }),
};
const flagNames: Record<Flag, MessageDescriptor> = defineMessages({
  hide_copywriter: { id: 'admin.flag.hide_copywriter', defaultMessage: 'Assistant IA' },
  hide_community: { id: 'admin.flag.hide_community', defaultMessage: 'Communauté' },
  hide_sales: { id: 'admin.flag.hide_sales', defaultMessage: 'Ventes' },
  hide_discounts: { id: 'admin.flag.hide_discounts', defaultMessage: 'Réductions' },
  hide_affiliation: { id: 'admin.flag.hide_affiliation', defaultMessage: 'Affiliation' },
  hide_plan: { id: 'admin.flag.hide_plan', defaultMessage: 'Abonnement' },
});

interface FlagChange {
  store: AdminStore;
  flag: Flag;
  value: boolean;
}

/** /admin/operations: store search, enterprise flags, switch to the owner, the switches' audit log (platform admins). */
export function AdminOperationsPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const search = useSearchBox({ inUrl: true });
  const stores = useQuery({ ...adminStoresQuery(search.query, search.page), placeholderData: keepPreviousData });
  const [logPage, setLogPage] = useState(1);
  const switches = useQuery({ ...userSwitchesQuery(logPage), placeholderData: keepPreviousData });
  const switcher = useUserSwitch();
  const flags = useRequest<FlagChange>(async ({ store, flag, value }, signal) => {
    await updateStoreCapabilities(store.uuid, { [flag]: value } as Partial<Capabilities>, signal);
    await refreshAdminStores(queryClient);
    showToast({ title: intl.formatMessage(m.saved), variant: 'success' });
  });
  const rows = stores.data?.data ?? [];
  const logRows = switches.data?.data ?? [];
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className="page stack" data-testid="admin-operations">
      <header>
        <h1 className="page-title">{intl.formatMessage(adminMessages.operations)}</h1>
        <p className="page-lead">{intl.formatMessage(m.lead)}</p>
      </header>
      {switcher.failure && <Banner variant="danger" title={failureText(intl, switcher.failure)} />}
      {flags.error && <Banner variant="danger" title={failureText(intl, flags.error)} />}
      <Card title={intl.formatMessage(m.stores)}>
        <div className="stack">
          <SearchBox field={search.field} label={intl.formatMessage(m.search)} placeholder={intl.formatMessage(m.searchPlaceholder)} clearLabel={intl.formatMessage(m.clear)} data-testid="admin-stores-search" />
          <ListStates query={stores} isEmpty={rows.length === 0} isFiltered={search.isSearching} testId="admin-stores" messages={m}>
            <div className="table-scroll">
              <table className="data-table" data-testid="admin-stores-table">
                <thead>
                  <tr>
                    <th scope="col">{intl.formatMessage(m.colStore)}</th>
                    <th scope="col">{intl.formatMessage(m.colOwner)}</th>
                    <th scope="col">{intl.formatMessage(m.colFlags)}</th>
                    <th scope="col">{intl.formatMessage(m.colActions)}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((store) => (
                    <tr key={store.uuid} data-testid={`admin-store-${store.subdomain}`}>
                      <td>
                        <strong>{store.subdomain}</strong>
                        <div className="muted">{intl.formatMessage(adminMessages[store.plan])}</div>
                      </td>
                      <td>{store.owner ? store.owner.email : <span className="muted">{intl.formatMessage(m.noOwner)}</span>}</td>
                      <td>
                        <div className="admin-flags">
                          {FLAGS.map((flag) => (
                            <Checkbox
                              key={flag}
                              isSelected={store.enterprise_capabilities[flag]}
                              isDisabled={flags.isSubmitting}
                              onChange={(value) => flags.submit({ store, flag, value })}
                              aria-label={intl.formatMessage(mv.flagLabel, { flag: intl.formatMessage(flagNames[flag]), store: store.subdomain })}
                              data-testid={`flag-${flag}`}
                            >
                              {intl.formatMessage(flagNames[flag])}
                            </Checkbox>
                          ))}
                        </div>
                      </td>
                      <td>
                        {store.owner && (
                          <Button
                            variant="secondary"
                            size="sm"
                            isDisabled={switcher.isSwitching}
                            // The kit's pending state keeps the label (and so the button's name, which holds it) and shows
                            // a spinner named "Connexion…"; swapping the text left the name without it (axe: label-content-name-mismatch).
                            isPending={switcher.busyUuid === store.owner.uuid}
                            pendingLabel={intl.formatMessage(m.switching)}
                            onPress={() => switcher.switchTo({ uuid: store.owner!.uuid, email: store.owner!.email })}
                            data-testid="switch-to-owner"
                            aria-label={intl.formatMessage(mv.switchAs, { email: store.owner.email })}
                          >
                            {intl.formatMessage(m.switch)}
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={search.page} lastPage={stores.data?.meta.last_page ?? 1} onChange={search.setPage} />
          </ListStates>
        </div>
      </Card>
      <SponsorPayoutsCard />
      <Card title={intl.formatMessage(m.log)}>
        <ListStates query={switches} isEmpty={logRows.length === 0} isFiltered={false} testId="admin-switches" messages={{ failed: m.logFailed, noMatch: m.logNoMatch, emptyTitle: m.logEmptyTitle, emptyBody: m.logEmptyBody }}>
          <div className="table-scroll">
            <table className="data-table" data-testid="admin-switches-table">
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(m.colWhen)}</th>
                  <th scope="col">{intl.formatMessage(m.colAdmin)}</th>
                  <th scope="col">{intl.formatMessage(m.colUser)}</th>
                  <th scope="col">{intl.formatMessage(m.colStore)}</th>
                </tr>
              </thead>
              <tbody>
                {logRows.map((row) => (
                  <tr key={row.uuid}>
                    <td>{date(row.created_at)}</td>
                    <td>{row.admin.email}</td>
                    <td>{row.user.email}</td>
                    <td>{row.subdomain}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={logPage} lastPage={switches.data?.meta.last_page ?? 1} onChange={setLogPage} />
        </ListStates>
      </Card>
    </div>
  );
}

/** The sponsorship payouts the stores asked for, oldest first, each marked paid once the platform has paid it. */
function SponsorPayoutsCard() {
  const intl = useIntl();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const payouts = useQuery({ ...pendingSponsorPayoutsQuery(page), placeholderData: keepPreviousData });
  const mark = useRequest<SponsorPayout>(async (payout, signal) => {
    await markSponsorPayoutPaid(payout.id, signal);
    await refreshSponsorPayouts(queryClient);
    showToast({ title: intl.formatMessage(m.marked), variant: 'success' });
  });
  const rows = payouts.data?.data ?? [];
  return (
    <Card title={intl.formatMessage(m.payouts)} description={intl.formatMessage(m.payoutsLead)}>
      {mark.error && <Banner variant="danger" title={failureText(intl, mark.error)} />}
      <ListStates
        query={payouts}
        isEmpty={rows.length === 0}
        isFiltered={false}
        testId="admin-payouts"
        messages={{ failed: m.payoutsFailed, noMatch: m.payoutsEmptyTitle, emptyTitle: m.payoutsEmptyTitle, emptyBody: m.payoutsEmptyBody }}
      >
        <div className="table-scroll">
          <table className="data-table" aria-label={intl.formatMessage(m.payouts)} data-testid="admin-payouts-table">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.colRequested)}</th>
                <th scope="col">{intl.formatMessage(m.colStore)}</th>
                <th scope="col" className="data-table__num">
                  {intl.formatMessage(m.colAmount)}
                </th>
                <th scope="col">{intl.formatMessage(m.colPayment)}</th>
                <th scope="col">{intl.formatMessage(m.colActions)}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((payout) => (
                <tr key={payout.id} data-testid="admin-payout-row">
                  <td>{intl.formatDate(payout.requested_at, { dateStyle: 'medium' })}</td>
                  <td>{payout.sponsor.subdomain}</td>
                  <td className="data-table__num">{formatEuros(payout.amount, locale)}</td>
                  <td>
                    <span className="admin-payout__information">{payout.payment_information}</span>
                    <a href={payout.invoice_url} target="_blank" rel="noopener noreferrer nofollow">
                      {intl.formatMessage(m.invoice)}
                    </a>
                  </td>
                  <td>
                    <Button size="sm" variant="secondary" onPress={() => mark.submit(payout)} isDisabled={mark.isSubmitting} data-testid="admin-payout-paid">
                      {mark.isSubmitting ? intl.formatMessage(m.marking) : intl.formatMessage(m.markPaid)}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={page} lastPage={payouts.data?.meta.last_page ?? 1} onChange={setPage} />
      </ListStates>
    </Card>
  );
}
