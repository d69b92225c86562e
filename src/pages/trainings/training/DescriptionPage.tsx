import { useMemo, useState, type FormEvent } from 'react';
import DOMPurify from 'dompurify';
import { useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { failureText, fieldErrors } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Form, FormError } from '../../../components/ui/Form';
import { hasRichFormatting, htmlToPlainText, plainTextToHtml } from '../shared/plainTextHtml';
import { TextAreaField } from '../shared/TextAreaField';
import { settingsMessages } from './settingsMessages';
import { TrainingFrame } from './TrainingFrame';
import { saveTraining, type Training, type TrainingUpdate } from './trainingQuery';

const m = defineMessages({
  title: { id: 'trainings.description.title', defaultMessage: 'Description' },
  lead: { id: 'trainings.description.lead', defaultMessage: 'Le résumé apparaît dans le catalogue ; la description sur la page de vente.' },
  summary: { id: 'trainings.description.summary', defaultMessage: 'Résumé' },
  summaryHint: { id: 'trainings.description.summaryHint', defaultMessage: 'Une ou deux phrases, sans mise en forme.' },
  description: { id: 'trainings.description.description', defaultMessage: 'Description de la page de vente' },
  descriptionHint: { id: 'trainings.description.descriptionHint', defaultMessage: 'Une ligne vide sépare deux paragraphes.' },
  richWarning: { id: 'trainings.description.richWarning', defaultMessage: "Cette description contient une mise en forme (titres, listes, gras…) que ce champ n'affiche pas : l'enregistrer la remplacera par du texte simple." },
  preview: { id: 'trainings.description.preview', defaultMessage: 'Aperçu de la page de vente' },
  previewEmpty: { id: 'trainings.description.previewEmpty', defaultMessage: 'Pas encore de description.' },
});

/** /formations/:uuid/description: the catalogue summary and the sales-page description. */
export function DescriptionPage() {
  return <TrainingFrame tab="description">{(training) => <DescriptionPanel training={training} />}</TrainingFrame>;
}

function DescriptionPanel({ training }: { training: Training }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [summary, setSummary] = useState(training.summary ?? '');
  const [text, setText] = useState(() => htmlToPlainText(training.description ?? ''));
  const request = useRequest((body: TrainingUpdate, signal) => saveTraining(queryClient, training.uuid, body, signal).then(() => undefined));
  const html = plainTextToHtml(text);
  // What learners will see, sanitised like every HTML the app renders.
  const preview = useMemo(() => DOMPurify.sanitize(html), [html]);
  const richStored = hasRichFormatting(training.description ?? '');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.submit({ summary: summary.trim() === '' ? null : summary.trim(), description: html === '' ? null : html });
  };

  return (
    <Card title={intl.formatMessage(m.title)} description={intl.formatMessage(m.lead)}>
      <Form className="stack" onSubmit={onSubmit} data-testid="description-form">
        {request.hasSucceeded && (
          <Banner variant="success" role="status">
            {intl.formatMessage(settingsMessages.saved)}
          </Banner>
        )}
        <FormError>{failureText(intl, request.error, ['summary', 'description'])}</FormError>
        <TextAreaField
          name="summary"
          label={intl.formatMessage(m.summary)}
          description={intl.formatMessage(m.summaryHint)}
          value={summary}
          onChange={(value) => setSummary(value.replace(/\s*\n\s*/g, ' '))}
          maxLength={200}
          rows={2}
          showCount
          errorMessage={fieldErrors(request.error, 'summary')}
        />
        {richStored && <Banner variant="warning">{intl.formatMessage(m.richWarning)}</Banner>}
        <TextAreaField
          name="description"
          label={intl.formatMessage(m.description)}
          description={intl.formatMessage(m.descriptionHint)}
          value={text}
          onChange={setText}
          rows={10}
          errorMessage={fieldErrors(request.error, 'description')}
        />
        <section className="description-preview" aria-label={intl.formatMessage(m.preview)}>
          <h3 className="description-preview__title">{intl.formatMessage(m.preview)}</h3>
          {preview === '' ? (
            <p className="muted">{intl.formatMessage(m.previewEmpty)}</p>
          ) : (
            <div className="description-preview__body" data-testid="description-preview" dangerouslySetInnerHTML={{ __html: preview }} />
          )}
        </section>
        <div className="form-actions">
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(settingsMessages.saving)} data-testid="description-save">
            {intl.formatMessage(settingsMessages.save)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
