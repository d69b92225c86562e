import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { schoolPaths } from '../../../shared/schoolPaths';
import { checkoutOrderQuery, completeTestPayment } from '../../api/schoolApi';
import { failureText } from '../../app/failureText';
import { useSchool } from '../../app/school';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { FormError } from '../../components/ui/Form';
import { Spinner } from '../../components/ui/Spinner';
import { formatEuros } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { checkoutMessages as m } from './checkoutMessages';

type Outcome = 'PAID' | 'FAILED' | 'ABANDONED';

/**
 * The built-in test provider's payment page (`schoolPaths.testPayment`): no money moves. Its three buttons send
 * the outcome the provider would report; then the learner lands on the order page, as after a real provider.
 */
export function TestPaymentPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const { paymentRef = '' } = useParams();
  const school = useSchool();
  const navigate = useNavigate();
  const order = useQuery({ ...checkoutOrderQuery(school.subdomain, paymentRef), retry: false });
  const request = useRequest<Outcome>(async (outcome, signal) => {
    await completeTestPayment(school.subdomain, paymentRef, outcome, signal);
    void navigate(schoolPaths.order(school.subdomain, paymentRef), { replace: true });
  });
  return (
    <section className="auth-card checkout-test" aria-labelledby="test-payment-title" data-testid="test-payment">
      <p className="checkout-test__mark" role="note">
        {intl.formatMessage(m.testBanner)}
      </p>
      <h1 id="test-payment-title">{intl.formatMessage(m.testTitle)}</h1>
      {order.isPending && <Spinner aria-label={intl.formatMessage(m.loading)} />}
      {order.isError && <Banner variant="info">{intl.formatMessage(m.testUnavailable)}</Banner>}
      {order.data && (
        <>
          <p className="checkout__product">
            <strong>{order.data.buyable.name}</strong>
          </p>
          <p>{intl.formatMessage(m.testLead, { amount: formatEuros(order.data.payments[0]?.amount ?? order.data.total, locale) })}</p>
          <FormError>{failureText(intl, request.error) ?? (request.error ? intl.formatMessage(m.testUnavailable) : undefined)}</FormError>
          <div className="school-actions">
            <Button onPress={() => request.submit('PAID')} isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.testSending)} data-testid="test-pay">
              {intl.formatMessage(m.testPay)}
            </Button>
            <Button variant="secondary" onPress={() => request.submit('FAILED')} isDisabled={request.isSubmitting} data-testid="test-fail">
              {intl.formatMessage(m.testFail)}
            </Button>
            <Button variant="ghost" onPress={() => request.submit('ABANDONED')} isDisabled={request.isSubmitting} data-testid="test-abandon">
              {intl.formatMessage(m.testAbandon)}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
