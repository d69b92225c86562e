import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { defineMessages, useIntl } from 'react-intl';
import { canOpen } from '../../../app/access';
import { useViewer } from '../../../app/RouteGuard';
import { routeByName } from '../../../app/routes';
import { Button } from '../../../components/ui/Button';
import { TextLink } from '../../../components/ui/Link';
import { Spinner } from '../../../components/ui/Spinner';
import { Banner } from '../../../components/ui/Banner';
import { commonMessages } from '../../../i18n/commonMessages';
import { NotFoundPage } from '../../NotFoundPage';
import { TrainingStatusBadge } from '../../../components/StatusBadge';
import { trainingQuery, type Training } from './trainingQuery';
import { trainingTabs, type TrainingTab } from './trainingTabs';
import '../../pages.css';
import '../shared/trainingPages.css';
import './training.css';

const messages = defineMessages({
  back: { id: 'trainings.frame.back', defaultMessage: '← Retour aux formations' },
  tabs: { id: 'trainings.frame.tabs', defaultMessage: 'Sections de la formation' },
  failed: { id: 'trainings.frame.failed', defaultMessage: 'La formation n’a pas pu être chargée.' },
});

interface ErrorBody {
  code?: string;
  message?: string;
}

/**
 * The frame of every tab of a training (/formations/:uuid/…): reads :uuid, loads the training into the
 * shared cache entry (trainingQuery), and shows the loading state, the not-found page (unknown uuid, or
 * another store's), the header with the status, a way back to the list and the tabs the viewer may open.
 *
 * Usage: `<TrainingFrame tab="price">{(training) => <PricePanel training={training} />}</TrainingFrame>`.
 * The children render only once the training is loaded; they get the cached training, which updates
 * when a tab writes a saved training back with `queryClient.setQueryData(trainingQuery(uuid).queryKey, …)`.
 */
export function TrainingFrame({ tab, children }: { tab: TrainingTab; children: (training: Training) => ReactNode }) {
  const intl = useIntl();
  const { uuid = '' } = useParams();
  const viewer = useViewer();
  const query = useQuery(trainingQuery(uuid));

  if (query.isPending) {
    return (
      <div className="training-frame__loading">
        <Spinner size="lg" aria-label={intl.formatMessage(commonMessages.loading)} />
      </div>
    );
  }
  if (query.isError) {
    const error = query.error as ErrorBody | Error;
    const code = 'code' in error ? error.code : undefined;
    // A malformed uuid fails validation (422): for the person it is the same lost link as an unknown one.
    if (code === 'NOT_FOUND' || code === 'VALIDATION_FAILED') return <NotFoundPage message={code === 'NOT_FOUND' ? error.message : undefined} />;
    return (
      <Banner variant="danger" title={intl.formatMessage(messages.failed)} action={<Button variant="secondary" onPress={() => void query.refetch()}>{intl.formatMessage(commonMessages.retry)}</Button>}>
        {error.message}
      </Banner>
    );
  }

  const training = query.data;
  const tabs = trainingTabs(training.uuid, (name) => {
    const route = routeByName(name);
    return route !== undefined && canOpen(route, viewer);
  });

  return (
    <div className="training-frame" data-testid="training-frame">
      <TextLink href="/formations" variant="subtle" className="training-frame__back">
        {intl.formatMessage(messages.back)}
      </TextLink>
      <header className="training-frame__header">
        <h1 className="page-title training-frame__title">{training.name}</h1>
        <TrainingStatusBadge status={training.status} data-testid="training-status" />
      </header>
      <nav aria-label={intl.formatMessage(messages.tabs)} className="training-tabs">
        <ul className="training-tabs__list">
          {tabs.map((link) => (
            <li key={link.tab}>
              <TextLink
                href={link.href}
                className="training-tabs__tab"
                aria-current={link.tab === tab ? 'page' : undefined}
                data-testid={`training-tab-${link.tab}`}
              >
                {intl.formatMessage(link.label)}
              </TextLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* Keyed by training: the tabs' local form state never carries over to another training. */}
      <div className="training-frame__body" key={training.uuid}>
        {children(training)}
      </div>
    </div>
  );
}
