import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { loopbackJsonServer, type LoopbackRequest } from './loopbackServer';

export interface PaypalRequest extends LoopbackRequest {
  json: Record<string, unknown> | null;
}

/**
 * A fake PayPal REST API on loopback: OAuth2 client credentials, Orders v2 (create, capture) and
 * verify-webhook-signature. Deliveries are signed like PayPal signs them: RSA-SHA256 over
 * "transmission_id|transmission_time|webhook_id|crc32(body)" with the fake's private key, and the verify endpoint
 * checks that signature with its public key against the event it is handed, so a forged or altered delivery fails.
 */
export class FakePaypal {
  readonly requests: PaypalRequest[] = [];
  readonly orders = new Map<string, { id: string; customId: string; amount: string; merchantId: string; captured: boolean }>();
  tokensIssued = 0;
  /** Refunds made, by PayPal-Request-Id. */
  readonly refunds = new Map<string, { id: string; status: string; captureId: string; custom_id: unknown }>();
  /** The capture answers this instead of COMPLETED. */
  captureOutcome: 'COMPLETED' | 'DECLINED' | 'INSTRUMENT_DECLINED' = 'COMPLETED';
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
    if (headers.authorization !== `Bearer ${this.token}`) return [401, { name: 'AUTHENTICATION_FAILURE' }];
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const unit = (json?.purchase_units as { custom_id: string; amount: { value: string }; payee: { merchant_id: string } }[])[0]!;
      const order = { id: randomBytes(8).toString('hex').toUpperCase(), customId: unit.custom_id, amount: unit.amount.value, merchantId: unit.payee.merchant_id, captured: false };
      this.orders.set(order.id, order);
      return [200, { id: order.id, status: 'PAYER_ACTION_REQUIRED', links: [{ rel: 'payer-action', href: `https://www.paypal.test/checkoutnow?token=${order.id}`, method: 'GET' }] }];
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (method === 'POST' && capture) {
      const order = this.orders.get(capture[1]!);
      if (!order) return [404, { name: 'RESOURCE_NOT_FOUND' }];
      if (order.captured) return [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] }];
      if (this.captureOutcome === 'INSTRUMENT_DECLINED') return [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] }];
      order.captured = true;
      const captured = { id: randomBytes(8).toString('hex').toUpperCase(), status: this.captureOutcome, custom_id: order.customId, amount: { currency_code: 'EUR', value: order.amount } };
      return [201, { id: order.id, status: 'COMPLETED', purchase_units: [{ payments: { captures: [captured] } }] }];
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
