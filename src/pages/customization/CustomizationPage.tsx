import { useMemo, useState, type CSSProperties, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { isThemeColor, themeVariables } from '../../../shared/themeColors';
import { refreshStoreResources, storeResourcesApi, storeResourcesQuery, type StoreTheme } from '../../api/customizationApi';
import type { components } from '../../api/schema.gen';
import { createSocialLink, deleteSocialLink, socialLinksQuery, type SocialLink } from '../../api/settingsApi';
import { storeUploadApi } from '../../api/uploadApi';
import { AuthActor } from '../../app/auth';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { ResourcesCard } from '../../components/resources/ResourcesCard';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Form, FormError } from '../../components/ui/Form';
import { TextLink } from '../../components/ui/Link';
import { ListStates } from '../../components/ui/ListStates';
import { TextField } from '../../components/ui/TextField';
import { PicturesCard } from '../settings/GeneralSettingsPage';
import { useStoreSaver } from '../settings/storeSaver';
import '../pages.css';
import '../../components/catalogue/CatalogueFrame.css';
import '../../components/catalogue/catalogue.css';
import './customization.css';

type Store = components['schemas']['Store'];
type Network = SocialLink['network'];

const m = defineMessages({
  title: { id: 'customization.title', defaultMessage: 'Personnalisation' },
  lead: { id: 'customization.lead', defaultMessage: 'Donnez à votre espace de formation vos couleurs, votre logo, vos réseaux et vos ressources.' },
  tabs: { id: 'customization.tabs.label', defaultMessage: 'Sections de la personnalisation' },
  tabLook: { id: 'customization.tabs.look', defaultMessage: 'Apparence' },
  tabPages: { id: 'customization.tabs.pages', defaultMessage: 'Pages' },
  tabInternal: { id: 'customization.tabs.internal', defaultMessage: 'Interne' },
  themeTitle: { id: 'customization.theme.title', defaultMessage: 'Couleurs' },
  themeLead: { id: 'customization.theme.lead', defaultMessage: 'Utilisées dans votre espace apprenant. Laissez vide pour garder les couleurs de la plateforme.' },
  primary: { id: 'customization.theme.primary', defaultMessage: 'Couleur principale (boutons, liens)' },
  header: { id: 'customization.theme.header', defaultMessage: 'Couleur de l’en-tête' },
  colorHint: { id: 'customization.theme.hint', defaultMessage: 'Au format #RRGGBB, par exemple #0F766E.' },
  colorInvalid: { id: 'customization.theme.invalid', defaultMessage: 'Indiquez une couleur au format #RRGGBB.' },
  pick: { id: 'customization.theme.pick', defaultMessage: 'Choisir' },
  preview: { id: 'customization.theme.preview', defaultMessage: 'Aperçu' },
  previewSchool: { id: 'customization.theme.previewSchool', defaultMessage: 'Votre école' },
  previewButton: { id: 'customization.theme.previewButton', defaultMessage: 'Acheter' },
  previewLink: { id: 'customization.theme.previewLink', defaultMessage: 'Voir la formation' },
  save: { id: 'customization.theme.save', defaultMessage: 'Enregistrer les couleurs' },
  saving: { id: 'customization.theme.saving', defaultMessage: 'Enregistrement…' },
  saved: { id: 'customization.theme.saved', defaultMessage: 'Couleurs enregistrées.' },
  socialTitle: { id: 'customization.social.title', defaultMessage: 'Réseaux sociaux' },
  socialLead: { id: 'customization.social.lead', defaultMessage: 'Affichés en bas de votre espace apprenant (20 liens au plus).' },
  network: { id: 'customization.social.network', defaultMessage: 'Réseau' },
  socialUrl: { id: 'customization.social.url', defaultMessage: 'Adresse (https://…)' },
  socialAdd: { id: 'customization.social.add', defaultMessage: 'Ajouter le lien' },
  socialRemove: { id: 'customization.social.remove', defaultMessage: 'Supprimer' },
  failed: { id: 'customization.social.failed', defaultMessage: 'Les liens n’ont pas pu être chargés.' },
  noMatch: { id: 'customization.social.noMatch', defaultMessage: 'Aucun lien ne correspond.' },
  emptyTitle: { id: 'customization.social.emptyTitle', defaultMessage: 'Aucun réseau pour l’instant' },
  emptyBody: { id: 'customization.social.emptyBody', defaultMessage: 'Ajoutez l’adresse de votre page Instagram, LinkedIn, YouTube… ci-dessous.' },
  resourcesTitle: { id: 'customization.resources.title', defaultMessage: 'Ressources de l’espace' },
  lookLead: { id: 'customization.look.open', defaultMessage: 'Voir mon espace apprenant' },
});
/** The page title and the learner-area link, shared by the other customisation tabs. */
export const customizationMessages = { title: m.title, lookLead: m.lookLead };
const socialRemoveLabel = defineMessage<{ network: string; url: string }>({ id: 'customization.social.removeLabel', defaultMessage: 'Supprimer le lien {network} vers {url}' });

