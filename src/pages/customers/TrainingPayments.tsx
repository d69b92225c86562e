import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { cancelTrainingCustomerTransactions, trainingCustomerTransactionsQuery } from '../../api/trainingCustomersApi';
import { customerTrainingQuery } from '../../api/customersApi';
import { DeleteConfirmDialog, useConfirmedDeletion } from '../../components/catalogue/DeleteConfirm';
import { FailedToLoad } from '../../components/ui/ListStates';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Spinner } from '../../components/ui/Spinner';
import { showToast } from '../../components/ui/toastQueue';
import { commonMessages } from '../../i18n/commonMessages';
import { formatEuros } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { saleStatusLabels, saleStatusTone } from '../sales/salesMessages';
import { RefundPaymentButton } from './RefundPaymentButton';

const m = defineMessages({
  title: { id: 'customer.payments.title', defaultMessage: 'Paiements' },
  none: { id: 'customer.payments.none', defaultMessage: 'Aucun paiement pour cette formation.' },
  failed: { id: 'customer.payments.failed', defaultMessage: 'Les paiements n’ont pas pu être chargés.' },
  cancel: { id: 'customer.payments.cancel', defaultMessage: 'Annuler les paiements sélectionnés' },
  confirmTitle: { id: 'customer.payments.confirmTitle', defaultMessage: 'Annuler ces paiements ?' },
  confirm: { id: 'customer.payments.confirm', defaultMessage: 'Annuler les paiements' },
  keep: { id: 'customer.payments.keep', defaultMessage: 'Ne rien changer' },
  cancelling: { id: 'customer.payments.cancelling', defaultMessage: 'Annulation…' },
  cancelled: { id: 'customer.payments.cancelled', defaultMessage: 'Paiements annulés' },
  upcomingHint: { id: 'customer.payments.hint', defaultMessage: 'Seuls les paiements à venir ou en brouillon peuvent être annulés ; l’apprenant garde son accès.' },
  refundPending: { id: 'customer.payments.refundPending', defaultMessage: 'Remboursement en cours' },
  refundDone: { id: 'customer.payments.refundDone', defaultMessage: 'Remboursé' },
  refundFailed: { id: 'customer.payments.refundFailed', defaultMessage: 'Remboursement refusé par le prestataire' },
});
/** A payment's refund as the team reads it: waiting for the provider, made, or refused (then it may be asked again). */
const refundPills = {
  PENDING: { message: m.refundPending, tone: 'pill pill--info' },
  REFUNDED: { message: m.refundDone, tone: 'pill' },
  FAILED: { message: m.refundFailed, tone: 'pill pill--danger' },
} as const;
const mv = {
  select: defineMessage<{ date: string; amount: string }>({ id: 'customer.payments.select', defaultMessage: 'Sélectionner le paiement du {date} ({amount})' }),
  instalment: defineMessage<{ number: number }>({ id: 'customer.payments.instalment', defaultMessage: 'échéance {number}' }),
  confirmBody: defineMessage<{ count: number }>({
    id: 'customer.payments.confirmBody',
    defaultMessage: '{count, plural, one {Ce paiement ne sera pas prélevé.} other {Ces # paiements ne seront pas prélevés.}} L’apprenant garde son accès à la formation.',
  }),
};

/** Only upcoming payments can be cancelled (the contract: INCOMING or DRAFT). */
const cancellable = (status: string) => status === 'INCOMING' || status === 'DRAFT';

/**
 * A learner's payments for one training (customer page, a training's detail): the instalments in order, and for
 * owners and admins the upcoming ones can be selected and cancelled after a confirmation (the deleteConfirm
 * machine); the server's refusal (422: a payment already paid or being charged) shows in the dialog.
 */
