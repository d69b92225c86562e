import { useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { api } from '../../../api/client';
import { unwrap } from '../../../api/failure';
import { Card } from '../../../components/ui/Card';
import { formatEuros } from '../../../i18n/format';
import { useLocale } from '../../../i18n/LocaleProvider';
import { PaymentSchedulesEditor, type PaymentScheduleInput } from '../../../components/catalogue/PaymentSchedulesEditor';
import { TrainingFrame } from './TrainingFrame';
import { trainingQuery, type Training } from './trainingQuery';

const m = defineMessages({
  title: { id: 'trainings.price.title', defaultMessage: 'Tarifs' },
  lead: { id: 'trainings.price.lead', defaultMessage: 'Proposez un ou plusieurs moyens de payer. Le premier tarif est celui affiché d’abord sur la page de vente.' },
  free: { id: 'trainings.price.free', defaultMessage: 'Prix affiché : gratuit' },
  none: { id: 'trainings.price.none', defaultMessage: "Sans tarif, la formation ne peut pas être achetée." },
});
const shownPrice = defineMessage<{ price: string }>({ id: 'trainings.price.shown', defaultMessage: 'Prix affiché : {price}' });

/** /formations/:uuid/prix: the payment schedules of a training (the price is the first schedule's). */
export function PricePage() {
  return <TrainingFrame tab="price">{(training) => <PricePanel training={training} />}</TrainingFrame>;
}

function PricePanel({ training }: { training: Training }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const path = { trainingUuid: training.uuid };
  // The training carries its schedules and its price: reload it after each change.
  const refresh = () => queryClient.invalidateQueries({ queryKey: trainingQuery(training.uuid).queryKey });
  const summary =
    training.payment_schedules.length === 0
      ? intl.formatMessage(m.none)
      : training.price === null || training.price === 0
        ? intl.formatMessage(m.free)
        : intl.formatMessage(shownPrice, { price: formatEuros(training.price, locale) });

  return (
    <Card title={intl.formatMessage(m.title)} description={intl.formatMessage(m.lead)}>
      <div className="stack">
        <p className="muted" data-testid="training-price">
          {summary}
        </p>
        <PaymentSchedulesEditor
          kind="training"
          schedules={training.payment_schedules}
          onAdd={async (body: PaymentScheduleInput) => {
            await unwrap(api.POST('/trainings/{trainingUuid}/payment_schedules', { params: { path }, body }));
            await refresh();
          }}
          onDelete={async (paymentScheduleId) => {
            await unwrap(api.DELETE('/trainings/{trainingUuid}/payment_schedules/{paymentScheduleId}', { params: { path: { ...path, paymentScheduleId } } }));
            await refresh();
          }}
        />
      </div>
    </Card>
  );
}
