import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { companiesQuery, updateCompany, type Company, type CompanyUpdate } from '../../api/settingsApi';
import { AuthActor } from '../../app/auth';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Form, FormError } from '../../components/ui/Form';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { SettingsFrame } from './SettingsFrame';
import { useStoreChanged } from './storeSaver';

const m = defineMessages({
  title: { id: 'settings.company.title', defaultMessage: 'Entreprise' },
  lead: {
    id: 'settings.company.lead',
    defaultMessage: 'L’entité légale de votre espace : elle figure sur les factures et les conventions de formation.',
  },
  loading: { id: 'settings.company.loading', defaultMessage: 'Chargement de votre entreprise…' },
  loadFailed: { id: 'settings.company.loadFailed', defaultMessage: 'Impossible de charger votre entreprise.' },
  retry: { id: 'settings.company.retry', defaultMessage: 'Réessayer' },
  empty: {
    id: 'settings.company.empty',
    defaultMessage: 'Renseignez au moins le nom et l’adresse : vos factures en ont besoin, et l’étape « Entreprise » de l’accueil sera faite.',
  },
  identityTitle: { id: 'settings.company.identity.title', defaultMessage: 'Identité' },
  addressTitle: { id: 'settings.company.address.title', defaultMessage: 'Adresse' },
  contactTitle: { id: 'settings.company.contact.title', defaultMessage: 'Contact et signataire' },
  name: { id: 'settings.company.name', defaultMessage: 'Raison sociale' },
  legalForm: { id: 'settings.company.legalForm', defaultMessage: 'Forme juridique' },
  legalFormHint: { id: 'settings.company.legalFormHint', defaultMessage: 'Par exemple SAS, SARL, EI.' },
  siret: { id: 'settings.company.siret', defaultMessage: 'SIRET' },
  siretHint: { id: 'settings.company.siretHint', defaultMessage: '14 chiffres, sans espace.' },
  vatNumber: { id: 'settings.company.vatNumber', defaultMessage: 'Numéro de TVA intracommunautaire' },
  activityNumber: { id: 'settings.company.activityNumber', defaultMessage: 'Numéro de déclaration d’activité' },
  activityNumberHint: { id: 'settings.company.activityNumberHint', defaultMessage: 'Celui d’un organisme de formation, s’il en a un.' },
  addressLine1: { id: 'settings.company.addressLine1', defaultMessage: 'Adresse' },
  addressLine2: { id: 'settings.company.addressLine2', defaultMessage: 'Complément d’adresse' },
  postalCode: { id: 'settings.company.postalCode', defaultMessage: 'Code postal' },
  city: { id: 'settings.company.city', defaultMessage: 'Ville' },
  state: { id: 'settings.company.state', defaultMessage: 'Région' },
  country: { id: 'settings.company.country', defaultMessage: 'Pays' },
  countryHint: { id: 'settings.company.countryHint', defaultMessage: 'Code à deux lettres, par exemple FR.' },
  email: { id: 'settings.company.email', defaultMessage: 'Adresse e-mail' },
  phone: { id: 'settings.company.phone', defaultMessage: 'Téléphone' },
  phoneHint: { id: 'settings.company.phoneHint', defaultMessage: 'Commence par 0 ou +, de 10 à 14 chiffres, sans espace.' },
  signatoryName: { id: 'settings.company.signatoryName', defaultMessage: 'Nom du signataire' },
  signatoryHint: { id: 'settings.company.signatoryHint', defaultMessage: 'La personne qui signe les conventions de formation.' },
  save: { id: 'settings.company.save', defaultMessage: 'Enregistrer' },
  saving: { id: 'settings.company.saving', defaultMessage: 'Enregistrement…' },
  saved: { id: 'settings.company.saved', defaultMessage: 'Entreprise enregistrée.' },
  vatTitle: { id: 'settings.company.vat.title', defaultMessage: 'TVA des factures' },
  vatRate: { id: 'settings.company.vatRate', defaultMessage: 'Taux de TVA (%)' },
  vatRateHint: {
    id: 'settings.company.vatRateHint',
    defaultMessage: 'Vos prix l’incluent, par exemple 20 ou 5,5. Laissez vide si vous n’êtes pas assujetti : vos factures porteront « TVA non applicable, art. 293 B du CGI ».',
  },
  vatRateInvalid: { id: 'settings.company.vatRateInvalid', defaultMessage: 'Un taux entre 0 et 100, avec au plus deux décimales.' },
});

