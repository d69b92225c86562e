import { useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { refreshCustomerPayments, refundCustomerTransaction } from '../../api/customersApi';
import type { components } from '../../api/schema.gen';
import { DeleteConfirmDialog, useConfirmedDeletion } from '../../components/catalogue/DeleteConfirm';
import { Button } from '../../components/ui/Button';
import { showToast } from '../../components/ui/toastQueue';
import { formatEuros } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';

const m = defineMessages({
  refund: { id: 'customer.refund.action', defaultMessage: 'Rembourser' },
  title: { id: 'customer.refund.title', defaultMessage: 'Rembourser ce paiement ?' },
  access: { id: 'customer.refund.access', defaultMessage: 'L’apprenant garde son accès à la formation : retirez-le vous-même si besoin.' },
  cancel: { id: 'customer.refund.cancel', defaultMessage: 'Annuler' },
  refunding: { id: 'customer.refund.refunding', defaultMessage: 'Remboursement…' },
  refunded: { id: 'customer.refund.refunded', defaultMessage: 'Paiement remboursé : l’avoir est dans les factures.' },
  pending: { id: 'customer.refund.pending', defaultMessage: 'Remboursement demandé : l’avoir sera émis dès que le prestataire l’aura confirmé.' },
});
const mv = {
  body: defineMessage<{ amount: string; date: string }>({
    id: 'customer.refund.body',
    defaultMessage: 'Le paiement de {amount} du {date} sera rendu à l’apprenant par le moyen de paiement utilisé, et un avoir sera émis.',
  }),
  label: defineMessage<{ amount: string; date: string }>({ id: 'customer.refund.label', defaultMessage: 'Rembourser le paiement de {amount} du {date}' }),
};

/** What the button needs of the contract's Transaction (a row of listTrainingCustomerTransactions). */
type RefundablePayment = Pick<components['schemas']['Transaction'], 'id' | 'amount' | 'paid_at' | 'created_at'>;

/**
 * "Rembourser" on a paid payment of the customer page's training payments, with its confirmation (the shared
 * confirm chart, machines/deleteConfirm, through DeleteConfirmDialog): refundTrainingCustomerTransaction, then a
 * toast saying whether the credit note is written (test provider) or awaited from Stripe / PayPal, and the payments
 * and invoices read again. A refusal (already refunded, provider unlinked) shows in the dialog.
 */
export function RefundPaymentButton({ storeUuid, customerUuid, trainingUuid, payment }: { storeUuid: string; customerUuid: string; trainingUuid: string; payment: RefundablePayment }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const values = { amount: formatEuros(payment.amount, locale), date: intl.formatDate(payment.paid_at ?? payment.created_at, { dateStyle: 'medium' }) };
  const refund = useConfirmedDeletion<RefundablePayment>({
    remove: async (target, signal) => {
      const answer = await refundCustomerTransaction(trainingUuid, customerUuid, target.id, signal);
      showToast({ title: intl.formatMessage(answer.status === 'REFUNDED' ? m.refunded : m.pending), variant: 'success' });
    },
    onDeleted: () => refreshCustomerPayments(queryClient, storeUuid, customerUuid),
  });
  return (
    <>
      <Button size="sm" variant="secondary" onPress={() => refund.ask(payment)} aria-label={intl.formatMessage(mv.label, values)} data-testid="payment-refund">
        {intl.formatMessage(m.refund)}
      </Button>
      <DeleteConfirmDialog
        deletion={refund}
        title={intl.formatMessage(m.title)}
        confirmLabel={intl.formatMessage(m.refund)}
        cancelLabel={intl.formatMessage(m.cancel)}
        pendingLabel={intl.formatMessage(m.refunding)}
        data-testid="payment-refund-dialog"
      >
        {() => (
          <>
            <p>{intl.formatMessage(mv.body, values)}</p>
            <p className="muted">{intl.formatMessage(m.access)}</p>
          </>
        )}
      </DeleteConfirmDialog>
    </>
  );
}
