import { useState, type FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import type { Failure } from '../../../shared/failure';
import type { components } from '../../api/schema.gen';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Button } from '../ui/Button';
import { Form, FormError } from '../ui/Form';
import { TextField } from '../ui/TextField';
import { formatEuros } from '../../i18n/format';
import { ChoiceGroup } from '../ui/ChoiceGroup';
import { DeleteConfirmDialog, useConfirmedDeletion } from './DeleteConfirm';
import { parseEuros, scheduleTotal } from './money';
import '../../pages/pages.css';
import './catalogue.css';

export type PaymentSchedule = components['schemas']['PaymentSchedule'];
type ScheduleType = components['schemas']['PaymentScheduleType'];
type Frequency = components['schemas']['BillingFrequency'];
type PaymentScheduleInput = components['schemas']['PaymentScheduleInput'];

/** What the schedules sell: the help texts name it ("rend la formation gratuite", "rend le pack gratuit"). */
export type ScheduleOwner = 'training' | 'bundle';

export interface PaymentSchedulesEditorProps {
  kind: ScheduleOwner;
  schedules: readonly PaymentSchedule[];
  /** Creates a schedule; rejects with a Failure (422 field errors are shown on the fields, the typing kept). */
  onAdd: (input: PaymentScheduleInput) => Promise<unknown>;
  /** Deletes a schedule; rejects with a Failure. */
  onDelete: (id: number) => Promise<unknown>;
  /** Read-only list (no form, no delete buttons). */
  disabled?: boolean;
}

const m = defineMessages({
  empty: { id: 'trainings.schedules.empty', defaultMessage: 'Aucun tarif pour l’instant : ajoutez-en un ci-dessous. Pour une offre gratuite, ajoutez un paiement unique à 0 €.' },
  listLabel: { id: 'trainings.schedules.list', defaultMessage: 'Tarifs' },
  free: { id: 'trainings.schedules.free', defaultMessage: 'Gratuit' },
  first: { id: 'trainings.schedules.first', defaultMessage: 'Affiché en premier' },
  delete: { id: 'trainings.schedules.delete', defaultMessage: 'Supprimer' },
  confirmTitle: { id: 'trainings.schedules.confirmTitle', defaultMessage: 'Supprimer ce tarif ?' },
  cancel: { id: 'trainings.schedules.cancel', defaultMessage: 'Annuler' },
  deleting: { id: 'trainings.schedules.deleting', defaultMessage: 'Suppression…' },
  addTitle: { id: 'trainings.schedules.addTitle', defaultMessage: 'Ajouter un tarif' },
  type: { id: 'trainings.schedules.type', defaultMessage: 'Type de paiement' },
  typeOneTime: { id: 'trainings.schedules.type.ONE_TIME', defaultMessage: 'Paiement unique' },
  typeInstallments: { id: 'trainings.schedules.type.INSTALLMENTS', defaultMessage: 'En plusieurs fois' },
  typeInstallmentsHelp: { id: 'trainings.schedules.type.INSTALLMENTS.help', defaultMessage: 'De 2 à 24 paiements mensuels.' },
  typeSubscription: { id: 'trainings.schedules.type.SUBSCRIPTION', defaultMessage: 'Abonnement' },
  typeSubscriptionHelp: { id: 'trainings.schedules.type.SUBSCRIPTION.help', defaultMessage: 'Un paiement chaque mois ou chaque année, jusqu’à résiliation.' },
  price: { id: 'trainings.schedules.price', defaultMessage: 'Montant (€)' },
  priceEach: { id: 'trainings.schedules.priceEach', defaultMessage: 'Montant de chaque paiement (€)' },
  priceHint: { id: 'trainings.schedules.priceHint', defaultMessage: 'Par exemple 49,90' },
  priceInvalid: { id: 'trainings.schedules.priceInvalid', defaultMessage: 'Saisissez un montant en euros, par exemple 49,90.' },
  count: { id: 'trainings.schedules.count', defaultMessage: 'Nombre de paiements' },
  frequency: { id: 'trainings.schedules.frequency', defaultMessage: 'Fréquence' },
  frequencyMonthly: { id: 'trainings.schedules.frequency.MONTHLY', defaultMessage: 'Chaque mois' },
  frequencyYearly: { id: 'trainings.schedules.frequency.YEARLY', defaultMessage: 'Chaque année' },
  add: { id: 'trainings.schedules.add', defaultMessage: 'Ajouter le tarif' },
  adding: { id: 'trainings.schedules.adding', defaultMessage: 'Ajout…' },
});

