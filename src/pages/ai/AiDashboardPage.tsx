import { useQuery } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { aiCreditsQuery, buyAiCreditPack, type AiCreditPackName } from '../../api/aiApi';
import { platformOrderQuery } from '../../api/billingApi';
import { AuthActor } from '../../app/auth';
import { failureText } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { FormError } from '../../components/ui/Form';
import { ListStates } from '../../components/ui/ListStates';
import { formatEuros } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { AiNav } from './AiNav';
import { AI_TYPES, aiMessages, typeNames } from './aiMessages';
import '../pages.css';
import './ai.css';

const m = defineMessages({
  title: { id: 'ai.dashboard.title', defaultMessage: 'Crédits de l’assistant IA' },
  balanceTitle: { id: 'ai.dashboard.balanceTitle', defaultMessage: 'Vos crédits' },
  packCredits: { id: 'ai.dashboard.packCredits', defaultMessage: 'Crédits offerts (utilisés en premier)' },
  paidCredits: { id: 'ai.dashboard.paidCredits', defaultMessage: 'Crédits achetés' },
  costsTitle: { id: 'ai.dashboard.costsTitle', defaultMessage: 'Ce que coûte un texte' },
  packsTitle: { id: 'ai.dashboard.packsTitle', defaultMessage: 'Packs de crédits' },
  buy: { id: 'ai.dashboard.buy', defaultMessage: 'Acheter' },
  paid: { id: 'ai.dashboard.paid', defaultMessage: 'Paiement reçu : vos crédits ont été ajoutés.' },
  pending: { id: 'ai.dashboard.pending', defaultMessage: 'Paiement en attente de confirmation.' },
  notPaid: { id: 'ai.dashboard.notPaid', defaultMessage: 'Le paiement n’a pas abouti : aucun crédit n’a été ajouté.' },
  failed: { id: 'ai.dashboard.failed', defaultMessage: 'Vos crédits n’ont pas pu être chargés.' },
  noMatch: { id: 'ai.dashboard.noMatch', defaultMessage: 'Aucun pack.' },
  emptyTitle: { id: 'ai.dashboard.emptyTitle', defaultMessage: 'Aucun pack' },
  emptyBody: { id: 'ai.dashboard.emptyBody', defaultMessage: 'Aucun pack n’est proposé pour le moment.' },
});
const mv = {
  usage: defineMessage<{ contents: number; credits: number }>({
    id: 'ai.dashboard.usage',
    defaultMessage: '{contents, plural, =0 {Aucun texte rédigé} one {# texte rédigé} other {# textes rédigés}} pour {credits, plural, one {# crédit} other {# crédits}}.',
  }),
  cost: defineMessage<{ count: number }>({ id: 'ai.dashboard.cost', defaultMessage: '{count, plural, one {# crédit} other {# crédits}}' }),
  packName: defineMessage<{ pack: string }>({ id: 'ai.dashboard.packName', defaultMessage: 'Pack {pack}' }),
  packCredits: defineMessage<{ credits: number; gift: number }>({
    id: 'ai.dashboard.packCreditsLine',
    defaultMessage: '{credits} crédits{gift, plural, =0 {} other { + # offerts}}',
  }),
  listPrice: defineMessage<{ price: string }>({ id: 'ai.dashboard.listPrice', defaultMessage: 'au lieu de {price}' }),
  buyLabel: defineMessage<{ pack: string }>({ id: 'ai.dashboard.buyLabel', defaultMessage: 'Acheter le pack {pack}' }),
};

/**
 * /assistant-ia/tableau-de-bord: the balances, what each text costs, and the packs (spec 9), bought through the
 * platform's payment provider (the test provider's page in development), back here with ?commande=.
 */
