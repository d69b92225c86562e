import { useQuery } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { completePlatformTestPayment, platformOrderQuery } from '../../api/billingApi';
import { AuthActor } from '../../app/auth';
import { failureText } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { FormError } from '../../components/ui/Form';
import { Spinner } from '../../components/ui/Spinner';
import { formatEuros } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { planMessages } from '../../i18n/planMessages';
import '../pages.css';
import './plan.css';

const m = defineMessages({
  title: { id: 'plan.testPayment.title', defaultMessage: 'Paiement de l’abonnement' },
  testMode: { id: 'plan.testPayment.testMode', defaultMessage: 'Mode test — aucun paiement réel' },
  loading: { id: 'plan.testPayment.loading', defaultMessage: 'Chargement de la commande…' },
  missing: { id: 'plan.testPayment.missing', defaultMessage: 'Cette commande est introuvable ou déjà réglée.' },
  back: { id: 'plan.testPayment.back', defaultMessage: 'Retour à l’abonnement' },
  pay: { id: 'plan.testPayment.pay', defaultMessage: 'Payer' },
  fail: { id: 'plan.testPayment.fail', defaultMessage: 'Simuler un refus' },
  abandon: { id: 'plan.testPayment.abandon', defaultMessage: 'Abandonner' },
  sending: { id: 'plan.testPayment.sending', defaultMessage: 'Envoi…' },
  seats: { id: 'plan.testPayment.seats', defaultMessage: 'Comptes utilisateurs supplémentaires' },
});
const aiPackText = defineMessage<{ pack: string }>({ id: 'plan.testPayment.aiPack', defaultMessage: 'Pack de crédits IA {pack}' });
const amountText = defineMessage<{ what: string; amount: string }>({ id: 'plan.testPayment.amount', defaultMessage: '{what} : {amount} TTC' });

/**
 * /abonnement/paiement-test/:uuid: the built-in test provider's page for the platform's billing (development and
 * demo deployments only; the server refuses it elsewhere). Its three buttons report an outcome, which the server
 * applies like a Stripe webhook; then back to the plan page, which reads the order (`?commande=`).
 */
export function PlanTestPaymentPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const { uuid = '' } = useParams();
  const storeUuid = AuthActor.useSelector((s) => s.context.user?.store.uuid ?? '');
  const query = useQuery({ ...platformOrderQuery(storeUuid, uuid), enabled: storeUuid !== '' });
  // An AI credit pack is bought from the assistant's dashboard, and goes back there.
  const backFor = (kind: string | undefined) => (kind === 'AI_CREDITS' ? '/assistant-ia/tableau-de-bord' : '/abonnement?onglet=vous');
  // useRequest reads its function once, at mount (before the order is loaded): where to go comes from the answer.
  const report = useRequest(async (outcome: 'PAID' | 'FAILED' | 'ABANDONED', signal) => {
    const reported = await completePlatformTestPayment(storeUuid, uuid, outcome, signal);
    const backTo = backFor(reported.kind);
    await navigate(`${backTo}${backTo.includes('?') ? '&' : '?'}commande=${uuid}`);
  });
  const back = () => void navigate(backFor(query.data?.kind));
  const order = query.data;
  return (
    <div className="stack plan-page" data-testid="plan-test-payment">
      <header className="page-header">
        <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
      </header>
      <Banner variant="warning">{intl.formatMessage(m.testMode)}</Banner>
      {query.isPending ? (
        <Spinner aria-label={intl.formatMessage(m.loading)} />
      ) : !order || order.status !== 'PENDING' ? (
        <Banner variant="danger" action={<Button variant="secondary" onPress={back}>{intl.formatMessage(m.back)}</Button>}>
          {intl.formatMessage(m.missing)}
        </Banner>
      ) : (
        <Card>
          <div className="stack">
            <p className="plan-test__amount" data-testid="plan-test-amount">
              {intl.formatMessage(amountText, {
                what: order.plan
                  ? intl.formatMessage(planMessages[order.plan])
                  : order.ai_credit_pack
                    ? intl.formatMessage(aiPackText, { pack: order.ai_credit_pack })
                    : `${intl.formatMessage(m.seats)} (${order.seats ?? 0})`,
                amount: formatEuros(order.amount, locale),
              })}
            </p>
            <FormError>{failureText(intl, report.error)}</FormError>
            <div className="form-actions">
              <Button onPress={() => report.submit('PAID')} isPending={report.isSubmitting} pendingLabel={intl.formatMessage(m.sending)} data-testid="plan-test-pay">
                {intl.formatMessage(m.pay)}
              </Button>
              <Button variant="secondary" isDisabled={report.isSubmitting} onPress={() => report.submit('FAILED')} data-testid="plan-test-fail">
                {intl.formatMessage(m.fail)}
              </Button>
              <Button variant="ghost" isDisabled={report.isSubmitting} onPress={() => report.submit('ABANDONED')} data-testid="plan-test-abandon">
                {intl.formatMessage(m.abandon)}
              </Button>
            </div>
          </div>
        </Card>
      )}
    </div>
  );
}
