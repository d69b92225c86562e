import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import type { Failure } from '../../../../shared/failure';
import { storeBundle, updateBundle, type Bundle, type BundleUpdate } from '../../../api/bundlesApi';
import { failureText, fieldErrors } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Form, FormError } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { ChoiceGroup } from '../../../components/ui/ChoiceGroup';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import '../../../components/catalogue/catalogue.css';
import { NAME_MAX, SUMMARY_MAX } from '../../../components/catalogue/nameSummaryRules';
import { BUNDLE_STATUSES, bundleStatusExplanations, bundleStatusLabels, type BundleStatus } from '../../../components/catalogue/bundleStatusMessages';
import { BundleFrame } from './BundleFrame';

const m = defineMessages({
  general: { id: 'bundles.settings.general', defaultMessage: 'Informations générales' },
  name: { id: 'bundles.settings.name', defaultMessage: 'Nom du pack' },
  nameRequired: { id: 'bundles.settings.nameRequired', defaultMessage: 'Le nom est obligatoire.' },
  slug: { id: 'bundles.settings.slug', defaultMessage: 'Adresse (slug)' },
  slugHint: { id: 'bundles.settings.slugHint', defaultMessage: 'Lettres minuscules sans accents, chiffres et tirets.' },
  status: { id: 'bundles.settings.status', defaultMessage: 'Statut' },
  summary: { id: 'bundles.settings.summary', defaultMessage: 'Description courte' },
  seo: { id: 'bundles.settings.seo', defaultMessage: 'Référencement (SEO)' },
  seoLead: { id: 'bundles.settings.seoLead', defaultMessage: 'Ce que montrent les moteurs de recherche et les réseaux sociaux quand on partage la page du pack.' },
  seoTitle: { id: 'bundles.settings.seoTitle', defaultMessage: 'Titre' },
  seoTitleHint: { id: 'bundles.settings.seoTitleHint', defaultMessage: 'Vide : le nom du pack.' },
  seoDescription: { id: 'bundles.settings.seoDescription', defaultMessage: 'Description' },
  save: { id: 'bundles.settings.save', defaultMessage: 'Enregistrer' },
  saving: { id: 'bundles.settings.saving', defaultMessage: 'Enregistrement…' },
  saved: { id: 'bundles.settings.saved', defaultMessage: 'Enregistré !' },
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** /packs/:uuid/parametres: name, slug, status and short description; the search-engine texts. */
export function BundleSettingsPage() {
  return (
    <BundleFrame tab="settings">
      {(bundle) => (
        <>
          <GeneralCard bundle={bundle} />
          <SeoCard bundle={bundle} />
        </>
      )}
    </BundleFrame>
  );
}

/** A save of some fields of the bundle through the request machine; the answer goes into the cache. */
function useBundleSave(bundle: Bundle) {
  const queryClient = useQueryClient();
  return useRequest(async (body: BundleUpdate, signal) => {
    await storeBundle(queryClient, await updateBundle(bundle.uuid, body, signal));
  });
}

/** The slug taken by another bundle answers 409: its message belongs on the slug field. */
const slugErrors = (failure: Failure | null) => (failure?.status === 409 ? [failure.message] : fieldErrors(failure, 'slug'));

function GeneralCard({ bundle }: { bundle: Bundle }) {
  const intl = useIntl();
  const [values, setValues] = useState({ name: bundle.name, slug: bundle.slug, summary: bundle.summary ?? '' });
  const [status, setStatus] = useState<BundleStatus>(bundle.status);
  const [tried, setTried] = useState(false);
  const request = useBundleSave(bundle);
  const nameMissing = tried && values.name.trim() === '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (values.name.trim() === '') return;
    request.submit({ name: values.name.trim(), slug: values.slug.trim(), status, summary: orNull(values.summary) });
  };
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  return (
    <Card title={intl.formatMessage(m.general)}>
      <Form className="stack" onSubmit={onSubmit} data-testid="bundle-settings-general">
        {request.hasSucceeded && (
          <Banner variant="success" role="status">
            {intl.formatMessage(m.saved)}
          </Banner>
        )}
        <FormError>{request.error?.status === 409 ? undefined : failureText(intl, request.error, ['name', 'slug', 'status', 'summary'])}</FormError>
        <TextField
          name="name"
          label={intl.formatMessage(m.name)}
          value={values.name}
          onChange={set('name')}
          isRequired
          maxLength={NAME_MAX}
          errorMessage={nameMissing ? intl.formatMessage(m.nameRequired) : fieldErrors(request.error, 'name')}
        />
        <TextField
          name="slug"
          label={intl.formatMessage(m.slug)}
          description={intl.formatMessage(m.slugHint)}
          value={values.slug}
          onChange={set('slug')}
          isRequired
          maxLength={160}
          errorMessage={slugErrors(request.error)}
        />
        <ChoiceGroup
          label={intl.formatMessage(m.status)}
          value={status}
          onChange={setStatus}
          name="status"
          testId="bundle-status-choice"
          choices={BUNDLE_STATUSES.map((value) => ({
            value,
            label: intl.formatMessage(bundleStatusLabels[value]),
            description: intl.formatMessage(bundleStatusExplanations[value]),
          }))}
        />
        <TextAreaField
          name="summary"
          label={intl.formatMessage(m.summary)}
          value={values.summary}
          onChange={set('summary')}
          maxLength={SUMMARY_MAX}
          showCount
          errorMessage={fieldErrors(request.error, 'summary')}
        />
        <div className="form-actions">
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving)} data-testid="bundle-settings-save">
            {intl.formatMessage(m.save)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function SeoCard({ bundle }: { bundle: Bundle }) {
  const intl = useIntl();
  const [title, setTitle] = useState(bundle.seo_data.title ?? '');
  const [description, setDescription] = useState(bundle.seo_data.description ?? '');
  const request = useBundleSave(bundle);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.submit({ seo_data: { title: orNull(title), description: orNull(description) } });
  };

  return (
    <Card title={intl.formatMessage(m.seo)} description={intl.formatMessage(m.seoLead)}>
      <Form className="stack" onSubmit={onSubmit} data-testid="bundle-settings-seo">
        {request.hasSucceeded && (
          <Banner variant="success" role="status">
            {intl.formatMessage(m.saved)}
          </Banner>
        )}
        <FormError>{failureText(intl, request.error, ['seo_data.title', 'seo_data.description'])}</FormError>
        <TextField
          name="seo_title"
          label={intl.formatMessage(m.seoTitle)}
          description={intl.formatMessage(m.seoTitleHint)}
          value={title}
          onChange={setTitle}
          maxLength={128}
          errorMessage={fieldErrors(request.error, 'seo_data.title')}
        />
        <TextAreaField
          name="seo_description"
          label={intl.formatMessage(m.seoDescription)}
          value={description}
          onChange={setDescription}
          maxLength={320}
          showCount
          errorMessage={fieldErrors(request.error, 'seo_data.description')}
        />
        <div className="form-actions">
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving)} data-testid="bundle-seo-save">
            {intl.formatMessage(m.save)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
