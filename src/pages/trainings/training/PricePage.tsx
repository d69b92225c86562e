import { useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { addTrainingPaymentSchedule, removeTrainingPaymentSchedule, type PaymentScheduleInput } from '../../../api/paymentSchedulesApi';
import { Card } from '../../../components/ui/Card';
import { formatEuros } from '../../../i18n/format';
import { useLocale } from '../../../i18n/LocaleProvider';
import { PaymentSchedulesEditor } from '../../../components/catalogue/PaymentSchedulesEditor';
import { TrainingFrame } from './TrainingFrame';
import { refreshTraining, type Training } from '../../../api/trainingsApi';

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
  // The training carries its schedules and its price: reload it after each change.
  const refresh = () => refreshTraining(queryClient, training.uuid);
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
            await addTrainingPaymentSchedule(training.uuid, body);
            await refresh();
          }}
          onDelete={async (paymentScheduleId) => {
            await removeTrainingPaymentSchedule(training.uuid, paymentScheduleId);
            await refresh();
          }}
        />
      </div>
    </Card>
  );
}