const networks = defineMessages({
  FACEBOOK: { id: 'customization.network.FACEBOOK', defaultMessage: 'Facebook' },
  INSTAGRAM: { id: 'customization.network.INSTAGRAM', defaultMessage: 'Instagram' },
  LINKEDIN: { id: 'customization.network.LINKEDIN', defaultMessage: 'LinkedIn' },
  YOUTUBE: { id: 'customization.network.YOUTUBE', defaultMessage: 'YouTube' },
  X: { id: 'customization.network.X', defaultMessage: 'X' },
  TIKTOK: { id: 'customization.network.TIKTOK', defaultMessage: 'TikTok' },
  PINTEREST: { id: 'customization.network.PINTEREST', defaultMessage: 'Pinterest' },
  WEBSITE: { id: 'customization.network.WEBSITE', defaultMessage: 'Site web' },
  OTHER: { id: 'customization.network.OTHER', defaultMessage: 'Autre' },
} satisfies Record<Network, MessageDescriptor>);
const NETWORKS = Object.keys(networks) as Network[];

/** The /personnalisation/* pages (spec section 2: customization, pages, interne). */
const TABS: ReadonlyArray<{ path: string; label: MessageDescriptor; tab: string }> = [
  { path: '/personnalisation', label: m.tabLook, tab: 'look' },
  { path: '/personnalisation/pages', label: m.tabPages, tab: 'pages' },
  { path: '/personnalisation/interne', label: m.tabInternal, tab: 'internal' },
];

