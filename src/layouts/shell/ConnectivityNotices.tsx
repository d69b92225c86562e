import { defineMessages, useIntl } from 'react-intl';
import { WifiOff } from 'lucide-react';
import { selectConnectivityView } from '../../../machines/connectivity/connectivity.selectors';
import { ConnectivityActor } from '../../app/connectivity';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog, Modal } from '../../components/ui/Dialog';
import { commonMessages } from '../../i18n/commonMessages';

const messages = defineMessages({
  offline: { id: 'connectivity.offline', defaultMessage: 'Vous êtes actuellement hors ligne' },
  reload: { id: 'connectivity.reload', defaultMessage: 'Recharger' },
  lostTitle: { id: 'connectivity.lostTitle', defaultMessage: 'Connexion perdue' },
  refresh: { id: 'connectivity.refresh', defaultMessage: 'Actualiser la page' },
  popupTitle: { id: 'connectivity.popupTitle', defaultMessage: 'Fenêtre bloquée' },
  popupBody: {
    id: 'connectivity.popupBody',
    defaultMessage: "Votre navigateur a bloqué l'ouverture d'une fenêtre. Autorisez les fenêtres pop-up pour ce site, puis réessayez.",
  },
});

/** The offline banner and the network-lost and pop-up-blocked dialogs, from the connectivity machine. */
export function ConnectivityNotices() {
  const intl = useIntl();
  const actor = ConnectivityActor.useActorRef();
  const view = ConnectivityActor.useSelector(selectConnectivityView);
  return (
    <>
      {view.isOffline && (
        <Banner
          variant="danger"
          action={
            <Button size="sm" variant="secondary" onPress={() => actor.send({ type: 'RELOAD' })}>
              {intl.formatMessage(messages.reload)}
            </Button>
          }
        >
          <span className="connectivity-offline" data-testid="offline-banner">
            <WifiOff size={16} aria-hidden="true" /> {intl.formatMessage(messages.offline)}
          </span>
        </Banner>
      )}
      <ConfirmDialog
        isOpen={view.isNetworkLostOpen}
        onOpenChange={(open) => !open && actor.send({ type: 'DISMISS' })}
        title={intl.formatMessage(messages.lostTitle)}
        confirmLabel={intl.formatMessage(messages.refresh)}
        cancelLabel={intl.formatMessage(commonMessages.close)}
        onConfirm={() => actor.send({ type: 'RELOAD' })}
      >
        {intl.formatMessage(commonMessages.networkLost)}
      </ConfirmDialog>
      <Modal
        isOpen={view.isPopupBlockedOpen}
        onOpenChange={(open) => !open && actor.send({ type: 'DISMISS_POPUP' })}
        title={intl.formatMessage(messages.popupTitle)}
        closeLabel={intl.formatMessage(commonMessages.close)}
      >
        <p>{intl.formatMessage(messages.popupBody)}</p>
      </Modal>
    </>
  );
}
