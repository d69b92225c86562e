import { useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { refreshBundle, type Bundle } from '../../../api/bundlesApi';
import { addBundlePaymentSchedule, removeBundlePaymentSchedule, type PaymentScheduleInput } from '../../../api/paymentSchedulesApi';
import { Card } from '../../../components/ui/Card';
import { formatEuros } from '../../../i18n/format';
import { useLocale } from '../../../i18n/LocaleProvider';
import { PaymentSchedulesEditor } from '../../../components/catalogue/PaymentSchedulesEditor';
import { BundleFrame } from './BundleFrame';

const m = defineMessages({
  title: { id: 'bundles.price.title', defaultMessage: 'Tarifs' },
  lead: { id: 'bundles.price.lead', defaultMessage: 'Proposez un ou plusieurs moyens de payer le pack. Le premier tarif est celui affiché d’abord sur sa page de vente.' },
  free: { id: 'bundles.price.free', defaultMessage: 'Prix affiché : gratuit' },
  none: { id: 'bundles.price.none', defaultMessage: 'Sans tarif, le pack ne peut pas être acheté.' },
});
const shownPrice = defineMessage<{ price: string }>({ id: 'bundles.price.shown', defaultMessage: 'Prix affiché : {price}' });

/** /packs/:uuid/prix: the bundle's payment schedules (the same editor as a training's). */
export function BundlePricePage() {
  return <BundleFrame tab="price">{(bundle) => <PricePanel bundle={bundle} />}</BundleFrame>;
}

function PricePanel({ bundle }: { bundle: Bundle }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  // The bundle carries its schedules and its price (the list shows it too): reload both after each change.
  const refresh = () => refreshBundle(queryClient, bundle.uuid);
  const summary =
    bundle.payment_schedules.length === 0
      ? intl.formatMessage(m.none)
      : bundle.price === null || bundle.price === 0
        ? intl.formatMessage(m.free)
        : intl.formatMessage(shownPrice, { price: formatEuros(bundle.price, locale) });

  return (
    <Card title={intl.formatMessage(m.title)} description={intl.formatMessage(m.lead)}>
      <div className="stack">
        <p className="muted" data-testid="bundle-price">
          {summary}
        </p>
        <PaymentSchedulesEditor
          kind="bundle"
          schedules={bundle.payment_schedules}
          onAdd={async (body: PaymentScheduleInput) => {
            await addBundlePaymentSchedule(bundle.uuid, body);
            await refresh();
          }}
          onDelete={async (paymentScheduleId) => {
            await removeBundlePaymentSchedule(bundle.uuid, paymentScheduleId);
            await refresh();
          }}
        />
      </div>
    </Card>
  );
}
