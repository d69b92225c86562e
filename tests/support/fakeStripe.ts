import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import { loopbackJsonServer } from './loopbackServer';

/** One request the fake received: its form body flattened as Stripe's SDK encodes it (`metadata[sale_id]`). */
export interface StripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;

/**
 * A fake Stripe API on loopback, for the real `stripe` SDK (host, port and protocol pointed here): the few endpoints
 * the adapter calls (Checkout Sessions, payment intents, refunds, Connect accounts and account links), with every request
 * recorded. `signed` builds a webhook delivery signed exactly as Stripe signs (t=…,v1=HMAC-SHA256 of "t.payload").
 */
export class FakeStripe {
  readonly requests: StripeRequest[] = [];
  readonly sessions = new Map<string, Record<string, unknown>>();
  readonly accounts = new Map<string, { id: string; charges_enabled: boolean; details_submitted: boolean }>();
  /** Refunds made, by idempotency key. */
  readonly refunds = new Map<string, Record<string, unknown>>();
  /** Off-session charges answer a declined card while set. */
  declineCharges = false;
  /** Every request answers 500 while set (Stripe down). */
  down = false;
  private server: Awaited<ReturnType<typeof loopbackJsonServer>> | null = null;
  url = '';

  async start() {
    this.server = await loopbackJsonServer(({ raw, ...request }) => {
      const recorded: StripeRequest = { ...request, form: Object.fromEntries(new URLSearchParams(raw)) };
      this.requests.push(recorded);
      return this.down ? [500, { error: { type: 'api_error', message: 'fake Stripe is down' } }] : this.answer(recorded);
    });
    this.url = this.server.url;
    return this;
  }

  async stop() {
    await this.server?.close();
  }

  private answer({ method, path, headers, form }: StripeRequest): [number, unknown] {
    const pathname = path.split('?')[0]!;
    const account = headers['stripe-account'];
    if (method === 'POST' && pathname === '/v1/checkout/sessions') {
      const session = {
        id: id('cs'),
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id('cs')}`,
        metadata: { sale_id: form['metadata[sale_id]'] },
        amount_total: Number(form['line_items[0][price_data][unit_amount]']),
        customer: id('cus'),
        payment_intent: { id: id('pi'), object: 'payment_intent', payment_method: id('pm') },
        account,
      };
      this.sessions.set(session.id, session);
      return [200, { ...session, payment_intent: null }];
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(pathname);
    if (method === 'GET' && sessionMatch) {
      const session = this.sessions.get(sessionMatch[1]!);
      if (!session || session.account !== account) return [404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } }];
      return [200, session];
    }
    if (method === 'POST' && pathname === '/v1/payment_intents') {
      const intent = { id: id('pi'), object: 'payment_intent', amount: Number(form.amount), status: 'succeeded', metadata: { sale_id: form['metadata[sale_id]'] } };
      if (this.declineCharges) {
        return [402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card was declined.', payment_intent: { ...intent, status: 'requires_payment_method' } } }];
      }
      return [200, intent];
    }
    if (method === 'POST' && pathname === '/v1/refunds') {
      // Stripe's idempotency: the same key answers the same refund.
      const key = String(headers['idempotency-key'] ?? '');
      const known = key ? this.refunds.get(key) : undefined;
      if (known) return [200, known];
      const refund = { id: id('re'), object: 'refund', payment_intent: form.payment_intent, status: 'succeeded', metadata: { transaction_id: form['metadata[transaction_id]'] }, account };
      if (key) this.refunds.set(key, refund);
      return [200, refund];
    }
    if (method === 'POST' && pathname === '/v1/accounts') {
      const created = { id: `acct_${randomBytes(8).toString('hex').toUpperCase()}`, charges_enabled: false, details_submitted: false };
      this.accounts.set(created.id, created);
      return [200, { ...created, object: 'account' }];
    }
    const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(pathname);
    if (method === 'GET' && accountMatch) {
      const found = this.accounts.get(accountMatch[1]!);
      return found ? [200, { ...found, object: 'account' }] : [404, { error: { type: 'invalid_request_error', message: 'No such account' } }];
    }
    if (method === 'POST' && pathname === '/v1/account_links') {
      return [200, { object: 'account_link', url: `https://connect.stripe.test/setup/s/${form.account}`, expires_at: 0 }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `fake Stripe has no ${method} ${pathname}` } }];
  }

  /** An event as Stripe posts it, with its Stripe-Signature header (made with `secret`). */
  static signed(secret: string, event: { type: string; object: Record<string, unknown>; account?: string; id?: string; created?: number }) {
    const payload = JSON.stringify(
      {
        id: event.id ?? id('evt'),
        object: 'event',
        api_version: '2025-01-27',
        created: event.created ?? Math.floor(Date.now() / 1000),
        type: event.type,
        account: event.account,
        livemode: false,
        data: { object: event.object },
      },
      null,
      2,
    );
    const header = new Stripe('sk_test_signing').webhooks.generateTestHeaderString({ payload, secret });
    return { payload, header };
  }
}
