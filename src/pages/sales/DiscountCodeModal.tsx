import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { bundlesListQuery } from '../../api/bundlesApi';
import { createDiscountCode, type DiscountCodeInput } from '../../api/salesApi';
import { trainingChoicesQuery } from '../../api/trainingsApi';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { ChoiceGroup } from '../../components/ui/ChoiceGroup';
import { DateField } from '../../components/ui/DateField';
import { Modal } from '../../components/ui/Dialog';
import { Form, FormError } from '../../components/ui/Form';
import { TextField } from '../../components/ui/TextField';
import { showToast } from '../../components/ui/toastQueue';
import { commonMessages } from '../../i18n/commonMessages';

const m = defineMessages({
  title: { id: 'discounts.create.title', defaultMessage: 'Nouveau code promo' },
  code: { id: 'discounts.create.code', defaultMessage: 'Code' },
  codeHint: { id: 'discounts.create.codeHint', defaultMessage: '3 à 32 lettres sans accent, chiffres, - ou _. Les majuscules ne comptent pas pour l’apprenant.' },
  generate: { id: 'discounts.create.generate', defaultMessage: 'Générer' },
  type: { id: 'discounts.create.type', defaultMessage: 'Type de réduction' },
  percentage: { id: 'discounts.create.percentage', defaultMessage: 'Pourcentage' },
  percentageHint: { id: 'discounts.create.percentageHint', defaultMessage: 'De 1 à 100 % du prix' },
  amount: { id: 'discounts.create.amount', defaultMessage: 'Montant fixe' },
  amountHint: { id: 'discounts.create.amountHint', defaultMessage: 'Un montant en euros retiré du prix' },
  valuePercent: { id: 'discounts.create.valuePercent', defaultMessage: 'Réduction (%)' },
  valueAmount: { id: 'discounts.create.valueAmount', defaultMessage: 'Réduction (€)' },
  buyables: { id: 'discounts.create.buyables', defaultMessage: 'Formations et packs concernés' },
  buyablesHint: { id: 'discounts.create.buyablesHint', defaultMessage: 'Aucune case cochée : le code vaut pour tout le catalogue.' },
  trainings: { id: 'discounts.create.trainings', defaultMessage: 'Formations' },
  bundles: { id: 'discounts.create.bundles', defaultMessage: 'Packs' },
  catalogueLoading: { id: 'discounts.create.catalogueLoading', defaultMessage: 'Chargement du catalogue…' },
  maxUses: { id: 'discounts.create.maxUses', defaultMessage: 'Utilisations maximum' },
  maxUsesHint: { id: 'discounts.create.maxUsesHint', defaultMessage: 'Vide : sans limite.' },
  startsAt: { id: 'discounts.create.startsAt', defaultMessage: 'Début' },
  endsAt: { id: 'discounts.create.endsAt', defaultMessage: 'Fin' },
  clearDate: { id: 'discounts.create.clearDate', defaultMessage: 'Effacer la date' },
  submit: { id: 'discounts.create.submit', defaultMessage: 'Créer le code' },
  submitting: { id: 'discounts.create.submitting', defaultMessage: 'Création…' },
  cancel: { id: 'discounts.create.cancel', defaultMessage: 'Annuler' },
  created: { id: 'discounts.create.created', defaultMessage: 'Code promo créé.' },
  notANumber: { id: 'discounts.create.notANumber', defaultMessage: 'Saisissez un nombre.' },
});

