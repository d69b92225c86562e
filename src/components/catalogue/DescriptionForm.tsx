import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Failure } from '../../../shared/failure';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../ui/Banner';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Form, FormError } from '../ui/Form';
import { Spinner } from '../ui/Spinner';
import { DESCRIPTION_MAX_LENGTH, htmlLength } from '../../editor/htmlLength';
import { editorMessages } from '../../editor/ui/editorMessages';
import { settingsMessages } from '../../pages/trainings/training/settingsMessages';
import { TextAreaField } from '../ui/TextAreaField';
import './catalogue.css';
import './DescriptionForm.css';

// ProseMirror comes with the editor, in its own chunk: the pages that do not edit rich text never load it.
const RichTextEditor = lazy(() => import('../RichTextEditor'));

const m = defineMessages({
  summary: { id: 'trainings.description.summary', defaultMessage: 'Résumé' },
  summaryHint: { id: 'trainings.description.summaryHint', defaultMessage: 'Une ou deux phrases, sans mise en forme.' },
  description: { id: 'trainings.description.description', defaultMessage: 'Description de la page de vente' },
  descriptionHint: { id: 'trainings.description.richHint', defaultMessage: 'Titres, listes, gras, italique et liens apparaissent tels quels sur la page de vente.' },
  placeholder: { id: 'trainings.description.placeholder', defaultMessage: 'Présentez le contenu : à qui il s’adresse, ce qu’on y apprend, comment il se déroule…' },
});

/** What the form saves: the description always, the summary when the form shows it. */
export interface DescriptionBody {
  summary?: string | null;
  description: string | null;
}

export interface DescriptionFormProps {
  title: ReactNode;
  lead: ReactNode;
  /** The stored sales-page description (HTML). */
  description: string | null;
  /** The catalogue summary, edited here for a training; a bundle has its own in its settings (undefined). */
  summary?: string | null;
  save: (body: DescriptionBody, signal: AbortSignal) => Promise<void>;
}

/**
 * The description tab of a training or a bundle: the sales-page description in the rich-text editor (and the
 * catalogue summary for a training), saved in one request.
 */
export function DescriptionForm({ title, lead, description, summary: storedSummary, save }: DescriptionFormProps) {
  const intl = useIntl();
  const withSummary = storedSummary !== undefined;
  const [summary, setSummary] = useState(storedSummary ?? '');
  const [html, setHtml] = useState(description ?? '');
  const request = useRequest((body: DescriptionBody, signal) => save(body, signal));
  const tooLong = htmlLength(html) > DESCRIPTION_MAX_LENGTH;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The editor already says why under the text; the server would refuse it too.
    if (tooLong) return;
    const body: DescriptionBody = { description: html === '' ? null : html };
    if (withSummary) body.summary = summary.trim() === '' ? null : summary.trim();
    request.submit(body);
  };

  return (
    <Card title={title} description={lead}>
      <Form className="stack" onSubmit={onSubmit} data-testid="description-form">
        {request.hasSucceeded && (
          <Banner variant="success" role="status">
            {intl.formatMessage(settingsMessages.saved)}
          </Banner>
        )}
        <FormError>{failureText(intl, request.error, ['summary', 'description'])}</FormError>
        {withSummary && (
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
        )}
        <Suspense fallback={<EditorLoading label={intl.formatMessage(m.description)} />}>
          <RichTextEditor
            label={intl.formatMessage(m.description)}
            description={intl.formatMessage(m.descriptionHint)}
            placeholder={intl.formatMessage(m.placeholder)}
            value={html}
            onChange={setHtml}
            maxLength={DESCRIPTION_MAX_LENGTH}
            isDisabled={request.isSubmitting}
            errorMessage={joinErrors(request.error)}
          />
        </Suspense>
        <div className="form-actions">
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(settingsMessages.saving)} data-testid="description-save">
            {intl.formatMessage(settingsMessages.save)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

const joinErrors = (failure: Failure | null) => fieldErrors(failure, 'description')?.join(', ') || undefined;

/** Stand-in while the editor's chunk loads, at the editor's size so the page does not jump. */
function EditorLoading({ label }: { label: string }) {
  const intl = useIntl();
  return (
    <div className="ui-field">
      <span className="ui-field__label">{label}</span>
      <div className="description-form__loading">
        <Spinner aria-label={intl.formatMessage(editorMessages.loading)} />
      </div>
    </div>
  );
}