export function CustomizationTabs() {
  const intl = useIntl();
  const current = useLocation().pathname.replace(/\/+$/, '') || '/';
  return (
    <nav aria-label={intl.formatMessage(m.tabs)} className="training-tabs" data-testid="customization-tabs">
      <ul className="training-tabs__list">
        {TABS.map((tab) => (
          <li key={tab.path}>
            <TextLink href={tab.path} className="training-tabs__tab" aria-current={tab.path === current ? 'page' : undefined} data-testid={`customization-tab-${tab.tab}`}>
              {intl.formatMessage(tab.label)}
            </TextLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** /personnalisation (OWNER, ADMIN): colours, logo and favicon, social links and the store's resources. */
export function CustomizationPage() {
  const intl = useIntl();
  const user = AuthActor.useSelector((s) => s.context.user);
  if (!user) return null;
  const store = user.store;
  return (
    <div className="stack settings-page customization-page" data-testid="customization-page">
      <CustomizationTabs />
      <header className="page-header">
        <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
        <p className="page-lead">
          {intl.formatMessage(m.lead)}{' '}
          <TextLink href={`/ecole/${encodeURIComponent(store.subdomain)}`} target="_blank" rel="noreferrer">
            {intl.formatMessage(m.lookLead)}
          </TextLink>
        </p>
      </header>
      <ThemeCard store={store} />
      <PicturesCard store={store} />
      <SocialLinksCard storeUuid={store.uuid} />
      <StoreResourcesCard storeUuid={store.uuid} />
    </div>
  );
}

/** A colour as typed: '' is the platform's colour. */
const colourOrNull = (text: string) => (text.trim() ? text.trim().toLowerCase() : null);

function ColourField({ label, value, onChange, error, testId }: { label: string; value: string; onChange: (next: string) => void; error?: string | string[]; testId: string }) {
  const intl = useIntl();
  return (
    <div className="customization-colour">
      <TextField label={label} description={intl.formatMessage(m.colorHint)} value={value} onChange={onChange} maxLength={7} errorMessage={error} data-testid={testId} />
      <label className="customization-colour__pick">
        <span className="visually-hidden">{`${intl.formatMessage(m.pick)} : ${label}`}</span>
        <input type="color" value={isThemeColor(value.trim()) ? value.trim().toLowerCase() : '#0f766e'} onChange={(event) => onChange(event.target.value)} />
      </label>
    </div>
  );
}

function ThemeCard({ store }: { store: Store }) {
  const intl = useIntl();
  const save = useStoreSaver(store);
  const [primary, setPrimary] = useState(store.theme.primary_color ?? '');
  const [header, setHeader] = useState(store.theme.header_color ?? '');
  const [checked, setChecked] = useState(false);
  const request = useRequest(async (theme: StoreTheme, signal) => {
    await save({ theme }, signal);
    return { message: intl.formatMessage(m.saved) };
  });
  const bad = (text: string) => (checked && text.trim() && !isThemeColor(text.trim()) ? intl.formatMessage(m.colorInvalid) : undefined);
  const theme = { primary_color: colourOrNull(primary), header_color: colourOrNull(header) };
  const previewTheme = { primary_color: theme.primary_color && isThemeColor(theme.primary_color) ? theme.primary_color : null, header_color: theme.header_color && isThemeColor(theme.header_color) ? theme.header_color : null };
  const preview = useMemo(() => themeVariables(previewTheme) as CSSProperties, [previewTheme.primary_color, previewTheme.header_color]); // eslint-disable-line react-hooks/exhaustive-deps
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if ([primary, header].some((text) => text.trim() && !isThemeColor(text.trim()))) return;
    request.submit(theme);
  };
  const edit = (set: (text: string) => void) => (text: string) => {
    set(text);
    if (request.error || request.hasSucceeded) request.reset();
  };
  return (
    <Card title={intl.formatMessage(m.themeTitle)} description={intl.formatMessage(m.themeLead)}>
      <Form onSubmit={onSubmit} className="stack" data-testid="theme-form">
        <div className="customization-theme">
          <div className="stack">
            <ColourField label={intl.formatMessage(m.primary)} value={primary} onChange={edit(setPrimary)} error={bad(primary) ?? fieldErrors(request.error, 'theme.primary_color')} testId="theme-primary" />
            <ColourField label={intl.formatMessage(m.header)} value={header} onChange={edit(setHeader)} error={bad(header) ?? fieldErrors(request.error, 'theme.header_color')} testId="theme-header" />
          </div>
          <figure className="customization-preview" style={preview} data-testid="theme-preview">
            <figcaption className="customization-preview__caption">{intl.formatMessage(m.preview)}</figcaption>
            <div className={previewTheme.header_color ? 'customization-preview__header customization-preview__header--themed' : 'customization-preview__header'}>{intl.formatMessage(m.previewSchool)}</div>
            <div className="customization-preview__body">
              <span className="customization-preview__link">{intl.formatMessage(m.previewLink)}</span>
              <span className="customization-preview__button">{intl.formatMessage(m.previewButton)}</span>
            </div>
          </figure>
        </div>
        <FormError>{request.error && !fieldErrors(request.error, 'theme.primary_color') && !fieldErrors(request.error, 'theme.header_color') ? failureText(intl, request.error) : undefined}</FormError>
        {request.hasSucceeded && request.message && (
          <Banner variant="success" role="status">
            {request.message}
          </Banner>
        )}
        <div className="form-actions">
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving)} data-testid="theme-save">
            {intl.formatMessage(m.save)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function SocialLinksCard({ storeUuid }: { storeUuid: string }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const list = useQuery(socialLinksQuery(storeUuid));
  const refresh = () => queryClient.invalidateQueries({ queryKey: socialLinksQuery(storeUuid).queryKey });
  const [network, setNetwork] = useState<Network>('INSTAGRAM');
  const [url, setUrl] = useState('');
  const add = useRequest(async (body: { network: Network; url: string }, signal) => {
    await createSocialLink(storeUuid, body, signal);
    setUrl('');
    await refresh();
  });
  const remove = useRequest(async (id: number, signal) => {
    await deleteSocialLink(storeUuid, id, signal);
    await refresh();
  });
  const rows = list.data?.data ?? [];
  const urlError = fieldErrors(add.error, 'url');
  return (
    <Card title={intl.formatMessage(m.socialTitle)} description={intl.formatMessage(m.socialLead)}>
      <div className="stack" data-testid="social-links">
        <ListStates query={list} isEmpty={rows.length === 0} isFiltered={false} testId="social-links-list" messages={m}>
          <ul className="customization-links">
            {rows.map((link) => (
              <li key={link.id} className="customization-links__row" data-testid="social-link">
                <span className="customization-links__network">{intl.formatMessage(networks[link.network])}</span>
                <a className="customization-links__url" href={link.url} target="_blank" rel="noreferrer">
                  {link.url}
                </a>
                <Button variant="ghost" size="sm" isDisabled={remove.isSubmitting} onPress={() => remove.submit(link.id)} aria-label={intl.formatMessage(socialRemoveLabel, { network: intl.formatMessage(networks[link.network]), url: link.url })}>
                  {intl.formatMessage(m.socialRemove)}
                </Button>
              </li>
            ))}
          </ul>
        </ListStates>
        {remove.error && <Banner variant="danger" role="alert">{failureText(intl, remove.error)}</Banner>}
        <Form
          className="customization-links__form"
          onSubmit={(event) => {
            event.preventDefault();
            add.submit({ network, url: url.trim() });
          }}
          data-testid="social-link-form"
        >
          <label className="native-field">
            <span className="native-field__label">{intl.formatMessage(m.network)}</span>
            <select className="native-field__select" name="network" value={network} onChange={(change) => setNetwork(change.target.value as Network)}>
              {NETWORKS.map((option) => (
                <option key={option} value={option}>
                  {intl.formatMessage(networks[option])}
                </option>
              ))}
            </select>
          </label>
          <TextField label={intl.formatMessage(m.socialUrl)} type="url" value={url} onChange={(next) => (setUrl(next), add.error && add.clearError())} isRequired maxLength={2048} errorMessage={urlError} />
          <Button type="submit" variant="secondary" isPending={add.isSubmitting} data-testid="social-link-add">
            {intl.formatMessage(m.socialAdd)}
          </Button>
        </Form>
        <FormError>{add.error && !urlError ? failureText(intl, add.error) : undefined}</FormError>
      </div>
    </Card>
  );
}

function StoreResourcesCard({ storeUuid }: { storeUuid: string }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const list = useQuery(storeResourcesQuery(storeUuid));
  const [uploadApi] = useState(() => storeUploadApi(storeUuid, 'RESOURCE'));
  return (
    <ResourcesCard
      title={intl.formatMessage(m.resourcesTitle)}
      testId="store-resources"
      source={{
        resources: list.data?.data ?? [],
        isPending: list.isPending,
        isError: list.isError,
        dataUpdatedAt: list.dataUpdatedAt,
        add: (body, signal) => storeResourcesApi.add(storeUuid, body, signal),
        remove: (resourceId, signal) => storeResourcesApi.remove(storeUuid, resourceId, signal),
        reorder: (ids, signal) => storeResourcesApi.reorder(storeUuid, ids, signal),
        refresh: () => refreshStoreResources(queryClient, storeUuid),
        upload: { uploadApi },
      }}
    />
  );
}
