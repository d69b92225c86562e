import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { loopbackJsonServer, type LoopbackRequest } from './loopbackServer';

export interface PaypalRequest extends LoopbackRequest {
  json: Record<string, unknown> | null;
}

interface FakeOrder {
  id: string;
  customId: string;
  amount: string;
  merchantId: string;
  captured: boolean;
  /** The order asked to save the payer's PayPal once captured (`attributes.vault.store_in_vault: ON_SUCCESS`). */
  vault: boolean;
}

/** A payer's PayPal saved in the vault: usable by the merchant it paid, until revoked; `declined` refuses charges. */
export interface FakeVaultToken {
  id: string;
  customerId: string;
  merchantId: string;
  orderId: string;
  declined: boolean;
  revoked: boolean;
}

/**
 * A fake PayPal REST API on loopback: OAuth2 client credentials, Orders v2 (create, get, capture; an order paid by a
 * vault token is captured at once), the vault (a token saved by the capture of an order that asked for it) and
 * verify-webhook-signature. Order creation is idempotent per PayPal-Request-Id, as PayPal's is. Deliveries are signed like PayPal signs them: RSA-SHA256 over
 * "transmission_id|transmission_time|webhook_id|crc32(body)" with the fake's private key, and the verify endpoint
 * checks that signature with its public key against the event it is handed, so a forged or altered delivery fails.
 */
