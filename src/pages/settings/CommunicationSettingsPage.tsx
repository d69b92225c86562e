import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { components } from '../../api/schema.gen';
import type { StoreUpdate } from '../../api/storesApi';
import { AuthActor } from '../../app/auth';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Form, FormError } from '../../components/ui/Form';
import { TextField } from '../../components/ui/TextField';
import { SettingsFrame } from './SettingsFrame';
import { useStoreSaver } from './storeSaver';

type Store = components['schemas']['Store'];
type LegalLinks = Store['legal_links'];
type LegalField = keyof LegalLinks;

const m = defineMessages({
  title: { id: 'settings.communication.title', defaultMessage: 'Communications' },
  lead: {
    id: 'settings.communication.lead',
    defaultMessage: 'Vos pages légales et votre contact pour les données personnelles (RGPD), affichés en bas de votre espace de formation.',
  },
  pagesTitle: { id: 'settings.communication.pages.title', defaultMessage: 'Pages légales' },
  pagesLead: {
    id: 'settings.communication.pages.lead',
    defaultMessage: 'Les adresses de vos propres pages. Une page laissée vide n’est pas affichée à vos apprenants.',
  },
  empty: {
    id: 'settings.communication.empty',
    defaultMessage: 'Aucune page légale n’est renseignée : le pied de page de votre espace n’en montre aucune.',
  },
  terms: { id: 'settings.communication.terms', defaultMessage: 'Conditions générales de vente (CGV)' },
  privacy: { id: 'settings.communication.privacy', defaultMessage: 'Politique de confidentialité' },
  legalNotice: { id: 'settings.communication.legalNotice', defaultMessage: 'Mentions légales' },
  gdprTitle: { id: 'settings.communication.gdpr.title', defaultMessage: 'Données personnelles (RGPD)' },
  privacyEmail: { id: 'settings.communication.privacyEmail', defaultMessage: 'Adresse de contact pour les données personnelles' },
  privacyEmailHint: {
    id: 'settings.communication.privacyEmailHint',
    defaultMessage: 'Vos apprenants y exercent leurs droits (accès, rectification, effacement) ; elle est affichée comme un lien dans le pied de page.',
  },
  urlHint: { id: 'settings.communication.urlHint', defaultMessage: 'Une adresse complète, par exemple https://mon-site.fr/cgv.' },
  save: { id: 'settings.communication.save', defaultMessage: 'Enregistrer' },
  saving: { id: 'settings.communication.saving', defaultMessage: 'Enregistrement…' },
  saved: { id: 'settings.communication.saved', defaultMessage: 'Pages légales et contact enregistrés.' },
});

const PAGES = [
  { field: 'terms_url', label: m.terms, placeholder: 'https://mon-site.fr/cgv' },
  { field: 'privacy_url', label: m.privacy, placeholder: 'https://mon-site.fr/confidentialite' },
  { field: 'legal_notice_url', label: m.legalNotice, placeholder: 'https://mon-site.fr/mentions-legales' },
] as const;

/** /parametres/communications (OWNER, ADMIN): the store's legal pages and GDPR contact, shown in its learner area's footer. */
export function CommunicationSettingsPage() {
  const intl = useIntl();
  const store = AuthActor.useSelector((s) => s.context.user?.store ?? null);
  return (
    <SettingsFrame title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.lead)} testId="communication-settings-page">
      {store && <LegalLinksForm store={store} />}
    </SettingsFrame>
  );
}

const FIELDS: readonly LegalField[] = ['terms_url', 'privacy_url', 'legal_notice_url', 'privacy_email'];

function LegalLinksForm({ store }: { store: Store }) {
  const intl = useIntl();
  const save = useStoreSaver(store);
  const [values, setValues] = useState<Record<LegalField, string>>(() => {
    const links = store.legal_links;
    return { terms_url: links.terms_url ?? '', privacy_url: links.privacy_url ?? '', legal_notice_url: links.legal_notice_url ?? '', privacy_email: links.privacy_email ?? '' };
  });
  const request = useRequest(async (body: StoreUpdate, signal) => {
    await save(body, signal);
    return { message: intl.formatMessage(m.saved) };
  });
  const isEmpty = FIELDS.every((field) => !store.legal_links[field]);
  const set = (field: LegalField) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    request.clearError();
  };
  const errorOf = (field: LegalField) => fieldErrors(request.error, `legal_links.${field}`);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A blank field clears the page; the rest are sent trimmed (the server checks web addresses and the e-mail).
    const legal = Object.fromEntries(FIELDS.map((field) => [field, values[field].trim() || null])) as LegalLinks;
    request.submit({ legal_links: legal });
  };
  return (
    <Form onSubmit={onSubmit} className="stack" data-testid="communication-form">
      <Card title={intl.formatMessage(m.pagesTitle)} description={intl.formatMessage(m.pagesLead)}>
        <div className="stack">
          {isEmpty && (
            <Banner variant="info" data-testid="communication-empty">
              {intl.formatMessage(m.empty)}
            </Banner>
          )}
          {PAGES.map((page) => (
            <TextField
              key={page.field}
              type="url"
              label={intl.formatMessage(page.label)}
              description={intl.formatMessage(m.urlHint)}
              placeholder={page.placeholder}
              value={values[page.field]}
              onChange={set(page.field)}
              maxLength={2048}
              errorMessage={errorOf(page.field)}
              data-testid={`communication-${page.field}`}
            />
          ))}
        </div>
      </Card>
      <Card title={intl.formatMessage(m.gdprTitle)}>
        <TextField
          type="email"
          label={intl.formatMessage(m.privacyEmail)}
          description={intl.formatMessage(m.privacyEmailHint)}
          placeholder="dpo@mon-site.fr"
          value={values.privacy_email}
          onChange={set('privacy_email')}
          maxLength={254}
          autoComplete="off"
          errorMessage={errorOf('privacy_email')}
          data-testid="communication-privacy_email"
        />
      </Card>
      <FormError>{failureText(intl, request.error, FIELDS.map((field) => `legal_links.${field}`))}</FormError>
      {request.hasSucceeded && request.message && (
        <Banner variant="success" role="status" data-testid="communication-saved">
          {request.message}
        </Banner>
      )}
      <div className="form-actions">
        <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving)} data-testid="communication-save">
          {intl.formatMessage(m.save)}
        </Button>
      </div>
    </Form>
  );
}