/** The VAT rate as typed ("20", "5,5") → a number, null when blank, NaN when unreadable or out of 0–100. */
export function parseVatRate(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!/^\d{1,3}([.,]\d{1,2})?$/.test(trimmed)) return Number.NaN;
  const rate = Number(trimmed.replace(',', '.'));
  return rate <= 100 ? rate : Number.NaN;
}

type Field = Exclude<keyof Company, 'id' | 'updated_at' | 'vat_rate'>;
interface FieldSpec {
  field: Field;
  label: MessageDescriptor;
  hint?: MessageDescriptor;
  maxLength: number;
  type?: 'email' | 'tel';
  autoComplete?: string;
}

const SECTIONS: ReadonlyArray<{ title: MessageDescriptor; fields: readonly FieldSpec[] }> = [
  {
    title: m.identityTitle,
    fields: [
      { field: 'name', label: m.name, maxLength: 128, autoComplete: 'organization' },
      { field: 'legal_form', label: m.legalForm, hint: m.legalFormHint, maxLength: 64 },
      { field: 'siret', label: m.siret, hint: m.siretHint, maxLength: 14 },
      { field: 'vat_number', label: m.vatNumber, maxLength: 32 },
      { field: 'activity_number', label: m.activityNumber, hint: m.activityNumberHint, maxLength: 32 },
    ],
  },
  {
    title: m.addressTitle,
    fields: [
      { field: 'address_line1', label: m.addressLine1, maxLength: 128, autoComplete: 'address-line1' },
      { field: 'address_line2', label: m.addressLine2, maxLength: 128, autoComplete: 'address-line2' },
      { field: 'postal_code', label: m.postalCode, maxLength: 16, autoComplete: 'postal-code' },
      { field: 'city', label: m.city, maxLength: 64, autoComplete: 'address-level2' },
      { field: 'state', label: m.state, maxLength: 64, autoComplete: 'address-level1' },
      { field: 'country', label: m.country, hint: m.countryHint, maxLength: 2, autoComplete: 'country' },
    ],
  },
  {
    title: m.contactTitle,
    fields: [
      { field: 'email', label: m.email, maxLength: 254, type: 'email', autoComplete: 'email' },
      { field: 'phone', label: m.phone, hint: m.phoneHint, maxLength: 20, type: 'tel', autoComplete: 'tel' },
      { field: 'signatory_name', label: m.signatoryName, hint: m.signatoryHint, maxLength: 128, autoComplete: 'name' },
    ],
  },
];
const FIELDS: readonly Field[] = SECTIONS.flatMap((section) => section.fields.map((spec) => spec.field));

/** /parametres/entreprise (OWNER, ADMIN): the store's company as a form (listCompanies, updateCompany). */
export function CompanySettingsPage() {
  const intl = useIntl();
  const storeUuid = AuthActor.useSelector((s) => s.context.user?.store.uuid ?? '');
  const companies = useQuery({ ...companiesQuery(storeUuid), enabled: Boolean(storeUuid) });
  const company = companies.data?.data[0];
  return (
    <SettingsFrame title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.lead)} testId="company-settings-page">
      {companies.isPending ? (
        <div className="loading-state">
          <Spinner aria-label={intl.formatMessage(m.loading)} />
        </div>
      ) : companies.isError || !company ? (
        <Banner variant="danger" action={<Button variant="secondary" onPress={() => void companies.refetch()}>{intl.formatMessage(m.retry)}</Button>}>
          {intl.formatMessage(m.loadFailed)}
        </Banner>
      ) : (
        <CompanyForm storeUuid={storeUuid} company={company} />
      )}
    </SettingsFrame>
  );
}

