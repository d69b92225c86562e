import { useEffect } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { catalogueMessages } from './errorCatalogue';
import { registerFailureOutlets } from './failureReporter';
import { showCatalogueToast } from '../components/ui/toastQueue';

/**
 * Failures a page does not show itself, as toasts: the entries without the back office's shell (the storefront, the
 * guest pages) have no network-lost dialog nor Stripe prompt.
 */
export function ToastFailureOutlets({ networkLost }: { networkLost: MessageDescriptor }) {
  const intl = useIntl();
  useEffect(() => {
    registerFailureOutlets({
      toast: (text, timeout) => showCatalogueToast(typeof text === 'string' ? text : intl.formatMessage(text), timeout),
      networkLost: () => showCatalogueToast(intl.formatMessage(networkLost), 0),
      stripeConfirm: () => showCatalogueToast(intl.formatMessage(catalogueMessages.unavailable), 0),
    });
    return () => registerFailureOutlets(null);
  }, [intl, networkLost]);
  return null;
}
