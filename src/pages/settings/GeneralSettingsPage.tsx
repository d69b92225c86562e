import { useMemo, useState, type FormEvent } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { fromPromise } from 'xstate';
import { subdomainFieldMachine } from '../../../machines/subdomainField/subdomainField.machine';
import { selectSubdomainView, type SubdomainStatus } from '../../../machines/subdomainField/subdomainField.selectors';
import { settleUnlessAborted } from '../../../machines/support/settleUnlessAborted';
import { SCHOOL_BASE } from '../../../shared/schoolPaths';
import { isDomain } from '../../../shared/validation';
import { checkSubdomain } from '../../api/settingsApi';
import type { StoreUpdate } from '../../api/storesApi';
import { storeUploadApi } from '../../api/uploadApi';
import { AuthActor } from '../../app/auth';
import { failureText, fieldErrors } from '../../app/failureText';
import { useInspectedMachine } from '../../app/inspector';
import { useRequest } from '../../app/useRequest';
import { FileUploadField } from '../../components/upload/FileUploadField';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { Form, FormError } from '../../components/ui/Form';
import { ButtonLink } from '../../components/ui/Link';
import { TextField } from '../../components/ui/TextField';
import type { components } from '../../api/schema.gen';
import { SettingsFrame } from './SettingsFrame';
import { useStoreSaver } from './storeSaver';

type Store = components['schemas']['Store'];

const m = defineMessages({
  title: { id: 'settings.general.title', defaultMessage: 'Paramètres généraux' },
  lead: { id: 'settings.general.lead', defaultMessage: 'L’adresse de votre espace de formation, votre domaine et vos images.' },
  subdomainTitle: { id: 'settings.general.subdomain.title', defaultMessage: 'Sous-domaine' },
  subdomainLead: {
    id: 'settings.general.subdomain.lead',
    defaultMessage: 'Vos apprenants rejoignent votre espace à cette adresse.',
  },
  subdomainLabel: { id: 'settings.general.subdomain.label', defaultMessage: 'Sous-domaine' },
  subdomainHint: {
    id: 'settings.general.subdomain.hint',
    defaultMessage: 'De 3 à 63 lettres minuscules sans accent, chiffres ou tirets (pas de tiret au début ni à la fin).',
  },
  invalid: { id: 'settings.general.subdomain.invalid', defaultMessage: 'Lettres sans accent, chiffres et tirets uniquement, de 3 à 63 caractères, sans tiret au début ni à la fin.' },
  pending: { id: 'settings.general.subdomain.pending', defaultMessage: 'Vérification de la disponibilité…' },
  available: { id: 'settings.general.subdomain.available', defaultMessage: 'Ce sous-domaine est disponible.' },
  taken: { id: 'settings.general.subdomain.taken', defaultMessage: 'Ce sous-domaine est déjà pris ou réservé : choisissez-en un autre.' },
  checkFailed: { id: 'settings.general.subdomain.checkFailed', defaultMessage: 'La disponibilité n’a pas pu être vérifiée.' },
  saved: { id: 'settings.general.subdomain.saved', defaultMessage: 'Sous-domaine enregistré : votre espace a changé d’adresse.' },
  retry: { id: 'settings.general.retry', defaultMessage: 'Réessayer' },
  save: { id: 'settings.general.save', defaultMessage: 'Enregistrer' },
  saving: { id: 'settings.general.saving', defaultMessage: 'Enregistrement…' },
  savedShort: { id: 'settings.general.savedShort', defaultMessage: 'Enregistré !' },
  domainTitle: { id: 'settings.general.domain.title', defaultMessage: 'Domaine personnalisé' },
  domainLead: { id: 'settings.general.domain.lead', defaultMessage: 'Servez votre espace sous votre propre nom de domaine, par exemple formation.mon-site.fr.' },
  domainLabel: { id: 'settings.general.domain.label', defaultMessage: 'Domaine' },
  domainHint: { id: 'settings.general.domain.hint', defaultMessage: 'Lettres sans accent, chiffres, tirets et points.' },
  domainRule: { id: 'settings.general.domain.rule', defaultMessage: 'Le domaine ne contient que des lettres sans accent, des chiffres, des tirets et des points.' },
  domainEnabled: { id: 'settings.general.domain.enabled', defaultMessage: 'Activer le domaine personnalisé' },
  dnsTitle: { id: 'settings.general.domain.dnsTitle', defaultMessage: 'Enregistrement DNS à créer chez votre hébergeur de domaine' },
  dnsType: { id: 'settings.general.domain.dnsType', defaultMessage: 'Type' },
  dnsName: { id: 'settings.general.domain.dnsName', defaultMessage: 'Nom' },
  dnsValue: { id: 'settings.general.domain.dnsValue', defaultMessage: 'Valeur' },
  planLocked: { id: 'settings.general.domain.locked', defaultMessage: 'Le domaine personnalisé n’est pas inclus dans l’offre Découverte.' },
  upgrade: { id: 'settings.general.domain.upgrade', defaultMessage: 'Voir les offres' },
  picturesTitle: { id: 'settings.general.pictures.title', defaultMessage: 'Logo et favicon' },
  picturesLead: { id: 'settings.general.pictures.lead', defaultMessage: 'Affichés dans votre espace de formation et l’onglet du navigateur.' },
  logo: { id: 'settings.general.pictures.logo', defaultMessage: 'Logo' },
  favicon: { id: 'settings.general.pictures.favicon', defaultMessage: 'Favicon' },
});

