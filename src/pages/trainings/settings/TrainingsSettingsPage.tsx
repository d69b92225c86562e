import { useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { saveListedTraining, type TrainingSummary } from '../../../api/trainingsApi';
import { accessFormMessages, accessMessages } from '../shared/accessMessages';
import { AccessRulesForm, useAccessRulesForm } from '../shared/AccessRulesForm';
import { TrainingTablePage } from '../shared/TrainingTablePage';
import { useTrainingPages } from '../shared/useTrainingPages';

const m = defineMessages({
  title: { id: 'trainings.rules.title', defaultMessage: 'Réglages des formations' },
  lead: { id: 'trainings.rules.lead', defaultMessage: 'Les règles d’accès de toutes vos formations au même endroit. Un champ vide signifie sans limite.' },
  colTraining: { id: 'trainings.rules.colTraining', defaultMessage: 'Formation' },
});

/**
 * /formations/parametres (OWNER, ADMIN): every training's access rules (places, access duration, end of
 * enrolment, drip release) in one table, each row edited in place and saved on its own.
 */
export function TrainingsSettingsPage() {
  const intl = useIntl();
  const pages = useTrainingPages();
  return (
    <TrainingTablePage title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.lead)} data-testid="trainings-settings-page" pages={pages}>
      {(rows) => (
        <div className="table-scroll ui-card rules-table-box">
          <table className="data-table rules-table">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.colTraining)}</th>
                <th scope="col">{intl.formatMessage(accessMessages.maxCustomers)}</th>
                <th scope="col">{intl.formatMessage(accessMessages.duration)}</th>
                <th scope="col">{intl.formatMessage(accessMessages.endsAt)}</th>
                <th scope="col">{intl.formatMessage(accessMessages.drip)}</th>
                <th scope="col">
                  <span className="visually-hidden">{intl.formatMessage(accessFormMessages.rowSave)}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((training) => (
                <RulesRow key={training.uuid} training={training} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TrainingTablePage>
  );
}

/** One training's rules, edited in place and saved on its own (machines/accessRules, the shared form). */
function RulesRow({ training }: { training: TrainingSummary }) {
  const queryClient = useQueryClient();
  const form = useAccessRulesForm({ rules: training, save: (body, signal) => saveListedTraining(queryClient, training.uuid, body, signal) });
  return <AccessRulesForm form={form} layout="row" training={training} />;
}