export class FakePaypal {
  readonly requests: PaypalRequest[] = [];
  readonly orders = new Map<string, FakeOrder>();
  readonly vaultTokens = new Map<string, FakeVaultToken>();
  /** The captures made with a vault token (later instalments), in order. */
  readonly vaultCharges: { orderId: string; captureId: string; vaultId: string; amount: string; customId: string; requestId: string }[] = [];
  private readonly answered = new Map<string, [number, unknown]>();
  tokensIssued = 0;
  /** Refunds made, by PayPal-Request-Id. */
  readonly refunds = new Map<string, { id: string; status: string; captureId: string; custom_id: unknown }>();
  /** The capture answers this instead of COMPLETED. */
  captureOutcome: 'COMPLETED' | 'DECLINED' | 'INSTRUMENT_DECLINED' = 'COMPLETED';
  /** Whether the capture's answer carries the new vault token (PayPal may tell it by VAULT.PAYMENT-TOKEN.CREATED only). */
  vaultInCaptureAnswer = true;
  /** Every call answers 503 (PayPal down). */
  down = false;
  /** The next order creation is made, but its answer is lost (503): a retry with the same PayPal-Request-Id gets it. */
  loseNextAnswer = false;
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private server: Awaited<ReturnType<typeof loopbackJsonServer>> | null = null;
  url = '';

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
    readonly webhookId: string,
  ) {}

  async start() {
    this.server = await loopbackJsonServer((request) => {
      let json: Record<string, unknown> | null = null;
      try {
        json = request.raw ? (JSON.parse(request.raw) as Record<string, unknown>) : null;
      } catch {
        json = null;
      }
      const recorded = { ...request, json };
      this.requests.push(recorded);
      return this.answer(recorded);
    });
    this.url = this.server.url;
    return this;
  }

  async stop() {
    await this.server?.close();
  }

  private token = `A21AA${randomBytes(12).toString('hex')}`;

  private answer({ method, path, headers, json }: PaypalRequest): [number, unknown] {
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
      if (headers.authorization !== expected) return [401, { error: 'invalid_client' }];
      this.tokensIssued++;
      return [200, { access_token: this.token, token_type: 'Bearer', expires_in: 32400 }];
    }
    if (this.down) return [503, { name: 'SERVICE_UNAVAILABLE' }];
    if (headers.authorization !== `Bearer ${this.token}`) return [401, { name: 'AUTHENTICATION_FAILURE' }];
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const requestId = typeof headers['paypal-request-id'] === 'string' ? headers['paypal-request-id'] : null;
      const previous = requestId ? this.answered.get(requestId) : undefined;
      if (previous) return previous;
      const answer = this.createOrder(json, requestId ?? '');
      if (requestId && answer[0] < 500) this.answered.set(requestId, answer);
      if (this.loseNextAnswer) {
        this.loseNextAnswer = false;
        return [503, { name: 'SERVICE_UNAVAILABLE' }];
      }
      return answer;
    }
    const got = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && got) {
      const order = this.orders.get(got[1]!);
      if (!order) return [404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] }];
      return [200, { id: order.id, status: order.captured ? 'COMPLETED' : 'APPROVED', purchase_units: [{ custom_id: order.customId, amount: { currency_code: 'EUR', value: order.amount } }] }];
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (method === 'POST' && capture) {
      const order = this.orders.get(capture[1]!);
      if (!order) return [404, { name: 'RESOURCE_NOT_FOUND' }];
      if (order.captured) return [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] }];
      if (this.captureOutcome === 'INSTRUMENT_DECLINED') return [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] }];
      order.captured = true;
      const captured = { id: randomBytes(8).toString('hex').toUpperCase(), status: this.captureOutcome, custom_id: order.customId, amount: { currency_code: 'EUR', value: order.amount } };
      // ON_SUCCESS: the payer's PayPal is saved only when the payment went through.
      const token = order.vault && this.captureOutcome === 'COMPLETED' ? this.saveToken(order) : null;
      const vault = token && this.vaultInCaptureAnswer ? { id: token.id, status: 'VAULTED', customer: { id: token.customerId } } : { status: token ? 'APPROVED' : 'CREATED' };
      return [
        201,
        {
          id: order.id,
          status: 'COMPLETED',
          ...(order.vault ? { payment_source: { paypal: { email_address: 'payer@example.test', attributes: { vault } } } } : {}),
          purchase_units: [{ payments: { captures: [captured] } }],
        },
      ];
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refund) {
      // PayPal-Request-Id: the same request id answers the same refund.
      const key = String(headers['paypal-request-id'] ?? '');
      const known = this.refunds.get(key);
      if (known) return [201, known];
      const made = { id: randomBytes(8).toString('hex').toUpperCase(), status: 'COMPLETED', captureId: refund[1]!, custom_id: json?.custom_id };
      this.refunds.set(key, made);
      return [201, made];
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const ok = this.verifies(json);
      return [200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' }];
    }
    return [404, { name: 'RESOURCE_NOT_FOUND', message: `fake PayPal has no ${method} ${path}` }];
  }

  private createOrder(json: Record<string, unknown> | null, requestId: string): [number, unknown] {
    const unit = (json?.purchase_units as { custom_id: string; amount: { value: string }; payee: { merchant_id: string } }[])[0]!;
    const paypal = (json?.payment_source as { paypal?: { vault_id?: string; attributes?: { vault?: { store_in_vault?: string; usage_type?: string } } } } | undefined)?.paypal;
    const order: FakeOrder = {
      id: randomBytes(8).toString('hex').toUpperCase(),
      customId: unit.custom_id,
      amount: unit.amount.value,
      merchantId: unit.payee.merchant_id,
      captured: false,
      vault: paypal?.attributes?.vault?.store_in_vault === 'ON_SUCCESS' && paypal.attributes.vault.usage_type === 'MERCHANT',
    };
    if (!paypal?.vault_id) {
      this.orders.set(order.id, order);
      return [200, { id: order.id, status: 'PAYER_ACTION_REQUIRED', links: [{ rel: 'payer-action', href: `https://www.paypal.test/checkoutnow?token=${order.id}`, method: 'GET' }] }];
    }
    // Paid by a saved PayPal: no payer on the page, PayPal captures at once.
    const token = this.vaultTokens.get(paypal.vault_id);
    if (!token || token.revoked || token.merchantId !== order.merchantId) return [404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID', field: '/payment_source/paypal/vault_id' }] }];
    if (token.declined) return [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] }];
    order.captured = true;
    this.orders.set(order.id, order);
    const captured = { id: randomBytes(8).toString('hex').toUpperCase(), status: 'COMPLETED', custom_id: order.customId, amount: { currency_code: 'EUR', value: order.amount } };
    this.vaultCharges.push({ orderId: order.id, captureId: captured.id, vaultId: token.id, amount: order.amount, customId: order.customId, requestId });
    return [201, { id: order.id, status: 'COMPLETED', payment_source: { paypal: { attributes: { vault: { id: token.id, customer: { id: token.customerId } } } } }, purchase_units: [{ custom_id: order.customId, payments: { captures: [captured] } }] }];
  }

  private saveToken(order: FakeOrder): FakeVaultToken {
    const token: FakeVaultToken = { id: randomBytes(4).toString('hex'), customerId: randomBytes(5).toString('hex'), merchantId: order.merchantId, orderId: order.id, declined: false, revoked: false };
    this.vaultTokens.set(token.id, token);
    return token;
  }

  /** The token saved by an order's capture (for the tests' VAULT.PAYMENT-TOKEN.CREATED deliveries). */
  tokenOf(orderId: string): FakeVaultToken | undefined {
    return [...this.vaultTokens.values()].find((token) => token.orderId === orderId);
  }

  private signedString(transmissionId: string, time: string, webhookId: string, body: string) {
    return `${transmissionId}|${time}|${webhookId}|${crc32(Buffer.from(body))}`;
  }

  private verifies(json: Record<string, unknown> | null): boolean {
    if (!json || json.webhook_id !== this.webhookId || json.auth_algo !== 'SHA256withRSA' || json.cert_url !== `${this.url}/certs/fake`) return false;
    const body = JSON.stringify(json.webhook_event);
    const verifier = createVerify('RSA-SHA256');
    verifier.update(this.signedString(String(json.transmission_id), String(json.transmission_time), this.webhookId, body));
    try {
      return verifier.verify(this.keys.publicKey, String(json.transmission_sig), 'base64');
    } catch {
      return false;
    }
  }

  /** A delivery as PayPal posts it: the event's bytes and the transmission headers, signed by this fake. */
  delivery(event: { event_type: string; resource: Record<string, unknown>; id?: string }, options: { privateKey?: KeyObject } = {}) {
    const body = JSON.stringify({ id: event.id ?? `WH-${randomUUID()}`, event_version: '1.0', create_time: new Date().toISOString(), resource_type: 'checkout-order', event_type: event.event_type, resource: event.resource });
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    const signer = createSign('RSA-SHA256');
    signer.update(this.signedString(transmissionId, time, this.webhookId, body));
    const signature = signer.sign(options.privateKey ?? this.keys.privateKey, 'base64');
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${this.url}/certs/fake`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signature,
        'paypal-transmission-time': time,
      },
    };
  }
}
