import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { TrainingSummary } from '../../../api/trainingsApi';
import { TrainingStatusBadge } from '../../../components/StatusBadge';
import { formatEuros, formatShortNumber } from '../../../i18n/format';
import { useLocale } from '../../../i18n/LocaleProvider';
import { CatalogueRow } from '../../../components/catalogue/CatalogueRow';
import { listMessages as m, listValues } from './trainingsListMessages';

/** One training of the list: its status, how many items and learners, its price. */
export function TrainingRow({ training, href, draggable, actions }: { training: TrainingSummary; href: string; draggable: boolean; actions?: ReactNode }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const price = training.price === null ? intl.formatMessage(m.noPrice) : training.price === 0 ? intl.formatMessage(m.free) : formatEuros(training.price, locale);
  return (
    <CatalogueRow
      testId={`training-row-${training.uuid}`}
      name={training.name}
      href={href}
      summary={training.summary}
      picture={training.picture}
      draggable={draggable}
      badge={<TrainingStatusBadge status={training.status} data-testid="training-status" />}
      facts={[
        intl.formatMessage(listValues.items, { count: training.items_count }),
        intl.formatMessage(listValues.learners, { count: training.customers_count, short: formatShortNumber(training.customers_count, locale) }),
        <span className="catalogue-row__price">{price}</span>,
      ]}
      menu={actions}
      menuLabel={intl.formatMessage(listValues.actions, { name: training.name })}
    />
  );
}
