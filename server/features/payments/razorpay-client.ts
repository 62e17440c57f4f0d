import { GatewayError, GatewayUnavailableError, RazorpayRequestError } from '../../domain/payment-provider.js';

/**
 * Razorpay's entities, as much of them as the shop reads.
 * @forTests the fake Razorpay in tests (server/test/fake-razorpay.ts) keeps the same shapes as Razorpay's answers
 */
export type RazorpayOrder = {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string> | unknown[];
  created_at: number;
};
export type RazorpayPayment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string | null;
  method?: string;
  captured?: boolean;
  amount_refunded?: number;
  error_code?: string | null;
  error_description?: string | null;
  created_at?: number;
};
/** @forTests the fake Razorpay in tests (server/test/fake-razorpay.ts) keeps the same shapes as Razorpay's answers */
export type RazorpayRefund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  status: 'pending' | 'processed' | 'failed';
  speed_requested?: string;
  created_at?: number;
};
type RazorpayCollection<T> = { entity: 'collection'; count: number; items: T[] };
type RazorpayErrorBody = { error?: { code?: string; description?: string; reason?: string; field?: string } };

/**
 * A Payment Link as Razorpay answers (reduced to what the shop reads).
 * @forTests the Razorpay stand-in answers with this shape, so the shop and its stand-in cannot drift apart
 */
export type RazorpayPaymentLink = {
  id: string;
  short_url: string;
  amount: number;
  currency: string;
  reference_id: string;
  status: 'created' | 'partially_paid' | 'paid' | 'cancelled' | 'expired';
};

export type RazorpayClientOptions = {
  keyId: string;
  keySecret: string;
  apiBase: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Total attempts for a retryable failure (429, 5xx, network error, timeout). */
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  fetchImpl?: typeof fetch;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A small typed client for Razorpay's REST API over fetch: Basic auth, JSON, a timeout per attempt,
 * bounded retries with exponential backoff and jitter on 429, 5xx and network errors. Callers only
 * retry what is safe to repeat (GETs, order creation keyed by our receipt, capture whose repeat fails
 * harmlessly, refunds with an idempotency key).
 */
export class RazorpayClient {
  private auth: string;
  private timeoutMs: number;
  private attempts: number;
  private baseDelayMs: number;
  private maxDelayMs: number;
  private fetchImpl: typeof fetch;

  constructor(private opts: RazorpayClientOptions) {
    this.auth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;
    this.timeoutMs = opts.timeoutMs ?? 8000;
    this.attempts = Math.max(1, opts.attempts ?? 3);
    this.baseDelayMs = opts.baseDelayMs ?? 200;
    this.maxDelayMs = opts.maxDelayMs ?? 2000;
    this.fetchImpl = opts.fetchImpl ?? fetch;
  }

  createOrder(input: { amount: number; currency: string; receipt: string; notes?: Record<string, string> }) {
    return this.request<RazorpayOrder>('POST', '/v1/orders', input);
  }

  fetchPayment(paymentId: string) {
    return this.request<RazorpayPayment>('GET', `/v1/payments/${encodeURIComponent(paymentId)}`);
  }

  capturePayment(paymentId: string, amount: number, currency: string) {
    return this.request<RazorpayPayment>('POST', `/v1/payments/${encodeURIComponent(paymentId)}/capture`, {
      amount,
      currency,
    });
  }

  orderPayments(orderId: string) {
    return this.request<RazorpayCollection<RazorpayPayment>>('GET', `/v1/orders/${encodeURIComponent(orderId)}/payments`);
  }

  /** Payments made between two instants (Unix seconds), newest first, `count` (at most 100) after `skip`. */
  listPayments(from: number, to: number, count: number, skip: number) {
    return this.request<RazorpayCollection<RazorpayPayment>>(
      'GET',
      `/v1/payments?from=${from}&to=${to}&count=${count}&skip=${skip}`,
    );
  }

  /** A Payment Link for an amount in paise (Payment Links API), `reference_id` ours; Razorpay sends no message of its own. */
  createPaymentLink(input: {
    amount: number;
    reference_id: string;
    description: string;
    customer: { name: string; contact: string; email?: string };
  }) {
    return this.request<RazorpayPaymentLink>('POST', '/v1/payment_links', {
      ...input,
      currency: 'INR',
      accept_partial: false,
      notify: { sms: false, email: false },
      reminder_enable: false,
    });
  }

  cancelPaymentLink(id: string) {
    return this.request<RazorpayPaymentLink>('POST', `/v1/payment_links/${encodeURIComponent(id)}/cancel`, {});
  }

  /** Refund of `amount` in the payment currency's smallest unit (none = in full); the same key and body again returns the same refund. */
  refundPayment(paymentId: string, idempotencyKey: string, amount?: number, notes?: Record<string, string>) {
    return this.request<RazorpayRefund>(
      'POST',
      `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
      { ...(amount !== undefined ? { amount } : {}), speed: 'normal', ...(notes ? { notes } : {}) },
      { 'X-Refund-Idempotency': idempotencyKey },
    );
  }

  fetchRefund(paymentId: string, refundId: string) {
    return this.request<RazorpayRefund>(
      'GET',
      `/v1/payments/${encodeURIComponent(paymentId)}/refunds/${encodeURIComponent(refundId)}`,
    );
  }

  private delay(attempt: number, retryAfter: string | null) {
    const fromHeader = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : 0;
    const exp = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** attempt);
    const jittered = exp / 2 + Math.random() * (exp / 2);
    return Math.min(this.maxDelayMs, Math.max(jittered, fromHeader));
  }

  async request<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    let lastStatus = 0;
    let lastDescription = '';
    for (let attempt = 0; attempt < this.attempts; attempt++) {
      const last = attempt + 1 >= this.attempts;
      let res: Response;
      try {
        res = await this.fetchImpl(`${this.opts.apiBase}${path}`, {
          method,
          headers: {
            authorization: this.auth,
            accept: 'application/json',
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
          body: body !== undefined ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch {
        lastStatus = 0; // refused, reset, DNS, timeout: try again
        if (!last) await sleep(this.delay(attempt, null));
        continue;
      }
      const text = await res.text().catch(() => '');
      let data: unknown;
      try {
        data = text ? JSON.parse(text) : undefined;
      } catch {
        data = undefined;
      }
      if (res.ok) {
        // A 2xx that is not a JSON object (a proxy's page, a cut-off body) is not an answer we can act on.
        if (data === null || typeof data !== 'object') {
          throw new GatewayError(
            'The payment service sent an answer the shop could not read. Please try again in a minute.',
            res.status,
          );
        }
        return data as T;
      }
      const err = (data as RazorpayErrorBody | undefined)?.error;
      lastStatus = res.status;
      lastDescription = err?.description ?? '';
      if (res.status === 429 || res.status >= 500) {
        if (!last) await sleep(this.delay(attempt, res.headers.get('retry-after')));
        continue;
      }
      if (res.status === 401) {
        throw new RazorpayRequestError('The payment service rejected the shop’s API keys.', 401, err?.code);
      }
      throw new RazorpayRequestError(
        `The payment service refused the request${lastDescription ? `: ${lastDescription}` : ''}`,
        res.status,
        err?.code,
      );
    }
    if (lastStatus === 0) throw new GatewayUnavailableError();
    throw new GatewayError(
      `The payment service is having trouble (HTTP ${lastStatus}${lastDescription ? `: ${lastDescription}` : ''}). Please try again in a minute.`,
      lastStatus,
    );
  }
}