const STATUS_TEXT: Partial<Record<SubdomainStatus, { text: MessageDescriptor; variant: 'info' | 'success' | 'danger' }>> = {
  invalid: { text: m.invalid, variant: 'danger' },
  pending: { text: m.pending, variant: 'info' },
  available: { text: m.available, variant: 'success' },
  taken: { text: m.taken, variant: 'danger' },
  checkFailed: { text: m.checkFailed, variant: 'danger' },
  saved: { text: m.saved, variant: 'success' },
};

/**
 * Where a custom domain's CNAME points: this app's own host, which serves a school by the Host it is asked for
 * (server/http/schoolHost.ts looks custom domains up).
 */
const cnameTarget = () => window.location.hostname;

/** /parametres (OWNER, ADMIN): the subdomain, the custom domain with its DNS record, the logo and favicon. */
export function GeneralSettingsPage() {
  const intl = useIntl();
  const user = AuthActor.useSelector((s) => s.context.user);
  if (!user) return null;
  return (
    <SettingsFrame title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.lead)} testId="general-settings-page">
      <SubdomainCard store={user.store} />
      <CustomDomainCard store={user.store} />
      <PicturesCard store={user.store} />
    </SettingsFrame>
  );
}

function SubdomainCard({ store }: { store: Store }) {
  const intl = useIntl();
  const save = useStoreSaver(store);
  const machine = useMemo(
    () =>
      subdomainFieldMachine.provide({
        actors: {
          checkAvailability: fromPromise(({ input, signal }) => settleUnlessAborted(signal, checkSubdomain(input.slug, signal))),
          save: fromPromise(async ({ input, signal }) => {
            await save({ subdomain: input.subdomain }, signal);
          }),
        },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { subdomain: store.subdomain } });
  const view = selectSubdomainView(snapshot);
  const status = STATUS_TEXT[view.status];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SAVE' });
  };
  return (
    <Card title={intl.formatMessage(m.subdomainTitle)} description={intl.formatMessage(m.subdomainLead)}>
      <Form onSubmit={onSubmit} className="stack" data-testid="subdomain-form">
        <TextField
          label={intl.formatMessage(m.subdomainLabel)}
          description={intl.formatMessage(m.subdomainHint)}
          value={view.text}
          onChange={(text) => send({ type: 'TYPE', text })}
          isReadOnly={view.busy}
          isInvalid={view.status === 'invalid' || view.status === 'taken'}
          maxLength={63}
          autoComplete="off"
          spellCheck="false"
          data-testid="subdomain-input"
        />
        <p className="settings-address" data-testid="subdomain-address">
          {`${window.location.origin}${SCHOOL_BASE}/`}
          <strong>{view.text || '…'}</strong>
        </p>
        {status && (
          <Banner variant={status.variant} role="status" data-testid="subdomain-status" action={view.canRetry ? <Button variant="secondary" onPress={() => send({ type: 'RETRY' })}>{intl.formatMessage(m.retry)}</Button> : undefined}>
            {intl.formatMessage(status.text)}
          </Banner>
        )}
        <FormError>{view.status === 'saveFailed' ? failureText(intl, view.failure) : undefined}</FormError>
        <div className="form-actions">
          <Button type="submit" isDisabled={!view.canSave && !view.busy} isPending={view.busy} pendingLabel={intl.formatMessage(m.saving)} data-testid="subdomain-save">
            {intl.formatMessage(m.save)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function CustomDomainCard({ store }: { store: Store }) {
  const intl = useIntl();
  const save = useStoreSaver(store);
  const [domain, setDomain] = useState(store.custom_domain ?? '');
  const [enabled, setEnabled] = useState(store.custom_domain_enabled);
  const [ruleBroken, setRuleBroken] = useState(false);
  const request = useRequest(async (body: StoreUpdate, signal) => {
    const updated = await save(body, signal);
    setEnabled(updated.custom_domain_enabled);
    return { message: intl.formatMessage(m.savedShort) };
  });
  if (store.plan === 'PERCENT') {
    return (
      <Card title={intl.formatMessage(m.domainTitle)} description={intl.formatMessage(m.domainLead)}>
        <Banner variant="info" data-testid="custom-domain-locked" action={<ButtonLink href="/abonnement?onglet=vous">{intl.formatMessage(m.upgrade)}</ButtonLink>}>
          {intl.formatMessage(m.planLocked)}
        </Banner>
      </Card>
    );
  }
  const trimmed = domain.trim().toLowerCase();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isDomain(trimmed)) return setRuleBroken(true);
    request.submit({ custom_domain: trimmed || null, custom_domain_enabled: trimmed ? enabled : false });
  };
  const domainError = fieldErrors(request.error, 'custom_domain');
  return (
    <Card title={intl.formatMessage(m.domainTitle)} description={intl.formatMessage(m.domainLead)}>
      <Form onSubmit={onSubmit} className="stack" data-testid="custom-domain-form">
        <TextField
          label={intl.formatMessage(m.domainLabel)}
          description={intl.formatMessage(m.domainHint)}
          value={domain}
          onChange={(value) => {
            setDomain(value);
            setRuleBroken(false);
            request.clearError();
          }}
          placeholder="formation.mon-site.fr"
          maxLength={253}
          errorMessage={ruleBroken ? intl.formatMessage(m.domainRule) : domainError}
          isInvalid={ruleBroken || Boolean(domainError)}
          data-testid="custom-domain-input"
        />
        <Checkbox isSelected={enabled} onChange={setEnabled} isDisabled={!trimmed} data-testid="custom-domain-enabled">
          {intl.formatMessage(m.domainEnabled)}
        </Checkbox>
        {trimmed && isDomain(trimmed) && (
          <div className="settings-dns" data-testid="custom-domain-dns">
            <p className="settings-dns__title">{intl.formatMessage(m.dnsTitle)}</p>
            <dl className="facts">
              <dt>{intl.formatMessage(m.dnsType)}</dt>
              <dd>CNAME</dd>
              <dt>{intl.formatMessage(m.dnsName)}</dt>
              <dd>{trimmed}</dd>
              <dt>{intl.formatMessage(m.dnsValue)}</dt>
              <dd>{cnameTarget()}</dd>
            </dl>
          </div>
        )}
        <FormError>{failureText(intl, request.error, ['custom_domain'])}</FormError>
        {request.hasSucceeded && request.message && <Banner variant="success" role="status">{request.message}</Banner>}
        <div className="form-actions">
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving)} data-testid="custom-domain-save">
            {intl.formatMessage(m.save)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

export function PicturesCard({ store }: { store: Store }) {
  const intl = useIntl();
  const save = useStoreSaver(store);
  const [logoApi] = useState(() => storeUploadApi(store.uuid, 'LOGO'));
  const [faviconApi] = useState(() => storeUploadApi(store.uuid, 'FAVICON'));
  const request = useRequest(async (body: StoreUpdate, signal) => {
    await save(body, signal);
    return { message: intl.formatMessage(m.savedShort) };
  });
  return (
    <Card title={intl.formatMessage(m.picturesTitle)} description={intl.formatMessage(m.picturesLead)}>
      <div className="settings-pictures" data-testid="store-pictures">
        <FileUploadField uploadApi={logoApi} type="IMAGE" label={intl.formatMessage(m.logo)} value={store.logo} onChange={(logo) => request.submit({ logo })} />
        <FileUploadField uploadApi={faviconApi} type="IMAGE" label={intl.formatMessage(m.favicon)} value={store.favicon} onChange={(favicon) => request.submit({ favicon })} />
      </div>
      <FormError>{failureText(intl, request.error)}</FormError>
    </Card>
  );
}
