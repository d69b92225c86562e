import { useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { Card } from '../../../components/ui/Card';
import { AccessRulesForm, useAccessRulesForm } from '../shared/AccessRulesForm';
import { saveTraining, type Training } from '../../../api/trainingsApi';

const m = defineMessages({
  title: { id: 'trainings.settings.access', defaultMessage: 'Accès et inscriptions' },
});

/** Places, access duration, end of enrolment, drip release and certificate of one training (machines/accessRules). */
export function SettingsAccessCard({ training }: { training: Training }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const form = useAccessRulesForm({
    rules: training,
    certificate: training.certificate_enabled,
    save: (body, signal) => saveTraining(queryClient, training.uuid, body, signal),
  });
  return (
    <Card title={intl.formatMessage(m.title)}>
      <AccessRulesForm form={form} layout="card" />
    </Card>
  );
}
