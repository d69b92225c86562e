import type { PaypalConfig } from '../../config.js';
import {
  installmentChargeKey,
  WebhookSignatureError,
  type ChargeInstallmentInput,
  type ChargeInstallmentResult,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentStore,
  type RefundPaymentInput,
  type StartPaymentInput,
  type StartedPayment,
  type WebhookRequest,
} from '../provider.js';
import { PaypalApi, PaypalApiError } from './paypalApi.js';

interface PaypalLink {
  href: string;
  rel: string;
}
interface PaypalCapture {
  id: string;
  status: string;
  custom_id?: string;
  amount?: { value: string; currency_code: string };
  processor_response?: { response_code?: string };
}
/** The payer's PayPal saved in PayPal's vault (capture answer, `payment_source.paypal.attributes.vault`). */
interface PaypalVault {
  id?: string;
  status?: string;
}
interface PaypalOrder {
  id: string;
  status: string;
  links?: PaypalLink[];
  purchase_units?: { custom_id?: string; payments?: { captures?: PaypalCapture[] } }[];
  payment_source?: { paypal?: { attributes?: { vault?: PaypalVault } } };
}
/** VAULT.PAYMENT-TOKEN.CREATED's resource: the payment token and the order whose approval saved it. */
interface PaypalPaymentToken {
  id?: string;
  metadata?: { order_id?: string };
}
interface PaypalRefund {
  id: string;
  status?: string;
  custom_id?: string;
  amount?: { value: string; currency_code: string };
  seller_payable_breakdown?: { total_refunded_amount?: { value: string; currency_code: string } };
  links?: PaypalLink[];
}
interface PaypalEvent {
  id: string;
  event_type: string;
  create_time?: string;
  resource?: Record<string, unknown>;
}

/** "149.00" from 14900: PayPal amounts are decimal strings; integer arithmetic keeps every cent. */
export function paypalAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const centsOf = (value: string | undefined) => (value && /^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : null);
/**
 * An order's `custom_id`: the sale's uuid for the checkout's own order, `<sale uuid>/<n>` for the order of its n-th
 * instalment (charged later with the vault token), so a capture's events find their payment.
 */
export const installmentCustomId = (saleId: string, installmentNumber: number) => `${saleId}/${installmentNumber}`;
function saleOf(customId: string): { saleId: string; installmentNumber: number | null } {
  const match = /^([^/]+)\/(\d{1,3})$/.exec(customId);
  return match ? { saleId: match[1]!, installmentNumber: Number(match[2]) } : { saleId: customId, installmentNumber: null };
}
/** The vault token a capture answer carries, once PayPal has saved the payer's PayPal (status VAULTED). */
const vaultedToken = (order: PaypalOrder) => {
  const vault = order.payment_source?.paypal?.attributes?.vault;
  return vault?.id && (vault.status === undefined || vault.status === 'VAULTED') ? vault.id : null;
};
/** PayPal's answers that are a refusal of this charge (not an outage): asking again the same way changes nothing. */
const isRefusal = (error: unknown) => error instanceof PaypalApiError && error.status >= 400 && error.status < 500 && ![401, 408, 409, 429].includes(error.status);

const header = (request: WebhookRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value ? value : null;
};

/**
 * PayPal through its REST Orders v2 API. An order (intent CAPTURE) pays the store's merchant (`payee.merchant_id`)
 * and carries the sale's uuid as `custom_id`; the learner approves it on PayPal's page. No capture on return:
 * the CHECKOUT.ORDER.APPROVED webhook captures it, and PAYMENT.CAPTURE.COMPLETED / DENIED say how it went.
 * Deliveries are verified by PayPal's verify-webhook-signature API, with PAYPAL_WEBHOOK_ID.
 *
 * Instalments: the checkout's order of a plan of several payments asks PayPal to save the payer's PayPal in its
 * vault once the first payment is captured (`attributes.vault.store_in_vault: ON_SUCCESS`, `usage_type: MERCHANT`);
 * the vault id comes back in the capture's answer, or later by VAULT.PAYMENT-TOKEN.CREATED, and is kept on the sale
 * (sales.payment_token, never shown). The instalment job (server/jobs/installments.ts) then charges each later
 * instalment with an order paid by that token (`payment_source.paypal.vault_id`, captured at once by PayPal), with
 * a PayPal-Request-Id per sale, instalment and attempt.
 */
