import { useQuery } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { createMyApiKey, createStoreKey, deleteMyApiKey, deleteStoreKey, myApiKeysQuery, storeKeysQuery, type ApiKey, type KeyType } from '../../api/settingsApi';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { SecretKeyCard } from './SecretKeyCard';
import { SettingsFrame } from './SettingsFrame';

const m = defineMessages({
  title: { id: 'settings.integrations.title', defaultMessage: 'Intégrations' },
  lead: { id: 'settings.integrations.lead', defaultMessage: 'Connectez vos outils à votre espace grâce à l’API.' },
  personalTitle: { id: 'settings.integrations.personal.title', defaultMessage: 'Clé API personnelle' },
  personalLead: {
    id: 'settings.integrations.personal.lead',
    defaultMessage: 'Elle agit en votre nom, avec votre rôle : ne la partagez pas. Une nouvelle clé remplace la précédente.',
  },
  usage: { id: 'settings.integrations.personal.usage', defaultMessage: 'Envoyez-la dans l’en-tête de chaque appel :' },
  webhookTitle: { id: 'settings.integrations.webhook.title', defaultMessage: 'Secret des webhooks' },
  webhookLead: {
    id: 'settings.integrations.webhook.lead',
    defaultMessage: 'Un secret propre à votre espace pour vos intégrations. Sa révocation demande votre mot de passe.',
  },
  loading: { id: 'settings.integrations.loading', defaultMessage: 'Chargement des clés…' },
  loadFailed: { id: 'settings.integrations.loadFailed', defaultMessage: 'Impossible de charger vos clés.' },
  retry: { id: 'settings.integrations.retry', defaultMessage: 'Réessayer' },
});

/** The store's secret of a type in the list, if any. */
export const storeKeyOf = (keys: ApiKey[] | undefined, type: KeyType) => keys?.find((key) => key.type === type) ?? null;

/** /parametres/integrations (OWNER, ADMIN): the personal API key and the store's webhook secret. */
export function IntegrationsSettingsPage() {
  const intl = useIntl();
  const mine = useQuery(myApiKeysQuery());
  const store = useQuery(storeKeysQuery());
  return (
    <SettingsFrame title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.lead)} testId="integrations-settings-page">
      {mine.isPending || store.isPending ? (
        <Spinner aria-label={intl.formatMessage(m.loading)} />
      ) : mine.isError || store.isError ? (
        <Banner
          variant="danger"
          action={
            <Button variant="secondary" onPress={() => void Promise.all([mine.refetch(), store.refetch()])}>
              {intl.formatMessage(m.retry)}
            </Button>
          }
        >
          {intl.formatMessage(m.loadFailed)}
        </Banner>
      ) : (
        <>
          <SecretKeyCard
            title={intl.formatMessage(m.personalTitle)}
            description={intl.formatMessage(m.personalLead)}
            existing={mine.data.data[0] ?? null}
            generate={(signal) => createMyApiKey(signal)}
            revoke={(_, signal) => deleteMyApiKey(signal)}
            needsPassword={false}
            testId="personal-key"
          >
            <p className="settings-key__usage">
              {intl.formatMessage(m.usage)} <code>Authorization: Bearer cpk_…</code>
            </p>
          </SecretKeyCard>
          <SecretKeyCard
            title={intl.formatMessage(m.webhookTitle)}
            description={intl.formatMessage(m.webhookLead)}
            existing={storeKeyOf(store.data.data, 'WEBHOOK')}
            generate={(signal) => createStoreKey('WEBHOOK', signal)}
            revoke={(password, signal) => deleteStoreKey('WEBHOOK', password ?? '', signal)}
            needsPassword
            testId="webhook-key"
          />
        </>
      )}
    </SettingsFrame>
  );
}
