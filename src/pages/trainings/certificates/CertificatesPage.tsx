import { useQueryClient } from '@tanstack/react-query';
import { Switch } from 'react-aria-components';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { failureText } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { TrainingStatusBadge } from '../../../components/StatusBadge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { FormError } from '../../../components/ui/Form';
import { TextLink } from '../../../components/ui/Link';
import { Spinner } from '../../../components/ui/Spinner';
import { commonMessages } from '../../../i18n/commonMessages';
import { SearchBox } from '../list/SearchBox';
import { Pagination } from '../shared/Pagination';
import { saveListedTraining, useTrainingPages } from '../shared/useTrainingPages';
import { trainingTabHref } from '../training/trainingTabs';
import '../../pages.css';
import '../shared/trainingPages.css';

const m = defineMessages({
  title: { id: 'trainings.certificates.title', defaultMessage: 'Certificats' },
  lead: { id: 'trainings.certificates.lead', defaultMessage: 'Choisissez les formations qui délivrent un certificat de réussite aux apprenants qui les terminent.' },
  search: { id: 'trainings.certificates.search', defaultMessage: 'Rechercher une formation' },
  searchPlaceholder: { id: 'trainings.certificates.searchPlaceholder', defaultMessage: 'Nom de la formation' },
  clear: { id: 'trainings.certificates.clear', defaultMessage: 'Effacer la recherche' },
  colTraining: { id: 'trainings.certificates.colTraining', defaultMessage: 'Formation' },
  colStatus: { id: 'trainings.certificates.colStatus', defaultMessage: 'Statut' },
  colCertificate: { id: 'trainings.certificates.colCertificate', defaultMessage: 'Certificat' },
  on: { id: 'trainings.certificates.on', defaultMessage: 'Activé' },
  off: { id: 'trainings.certificates.off', defaultMessage: 'Désactivé' },
  empty: { id: 'trainings.certificates.empty', defaultMessage: 'Vous n’avez pas encore de formation.' },
  noMatch: { id: 'trainings.certificates.noMatch', defaultMessage: 'Aucune formation ne correspond à cette recherche.' },
  failed: { id: 'trainings.certificates.failed', defaultMessage: 'Les formations n’ont pas pu être chargées.' },
});
const switchLabel = defineMessage<{ name: string }>({ id: 'trainings.certificates.switchLabel', defaultMessage: 'Certificat pour « {name} »' });

/** /formations/certificats (OWNER, ADMIN): the certificate switch of every training (PUT {certificate_enabled}). */
export function CertificatesPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { search, list, rows, setPage } = useTrainingPages();
  const toggle = useRequest(({ uuid, enabled }: { uuid: string; enabled: boolean }, signal) => saveListedTraining(queryClient, uuid, { certificate_enabled: enabled }, signal).then(() => undefined));

  return (
    <div className="trainings-admin" data-testid="certificates-page">
      <header className="page-header">
        <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
        <p className="page-lead">{intl.formatMessage(m.lead)}</p>
      </header>
      <SearchBox field={search.field} label={intl.formatMessage(m.search)} placeholder={intl.formatMessage(m.searchPlaceholder)} clearLabel={intl.formatMessage(m.clear)} />
      <FormError>{failureText(intl, toggle.error)}</FormError>
      {list.isPending ? (
        <div className="loading-state">
          <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
        </div>
      ) : list.isError ? (
        <Banner variant="danger" title={intl.formatMessage(m.failed)} action={<Button variant="secondary" onPress={() => void list.refetch()}>{intl.formatMessage(commonMessages.retry)}</Button>} />
      ) : rows.length === 0 ? (
        <p className="empty-state">{intl.formatMessage(search.isSearching ? m.noMatch : m.empty)}</p>
      ) : (
        <div className="table-scroll ui-card">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.colTraining)}</th>
                <th scope="col">{intl.formatMessage(m.colStatus)}</th>
                <th scope="col">{intl.formatMessage(m.colCertificate)}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((training) => (
                <tr key={training.uuid} data-testid="certificate-row">
                  <td>
                    <TextLink href={trainingTabHref(training.uuid, 'settings')}>{training.name}</TextLink>
                  </td>
                  <td>
                    <TrainingStatusBadge status={training.status} />
                  </td>
                  <td>
                    <Switch
                      className="switch"
                      isSelected={training.certificate_enabled}
                      isDisabled={toggle.isSubmitting}
                      onChange={(enabled) => toggle.submit({ uuid: training.uuid, enabled })}
                      aria-label={intl.formatMessage(switchLabel, { name: training.name })}
                      data-testid="certificate-switch"
                    >
                      <span className="switch__track" aria-hidden="true">
                        <span className="switch__thumb" />
                      </span>
                      <span className="switch__text">{intl.formatMessage(training.certificate_enabled ? m.on : m.off)}</span>
                    </Switch>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && <Pagination page={list.data.meta.current_page} lastPage={list.data.meta.last_page} onChange={setPage} />}
    </div>
  );
}
