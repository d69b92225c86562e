import { Suspense, lazy, useEffect, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { showCatalogueToast } from '../components/ui/toastQueue';
import { ConnectivityActor } from './connectivity';
import { withChunkTimeout } from './chunkLoad';
import { catalogueMessages } from './errorCatalogue';
import { registerFailureOutlets } from './failureReporter';

const ConfirmDialog = lazy(() => withChunkTimeout(() => import('../components/ui/Dialog')).then((m) => ({ default: m.ConfirmDialog })));


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
      toast: (text, timeout) => showCatalogueToast(typeof text === 'string' ? text : intl.formatMessage(text), timeout),
      networkLost: () => connectivity.send({ type: 'NETWORK_LOST' }),
      stripeConfirm: () => setStripeOpen(true),
    });
    return () => registerFailureOutlets(null);
  }, [intl, connectivity]);
  // The dialog's code loads only when it is needed (it is rare).
  if (!stripeOpen) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        isOpen
        onOpenChange={setStripeOpen}
        title={intl.formatMessage(catalogueMessages.stripeTitle)}
        confirmLabel={intl.formatMessage(messages.configure)}
        cancelLabel={intl.formatMessage(messages.later)}
        onConfirm={() => void navigate('/parametres/paiements')}
      >
        {intl.formatMessage(catalogueMessages.stripeBody)}
      </ConfirmDialog>
    </Suspense>
  );
}
