import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { failureText, fieldErrors } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Form, FormError } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import '../../../components/catalogue/catalogue.css';
import { settingsMessages } from './settingsMessages';
import { TrainingImageField } from './TrainingImageField';
import { saveTrainingSeo, type Training, type TrainingSeoUpdate as SeoUpdate } from '../../../api/trainingsApi';

const m = defineMessages({
  title: { id: 'trainings.settings.seo', defaultMessage: 'Référencement (SEO)' },
  lead: { id: 'trainings.settings.seoLead', defaultMessage: 'Ce que montrent les moteurs de recherche et les réseaux sociaux quand on partage la page de la formation.' },
  seoTitle: { id: 'trainings.settings.seoTitle', defaultMessage: 'Titre' },
  seoTitleHint: { id: 'trainings.settings.seoTitleHint', defaultMessage: 'Vide : le nom de la formation.' },
  seoDescription: { id: 'trainings.settings.seoDescription', defaultMessage: 'Description' },
  seoImage: { id: 'trainings.settings.seoImage', defaultMessage: 'Image de partage' },
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** Search-engine title, description and sharing image of a training (PUT …/seo). */
export function SettingsSeoCard({ training }: { training: Training }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [description, setDescription] = useState(training.seo_data.description ?? '');
  const [image, setImage] = useState<string | null>(training.seo_data.image ?? null);
  const request = useRequest(async (body: SeoUpdate, signal) => {
    await saveTrainingSeo(queryClient, training.uuid, body, signal);
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    request.submit({ title: orNull(String(data.get('seo_title') ?? '')), description: orNull(description), image });
  };

  return (
    <Card title={intl.formatMessage(m.title)} description={intl.formatMessage(m.lead)}>
      <Form className="stack" onSubmit={onSubmit} data-testid="settings-seo">
        {request.hasSucceeded && (
          <Banner variant="success" role="status">
            {intl.formatMessage(settingsMessages.saved)}
          </Banner>
        )}
        <FormError>{failureText(intl, request.error, ['title', 'description', 'image'])}</FormError>
        <TextField
          name="seo_title"
          label={intl.formatMessage(m.seoTitle)}
          description={intl.formatMessage(m.seoTitleHint)}
          defaultValue={training.seo_data.title ?? ''}
          maxLength={128}
          errorMessage={fieldErrors(request.error, 'title')}
        />
        <TextAreaField
          name="seo_description"
          label={intl.formatMessage(m.seoDescription)}
          value={description}
          onChange={setDescription}
          maxLength={320}
          showCount
          errorMessage={fieldErrors(request.error, 'description')}
        />
        <TrainingImageField trainingUuid={training.uuid} label={intl.formatMessage(m.seoImage)} value={image} onChange={setImage} errorMessage={fieldErrors(request.error, 'image')} testId="seo-image" />
        <div className="form-actions">
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(settingsMessages.saving)} data-testid="settings-seo-save">
            {intl.formatMessage(settingsMessages.save)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
