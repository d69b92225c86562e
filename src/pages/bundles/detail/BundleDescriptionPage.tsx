import { useMemo, useState, type FormEvent } from 'react';
import DOMPurify from 'dompurify';
import { useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { storeBundle, updateBundle, type Bundle } from '../../../api/bundlesApi';
import { failureText, fieldErrors } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Form, FormError } from '../../../components/ui/Form';
import { hasRichFormatting, htmlToPlainText, plainTextToHtml } from '../../trainings/shared/plainTextHtml';
import { TextAreaField } from '../../trainings/shared/TextAreaField';
import { BundleFrame } from './BundleFrame';

const m = defineMessages({
  title: { id: 'bundles.description.title', defaultMessage: 'Description' },
  lead: { id: 'bundles.description.lead', defaultMessage: 'Elle présente le pack sur sa page de vente ; la description courte, dans les paramètres, sert au catalogue.' },
  description: { id: 'bundles.description.description', defaultMessage: 'Description de la page de vente' },
  hint: { id: 'bundles.description.hint', defaultMessage: 'Une ligne vide sépare deux paragraphes.' },
  richWarning: { id: 'bundles.description.richWarning', defaultMessage: "Cette description contient une mise en forme (titres, listes, gras…) que ce champ n'affiche pas : l'enregistrer la remplacera par du texte simple." },
  preview: { id: 'bundles.description.preview', defaultMessage: 'Aperçu de la page de vente' },
  previewEmpty: { id: 'bundles.description.previewEmpty', defaultMessage: 'Pas encore de description.' },
  save: { id: 'bundles.description.save', defaultMessage: 'Enregistrer' },
  saving: { id: 'bundles.description.saving', defaultMessage: 'Enregistrement…' },
  saved: { id: 'bundles.description.saved', defaultMessage: 'Enregistré !' },
});

/**
 * /packs/:uuid/description: the sales-page description of a bundle. Typed like a training's (the shared
 * plain text ↔ HTML helpers: blank lines make paragraphs) until the app has a rich-text editor, with the
 * preview learners will see, sanitised like every HTML the app renders.
 */
export function BundleDescriptionPage() {
  return <BundleFrame tab="description">{(bundle) => <DescriptionPanel bundle={bundle} />}</BundleFrame>;
}

function DescriptionPanel({ bundle }: { bundle: Bundle }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => htmlToPlainText(bundle.description ?? ''));
  const request = useRequest(async (description: string | null, signal) => {
    await storeBundle(queryClient, await updateBundle(bundle.uuid, { description }, signal));
  });
  const html = plainTextToHtml(text);
  const preview = useMemo(() => DOMPurify.sanitize(html), [html]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.submit(html === '' ? null : html);
  };

  return (
    <Card title={intl.formatMessage(m.title)} description={intl.formatMessage(m.lead)}>
      <Form className="stack" onSubmit={onSubmit} data-testid="bundle-description-form">
        {request.hasSucceeded && (
          <Banner variant="success" role="status">
            {intl.formatMessage(m.saved)}
          </Banner>
        )}
        <FormError>{failureText(intl, request.error, ['description'])}</FormError>
        {hasRichFormatting(bundle.description ?? '') && <Banner variant="warning">{intl.formatMessage(m.richWarning)}</Banner>}
        <TextAreaField
          name="description"
          label={intl.formatMessage(m.description)}
          description={intl.formatMessage(m.hint)}
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
            <div className="description-preview__body" data-testid="bundle-description-preview" dangerouslySetInnerHTML={{ __html: preview }} />
          )}
        </section>
        <div className="form-actions">
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving)} data-testid="bundle-description-save">
            {intl.formatMessage(m.save)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