export function TrainingPayments({ storeUuid, customerUuid, trainingUuid, canWrite }: { storeUuid: string; customerUuid: string; trainingUuid: string; canWrite: boolean }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const list = useQuery(trainingCustomerTransactionsQuery(trainingUuid, customerUuid));
  // The payments ticked for cancelling (presentational: a selection in a list).
  const [selected, setSelected] = useState<number[]>([]);
  const cancelling = useConfirmedDeletion<number[]>({
    remove: (ids, signal) => cancelTrainingCustomerTransactions(trainingUuid, customerUuid, ids, signal),
    onDeleted: async () => {
      setSelected([]);
      showToast({ title: intl.formatMessage(m.cancelled), variant: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trainingCustomerTransactionsQuery(trainingUuid, customerUuid).queryKey }),
        queryClient.invalidateQueries({ queryKey: customerTrainingQuery(storeUuid, customerUuid, trainingUuid).queryKey }),
      ]);
    },
  });

  let body;
  if (list.isPending) body = <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />;
  else if (list.isError) body = <FailedToLoad title={intl.formatMessage(m.failed)} query={list} size="sm" />;
  else if (list.data.data.length === 0) body = <p className="muted">{intl.formatMessage(m.none)}</p>;
  else {
    const rows = list.data.data;
    const canCancel = canWrite && rows.some((row) => cancellable(row.status));
    body = (
      <div className="stack">
        <ul className="customer-detail__items customer-payments">
          {rows.map((transaction) => {
            const date = intl.formatDate(transaction.paid_at ?? transaction.due_at ?? transaction.created_at, { dateStyle: 'medium' });
            const amount = formatEuros(transaction.amount, locale);
            const label = (
              <>
                {date} · {amount}
                {transaction.installment_number !== null && <> · {intl.formatMessage(mv.instalment, { number: transaction.installment_number })}</>}{' '}
                <span className={saleStatusTone[transaction.status]}>{intl.formatMessage(saleStatusLabels[transaction.status])}</span>
                {transaction.refund && (
                  <>
                    {' '}
                    <span className={refundPills[transaction.refund.status].tone} data-testid="customer-payment-refund">
                      {intl.formatMessage(refundPills[transaction.refund.status].message)}
                    </span>
                  </>
                )}
              </>
            );
            return (
              <li key={transaction.id} data-testid="customer-payment">
                {canCancel && cancellable(transaction.status) ? (
                  <Checkbox
                    isSelected={selected.includes(transaction.id)}
                    onChange={(on) => setSelected((current) => (on ? [...current, transaction.id] : current.filter((id) => id !== transaction.id)))}
                    aria-label={intl.formatMessage(mv.select, { date, amount })}
                    data-testid="customer-payment-select"
                  >
                    {label}
                  </Checkbox>
                ) : (
                  label
                )}
                {canWrite && transaction.status === 'PAID' && transaction.amount > 0 && (!transaction.refund || transaction.refund.status === 'FAILED') && (
                  <>
                    {' '}
                    <RefundPaymentButton storeUuid={storeUuid} customerUuid={customerUuid} trainingUuid={trainingUuid} payment={transaction} />
                  </>
                )}
              </li>
            );
          })}
        </ul>
        {canCancel && (
          <div className="stack">
            <p className="muted">{intl.formatMessage(m.upcomingHint)}</p>
            <div className="form-actions">
              <Button size="sm" variant="danger" isDisabled={selected.length === 0} onPress={() => cancelling.ask(selected)} data-testid="customer-payments-cancel">
                {intl.formatMessage(m.cancel)}
              </Button>
            </div>
          </div>
        )}
      </div>
    );
  }
  return (
    <div data-testid="customer-payments">
      <h4 className="customer-detail__title">{intl.formatMessage(m.title)}</h4>
      {body}
      {canWrite && (
        <DeleteConfirmDialog
          deletion={cancelling}
          title={intl.formatMessage(m.confirmTitle)}
          confirmLabel={intl.formatMessage(m.confirm)}
          cancelLabel={intl.formatMessage(m.keep)}
          pendingLabel={intl.formatMessage(m.cancelling)}
          data-testid="customer-payments-confirm"
        >
          {(ids) => intl.formatMessage(mv.confirmBody, { count: ids.length })}
        </DeleteConfirmDialog>
      )}
    </div>
  );
}
