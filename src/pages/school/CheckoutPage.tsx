import { useMemo, useRef, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { checkoutMachine } from '../../../machines/checkout/checkout.machine';
import { createCheckoutActors } from '../../../machines/checkout/checkout.actors';
import { selectCheckoutView, type CheckoutView } from '../../../machines/checkout/checkout.selectors';
import type { BuyableType, BuyerDetails, CheckoutQuote, PaymentChoice } from '../../../machines/checkout/checkout.types';
import { schoolPath, schoolPaths } from '../../../shared/schoolPaths';
import { checkoutApi } from '../../api/schoolApi';
import { readAffiliateVisits } from '../../app/attribution';
import { failureText, fieldErrors } from '../../app/failureText';
import { useInspectedMachine } from '../../app/inspector';
import { openWindow } from '../../app/openWindow';
import { useSchool } from '../../app/school';
import { LearnerAuthActor } from '../../app/schoolAuth';
import { Captcha } from '../../components/Captcha';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { ChoiceGroup } from '../../components/ui/ChoiceGroup';
import { Modal } from '../../components/ui/Dialog';
import { Form, FormError } from '../../components/ui/Form';
import { TextLink } from '../../components/ui/Link';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { commonMessages } from '../../i18n/commonMessages';
import { formatEuros } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { authMessages } from '../auth/authMessages';
import { checkoutMessages as m } from './checkoutMessages';
import { schoolMessages } from './schoolMessages';

const BILLING_FIELDS = ['company_name', 'address_line1', 'address_line2', 'postal_code', 'city', 'country'] as const;
const SHOWN_FIELDS = ['email', 'firstname', 'lastname', 'accept_terms', 'payment_method', 'discount_code', ...BILLING_FIELDS.map((f) => `billing_address.${f}`)];

/**
 * The checkout of a training or bundle (`schoolPaths.checkout`, `?echeancier=` the schedule chosen on its page).
 * Every flow is machines/checkout; its effects (API, navigation, the PayPal window) are supplied here.
 */
export function CheckoutPage() {
  const { type = '', uuid = '' } = useParams();
  const [search] = useSearchParams();
  const school = useSchool();
  const navigate = useNavigate();
  const paymentWindow = useRef<Window | null>(null);
  const buyableType: BuyableType = type === 'pack' ? 'BUNDLE' : 'TRAINING';
  const scheduleParam = Number(search.get('echeancier'));
  const machine = useMemo(
    () =>
      checkoutMachine.provide({
        actors: createCheckoutActors(checkoutApi(school.subdomain, () => readAffiliateVisits(localStorage)), (url) => {
          if (!paymentWindow.current || paymentWindow.current.closed) return false;
          paymentWindow.current.location.replace(url);
          return true;
        }),
        actions: {
          // Opened in the click itself: a window opened after the server's answer would be taken for a pop-up.
          prepareWindow: () => {
            paymentWindow.current = openWindow('about:blank', () => undefined);
          },
          discardWindow: () => {
            paymentWindow.current?.close();
            paymentWindow.current = null;
          },
          goToPayment: (_, { url }) => window.location.assign(url),
          goToOrder: (_, { orderUuid }) => void navigate(schoolPaths.order(school.subdomain, orderUuid)),
          goToMyTrainings: () => void navigate(schoolPath(school.subdomain, 'myTrainings')),
        },
      }),
    [school.subdomain, navigate],
  );
  const [snapshot, send] = useInspectedMachine(machine, {
    input: { buyableType, buyableUuid: uuid, scheduleId: Number.isInteger(scheduleParam) && scheduleParam > 0 ? scheduleParam : null },
  });
  const view = selectCheckoutView(snapshot);
  return <CheckoutView view={view} send={send} />;
}

type Send = ReturnType<typeof useInspectedMachine<typeof checkoutMachine>>[1];

function CheckoutView({ view, send }: { view: CheckoutView; send: Send }) {
  const intl = useIntl();
  if (view.isLoading) return <Spinner aria-label={intl.formatMessage(m.loading)} />;
  if (view.isBlocked || view.isFailed || !view.quote) {
    return (
      <section className="auth-card" aria-labelledby="checkout-title">
        <h1 id="checkout-title">{intl.formatMessage(m.title)}</h1>
        <Banner variant={view.isBlocked ? 'info' : 'danger'}>{view.isBlocked ? view.failure?.message : (failureText(intl, view.failure) ?? intl.formatMessage(m.failed))}</Banner>
        {view.isFailed && <Button onPress={() => send({ type: 'RETRY' })}>{intl.formatMessage(schoolMessages.retry)}</Button>}
      </section>
    );
  }
  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{intl.formatMessage(m.title)}</h1>
      <div className="checkout__columns">
        <CheckoutForm view={view} send={send} quote={view.quote} />
        <OrderSummary view={view} send={send} quote={view.quote} />
      </div>
      <PopupBlockedDialog view={view} send={send} />
    </section>
  );
}