const valuesOf = (company: Company) => Object.fromEntries(FIELDS.map((field) => [field, company[field] ?? ''])) as Record<Field, string>;

function CompanyForm({ storeUuid, company }: { storeUuid: string; company: Company }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const changed = useStoreChanged();
  const [values, setValues] = useState(() => valuesOf(company));
  const [vatText, setVatText] = useState(() => (company.vat_rate === null ? '' : intl.formatNumber(company.vat_rate, { useGrouping: false })));
  const [vatInvalid, setVatInvalid] = useState(false);
  const request = useRequest(async (body: CompanyUpdate, signal) => {
    const saved = await updateCompany(storeUuid, company.id, body, signal);
    queryClient.setQueryData(companiesQuery(storeUuid).queryKey, { data: [saved] });
    // The COMPANY step of the home checklist follows the name and address.
    await changed(null);
    return { message: intl.formatMessage(m.saved) };
  });
  const isEmpty = FIELDS.every((field) => !company[field]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Blank means "not given" (null); the country code is written in capitals, as the contract asks.
    const body = Object.fromEntries(
      FIELDS.map((field) => {
        const text = values[field].trim();
        return [field, text ? (field === 'country' ? text.toUpperCase() : text) : null];
      }),
    ) as CompanyUpdate;
    const vatRate = parseVatRate(vatText);
    setVatInvalid(Number.isNaN(vatRate));
    if (Number.isNaN(vatRate)) return;
    request.submit({ ...body, vat_rate: vatRate });
  };
  return (
    <Form onSubmit={onSubmit} className="stack" data-testid="company-form">
      {isEmpty && (
        <Banner variant="info" data-testid="company-empty">
          {intl.formatMessage(m.empty)}
        </Banner>
      )}
      {SECTIONS.map((section) => (
        <Card key={section.title.id} title={intl.formatMessage(section.title)}>
          <div className="settings-company-grid">
            {section.fields.map((spec) => (
              <TextField
                key={spec.field}
                type={spec.type}
                label={intl.formatMessage(spec.label)}
                description={spec.hint ? intl.formatMessage(spec.hint) : undefined}
                value={values[spec.field]}
                // Errors stay at their fields until the next save: correcting one does not hide the others.
                onChange={(value) => setValues((previous) => ({ ...previous, [spec.field]: value }))}
                maxLength={spec.maxLength}
                autoComplete={spec.autoComplete ?? 'off'}
                errorMessage={fieldErrors(request.error, spec.field)}
                data-testid={`company-${spec.field}`}
              />
            ))}
          </div>
        </Card>
      ))}
      <Card title={intl.formatMessage(m.vatTitle)}>
        <div className="settings-company-grid">
          <TextField
            label={intl.formatMessage(m.vatRate)}
            description={intl.formatMessage(m.vatRateHint)}
            value={vatText}
            onChange={setVatText}
            inputMode="decimal"
            maxLength={6}
            autoComplete="off"
            errorMessage={vatInvalid ? intl.formatMessage(m.vatRateInvalid) : fieldErrors(request.error, 'vat_rate')}
            data-testid="company-vat_rate"
          />
        </div>
      </Card>
      <FormError>{failureText(intl, request.error, [...FIELDS, 'vat_rate'])}</FormError>
      {request.hasSucceeded && request.message && (
        <Banner variant="success" role="status" data-testid="company-saved">
          {request.message}
        </Banner>
      )}
      <div className="form-actions">
        <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving)} data-testid="company-save">
          {intl.formatMessage(m.save)}
        </Button>
      </div>
    </Form>
  );
}
