import { useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { DescriptionForm } from '../../../components/catalogue/DescriptionForm';
import { TrainingFrame } from './TrainingFrame';
import { saveTraining } from '../../../api/trainingsApi';

const m = defineMessages({
  title: { id: 'trainings.description.title', defaultMessage: 'Description' },
  lead: { id: 'trainings.description.lead', defaultMessage: 'Le résumé apparaît dans le catalogue ; la description sur la page de vente.' },
});

/** /formations/:uuid/description: the catalogue summary and the sales-page description (rich text). */
export function DescriptionPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  return (
    <TrainingFrame tab="description">
      {(training) => (
        <DescriptionForm
          title={intl.formatMessage(m.title)}
          lead={intl.formatMessage(m.lead)}
          description={training.description}
          summary={training.summary}
          save={async (body, signal) => {
            await saveTraining(queryClient, training.uuid, body, signal);
          }}
        />
      )}
    </TrainingFrame>
  );
}