function scheduleLabel(intl: IntlShape, locale: 'fr' | 'en', schedule: CheckoutQuote['payment_schedule']) {
  const euros = (n: number) => formatEuros(n, locale);
  if (schedule.type === 'INSTALLMENTS') return intl.formatMessage(m.installments, { count: schedule.installments_count, price: euros(schedule.price), total: euros(schedule.total_price) });
  if (schedule.type === 'SUBSCRIPTION') return intl.formatMessage(m.subscription, { price: euros(schedule.price), frequency: schedule.frequency ?? 'MONTHLY' });
  return schedule.price === 0 ? intl.formatMessage(m.free) : intl.formatMessage(m.oneTime, { price: euros(schedule.price) });
}

/** What is bought, the schedule, the promo code and what each payment will be: all from the server's quote. */
function OrderSummary({ view, send, quote }: { view: CheckoutView; send: Send; quote: CheckoutQuote }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const euros = (n: number) => formatEuros(n, locale);
  const busy = view.isApplying || view.isRequoting || view.isPaying;
  const codeMessage = view.codeError ?? (view.problem === 'codeNotApplied' ? intl.formatMessage(m.codeNotApplied) : undefined);
  return (
    <aside className="checkout__summary" aria-labelledby="checkout-summary-title" data-testid="checkout-summary">
      <h2 id="checkout-summary-title">{intl.formatMessage(m.summary)}</h2>
      <p className="checkout__product">
        <span className="checkout__kind">{intl.formatMessage(quote.buyable.type === 'BUNDLE' ? m.bundle : m.training)}</span>
        <strong>{quote.buyable.name}</strong>
      </p>
      {quote.payment_schedules.length > 1 ? (
        <ChoiceGroup
          label={intl.formatMessage(m.schedule)}
          name="schedule"
          value={String(view.scheduleId ?? quote.payment_schedule.id)}
          onChange={(value) => send({ type: 'SCHEDULE_CHOSEN', scheduleId: Number(value) })}
          isDisabled={busy}
          choices={quote.payment_schedules.map((s) => ({ value: String(s.id), label: scheduleLabel(intl, locale, s) }))}
          testId="checkout-schedules"
        />
      ) : (
        <p>{scheduleLabel(intl, locale, quote.payment_schedule)}</p>
      )}
      <div className="checkout__code">
        <TextField
          name="discount_code"
          label={intl.formatMessage(m.promoCode)}
          value={view.codeInput}
          onChange={(code) => send({ type: 'CODE_CHANGED', code })}
          maxLength={32}
          isDisabled={busy}
          errorMessage={codeMessage}
          data-testid="checkout-code"
        />
        <Button
          variant="secondary"
          onPress={() => send({ type: 'APPLY_CODE' })}
          isDisabled={busy && !view.isApplying}
          isPending={view.isApplying}
          pendingLabel={intl.formatMessage(m.applying)}
          data-testid="checkout-apply"
        >
          {intl.formatMessage(m.apply)}
        </Button>
      </div>
      {view.appliedCode && (
        <p className="checkout__applied" role="status" data-testid="checkout-applied">
          {intl.formatMessage(m.codeApplied, { code: view.appliedCode, discount: euros(quote.discount_amount) })}{' '}
          <Button variant="ghost" onPress={() => send({ type: 'REMOVE_CODE' })} isDisabled={busy}>
            {intl.formatMessage(m.removeCode)}
          </Button>
        </p>
      )}
      <dl className="checkout__prices" data-testid="checkout-prices">
        {quote.discount_amount > 0 && (
          <>
            <dt>{intl.formatMessage(m.subtotal)}</dt>
            <dd>{euros(quote.total + quote.discount_amount)}</dd>
            <dt>{intl.formatMessage(m.discount)}</dt>
            <dd>−{euros(quote.discount_amount)}</dd>
          </>
        )}
        <dt className="checkout__total">{intl.formatMessage(m.total)}</dt>
        <dd className="checkout__total" data-testid="checkout-total">
          {euros(quote.total)}
        </dd>
      </dl>
      {quote.installments.length > 1 && (
        <ol className="checkout__installments" data-testid="checkout-installments">
          {quote.installments.map((amount, index) => (
            <li key={index}>
              <span>
                {intl.formatMessage(m.paymentN, { n: index + 1 })} · {index === 0 ? intl.formatMessage(m.firstNow) : intl.formatMessage(m.inMonths, { months: index })}
              </span>
              <strong>{euros(amount)}</strong>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}

function text(data: FormData, name: string) {
  return String(data.get(name) ?? '').trim();
}

/** The buyer, the billing address, the method and the terms; the fields keep what was typed through every error. */
function CheckoutForm({ view, send, quote }: { view: CheckoutView; send: Send; quote: CheckoutQuote }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const school = useSchool();
  const learner = LearnerAuthActor.useSelector((s) => s.context.learner);
  const error = view.failure;
  const field = (name: string) => fieldErrors(error, name);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const firstname = text(data, 'firstname');
    const lastname = text(data, 'lastname');
    const optional = (name: string) => text(data, name) || null;
    const details: BuyerDetails = {
      email: text(data, 'email'),
      firstname,
      lastname,
      // The contract takes only `true`: an unticked box is sent as such and refused on its field by the server.
      accept_terms: (data.get('accept_terms') === 'on') as true,
      ...(view.isFree
        ? {}
        : {
            billing_address: {
              firstname,
              lastname,
              company_name: optional('company_name'),
              address_line1: text(data, 'address_line1'),
              address_line2: optional('address_line2'),
              postal_code: text(data, 'postal_code'),
              city: text(data, 'city'),
              country: text(data, 'country').toUpperCase(),
            },
          }),
    };
    send({ type: 'PAY', details });
  };
  const methods = quote.payment_methods;
  const payLabel = view.isFree ? intl.formatMessage(m.enrolFree) : intl.formatMessage(m.pay, { amount: formatEuros(quote.installments[0] ?? quote.total, locale) });
  return (
    <Form className="checkout__form" onSubmit={onSubmit} data-testid="checkout-form">
      <FormError>{failureText(intl, error, SHOWN_FIELDS)}</FormError>
      <fieldset className="checkout__group">
        <legend>{intl.formatMessage(m.you)}</legend>
        {learner ? (
          <p className="checkout__note">{intl.formatMessage(m.signedInAs, { email: learner.email })}</p>
        ) : (
          <p className="checkout__note">
            {intl.formatMessage(m.haveAccount)} <TextLink href={schoolPath(school.subdomain, 'login')}>{intl.formatMessage(schoolMessages.signIn)}</TextLink>
          </p>
        )}
        <TextField name="email" type="email" autoComplete="email" label={intl.formatMessage(commonMessages.email)} isRequired defaultValue={learner?.email ?? ''} isReadOnly={Boolean(learner)} description={learner ? undefined : intl.formatMessage(m.newAccount)} errorMessage={field('email')} />
        <div className="checkout__pair">
          <TextField name="firstname" autoComplete="given-name" label={intl.formatMessage(authMessages.firstname)} isRequired maxLength={64} defaultValue={learner?.firstname ?? ''} errorMessage={field('firstname') ?? field('billing_address.firstname')} />
          <TextField name="lastname" autoComplete="family-name" label={intl.formatMessage(schoolMessages.lastname)} isRequired maxLength={64} defaultValue={learner?.lastname ?? ''} errorMessage={field('lastname') ?? field('billing_address.lastname')} />
        </div>
      </fieldset>
      {!view.isFree && (
        <fieldset className="checkout__group">
          <legend>{intl.formatMessage(m.billing)}</legend>
          <TextField name="company_name" autoComplete="organization" label={intl.formatMessage(m.company)} maxLength={128} errorMessage={field('billing_address.company_name')} />
          <TextField name="address_line1" autoComplete="address-line1" label={intl.formatMessage(m.address1)} isRequired maxLength={128} errorMessage={field('billing_address.address_line1') ?? field('billing_address')} />
          <TextField name="address_line2" autoComplete="address-line2" label={intl.formatMessage(m.address2)} maxLength={128} errorMessage={field('billing_address.address_line2')} />
          <div className="checkout__pair">
            <TextField name="postal_code" autoComplete="postal-code" label={intl.formatMessage(m.postalCode)} isRequired maxLength={16} errorMessage={field('billing_address.postal_code')} />
            <TextField name="city" autoComplete="address-level2" label={intl.formatMessage(m.city)} isRequired maxLength={64} errorMessage={field('billing_address.city')} />
          </div>
          <TextField name="country" autoComplete="country" label={intl.formatMessage(m.country)} isRequired minLength={2} maxLength={2} defaultValue="FR" errorMessage={field('billing_address.country')} />
        </fieldset>
      )}
      {!view.isFree && (
        <div className="checkout__group">
          {methods.length ? (
            <ChoiceGroup<PaymentChoice | ''>
              label={intl.formatMessage(m.method)}
              name="payment_method"
              value={view.method ?? ''}
              onChange={(method) => method && send({ type: 'METHOD_CHOSEN', method })}
              choices={methods.map((method) => ({
                value: method,
                label: intl.formatMessage(method === 'CARD' ? m.card : m.paypal),
                // PayPal saves the payer's account for the later instalments (its vault): the learner is told so.
                description: intl.formatMessage(method === 'CARD' ? m.cardHint : quote.installments.length > 1 ? m.paypalInstalmentsHint : m.paypalHint),
              }))}
              testId="checkout-methods"
            />
          ) : (
            <Banner variant="info">{intl.formatMessage(m.noMethod)}</Banner>
          )}
          {(view.problem === 'missingPayment' || field('payment_method')) && (
            <p className="ui-field__error" role="alert" data-testid="checkout-method-error">
              {view.problem === 'missingPayment' ? intl.formatMessage(m.missingPayment) : field('payment_method')?.join(', ')}
            </p>
          )}
        </div>
      )}
      <Checkbox name="accept_terms" isRequired data-testid="checkout-terms">
        {intl.formatMessage(m.terms)}
      </Checkbox>
      {field('accept_terms') && (
        <p className="ui-field__error" role="alert">
          {field('accept_terms')?.join(', ')}
        </p>
      )}
      {view.problem === 'codeNotApplied' && (
        <p className="ui-field__error" role="alert" data-testid="checkout-code-problem">
          {intl.formatMessage(m.codeNotApplied)}
        </p>
      )}
      {!learner && <Captcha />}
      <Button type="submit" fullWidth isPending={view.isPaying} pendingLabel={intl.formatMessage(m.paying)} isDisabled={view.isApplying || view.isRequoting} data-testid="checkout-pay">
        {payLabel}
      </Button>
    </Form>
  );
}

/** PayPal's window was blocked: a link opens it (a click the browser allows), then the order is followed here. */
function PopupBlockedDialog({ view, send }: { view: CheckoutView; send: Send }) {
  const intl = useIntl();
  return (
    <Modal isOpen={view.isPopupBlocked} onOpenChange={() => undefined} isDismissable={false} isKeyboardDismissDisabled title={intl.formatMessage(m.popupTitle)}>
      <p>{intl.formatMessage(m.popupText)}</p>
      <p>
        <TextLink href={view.paymentUrl ?? undefined} target="_blank" rel="noopener" onPress={() => send({ type: 'PAYMENT_WINDOW_OPENED' })} data-testid="checkout-popup-link">
          {intl.formatMessage(m.popupLink)}
        </TextLink>
      </p>
      <Button variant="secondary" onPress={() => send({ type: 'PAYMENT_WINDOW_OPENED' })}>
        {intl.formatMessage(m.popupDone)}
      </Button>
    </Modal>
  );
}
