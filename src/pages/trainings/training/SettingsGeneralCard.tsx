import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { failureText, fieldErrors } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Form, FormError } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { ChoiceGroup } from '../../../components/ui/ChoiceGroup';
import '../../../components/catalogue/catalogue.css';
import { TRAINING_STATUSES, trainingStatusExplanations, trainingStatusLabels, type TrainingStatus } from '../../../components/catalogue/trainingStatusMessages';
import { settingsMessages } from './settingsMessages';
import { saveTraining, type Training, type TrainingUpdate } from '../../../api/trainingsApi';

const m = defineMessages({
  title: { id: 'trainings.settings.general', defaultMessage: 'Informations générales' },
  name: { id: 'trainings.settings.name', defaultMessage: 'Nom de la formation' },
  slug: { id: 'trainings.settings.slug', defaultMessage: 'Adresse (slug)' },
  slugHint: { id: 'trainings.settings.slugHint', defaultMessage: 'Lettres minuscules sans accents, chiffres et tirets.' },
  status: { id: 'trainings.settings.status', defaultMessage: 'Statut' },
});
const preview = defineMessage<{ address: string }>({ id: 'trainings.settings.slugPreview', defaultMessage: 'Adresse publique : {address}' });

/** The learner-area address of a training (the lesson previews open the same place). */
export const publicTrainingAddress = (origin: string, slug: string) => `${origin}/mon-espace/formations/${slug}`;

/** Name, slug (with the public address it gives) and status of a training. */
export function SettingsGeneralCard({ training }: { training: Training }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [slug, setSlug] = useState(training.slug);
  const [status, setStatus] = useState<TrainingStatus>(training.status);
  const request = useRequest((body: TrainingUpdate, signal) => saveTraining(queryClient, training.uuid, body, signal).then(() => undefined));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    request.submit({ name: String(data.get('name') ?? '').trim(), slug: slug.trim(), status });
  };

  return (
    <Card title={intl.formatMessage(m.title)}>
      <Form className="stack" onSubmit={onSubmit} data-testid="settings-general">
        {request.hasSucceeded && (
          <Banner variant="success" role="status">
            {intl.formatMessage(settingsMessages.saved)}
          </Banner>
        )}
        <FormError>{failureText(intl, request.error, ['name', 'slug', 'status'])}</FormError>
        <TextField name="name" label={intl.formatMessage(m.name)} defaultValue={training.name} isRequired maxLength={128} errorMessage={fieldErrors(request.error, 'name')} />
        <TextField
          name="slug"
          label={intl.formatMessage(m.slug)}
          value={slug}
          onChange={setSlug}
          isRequired
          maxLength={160}
          description={
            <>
              {intl.formatMessage(m.slugHint)}{' '}
              <span data-testid="slug-preview">{intl.formatMessage(preview, { address: publicTrainingAddress(window.location.origin, slug.trim() || '…') })}</span>
            </>
          }
          errorMessage={fieldErrors(request.error, 'slug')}
        />
        <ChoiceGroup
          label={intl.formatMessage(m.status)}
          value={status}
          onChange={setStatus}
          layout="grid"
          name="status"
          testId="settings-status"
          choices={TRAINING_STATUSES.map((value) => ({
            value,
            label: intl.formatMessage(trainingStatusLabels[value]),
            description: intl.formatMessage(trainingStatusExplanations[value]),
          }))}
        />
        <div className="form-actions">
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(settingsMessages.saving)} data-testid="settings-general-save">
            {intl.formatMessage(settingsMessages.save)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