/** Messages with values (typed, so a missing value fails to compile). */
const mv = {
  oneTimeHelp: defineMessage<{ kind: ScheduleOwner }>({
    id: 'trainings.schedules.type.ONE_TIME.help',
    defaultMessage: 'Un seul paiement ; 0 € rend {kind, select, bundle {le pack gratuit} other {la formation gratuite}}.',
  }),
  oneTime: defineMessage<{ price: string }>({ id: 'trainings.schedules.oneTime', defaultMessage: 'Paiement unique de {price}' }),
  installments: defineMessage<{ count: number; price: string; total: string }>({ id: 'trainings.schedules.installments', defaultMessage: '{count} paiements mensuels de {price} (total {total})' }),
  monthly: defineMessage<{ price: string }>({ id: 'trainings.schedules.monthly', defaultMessage: 'Abonnement de {price} par mois' }),
  yearly: defineMessage<{ price: string }>({ id: 'trainings.schedules.yearly', defaultMessage: 'Abonnement de {price} par an' }),
  deleteLabel: defineMessage<{ schedule: string }>({ id: 'trainings.schedules.deleteLabel', defaultMessage: 'Supprimer le tarif « {schedule} »' }),
  confirmBody: defineMessage<{ schedule: string }>({ id: 'trainings.schedules.confirmBody', defaultMessage: '« {schedule} » ne sera plus proposé. Les paiements en plusieurs fois déjà en cours continuent.' }),
  total: defineMessage<{ total: string; kind: ScheduleOwner }>({ id: 'trainings.schedules.total', defaultMessage: 'Total payé par {kind, select, bundle {l’acheteur} other {l’apprenant}} : {total}' }),
};

// Prices follow spec 9 (euros, fr-FR in French) through the app's one formatter.
const euros = (intl: IntlShape, amount: number) => formatEuros(amount, intl.locale.startsWith('en') ? 'en' : 'fr');

/** How a schedule reads in the list: "Paiement unique de 49,00 €", "3 paiements mensuels de 33,00 € (total 99,00 €)"… */
export function describeSchedule(intl: IntlShape, schedule: Pick<PaymentSchedule, 'type' | 'price' | 'installments_count' | 'frequency' | 'total_price'>): string {
  const price = euros(intl, schedule.price);
  switch (schedule.type) {
    case 'ONE_TIME':
      return schedule.price === 0 ? intl.formatMessage(m.free) : intl.formatMessage(mv.oneTime, { price });
    case 'INSTALLMENTS':
      return intl.formatMessage(mv.installments, { count: schedule.installments_count ?? 0, price, total: euros(intl, schedule.total_price) });
    case 'SUBSCRIPTION':
      return intl.formatMessage(schedule.frequency === 'YEARLY' ? mv.yearly : mv.monthly, { price });
  }
}

const INSTALLMENT_COUNTS = Array.from({ length: 23 }, (_, i) => i + 2);

/**
 * The payment schedules of a training or a bundle: the list (the first is the one shown first to
 * buyers), deletion after a confirmation, and a form to add one-time, instalment (2 to 24 monthly
 * payments, total shown) or subscription (monthly or yearly) schedules. A free offer is a one-time
 * schedule at 0 €. The parent performs the calls and refreshes `schedules`.
 */
