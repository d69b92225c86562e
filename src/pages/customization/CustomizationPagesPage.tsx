import { useState, type FormEvent, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { components } from '../../api/schema.gen';
import type { StoreUpdate } from '../../api/storesApi';
import { AuthActor } from '../../app/auth';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { Form, FormError } from '../../components/ui/Form';
import { TextLink } from '../../components/ui/Link';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useStoreSaver } from '../settings/storeSaver';
import { CustomizationTabs, customizationMessages } from './CustomizationPage';
import '../pages.css';
import './customization.css';

type Store = components['schemas']['Store'];
type HomeField = keyof Store['school_home'];

const m = defineMessages({
  pagesLead: {
    id: 'customization.pages.lead',
    defaultMessage: 'Les textes de la page d’accueil de votre espace apprenant et les pages légales de son pied de page.',
  },
  homeTitle: { id: 'customization.pages.home.title', defaultMessage: 'Page d’accueil' },
  homeLead: {
    id: 'customization.pages.home.lead',
    defaultMessage: 'Ce que vos visiteurs lisent en arrivant. Laissez un champ vide pour garder le texte proposé par la plateforme.',
  },
  headline: { id: 'customization.pages.home.headline', defaultMessage: 'Titre de la page' },
  headlineHint: { id: 'customization.pages.home.headlineHint', defaultMessage: 'Par défaut : « Bienvenue sur » suivi du nom de votre espace.' },
  welcome: { id: 'customization.pages.home.welcome', defaultMessage: 'Texte d’accueil' },
  welcomeHint: {
    id: 'customization.pages.home.welcomeHint',
    defaultMessage: 'Montré aux visiteurs sous le titre (les apprenants connectés sont salués par leur nom). Par défaut : la description de votre référencement.',
  },
  save: { id: 'customization.pages.home.save', defaultMessage: 'Enregistrer la page d’accueil' },
  saving: { id: 'customization.pages.saving', defaultMessage: 'Enregistrement…' },
  saved: { id: 'customization.pages.home.saved', defaultMessage: 'Page d’accueil enregistrée.' },
  legalTitle: { id: 'customization.pages.legal.title', defaultMessage: 'Pages légales' },
  legalEdit: { id: 'customization.pages.legal.edit', defaultMessage: 'Modifier les pages légales et le contact RGPD' },
  internalLead: {
    id: 'customization.internal.lead',
    defaultMessage: 'Le fonctionnement de votre espace apprenant : qui peut s’y inscrire et la mesure d’audience.',
  },
  registrationTitle: { id: 'customization.internal.registration.title', defaultMessage: 'Inscriptions' },
  registration: { id: 'customization.internal.registration', defaultMessage: 'Inscription libre' },
  registrationHint: {
    id: 'customization.internal.registrationHint',
    defaultMessage: 'Les visiteurs peuvent créer un compte apprenant sans rien acheter. Désactivée, seuls vos clients et les apprenants que vous inscrivez ont un compte.',
  },
  analyticsTitle: { id: 'customization.internal.analytics.title', defaultMessage: 'Mesure d’audience' },
  analytics: { id: 'customization.internal.analytics', defaultMessage: 'Mesurer l’audience de mon espace' },
  analyticsHint: {
    id: 'customization.internal.analyticsHint',
    defaultMessage: 'Charge l’outil de statistiques de la plateforme dans votre espace apprenant, uniquement pour les visiteurs qui l’acceptent.',
  },
  internalSave: { id: 'customization.internal.save', defaultMessage: 'Enregistrer' },
  internalSaved: { id: 'customization.internal.saved', defaultMessage: 'Paramètres enregistrés.' },
});

const legalSet = defineMessage<{ count: number }>({ id: 'customization.pages.legal.set', defaultMessage: '{count, plural, =0 {Aucune page légale ni contact RGPD renseigné : le pied de page n’en montre aucun.} one {# élément renseigné sur 4 (CGV, confidentialité, mentions légales, contact RGPD).} other {# éléments renseignés sur 4 (CGV, confidentialité, mentions légales, contact RGPD).}}' });

/** The frame of a customisation tab: the tabs, the title, a lead and the link to the learner area. */
function Frame({ store, lead, testId, children }: { store: Store; lead: string; testId: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="stack settings-page customization-page" data-testid={testId}>
      <CustomizationTabs />
      <header className="page-header">
        <h1 className="page-title">{intl.formatMessage(customizationMessages.title)}</h1>
        <p className="page-lead">
          {lead}{' '}
          <TextLink href={`/ecole/${encodeURIComponent(store.subdomain)}`} target="_blank" rel="noreferrer">
            {intl.formatMessage(customizationMessages.lookLead)}
          </TextLink>
        </p>
      </header>
      {children}
    </div>
  );
}

function Saved({ message, testId }: { message: string | null | undefined; testId: string }) {
  return message ? (
    <Banner variant="success" role="status" data-testid={testId}>
      {message}
    </Banner>
  ) : null;
}

