import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { components } from '../../api/schema.gen';
import { updateStoreSeo, type SeoUpdate } from '../../api/settingsApi';
import { storeUploadApi } from '../../api/uploadApi';
import { AuthActor } from '../../app/auth';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { FileUploadField } from '../../components/upload/FileUploadField';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Form, FormError } from '../../components/ui/Form';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { SettingsFrame } from './SettingsFrame';
import { useStoreChanged } from './storeSaver';

type Store = components['schemas']['Store'];

const m = defineMessages({
  title: { id: 'settings.seo.title', defaultMessage: 'Référencement (SEO)' },
  lead: {
    id: 'settings.seo.lead',
    defaultMessage: 'Ce que les moteurs de recherche et les réseaux sociaux montrent de votre espace de formation.',
  },
  cardTitle: { id: 'settings.seo.card.title', defaultMessage: 'Titre, description et image de partage' },
  empty: {
    id: 'settings.seo.empty',
    defaultMessage: 'Rien n’est encore renseigné : les moteurs de recherche affichent le nom de votre espace et le début de sa page d’accueil.',
  },
  titleLabel: { id: 'settings.seo.field.title', defaultMessage: 'Titre' },
  titleHint: { id: 'settings.seo.field.titleHint', defaultMessage: 'Environ 60 caractères sont affichés dans les résultats de recherche.' },
  descriptionLabel: { id: 'settings.seo.field.description', defaultMessage: 'Description' },
  descriptionHint: { id: 'settings.seo.field.descriptionHint', defaultMessage: 'Environ 160 caractères sont affichés sous le titre.' },
  image: { id: 'settings.seo.field.image', defaultMessage: 'Image de partage' },
  imageHint: { id: 'settings.seo.field.imageHint', defaultMessage: 'Montrée quand un lien vers votre espace est partagé ; 1200 × 630 pixels conseillés.' },
  preview: { id: 'settings.seo.preview', defaultMessage: 'Aperçu dans un moteur de recherche' },
  save: { id: 'settings.seo.save', defaultMessage: 'Enregistrer' },
  saving: { id: 'settings.seo.saving', defaultMessage: 'Enregistrement…' },
  saved: { id: 'settings.seo.saved', defaultMessage: 'Référencement enregistré.' },
});

/** /parametres/seo (OWNER, ADMIN): the store's search-engine title, description and sharing image (updateStoreSeo). */
export function SeoSettingsPage() {
  const intl = useIntl();
  const store = AuthActor.useSelector((s) => s.context.user?.store ?? null);
  return (
    <SettingsFrame title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.lead)} testId="seo-settings-page">
      {store && <SeoCard store={store} />}
    </SettingsFrame>
  );
}

function SeoCard({ store }: { store: Store }) {
  const intl = useIntl();
  const changed = useStoreChanged();
  const [title, setTitle] = useState(store.seo_data.title ?? '');
  const [description, setDescription] = useState(store.seo_data.description ?? '');
  const [uploadApi] = useState(() => storeUploadApi(store.uuid, 'SEO_IMAGE'));
  const request = useRequest(async (body: SeoUpdate, signal) => {
    await changed(await updateStoreSeo(store.uuid, body, signal));
    return { message: intl.formatMessage(m.saved) };
  });
  const seo = store.seo_data;
  const isEmpty = !seo.title && !seo.description && !seo.image;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    request.submit({ title, description });
  };
  const edited = () => request.clearError();
  return (
    <Card title={intl.formatMessage(m.cardTitle)}>
      <Form onSubmit={onSubmit} className="stack" data-testid="seo-form">
        {isEmpty && (
          <Banner variant="info" data-testid="seo-empty">
            {intl.formatMessage(m.empty)}
          </Banner>
        )}
        <TextField
          label={intl.formatMessage(m.titleLabel)}
          description={intl.formatMessage(m.titleHint)}
          value={title}
          onChange={(value) => {
            setTitle(value);
            edited();
          }}
          maxLength={128}
          errorMessage={fieldErrors(request.error, 'title')}
          data-testid="seo-title"
        />
        <TextAreaField
          label={intl.formatMessage(m.descriptionLabel)}
          description={intl.formatMessage(m.descriptionHint)}
          value={description}
          onChange={(value) => {
            setDescription(value);
            edited();
          }}
          maxLength={320}
          showCount
          errorMessage={fieldErrors(request.error, 'description')}
          data-testid="seo-description"
        />
        <FileUploadField
          uploadApi={uploadApi}
          type="IMAGE"
          label={intl.formatMessage(m.image)}
          description={intl.formatMessage(m.imageHint)}
          value={seo.image ?? null}
          // The picture is saved as soon as it has arrived, like the logo and favicon of the general page.
          onChange={(image) => request.submit({ image })}
        />
        {(title.trim() || description.trim()) && (
          <figure className="settings-seo-preview" data-testid="seo-preview">
            <figcaption>{intl.formatMessage(m.preview)}</figcaption>
            <p className="settings-seo-preview__title">{title.trim()}</p>
            <p className="settings-seo-preview__description">{description.trim()}</p>
          </figure>
        )}
        <FormError>{failureText(intl, request.error, ['title', 'description'])}</FormError>
        {request.hasSucceeded && request.message && (
          <Banner variant="success" role="status" data-testid="seo-saved">
            {request.message}
          </Banner>
        )}
        <div className="form-actions">
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving)} data-testid="seo-save">
            {intl.formatMessage(m.save)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
