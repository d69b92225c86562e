import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { failureText, fieldErrors } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Banner } from '../../../components/ui/Banner';
import { Card } from '../../../components/ui/Card';
import { FormError } from '../../../components/ui/Form';
import { Spinner } from '../../../components/ui/Spinner';
import { settingsMessages } from './settingsMessages';
import { TrainingImageField } from './TrainingImageField';
import { saveTraining, type Training } from '../../../api/trainingsApi';

const m = defineMessages({
  title: { id: 'trainings.settings.picture', defaultMessage: 'Image de la formation' },
  lead: { id: 'trainings.settings.pictureLead', defaultMessage: 'Affichée dans le catalogue et en tête de la page de vente (format 16:9 conseillé).' },
});

/**
 * The picture of a training: saved (PUT /trainings/{uuid} {picture}) as soon as a new one is uploaded or the
 * current one removed, since an uploaded picture nobody saves would be lost.
 */
export function SettingsPictureCard({ training }: { training: Training }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [picture, setPicture] = useState<string | null>(training.picture);
  const request = useRequest((value: string | null, signal) => saveTraining(queryClient, training.uuid, { picture: value }, signal).then(() => undefined));
  return (
    <Card title={intl.formatMessage(m.title)} description={intl.formatMessage(m.lead)}>
      <div className="stack" data-testid="settings-picture">
        {request.hasSucceeded && (
          <Banner variant="success" role="status">
            {intl.formatMessage(settingsMessages.saved)}
          </Banner>
        )}
        {request.isSubmitting && <Spinner size="sm" aria-label={intl.formatMessage(settingsMessages.saving)} />}
        <FormError>{failureText(intl, request.error, ['picture'])}</FormError>
        <TrainingImageField
          trainingUuid={training.uuid}
          // The card's title names the field (for screen readers too); no second, visible "Image" under it.
          label={intl.formatMessage(m.title)}
          isLabelHidden
          value={picture}
          onChange={(value) => {
            setPicture(value);
            request.submit(value);
          }}
          errorMessage={fieldErrors(request.error, 'picture')}
          testId="training-picture"
        />
      </div>
    </Card>
  );
}
