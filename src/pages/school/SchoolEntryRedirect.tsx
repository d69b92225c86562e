import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from '../../components/ui/Spinner';
import { schoolMessages as m } from './schoolMessages';

/**
 * A school's address reached inside the back office (a link followed by its router): the page is loaded again, so
 * the server sends the storefront's own entry (school.html). The school area has its own small router since issue
 * 11's JavaScript bar and does not run under the back office's React Router.
 */
export function SchoolEntryRedirect() {
  const intl = useIntl();
  useEffect(() => window.location.reload(), []);
  return <Spinner aria-label={intl.formatMessage(m.loading)} />;
}
