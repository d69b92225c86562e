import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { failureText, fieldErrors } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Form, FormError } from '../../../components/ui/Form';
import { settingsMessages } from './settingsMessages';
import { TrainingImageField } from './TrainingImageField';
import { saveTraining, type Training } from './trainingQuery';

const m = defineMessages({
  title: { id: 'trainings.settings.picture', defaultMessage: 'Image de la formation' },
  lead: { id: 'trainings.settings.pictureLead', defaultMessage: 'Affichée dans le catalogue et en tête de la page de vente (format 16:9 conseillé).' },
  label: { id: 'trainings.settings.pictureLabel', defaultMessage: 'Image' },
});

/** The picture of a training (PUT /trainings/{uuid} {picture}). */
export function SettingsPictureCard({ training }: { training: Training }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [picture, setPicture] = useState<string | null>(training.picture);
  const request = useRequest((value: string | null, signal) => saveTraining(queryClient, training.uuid, { picture: value }, signal).then(() => undefined));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.submit(picture);
  };
  return (
    <Card title={intl.formatMessage(m.title)} description={intl.formatMessage(m.lead)}>
      <Form className="stack" onSubmit={onSubmit} data-testid="settings-picture">
        {request.hasSucceeded && (
          <Banner variant="success" role="status">
            {intl.formatMessage(settingsMessages.saved)}
          </Banner>
        )}
        <FormError>{failureText(intl, request.error, ['picture'])}</FormError>
        <TrainingImageField trainingUuid={training.uuid} label={intl.formatMessage(m.label)} value={picture} onChange={setPicture} errorMessage={fieldErrors(request.error, 'picture')} testId="training-picture" />
        <div className="form-actions">
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(settingsMessages.saving)} data-testid="settings-picture-save">
            {intl.formatMessage(settingsMessages.save)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
