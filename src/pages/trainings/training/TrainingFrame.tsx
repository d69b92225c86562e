import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { defineMessages, useIntl } from 'react-intl';
import { canOpen } from '../../../app/access';
import { useViewer } from '../../../app/RouteGuard';
import { routeByName } from '../../../app/routes';
import { TrainingStatusBadge } from '../../../components/StatusBadge';
import { CatalogueFrame } from '../../../components/catalogue/CatalogueFrame';
import { trainingQuery, type Training } from '../../../api/trainingsApi';
import { trainingTabs, type TrainingTab } from './trainingTabs';
import '../../pages.css';
import '../../../components/catalogue/catalogue.css';
import './training.css';

const messages = defineMessages({
  back: { id: 'trainings.frame.back', defaultMessage: '← Retour aux formations' },
  tabs: { id: 'trainings.frame.tabs', defaultMessage: 'Sections de la formation' },
  failed: { id: 'trainings.frame.failed', defaultMessage: 'La formation n’a pas pu être chargée.' },
});

/**
 * The frame of every tab of a training (/formations/:uuid/…): reads :uuid, loads the training into the
 * shared cache entry (trainingQuery) and shows it in the catalogue frame (shared/CatalogueFrame.tsx) with the
 * tabs the viewer may open.
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
  return (
    <CatalogueFrame
      query={query}
      current={tab}
      tabs={(training) =>
        trainingTabs(training.uuid, (name) => {
          const route = routeByName(name);
          return route !== undefined && canOpen(route, viewer);
        })
      }
      badge={(training) => <TrainingStatusBadge status={training.status} data-testid="training-status" />}
      back={{ href: '/formations', label: intl.formatMessage(messages.back) }}
      tabsLabel={intl.formatMessage(messages.tabs)}
      failedLabel={intl.formatMessage(messages.failed)}
      testIdPrefix="training"
    >
      {children}
    </CatalogueFrame>
  );
}
