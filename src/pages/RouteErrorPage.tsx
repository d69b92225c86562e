import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '../components/ui/Button';
import { TextLink } from '../components/ui/Link';
import { isChunkLoadTimeout } from '../app/chunkLoad';
import { reportToErrorService } from '../app/errorReporting';
import { catalogueMessages } from '../app/errorCatalogue';
import { commonMessages } from '../i18n/commonMessages';
import { NotFoundPage } from './NotFoundPage';

const messages = defineMessages({
  title: { id: 'routeError.title', defaultMessage: "Cette page n'a pas pu s'afficher" },
  newVersion: { id: 'routeError.newVersion', defaultMessage: 'Une nouvelle version de la plateforme est peut-être disponible : rechargez la page.' },
  reload: { id: 'routeError.reload', defaultMessage: 'Recharger la page' },
});

/**
 * What a route shows when it fails: the not-found page for a 404 (the server's message preferred),
 * else a way to reload. The data router clears the error on the next navigation.
 */
export function RouteErrorPage() {
  const intl = useIntl();
  const error = useRouteError();
  // A page that threw while rendering or loading is a bug: the error service (when configured) hears of it once.
  useEffect(() => {
    if (!isRouteErrorResponse(error) && !isChunkLoadTimeout(error)) reportToErrorService(error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) {
    const message = typeof error.data === 'object' && error.data && 'message' in error.data ? String(error.data.message) : undefined;
    return <NotFoundPage message={message} />;
  }
  return (
    <section className="auth-card auth-card__center" role="alert">
      <h1>{intl.formatMessage(messages.title)}</h1>
      <p className="auth-card__lead">{intl.formatMessage(isChunkLoadTimeout(error) ? catalogueMessages.chunkTimeout : messages.newVersion)}</p>
      <Button onPress={() => window.location.reload()}>{intl.formatMessage(messages.reload)}</Button>
      <TextLink href="/">{intl.formatMessage(commonMessages.backHome)}</TextLink>
    </section>
  );
}