export class PaypalProvider implements PaymentProvider {
  readonly name = 'PAYPAL' as const;
  readonly api: PaypalApi;

  constructor(
    private readonly config: PaypalConfig,
    now?: () => number,
  ) {
    this.api = new PaypalApi(config, now);
  }

  availableFor(store: PaymentStore): boolean {
    return Boolean(store.paypalMerchantId);
  }

  async startPayment(input: StartPaymentInput): Promise<StartedPayment> {
    const merchantId = input.store.paypalMerchantId;
    if (!merchantId) throw new Error(`store ${input.store.id} has no PayPal merchant`);
    const first = input.installmentsCents[0];
    if (first === undefined) throw new Error('nothing to charge');
    const order = await this.api.call<PaypalOrder>(
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.saleId,
            custom_id: input.saleId,
            description: input.description.slice(0, 127),
            amount: { currency_code: input.currency.toUpperCase(), value: paypalAmount(first) },
            payee: { merchant_id: merchantId },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              locale: 'fr-FR',
            },
            // A plan of several payments: the payer's PayPal is saved (once this payment is captured) for the later ones.
            ...(input.installmentsCents.length > 1 ? { attributes: { vault: { store_in_vault: 'ON_SUCCESS', usage_type: 'MERCHANT', customer_type: 'CONSUMER' } } } : {}),
          },
        },
      },
      // One order per sale, even when the checkout's request is retried.
      { 'PayPal-Request-Id': `order-${input.saleId}` },
    );
    const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
    if (!approve) throw new Error(`PayPal answered order ${order.id} without an approval link`);
    return { providerRef: order.id, paymentUrl: approve.href };
  }

  /**
   * Asks PayPal whether the delivery is theirs. The event goes back inside the request as the exact bytes
   * received: PayPal's signature covers them (a re-serialised event may not verify).
   */
  async verify(request: WebhookRequest): Promise<PaypalEvent> {
    const names = ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'] as const;
    const values = names.map((name) => header(request, name));
    if (values.some((value) => value === null)) throw new WebhookSignatureError('missing PayPal transmission headers');
    const raw = request.rawBody.toString('utf8');
    let event: PaypalEvent;
    try {
      event = JSON.parse(raw) as PaypalEvent;
    } catch {
      throw new WebhookSignatureError('the delivery is not JSON');
    }
    if (!event || typeof event.id !== 'string' || typeof event.event_type !== 'string') throw new WebhookSignatureError('not a PayPal event');
    const [authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime] = values;
    const fields = JSON.stringify({
      auth_algo: authAlgo,
      cert_url: certUrl,
      transmission_id: transmissionId,
      transmission_sig: transmissionSig,
      transmission_time: transmissionTime,
      webhook_id: this.config.webhookId,
    });
    const body = `${fields.slice(0, -1)},"webhook_event":${raw}}`;
    const answer = await this.api.call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', body);
    if (answer.verification_status !== 'SUCCESS') throw new WebhookSignatureError();
    return event;
  }

  async parseWebhook(request: WebhookRequest): Promise<PaymentEvent[]> {
    const event = await this.verify(request);
    const occurredAt = event.create_time ? new Date(event.create_time) : new Date();
    const base = { provider: 'PAYPAL' as const, eventId: event.id, occurredAt: Number.isNaN(occurredAt.getTime()) ? new Date() : occurredAt, installmentNumber: null };
    const resource = event.resource ?? {};
    switch (event.event_type) {
      case 'CHECKOUT.ORDER.APPROVED': {
        const order = resource as unknown as PaypalOrder;
        const saleId = order.purchase_units?.[0]?.custom_id;
        if (!saleId || typeof order.id !== 'string') return [];
        const capture = await this.capture(order.id);
        if (capture.kind === 'already') return [];
        if (capture.kind === 'declined') return [{ ...base, saleId, outcome: 'FAILED', chargeRef: null }];
        // A pending capture (an e-cheque, a review) is paid by PAYMENT.CAPTURE.COMPLETED later.
        if (capture.capture.status !== 'COMPLETED' && capture.capture.status !== 'DECLINED') return [];
        return [
          {
            ...base,
            saleId,
            outcome: capture.capture.status === 'COMPLETED' ? 'PAID' : 'FAILED',
            chargeRef: capture.capture.id,
            amountCents: centsOf(capture.capture.amount?.value),
            paymentToken: capture.paymentToken,
          },
        ];
      }
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.DENIED':
      case 'PAYMENT.CAPTURE.DECLINED': {
        const capture = resource as unknown as PaypalCapture;
        if (!capture.custom_id) return [];
        const outcome = event.event_type === 'PAYMENT.CAPTURE.COMPLETED' ? 'PAID' : 'FAILED';
        return [{ ...base, ...saleOf(capture.custom_id), outcome, chargeRef: capture.id ?? null, amountCents: centsOf(capture.amount?.value) }];
      }
      case 'VAULT.PAYMENT-TOKEN.CREATED': {
        // The token names the order whose approval saved it; the order, asked of PayPal, names our sale.
        const token = resource as PaypalPaymentToken;
        const orderId = token.metadata?.order_id;
        if (typeof token.id !== 'string' || !token.id || typeof orderId !== 'string' || !orderId) return [];
        const saleId = await this.saleOfOrder(orderId);
        return saleId ? [{ ...base, saleId, outcome: 'VAULTED', paymentToken: token.id }] : [];
      }
      case 'PAYMENT.CAPTURE.REFUNDED': {
        // The resource is the refund: its capture is its `up` link, its total so far the seller's breakdown.
        const refund = resource as unknown as PaypalRefund;
        if (refund.status && refund.status !== 'COMPLETED') return [];
        const captureId = refund.links?.find((link) => link.rel === 'up')?.href.match(/\/captures\/([^/?#]+)/)?.[1];
        if (!captureId) return [];
        const total = centsOf(refund.seller_payable_breakdown?.total_refunded_amount?.value);
        return [{ ...base, saleId: saleOf(refund.custom_id ?? '').saleId, outcome: 'REFUNDED', chargeRef: decodeURIComponent(captureId), amountCents: centsOf(refund.amount?.value), refundedTotalCents: total }];
      }
      default:
        return [];
    }
  }

  /**
   * The team's refund of a paid payment: what is left of its capture, on behalf of the store's merchant
   * (PayPal-Auth-Assertion), once per payment (PayPal-Request-Id). PAYMENT.CAPTURE.REFUNDED then writes the credit note.
   */
  async refundPayment(input: RefundPaymentInput): Promise<{ refundRef: string }> {
    const merchantId = input.store.paypalMerchantId;
    if (!merchantId) throw new Error(`store ${input.store.id} has no PayPal merchant`);
    return this.refundCapture(input.chargeRef, merchantId, input.requestKey, input.saleId);
  }

  async refundCapture(captureId: string, merchantId: string, requestId: string, customId: string): Promise<{ refundRef: string }> {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const assertion = `${encode({ alg: 'none' })}.${encode({ iss: this.config.clientId, payer_id: merchantId })}.`;
    const refund = await this.api.call<{ id: string }>(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
      { custom_id: customId, note_to_payer: 'Remboursement' },
      { 'PayPal-Request-Id': requestId, 'PayPal-Auth-Assertion': assertion },
    );
    return { refundRef: refund.id };
  }

  /** The sale (custom_id) of one of our orders; null when PayPal knows no such order for us. */
  private async saleOfOrder(orderId: string): Promise<string | null> {
    try {
      const order = await this.api.call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
      const customId = order.purchase_units?.[0]?.custom_id;
      return customId ? saleOf(customId).saleId : null;
    } catch (error) {
      if (error instanceof PaypalApiError && (error.status === 404 || error.status === 403)) return null;
      throw error;
    }
  }

  /**
   * Charges a later instalment with the payer's vaulted PayPal: an order paid by the token, which PayPal captures
   * at once (no payer on the page). The PayPal-Request-Id is the attempt's key, so a job re-run after a crash or a
   * lost answer gets the same order back, never a second charge. A refusal (token unknown or revoked, instrument
   * declined) is `failed`; PayPal not answering throws (the job retries with the same key).
   */
  async chargeInstallment(input: ChargeInstallmentInput): Promise<ChargeInstallmentResult> {
    if (input.installmentNumber < 2) throw new Error('the first instalment is paid on PayPal\'s page');
    const merchantId = input.store.paypalMerchantId;
    // Nothing PayPal could charge: declined (tried again later, then left FAILED for the team), not an outage.
    if (!merchantId) return { chargeRef: null, status: 'failed', declineCode: 'PAYPAL_NOT_LINKED' };
    if (!input.paymentToken) return { chargeRef: null, status: 'failed', declineCode: 'PAYMENT_TOKEN_MISSING' };
    let order: PaypalOrder;
    try {
      order = await this.api.call<PaypalOrder>(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.saleId,
              custom_id: installmentCustomId(input.saleId, input.installmentNumber),
              description: `${input.description} (${input.installmentNumber})`.slice(0, 127),
              amount: { currency_code: input.currency.toUpperCase(), value: paypalAmount(input.amountCents) },
              payee: { merchant_id: merchantId },
            },
          ],
          payment_source: {
            paypal: {
              vault_id: input.paymentToken,
              stored_credential: { payment_initiator: 'MERCHANT', usage: 'SUBSEQUENT', usage_pattern: 'INSTALLMENT_PREPAID' },
            },
          },
        },
        { 'PayPal-Request-Id': installmentChargeKey(input.saleId, input.installmentNumber, input.attempt), Prefer: 'return=representation' },
      );
    } catch (error) {
      if (!isRefusal(error)) throw error;
      const refusal = error as PaypalApiError;
      return { chargeRef: null, status: 'failed', declineCode: refusal.issues.find(Boolean) ?? `HTTP_${refusal.status}` };
    }
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (!capture) return { chargeRef: null, status: 'failed', declineCode: order.status || 'NOT_CAPTURED' };
    if (capture.status === 'COMPLETED') return { chargeRef: capture.id, status: 'succeeded', declineCode: null };
    // A pending capture (a review, an e-cheque): PAYMENT.CAPTURE.COMPLETED or DENIED says how it went.
    if (capture.status === 'PENDING') return { chargeRef: capture.id, status: 'processing', declineCode: null };
    return { chargeRef: capture.id, status: 'failed', declineCode: capture.processor_response?.response_code ?? capture.status };
  }

  /** Captures an approved order, once (PayPal-Request-Id makes a second delivery's capture the same one). */
  private async capture(orderId: string): Promise<{ kind: 'captured'; capture: PaypalCapture; paymentToken: string | null } | { kind: 'already' } | { kind: 'declined' }> {
    try {
      const order = await this.api.call<PaypalOrder>(
        'POST',
        `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
        {},
        { 'PayPal-Request-Id': `capture-${orderId}`, Prefer: 'return=representation' },
      );
      const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
      return capture ? { kind: 'captured', capture, paymentToken: vaultedToken(order) } : { kind: 'already' };
    } catch (error) {
      if (error instanceof PaypalApiError && error.status === 422) {
        if (error.issues.includes('ORDER_ALREADY_CAPTURED')) return { kind: 'already' };
        // INSTRUMENT_DECLINED and the like: the learner has left PayPal's page, the order cannot be paid.
        return { kind: 'declined' };
      }
      throw error;
    }
  }
}
