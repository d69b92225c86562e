import { useQueryClient } from '@tanstack/react-query';
import { Switch } from 'react-aria-components';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { failureText } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { TrainingStatusBadge } from '../../../components/StatusBadge';
import { FormError } from '../../../components/ui/Form';
import { TextLink } from '../../../components/ui/Link';
import { TrainingTablePage } from '../shared/TrainingTablePage';
import { saveListedTraining } from '../../../api/trainingsApi';
import { useTrainingPages } from '../shared/useTrainingPages';
import { trainingTabHref } from '../training/trainingTabs';

const m = defineMessages({
  title: { id: 'trainings.certificates.title', defaultMessage: 'Certificats' },
  lead: { id: 'trainings.certificates.lead', defaultMessage: 'Choisissez les formations qui délivrent un certificat de réussite aux apprenants qui les terminent.' },
  colTraining: { id: 'trainings.certificates.colTraining', defaultMessage: 'Formation' },
  colStatus: { id: 'trainings.certificates.colStatus', defaultMessage: 'Statut' },
  colCertificate: { id: 'trainings.certificates.colCertificate', defaultMessage: 'Certificat' },
  on: { id: 'trainings.certificates.on', defaultMessage: 'Activé' },
  off: { id: 'trainings.certificates.off', defaultMessage: 'Désactivé' },
});
const switchLabel = defineMessage<{ name: string }>({ id: 'trainings.certificates.switchLabel', defaultMessage: 'Certificat pour « {name} »' });

/** /formations/certificats (OWNER, ADMIN): the certificate switch of every training (PUT {certificate_enabled}). */
export function CertificatesPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const pages = useTrainingPages();
  const toggle = useRequest(({ uuid, enabled }: { uuid: string; enabled: boolean }, signal) => saveListedTraining(queryClient, uuid, { certificate_enabled: enabled }, signal).then(() => undefined));

  return (
    <TrainingTablePage title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.lead)} data-testid="certificates-page" pages={pages} notice={<FormError>{failureText(intl, toggle.error)}</FormError>}>
      {(rows) => (
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
    </TrainingTablePage>
  );
}