const FIELDS = ['code', 'type', 'value', 'max_uses', 'starts_at', 'ends_at'];
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A code nobody guesses: 8 letters and digits without look-alikes (O/0, I/1), from the browser's random source. */
function generatedCode() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** A local 'YYYY-MM-DDTHH:mm' as the instant the contract wants (the browser's time zone). */
const instant = (local: string) => (local ? new Date(local).toISOString() : null);

type Buyable = NonNullable<DiscountCodeInput['buyables']>[number];
const keyOf = (buyable: Buyable) => `${buyable.type}:${buyable.uuid}`;

/**
 * The "new promo code" dialog. The fields stay as typed when the server refuses (its messages show at each field:
 * a code already taken, an end before the start, a training no longer in the store).
 */
export function DiscountCodeModal({ storeUuid, isOpen, onOpenChange, onCreated }: { storeUuid: string; isOpen: boolean; onOpenChange: (open: boolean) => void; onCreated: () => unknown }) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [type, setType] = useState<DiscountCodeInput['type']>('PERCENTAGE');
  const [value, setValue] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const trainings = useQuery({ ...trainingChoicesQuery(), enabled: isOpen });
  const bundles = useQuery({ ...bundlesListQuery(), enabled: isOpen });

  const request = useRequest(async (body: DiscountCodeInput, signal) => {
    await createDiscountCode(storeUuid, body, signal);
    showToast({ title: intl.formatMessage(m.created), variant: 'success' });
    onOpenChange(false);
    await onCreated();
  });
  const reset = () => {
    setCode('');
    setType('PERCENTAGE');
    setValue('');
    setMaxUses('');
    setStartsAt('');
    setEndsAt('');
    setPicked(new Set());
    request.reset();
  };
  const close = (open: boolean) => {
    if (request.isSubmitting) return;
    if (!open) reset();
    onOpenChange(open);
  };

  const number = (text: string) => Number(text.trim().replace(',', '.'));
  const valueInvalid = value.trim() !== '' && !Number.isFinite(number(value));
  const usesInvalid = maxUses.trim() !== '' && !Number.isInteger(number(maxUses));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (valueInvalid || usesInvalid) return;
    const buyables: Buyable[] = [...picked].map((key) => {
      const [kind, uuid] = key.split(':') as [Buyable['type'], string];
      return { type: kind, uuid };
    });
    request.submit({
      code: code.trim(),
      type,
      value: number(value),
      buyables,
      max_uses: maxUses.trim() ? number(maxUses) : null,
      starts_at: instant(startsAt),
      ends_at: instant(endsAt),
    });
  };
  const toggle = (buyable: Buyable, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(keyOf(buyable));
      else next.delete(keyOf(buyable));
      return next;
    });
  // Errors on a buyable name its position in the list sent: shown under the catalogue as one message.
  const buyableErrors = request.error ? Object.entries(request.error.fieldErrors).filter(([field]) => field.startsWith('buyables')).flatMap(([, list]) => list) : [];
  const catalogue: { label: string; items: Buyable[]; names: Map<string, string> }[] = [
    { label: intl.formatMessage(m.trainings), items: (trainings.data?.data ?? []).map((t) => ({ type: 'TRAINING', uuid: t.uuid })), names: new Map((trainings.data?.data ?? []).map((t) => [t.uuid, t.name])) },
    { label: intl.formatMessage(m.bundles), items: (bundles.data?.data ?? []).map((b) => ({ type: 'BUNDLE', uuid: b.uuid })), names: new Map((bundles.data?.data ?? []).map((b) => [b.uuid, b.name])) },
  ];

  return (
    <Modal isOpen={isOpen} onOpenChange={close} title={intl.formatMessage(m.title)} closeLabel={intl.formatMessage(commonMessages.close)} size="md">
      <Form className="stack" onSubmit={onSubmit} data-testid="discount-form">
        <FormError>{failureText(intl, request.error, [...FIELDS, ...Object.keys(request.error?.fieldErrors ?? {}).filter((f) => f.startsWith('buyables'))])}</FormError>
        <div className="discount-form__code">
          <TextField
            name="code"
            label={intl.formatMessage(m.code)}
            description={intl.formatMessage(m.codeHint)}
            value={code}
            onChange={(next) => {
              setCode(next.toUpperCase());
              // The server's message was about the code typed before.
              if (request.error) request.clearError();
            }}
            isRequired
            autoFocus
            maxLength={32}
            errorMessage={fieldErrors(request.error, 'code')}
          />
          <Button
            variant="secondary"
            onPress={() => {
              setCode(generatedCode());
              if (request.error) request.clearError();
            }}
            data-testid="discount-generate"
          >
            {intl.formatMessage(m.generate)}
          </Button>
        </div>
        <ChoiceGroup
          label={intl.formatMessage(m.type)}
          orientation="horizontal"
          value={type}
          onChange={setType}
          testId="discount-type"
          choices={[
            { value: 'PERCENTAGE', label: intl.formatMessage(m.percentage), description: intl.formatMessage(m.percentageHint) },
            { value: 'AMOUNT', label: intl.formatMessage(m.amount), description: intl.formatMessage(m.amountHint) },
          ]}
        />
        <div className="form-row">
          <TextField
            name="value"
            label={intl.formatMessage(type === 'PERCENTAGE' ? m.valuePercent : m.valueAmount)}
            inputMode="decimal"
            value={value}
            onChange={setValue}
            isRequired
            errorMessage={valueInvalid ? intl.formatMessage(m.notANumber) : fieldErrors(request.error, 'value')}
          />
          <TextField
            name="max_uses"
            label={intl.formatMessage(m.maxUses)}
            description={intl.formatMessage(m.maxUsesHint)}
            inputMode="numeric"
            value={maxUses}
            onChange={setMaxUses}
            errorMessage={usesInvalid ? intl.formatMessage(m.notANumber) : fieldErrors(request.error, 'max_uses')}
          />
        </div>
        <div className="form-row">
          <DateField granularity="minute" label={intl.formatMessage(m.startsAt)} name="starts_at" value={startsAt} onChange={setStartsAt} clearLabel={intl.formatMessage(m.clearDate)} errorMessage={fieldErrors(request.error, 'starts_at')} />
          <DateField granularity="minute" label={intl.formatMessage(m.endsAt)} name="ends_at" value={endsAt} min={startsAt} onChange={setEndsAt} clearLabel={intl.formatMessage(m.clearDate)} errorMessage={fieldErrors(request.error, 'ends_at')} />
        </div>
        <fieldset className="discount-form__fieldset" data-testid="discount-buyables">
          <legend className="ui-field__label">{intl.formatMessage(m.buyables)}</legend>
          <p className="muted">{intl.formatMessage(m.buyablesHint)}</p>
          {trainings.isPending || bundles.isPending ? (
            <p className="muted">{intl.formatMessage(m.catalogueLoading)}</p>
          ) : (
            <div className="discount-form__buyables">
              {catalogue
                .filter((group) => group.items.length)
                .map((group) => (
                  <div key={group.label} role="group" aria-label={group.label} className="discount-form__group">
                    <strong>{group.label}</strong>
                    {group.items.map((buyable) => (
                      <Checkbox key={keyOf(buyable)} isSelected={picked.has(keyOf(buyable))} onChange={(on) => toggle(buyable, on)}>
                        {group.names.get(buyable.uuid)}
                      </Checkbox>
                    ))}
                  </div>
                ))}
            </div>
          )}
          {buyableErrors.length ? (
            <p className="ui-field__error" role="alert">
              {buyableErrors.join(', ')}
            </p>
          ) : null}
        </fieldset>
        <div className="form-actions form-actions--end">
          <Button variant="secondary" onPress={() => close(false)} isDisabled={request.isSubmitting}>
            {intl.formatMessage(m.cancel)}
          </Button>
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.submitting)} data-testid="discount-submit">
            {intl.formatMessage(m.submit)}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