export function PaymentSchedulesEditor({ kind, schedules, onAdd, onDelete, disabled = false }: PaymentSchedulesEditorProps) {
  const intl = useIntl();
  const [type, setType] = useState<ScheduleType>('ONE_TIME');
  const [priceText, setPriceText] = useState('');
  const [count, setCount] = useState(3);
  const [frequency, setFrequency] = useState<Frequency>('MONTHLY');
  const [priceProblem, setPriceProblem] = useState(false);

  // onAdd is read once, when the editor mounts (useRequest's rule).
  const adding = useRequest(async (input: PaymentScheduleInput) => {
    await onAdd(input);
    setPriceText('');
  });
  const deletion = useConfirmedDeletion<PaymentSchedule>({ remove: (schedule) => onDelete(schedule.id), onDeleted: () => undefined });

  const price = parseEuros(priceText);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (price === null) {
      setPriceProblem(true);
      return;
    }
    adding.submit({
      type,
      price,
      ...(type === 'INSTALLMENTS' ? { installments_count: count } : {}),
      ...(type === 'SUBSCRIPTION' ? { frequency } : {}),
    });
  };
  const shownFields = ['type', 'price', 'installments_count', 'frequency'];
  const priceError = priceProblem ? intl.formatMessage(m.priceInvalid) : fieldErrors(adding.error, 'price');

  return (
    <div className="stack" data-testid="payment-schedules">
      {schedules.length === 0 ? (
        <p className="muted" data-testid="payment-schedules-empty">
          {intl.formatMessage(m.empty)}
        </p>
      ) : (
        <ul className="plain-list" aria-label={intl.formatMessage(m.listLabel)}>
          {schedules.map((schedule, index) => {
            const text = describeSchedule(intl, schedule);
            return (
              <li key={schedule.id} data-testid="payment-schedule">
                <span>
                  <strong>{text}</strong>
                  {index === 0 && schedules.length > 1 ? <span className="pill schedule__first">{intl.formatMessage(m.first)}</span> : null}
                </span>
                {!disabled && (
                  <Button variant="ghost" size="sm" aria-label={intl.formatMessage(mv.deleteLabel, { schedule: text })} onPress={() => deletion.ask(schedule)}>
                    {intl.formatMessage(m.delete)}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {!disabled && (
        <Form className="stack schedule-form" onSubmit={onSubmit} aria-label={intl.formatMessage(m.addTitle)}>
          <h3 className="schedule-form__title">{intl.formatMessage(m.addTitle)}</h3>
          <FormError>{failureText(intl, adding.error as Failure | null, shownFields)}</FormError>
          <ChoiceGroup
            label={intl.formatMessage(m.type)}
            orientation="horizontal"
            value={type}
            onChange={setType}
            testId="schedule-type"
            choices={[
              { value: 'ONE_TIME', label: intl.formatMessage(m.typeOneTime), description: intl.formatMessage(mv.oneTimeHelp, { kind }) },
              { value: 'INSTALLMENTS', label: intl.formatMessage(m.typeInstallments), description: intl.formatMessage(m.typeInstallmentsHelp) },
              { value: 'SUBSCRIPTION', label: intl.formatMessage(m.typeSubscription), description: intl.formatMessage(m.typeSubscriptionHelp) },
            ]}
          />
          <div className="form-row">
            <TextField
              name="price"
              label={intl.formatMessage(type === 'ONE_TIME' ? m.price : m.priceEach)}
              description={intl.formatMessage(m.priceHint)}
              inputMode="decimal"
              value={priceText}
              onChange={(value) => {
                setPriceText(value);
                setPriceProblem(false);
              }}
              isRequired
              maxLength={16}
              errorMessage={priceError}
            />
            {type === 'INSTALLMENTS' && (
              <label className="native-field">
                <span className="ui-field__label">{intl.formatMessage(m.count)}</span>
                <select className="native-field__select" name="installments_count" value={count} onChange={(event) => setCount(Number(event.target.value))}>
                  {INSTALLMENT_COUNTS.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {type === 'SUBSCRIPTION' && (
              <label className="native-field">
                <span className="ui-field__label">{intl.formatMessage(m.frequency)}</span>
                <select className="native-field__select" name="frequency" value={frequency} onChange={(event) => setFrequency(event.target.value as Frequency)}>
                  <option value="MONTHLY">{intl.formatMessage(m.frequencyMonthly)}</option>
                  <option value="YEARLY">{intl.formatMessage(m.frequencyYearly)}</option>
                </select>
              </label>
            )}
          </div>
          {type === 'INSTALLMENTS' && price !== null && (
            <p className="muted" data-testid="schedule-total" aria-live="polite">
              {intl.formatMessage(mv.total, { total: euros(intl, scheduleTotal(price, count)), kind })}
            </p>
          )}
          {(['installments_count', 'frequency'] as const).map((field) => {
            const errors = fieldErrors(adding.error, field);
            return errors ? (
              <p key={field} className="ui-field__error" role="alert">
                {errors.join(', ')}
              </p>
            ) : null;
          })}
          <div className="form-actions">
            <Button type="submit" isPending={adding.isSubmitting} pendingLabel={intl.formatMessage(m.adding)} data-testid="schedule-add">
              {intl.formatMessage(m.add)}
            </Button>
          </div>
        </Form>
      )}

      <DeleteConfirmDialog
        deletion={deletion}
        title={intl.formatMessage(m.confirmTitle)}
        confirmLabel={intl.formatMessage(m.delete)}
        cancelLabel={intl.formatMessage(m.cancel)}
        pendingLabel={intl.formatMessage(m.deleting)}
      >
        {(schedule) => intl.formatMessage(mv.confirmBody, { schedule: describeSchedule(intl, schedule) })}
      </DeleteConfirmDialog>
    </div>
  );
}
