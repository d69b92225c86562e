import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { orderStatusMachine } from '../../../machines/checkout/orderStatus.machine';
import { settleUnlessAborted } from '../../../machines/support/settleUnlessAborted';
import { schoolPath, schoolPaths } from '../../../shared/schoolPaths';
import { getCheckoutOrder } from '../../api/schoolApi';
import { useInspectedMachine } from '../../app/inspector';
import { useSchool } from '../../app/school';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { ButtonLink } from '../../components/ui/Link';
import { Spinner } from '../../components/ui/Spinner';
import { formatEuros } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { checkoutMessages as m } from './checkoutMessages';
import { schoolMessages } from './schoolMessages';

/** Where a payment provider sends the learner back (`schoolPaths.order`): follows the order until it is settled. */
export function OrderPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const { orderUuid = '' } = useParams();
  const school = useSchool();
  const machine = useMemo(
    () =>
      orderStatusMachine.provide({
        actors: { readOrder: fromPromise(({ signal }) => settleUnlessAborted(signal, getCheckoutOrder(school.subdomain, orderUuid, signal))) },
      }),
    [school.subdomain, orderUuid],
  );
  const [snapshot, send] = useInspectedMachine(machine);
  const { order, failure } = snapshot.context;
  const retryHref = order ? schoolPaths.checkout(school.subdomain, order.buyable.type, order.buyable.uuid) : schoolPath(school.subdomain, 'home');
  return (
    <section className="auth-card" aria-labelledby="order-title" data-testid="order-page" data-status={order?.status ?? ''}>
      <h1 id="order-title">{intl.formatMessage(m.orderTitle)}</h1>
      {order && (
        <p className="checkout__product">
          <strong>{order.buyable.name}</strong>
          <span>{formatEuros(order.total, locale)}</span>
        </p>
      )}
      {(snapshot.matches('reading') || snapshot.matches('waiting')) && (
        <div className="checkout__waiting" role="status">
          <Spinner aria-label={intl.formatMessage(m.orderWaiting)} />
          <p>{intl.formatMessage(m.orderWaiting)}</p>
        </div>
      )}
      {snapshot.matches('unreachable') && (
        <>
          <Banner variant="warning">{failure?.message ?? intl.formatMessage(m.orderUnreachable)}</Banner>
          <Button variant="secondary" onPress={() => send({ type: 'RETRY' })}>
            {intl.formatMessage(schoolMessages.retry)}
          </Button>
        </>
      )}
      {snapshot.matches('paid') && order && (
        <>
          <Banner variant="success">{intl.formatMessage(m.orderPaid, { name: order.buyable.name })}</Banner>
          {order.account_activation_required && <p>{intl.formatMessage(m.activate)}</p>}
          <ButtonLink href={schoolPath(school.subdomain, 'myTrainings')}>{intl.formatMessage(m.goMyTrainings)}</ButtonLink>
        </>
      )}
      {(snapshot.matches('failed') || snapshot.matches('abandoned')) && (
        <>
          <Banner variant="danger">{intl.formatMessage(snapshot.matches('failed') ? m.orderFailed : m.orderAbandoned)}</Banner>
          <ButtonLink href={retryHref}>{intl.formatMessage(m.tryAgain)}</ButtonLink>
        </>
      )}
      {snapshot.matches('missing') && <Banner variant="info">{intl.formatMessage(m.orderMissing)}</Banner>}
    </section>
  );
}
