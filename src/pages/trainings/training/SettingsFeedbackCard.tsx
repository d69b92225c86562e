import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { failureText } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Checkbox } from '../../../components/ui/Checkbox';
import { Form, FormError } from '../../../components/ui/Form';
import { settingsMessages } from './settingsMessages';
import { saveFeedbackOptions, type FeedbackOptions, type Training } from '../../../api/trainingsApi';

const m = defineMessages({
  title: { id: 'trainings.settings.feedback', defaultMessage: 'Avis sur les leçons' },
  lead: { id: 'trainings.settings.feedbackLead', defaultMessage: 'Demandez leur avis aux apprenants à la fin de chaque leçon.' },
  enabled: { id: 'trainings.settings.feedback.enabled', defaultMessage: 'Demander un avis à la fin de chaque leçon' },
  rating: { id: 'trainings.settings.feedback.rating', defaultMessage: 'Note de 1 à 5 étoiles' },
  comment: { id: 'trainings.settings.feedback.comment', defaultMessage: 'Commentaire libre' },
  mandatory: { id: 'trainings.settings.feedback.mandatory', defaultMessage: 'Obligatoire pour passer à la leçon suivante' },
});

/** The lesson feedback options of a training (PUT …/feedback_options). */
export function SettingsFeedbackCard({ training }: { training: Training }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [options, setOptions] = useState<FeedbackOptions>(training.feedback_options);
  const request = useRequest(async (body: FeedbackOptions, signal) => {
    await saveFeedbackOptions(queryClient, training.uuid, body, signal);
  });
  const toggle = (field: keyof FeedbackOptions) => (value: boolean) => setOptions((current) => ({ ...current, [field]: value }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.submit(options);
  };

  return (
    <Card title={intl.formatMessage(m.title)} description={intl.formatMessage(m.lead)}>
      <Form className="stack" onSubmit={onSubmit} data-testid="settings-feedback">
        {request.hasSucceeded && (
          <Banner variant="success" role="status">
            {intl.formatMessage(settingsMessages.saved)}
          </Banner>
        )}
        <FormError>{failureText(intl, request.error)}</FormError>
        <Checkbox isSelected={options.enabled} onChange={toggle('enabled')} data-testid="feedback-enabled">
          {intl.formatMessage(m.enabled)}
        </Checkbox>
        {/* The details only mean something while feedback is asked. */}
        <div className="stack settings-feedback__details">
          <Checkbox isSelected={options.rating_enabled} onChange={toggle('rating_enabled')} isDisabled={!options.enabled}>
            {intl.formatMessage(m.rating)}
          </Checkbox>
          <Checkbox isSelected={options.comment_enabled} onChange={toggle('comment_enabled')} isDisabled={!options.enabled}>
            {intl.formatMessage(m.comment)}
          </Checkbox>
          <Checkbox isSelected={options.mandatory} onChange={toggle('mandatory')} isDisabled={!options.enabled}>
            {intl.formatMessage(m.mandatory)}
          </Checkbox>
        </div>
        <div className="form-actions">
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(settingsMessages.saving)} data-testid="settings-feedback-save">
            {intl.formatMessage(settingsMessages.save)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