export function AiDashboardPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const storeUuid = AuthActor.useSelector((s) => s.context.user?.store.uuid ?? '');
  // Read afresh on every visit: the balances change with every text written, and back from a payment the order and
  // the balances cached by the page before (the test provider's page, this one) are out of date.
  const credits = useQuery({ ...aiCreditsQuery(storeUuid), enabled: storeUuid !== '', refetchOnMount: 'always' });
  const orderUuid = params.get('commande');
  const order = useQuery({ ...platformOrderQuery(storeUuid, orderUuid ?? ''), enabled: storeUuid !== '' && orderUuid !== null, refetchOnMount: 'always' });
  const purchase = useRequest(async (pack: AiCreditPackName, signal) => {
    const created = await buyAiCreditPack(storeUuid, pack, signal);
    if (!created.payment_url) return;
    if (created.payment_url.startsWith('/')) await navigate(created.payment_url);
    else window.location.assign(created.payment_url);
  });
  const data = credits.data;
  return (
    <div className="page ai-page" data-testid="ai-dashboard-page">
      <header className="ai-page__header">
        <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
        <AiNav />
      </header>
      {order.data?.status === 'PAID' && <Banner variant="success" data-testid="ai-order-paid">{intl.formatMessage(m.paid)}</Banner>}
      {order.data?.status === 'PENDING' && <Banner variant="info">{intl.formatMessage(m.pending)}</Banner>}
      {(order.data?.status === 'FAILED' || order.data?.status === 'ABANDONED') && <Banner variant="warning">{intl.formatMessage(m.notPaid)}</Banner>}
      {data?.provider_configured === false && <Banner variant="warning">{intl.formatMessage(aiMessages.notConfigured)}</Banner>}
      <ListStates query={credits} isEmpty={false} isFiltered={false} testId="ai-dashboard" messages={m}>
        {data && (
          <div className="ai-dashboard">
            <Card title={intl.formatMessage(m.balanceTitle)} headingLevel={2}>
              <dl className="ai-dashboard__balances" data-testid="ai-balances">
                <div>
                  <dt>{intl.formatMessage(m.packCredits)}</dt>
                  <dd data-testid="ai-pack-credits">{data.pack_credits}</dd>
                </div>
                <div>
                  <dt>{intl.formatMessage(m.paidCredits)}</dt>
                  <dd data-testid="ai-paid-credits">{data.paid_credits}</dd>
                </div>
              </dl>
              <p className="ai-dashboard__usage">{intl.formatMessage(mv.usage, { contents: data.usage.contents, credits: data.usage.credits_used })}</p>
            </Card>
            <Card title={intl.formatMessage(m.costsTitle)} headingLevel={2}>
              <dl className="ai-dashboard__costs">
                {AI_TYPES.map((type) => (
                  <div key={type}>
                    <dt>{intl.formatMessage(typeNames[type])}</dt>
                    <dd>{intl.formatMessage(mv.cost, { count: data.costs[type] })}</dd>
                  </div>
                ))}
              </dl>
            </Card>
            <section className="ai-dashboard__packs" aria-labelledby="ai-packs-title">
              <h2 id="ai-packs-title" className="ai-dashboard__subtitle">
                {intl.formatMessage(m.packsTitle)}
              </h2>
              <FormError>{failureText(intl, purchase.error)}</FormError>
              <ul className="ai-packs">
                {data.packs.map((pack) => (
                  <li key={pack.pack} className="ai-pack" data-testid={`ai-pack-${pack.pack}`}>
                    <h3 className="ai-pack__name">{intl.formatMessage(mv.packName, { pack: pack.pack })}</h3>
                    <p className="ai-pack__credits">{intl.formatMessage(mv.packCredits, { credits: pack.credits, gift: pack.gift_credits })}</p>
                    <p className="ai-pack__price">
                      <strong>{formatEuros(pack.price, locale)}</strong> <s>{intl.formatMessage(mv.listPrice, { price: formatEuros(pack.list_price, locale) })}</s>
                    </p>
                    <Button
                      onPress={() => purchase.submit(pack.pack)}
                      isDisabled={purchase.isSubmitting}
                      aria-label={intl.formatMessage(mv.buyLabel, { pack: pack.pack })}
                      data-testid={`ai-buy-${pack.pack}`}
                    >
                      {intl.formatMessage(m.buy)}
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        )}
      </ListStates>
    </div>
  );
}
