import { useQuery } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { createStoreKey, deleteStoreKey, storeKeysQuery } from '../../api/settingsApi';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { storeKeyOf } from './IntegrationsSettingsPage';
import { SecretKeyCard } from './SecretKeyCard';
import { SettingsFrame } from './SettingsFrame';

const m = defineMessages({
  title: { id: 'settings.sso.title', defaultMessage: 'Authentification unique (SSO)' },
  lead: { id: 'settings.sso.lead', defaultMessage: 'Vos apprenants se connectent depuis votre propre site, sans second mot de passe.' },
  secretTitle: { id: 'settings.sso.secret.title', defaultMessage: 'Secret SSO' },
  secretLead: {
    id: 'settings.sso.secret.lead',
    defaultMessage: 'Votre site l’utilise pour prouver les connexions. Il n’est affiché qu’une fois ; sa révocation demande votre mot de passe.',
  },
  loading: { id: 'settings.sso.loading', defaultMessage: 'Chargement du secret…' },
  loadFailed: { id: 'settings.sso.loadFailed', defaultMessage: 'Impossible de charger le secret SSO.' },
  retry: { id: 'settings.sso.retry', defaultMessage: 'Réessayer' },
});

/** /parametres/sso (OWNER, ADMIN; EXPERT plan, the route shows the plan lock otherwise): the store's SSO secret. */
export function SsoSettingsPage() {
  const intl = useIntl();
  const keys = useQuery(storeKeysQuery());
  return (
    <SettingsFrame title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.lead)} testId="sso-settings-page">
      {keys.isPending ? (
        <Spinner aria-label={intl.formatMessage(m.loading)} />
      ) : keys.isError ? (
        <Banner variant="danger" action={<Button variant="secondary" onPress={() => void keys.refetch()}>{intl.formatMessage(m.retry)}</Button>}>
          {intl.formatMessage(m.loadFailed)}
        </Banner>
      ) : (
        <SecretKeyCard
          title={intl.formatMessage(m.secretTitle)}
          description={intl.formatMessage(m.secretLead)}
          existing={storeKeyOf(keys.data.data, 'SSO')}
          generate={(signal) => createStoreKey('SSO', signal)}
          revoke={(password, signal) => deleteStoreKey('SSO', password ?? '', signal)}
          needsPassword
          testId="sso-key"
        />
      )}
    </SettingsFrame>
  );
}
