import { useEffect, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../components/ui/Dialog';
import { showToast } from '../components/ui/toastQueue';
import { ConnectivityActor } from './connectivity';
import { catalogueMessages } from './errorCatalogue';
import { registerFailureOutlets } from './failureReporter';

const messages = defineMessages({
  configure: { id: 'errors.stripeConfigure', defaultMessage: 'Configurer les paiements' },
  later: { id: 'errors.stripeLater', defaultMessage: 'Plus tard' },
});

/** Connects the error catalogue to toasts and dialogs; mounted once inside the router. */
export function FailureOutlets() {
  const intl = useIntl();
  const navigate = useNavigate();
  const connectivity = ConnectivityActor.useActorRef();
  const [stripeOpen, setStripeOpen] = useState(false);
  useEffect(() => {
    registerFailureOutlets({
      toast: (text, timeout) => showToast({ title: typeof text === 'string' ? text : intl.formatMessage(text), variant: 'error' }, { timeout }),
      networkLost: () => connectivity.send({ type: 'NETWORK_LOST' }),
      stripeConfirm: () => setStripeOpen(true),
    });
    return () => registerFailureOutlets(null);
  }, [intl, connectivity]);
  return (
    <ConfirmDialog
      isOpen={stripeOpen}
      onOpenChange={setStripeOpen}
      title={intl.formatMessage(catalogueMessages.stripeTitle)}
      confirmLabel={intl.formatMessage(messages.configure)}
      cancelLabel={intl.formatMessage(messages.later)}
      onConfirm={() => void navigate('/parametres/paiements')}
    >
      {intl.formatMessage(catalogueMessages.stripeBody)}
    </ConfirmDialog>
  );
}