/** /personnalisation/pages (OWNER, ADMIN): the learner area's home texts, and where its legal pages are set. */
export function CustomizationPagesPage() {
  const intl = useIntl();
  const store = AuthActor.useSelector((s) => s.context.user?.store ?? null);
  if (!store) return null;
  const legalCount = Object.values(store.legal_links).filter(Boolean).length;
  return (
    <Frame store={store} lead={intl.formatMessage(m.pagesLead)} testId="customization-pages-page">
      <HomeTextsCard store={store} />
      <Card title={intl.formatMessage(m.legalTitle)}>
        <div className="stack">
          <p data-testid="customization-legal-count">{intl.formatMessage(legalSet, { count: legalCount })}</p>
          <p>
            <TextLink href="/parametres/communications">{intl.formatMessage(m.legalEdit)}</TextLink>
          </p>
        </div>
      </Card>
    </Frame>
  );
}

const HOME_FIELDS: readonly HomeField[] = ['title', 'welcome'];

function HomeTextsCard({ store }: { store: Store }) {
  const intl = useIntl();
  const save = useStoreSaver(store);
  const [values, setValues] = useState<Record<HomeField, string>>(() => ({ title: store.school_home.title ?? '', welcome: store.school_home.welcome ?? '' }));
  const request = useRequest(async (body: StoreUpdate, signal) => {
    await save(body, signal);
    return { message: intl.formatMessage(m.saved) };
  });
  const set = (field: HomeField) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (request.error || request.hasSucceeded) request.reset();
  };
  const errorOf = (field: HomeField) => fieldErrors(request.error, `school_home.${field}`);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Blank gives the platform's text back; the server trims and checks the rest.
    request.submit({ school_home: { title: values.title.trim() || null, welcome: values.welcome.trim() || null } });
  };
  return (
    <Card title={intl.formatMessage(m.homeTitle)} description={intl.formatMessage(m.homeLead)}>
      <Form onSubmit={onSubmit} className="stack" data-testid="school-home-form">
        <TextField
          label={intl.formatMessage(m.headline)}
          description={intl.formatMessage(m.headlineHint)}
          value={values.title}
          onChange={set('title')}
          maxLength={120}
          errorMessage={errorOf('title')}
          data-testid="school-home-title"
        />
        <TextAreaField
          label={intl.formatMessage(m.welcome)}
          description={intl.formatMessage(m.welcomeHint)}
          value={values.welcome}
          onChange={set('welcome')}
          maxLength={1000}
          rows={5}
          showCount
          errorMessage={errorOf('welcome')}
          data-testid="school-home-welcome"
        />
        <FormError>{failureText(intl, request.error, HOME_FIELDS.map((field) => `school_home.${field}`))}</FormError>
        {request.hasSucceeded && <Saved message={request.message} testId="school-home-saved" />}
        <div className="form-actions">
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving)} data-testid="school-home-save">
            {intl.formatMessage(m.save)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** /personnalisation/interne (OWNER, ADMIN): the learner area's switches (free registration, audience measure). */
export function CustomizationInternalPage() {
  const intl = useIntl();
  const store = AuthActor.useSelector((s) => s.context.user?.store ?? null);
  if (!store) return null;
  return (
    <Frame store={store} lead={intl.formatMessage(m.internalLead)} testId="customization-internal-page">
      <SwitchesForm store={store} />
    </Frame>
  );
}

function SwitchesForm({ store }: { store: Store }) {
  const intl = useIntl();
  const save = useStoreSaver(store);
  // Free registration is on until switched off; the audience measure is off until switched on (the server's defaults).
  const [registration, setRegistration] = useState(store.feature_options.registration_open !== false);
  const [analytics, setAnalytics] = useState(store.feature_options.school_analytics === true);
  const request = useRequest(async (body: StoreUpdate, signal) => {
    await save(body, signal);
    return { message: intl.formatMessage(m.internalSaved) };
  });
  const edit = (set: (on: boolean) => void) => (on: boolean) => {
    set(on);
    if (request.error || request.hasSucceeded) request.reset();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    request.submit({ feature_options: { registration_open: registration, school_analytics: analytics } });
  };
  return (
    <Form onSubmit={onSubmit} className="stack" data-testid="internal-form">
      <Card title={intl.formatMessage(m.registrationTitle)}>
        <Checkbox isSelected={registration} onChange={edit(setRegistration)} description={intl.formatMessage(m.registrationHint)} data-testid="internal-registration">
          {intl.formatMessage(m.registration)}
        </Checkbox>
      </Card>
      <Card title={intl.formatMessage(m.analyticsTitle)}>
        <Checkbox isSelected={analytics} onChange={edit(setAnalytics)} description={intl.formatMessage(m.analyticsHint)} data-testid="internal-analytics">
          {intl.formatMessage(m.analytics)}
        </Checkbox>
      </Card>
      <FormError>{failureText(intl, request.error)}</FormError>
      {request.hasSucceeded && <Saved message={request.message} testId="internal-saved" />}
      <div className="form-actions">
        <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving)} data-testid="internal-save">
          {intl.formatMessage(m.internalSave)}
        </Button>
      </div>
    </Form>
  );
}
