import type { PaypalConfig } from '../../config.js';

/** PayPal answered something we cannot use (its status and its JSON body, when it sent one). */
export class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`PayPal answered ${status}: ${JSON.stringify(body)?.slice(0, 300)}`);
    this.name = 'PaypalApiError';
  }

  /** PayPal's `details[].issue` codes (ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED…). */
  get issues(): string[] {
    const details = (this.body as { details?: { issue?: unknown }[] } | null)?.details ?? [];
    return details.map((detail) => String(detail.issue ?? ''));
  }
}

/**
 * PayPal's REST API with fetch: an OAuth2 client-credentials token (kept until a minute before it expires; one
 * request for concurrent callers) and JSON calls with it. PAYPAL_API_URL picks the host (live, sandbox, or the
 * tests' fake PayPal on loopback).
 */
export class PaypalApi {
  private token: Promise<{ value: string; expiresAt: number }> | null = null;

  constructor(
    private readonly config: PaypalConfig,
    private readonly now: () => number = Date.now,
  ) {}

  private async accessToken(): Promise<string> {
    const cached = this.token && (await this.token.catch(() => null));
    if (cached && cached.expiresAt - 60_000 > this.now()) return cached.value;
    this.token = this.fetchToken();
    return (await this.token).value;
  }

  private async fetchToken() {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const response = await fetch(`${this.config.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await response.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
    if (!response.ok || !body?.access_token) {
      this.token = null;
      throw new PaypalApiError(response.status, body);
    }
    return { value: body.access_token, expiresAt: this.now() + (body.expires_in ?? 0) * 1000 };
  }

  /** A JSON call; `body` may be a string already (bytes that must go out exactly, see verifyWebhookSignature). */
  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const response = await fetch(`${this.config.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      // A token PayPal revoked before its time: one fresh token, one more try.
      if (response.status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      if (!response.ok) throw new PaypalApiError(response.status, parsed);
      return parsed as T;
    }
  }
}
