import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { currencyDecimals, isSupportedCurrency } from '../../contract/currencies.js';
import type {
  RazorpayOrder,
  RazorpayPayment,
  RazorpayPaymentLink,
  RazorpayRefund,
} from '../features/payments/razorpay-client.js';
import { hmacHex, paymentSignature, providerStyleId } from '../features/payments/signature.js';

/**
 * A local stand-in for Razorpay's REST API, started by tests on 127.0.0.1: orders, payments, capture,
 * refunds (with X-Refund-Idempotency), an order's payments, plus helpers that play the shopper paying
 * in Razorpay Checkout and Razorpay sending signed webhooks. Failures can be injected.
 */
export type FakeRazorpay = {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Settings for an app that talks to this fake. */
  env: Record<string, string>;
  orders: Map<string, RazorpayOrder>;
  payments: Map<string, RazorpayPayment>;
  refunds: Map<string, RazorpayRefund>;
  paymentLinks: Map<string, RazorpayPaymentLink>;
  /**
   * The buyer pays a Payment Link: a captured payment (of its amount, or `amount`) on an order Razorpay makes for
   * the link, the link paid, and a signed `payment_link.paid` webhook ready to send.
   */
  payLink(
    linkId: string,
    opts?: { amount?: number; eventId?: string },
  ): { payload: string; headers: Record<string, string>; paymentId: string };
  /** Every request received: method, path, headers and parsed body. */
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown }[];
  /** The next `count` requests (matching `path` when given) answer `status` with a Razorpay error body. */
  failNext(count: number, status?: number, path?: RegExp): void;
  /** The next request matching `path` gets exactly this status and raw body (an answer that is not Razorpay's). */
  answerNext(status: number, raw: string, path?: RegExp): void;
  /** Drops the failures still queued. */
  clearFailures(): void;
  /**
   * The next `count` requests matching `path` are carried out, but their answer is lost: a 500 comes back
   * instead (a refund made while the shop never heard of it).
   */
  loseAnswerNext(count: number, path?: RegExp): void;
  /** Status of refunds made from now on (default: the start option, else processed). */
  setRefundStatus(status: 'pending' | 'processed' | 'failed'): void;
  /** Razorpay finishing (or giving up on) a refund: its status changes and a signed webhook is ready to send. */
  refundWebhook(
    event: 'refund.processed' | 'refund.failed',
    refundId: string,
    opts?: { eventId?: string },
  ): { payload: string; headers: Record<string, string> };
  /** Every answer waits this long first (a slow Razorpay). */
  setDelay(ms: number): void;
  /** Every answer waits until the returned function is called (a Razorpay slow for as long as a test needs). */
  pause(): () => void;
  /** While down, every connection is cut without an answer (as if Razorpay were unreachable). */
  setDown(down: boolean): void;
  /** The shopper pays an order in Checkout. Default: captured (auto-capture) for the order's amount. */
  pay(
    orderId: string,
    opts?: { amount?: number; status?: 'captured' | 'authorized' | 'failed' },
  ): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  /** A signed webhook delivery for a payment, ready for app.inject. */
  webhook(
    event: 'payment.captured' | 'order.paid' | 'payment.failed',
    paymentId: string,
    opts?: { eventId?: string; secret?: string },
  ): { payload: string; headers: Record<string, string> };
  count(method: string, path: RegExp): number;
  close(): Promise<void>;
};

const error = (code: string, description: string, field?: string) => ({
  error: {
    code,
    description,
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
    metadata: {},
    field,
  },
});

export async function startFakeRazorpay(opts: { refundStatus?: 'pending' | 'processed' } = {}): Promise<FakeRazorpay> {
  const keyId = `rzp_test_${crypto.randomBytes(7).toString('hex')}`;
  const keySecret = crypto.randomBytes(16).toString('hex');
  const webhookSecret = crypto.randomBytes(16).toString('hex');
  const orders = new Map<string, RazorpayOrder>();
  const payments = new Map<string, RazorpayPayment>();
  const refunds = new Map<string, RazorpayRefund>();
  const paymentLinks = new Map<string, RazorpayPaymentLink>();
  const idempotency = new Map<string, { body: string; refundId: string }>();
  const requests: FakeRazorpay['requests'] = [];
  const failures: { status: number; path?: RegExp; raw?: string }[] = [];
  const lostAnswers: { path?: RegExp }[] = [];
  let refundStatus: RazorpayRefund['status'] = opts.refundStatus ?? 'processed';
  let down = false;
  let delayMs = 0;
  let paused: Promise<void> | undefined;
  const sockets = new Set<import('node:net').Socket>();
  const now = () => Math.floor(Date.now() / 1000);

  const server = http.createServer((req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (paused) await paused;
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      const path = (req.url ?? '/').split('?')[0] as string;
      const method = req.method ?? 'GET';
      requests.push({ method, path, headers: req.headers, body });
      const lostAt = lostAnswers.findIndex((f) => !f.path || f.path.test(path));
      if (lostAt >= 0) lostAnswers.splice(lostAt, 1);
      const send = (status: number, data: unknown) => {
        if (lostAt >= 0) {
          status = 500;
          data = error('SERVER_ERROR', 'We are facing some trouble completing your request at the moment.');
        }
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };

      const failAt = failures.findIndex((f) => !f.path || f.path.test(path));
      if (failAt >= 0) {
        const [f] = failures.splice(failAt, 1);
        const status = f?.status ?? 500;
        if (f?.raw !== undefined) {
          res.writeHead(status, { 'content-type': 'text/html' });
          res.end(f.raw);
          return;
        }
        return send(
          status,
          status >= 500
            ? error('SERVER_ERROR', 'We are facing some trouble completing your request at the moment.')
            : status === 429
              ? error('BAD_REQUEST_ERROR', 'Too many requests')
              : error('BAD_REQUEST_ERROR', 'Injected failure'),
        );
      }
      const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        return send(401, error('BAD_REQUEST_ERROR', 'Authentication failed'));
      }

      let m: RegExpMatchArray | null;
      if (method === 'POST' && path === '/v1/orders') {
        const amount = body.amount;
        const currency = body.currency;
        if (typeof currency !== 'string' || !isSupportedCurrency(currency)) {
          return send(400, error('BAD_REQUEST_ERROR', 'The currency is invalid', 'currency'));
        }
        if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < (currency === 'INR' ? 100 : 1)) {
          return send(400, error('BAD_REQUEST_ERROR', 'The amount must be atleast INR 1.00', 'amount'));
        }
        // Three-decimal currencies (KWD, BHD, OMR) are taken with the last digit 0.
        if (currencyDecimals(currency) === 3 && amount % 10 !== 0) {
          return send(400, error('BAD_REQUEST_ERROR', 'The amount must end with 0 for this currency', 'amount'));
        }
        if (typeof body.receipt === 'string' && body.receipt.length > 40) {
          return send(400, error('BAD_REQUEST_ERROR', 'The receipt may not be greater than 40 characters.', 'receipt'));
        }
        const order: RazorpayOrder = {
          id: providerStyleId('order'),
          entity: 'order',
          amount,
          amount_paid: 0,
          amount_due: amount,
          currency,
          receipt: (body.receipt as string) ?? null,
          status: 'created',
          attempts: 0,
          notes: (body.notes as Record<string, string>) ?? [],
          created_at: now(),
        };
        orders.set(order.id, order);
        return send(200, order);
      }
      m = method === 'GET' ? path.match(/^\/v1\/orders\/([^/]+)\/payments$/) : null;
      if (m) {
        const order = orders.get(decodeURIComponent(m[1] as string));
        if (!order) return send(400, error('BAD_REQUEST_ERROR', 'The id provided does not exist'));
        const items = [...payments.values()].filter((p) => p.order_id === order.id);
        return send(200, { entity: 'collection', count: items.length, items });
      }
      m = method === 'GET' ? path.match(/^\/v1\/orders\/([^/]+)$/) : null;
      if (m) {
        const order = orders.get(decodeURIComponent(m[1] as string));
        return order ? send(200, order) : send(400, error('BAD_REQUEST_ERROR', 'The id provided does not exist'));
      }
      if (method === 'GET' && path === '/v1/payments') {
        const q = new URL(req.url ?? '/', url).searchParams;
        const from = Number(q.get('from') ?? 0);
        const to = Number(q.get('to') ?? Number.MAX_SAFE_INTEGER);
        const count = Math.min(100, Number(q.get('count') ?? 10));
        const skip = Number(q.get('skip') ?? 0);
        const within = [...payments.values()].filter((p) => (p.created_at ?? 0) >= from && (p.created_at ?? 0) <= to).reverse(); // newest first
        const items = within.slice(skip, skip + count);
        return send(200, { entity: 'collection', count: items.length, items });
      }
      m = method === 'GET' ? path.match(/^\/v1\/payments\/([^/]+)$/) : null;
      if (m) {
        const payment = payments.get(decodeURIComponent(m[1] as string));
        return payment ? send(200, payment) : send(400, error('BAD_REQUEST_ERROR', 'The id provided does not exist'));
      }
      m = method === 'POST' ? path.match(/^\/v1\/payments\/([^/]+)\/capture$/) : null;
      if (m) {
        const payment = payments.get(decodeURIComponent(m[1] as string));
        if (!payment) return send(400, error('BAD_REQUEST_ERROR', 'The id provided does not exist'));
        if (payment.status !== 'authorized') {
          return send(400, error('BAD_REQUEST_ERROR', 'This payment has already been captured'));
        }
        if (body.amount !== payment.amount || body.currency !== payment.currency) {
          return send(400, error('BAD_REQUEST_ERROR', 'Capture amount must be equal to the amount authorized', 'amount'));
        }
        payment.status = 'captured';
        payment.captured = true;
        markPaid(payment);
        return send(200, payment);
      }
      m = method === 'POST' ? path.match(/^\/v1\/payments\/([^/]+)\/refund$/) : null;
      if (m) {
        const payment = payments.get(decodeURIComponent(m[1] as string));
        if (!payment) return send(400, error('BAD_REQUEST_ERROR', 'The id provided does not exist'));
        const key = req.headers['x-refund-idempotency'];
        if (typeof key === 'string') {
          if (!/^[A-Za-z0-9_-]{10,}$/.test(key)) return send(400, error('BAD_REQUEST_ERROR', 'Invalid idempotency key'));
          const seen = idempotency.get(key);
          if (seen) {
            if (seen.body !== raw) return send(400, error('BAD_REQUEST_ERROR', 'Idempotency key reused with another request'));
            return send(200, refunds.get(seen.refundId));
          }
        }
        if (payment.status !== 'captured') {
          return send(400, error('BAD_REQUEST_ERROR', 'The payment has been fully refunded already'));
        }
        const available = payment.amount - (payment.amount_refunded ?? 0);
        const amount = typeof body.amount === 'number' ? body.amount : available;
        if (!Number.isInteger(amount) || amount < 100 || amount > available) {
          return send(
            400,
            error(
              'BAD_REQUEST_ERROR',
              'The refund amount provided is greater than amount captured or less than INR 1.00',
              'amount',
            ),
          );
        }
        const refund: RazorpayRefund = {
          id: providerStyleId('rfnd'),
          entity: 'refund',
          amount,
          currency: payment.currency,
          payment_id: payment.id,
          status: refundStatus,
          speed_requested: String(body.speed ?? 'normal'),
          created_at: now(),
        };
        refunds.set(refund.id, refund);
        payment.amount_refunded = (payment.amount_refunded ?? 0) + amount;
        if (payment.amount_refunded >= payment.amount) payment.status = 'refunded';
        if (typeof key === 'string') idempotency.set(key, { body: raw, refundId: refund.id });
        return send(200, refund);
      }
      m = method === 'GET' ? path.match(/^\/v1\/payments\/([^/]+)\/refunds\/([^/]+)$/) : null;
      if (m) {
        const refund = refunds.get(decodeURIComponent(m[2] as string));
        if (!refund || refund.payment_id !== decodeURIComponent(m[1] as string)) {
          return send(400, error('BAD_REQUEST_ERROR', 'The id provided does not exist'));
        }
        return send(200, refund);
      }
      if (method === 'POST' && path === '/v1/payment_links') {
        const amount = body.amount;
        if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
          return send(400, error('BAD_REQUEST_ERROR', 'The amount must be atleast INR 1.00', 'amount'));
        }
        const reference = String(body.reference_id ?? '');
        // A reference id must be unique for each Payment Link (cancelled ones included).
        const taken = [...paymentLinks.values()].some((l) => l.reference_id === reference);
        if (reference && taken) {
          return send(400, error('BAD_REQUEST_ERROR', `payment link with given reference_id ${reference} already exists`));
        }
        const id = providerStyleId('plink');
        const link: RazorpayPaymentLink = {
          id,
          short_url: `https://rzp.io/i/${id.slice(6, 16)}`,
          amount,
          currency: String(body.currency ?? 'INR'),
          reference_id: reference,
          status: 'created',
        };
        paymentLinks.set(id, link);
        return send(200, link);
      }
      m = method === 'POST' ? path.match(/^\/v1\/payment_links\/([^/]+)\/cancel$/) : null;
      if (m) {
        const link = paymentLinks.get(decodeURIComponent(m[1] as string));
        if (!link) return send(400, error('BAD_REQUEST_ERROR', 'The id provided does not exist'));
        if (link.status !== 'created') {
          return send(400, error('BAD_REQUEST_ERROR', `Payment link cannot be cancelled in ${link.status} state`));
        }
        link.status = 'cancelled';
        return send(200, link);
      }
      return send(404, error('BAD_REQUEST_ERROR', 'The requested URL was not found on the server.'));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  function markPaid(payment: RazorpayPayment) {
    const order = payment.order_id ? orders.get(payment.order_id) : undefined;
    if (order && payment.amount === order.amount) {
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const fake: FakeRazorpay = {
    url,
    keyId,
    keySecret,
    webhookSecret,
    env: {
      RAZORPAY_KEY_ID: keyId,
      RAZORPAY_KEY_SECRET: keySecret,
      RAZORPAY_WEBHOOK_SECRET: webhookSecret,
      RAZORPAY_API_BASE: url,
    },
    orders,
    payments,
    refunds,
    paymentLinks,
    requests,
    failNext(count, status = 500, path) {
      for (let i = 0; i < count; i++) failures.push({ status, path });
    },
    answerNext(status, raw, path) {
      failures.push({ status, path, raw });
    },
    setDelay(ms) {
      delayMs = ms;
    },
    pause() {
      let release = () => {};
      paused = new Promise<void>((r) => {
        release = r;
      });
      return () => {
        paused = undefined;
        release();
      };
    },
    clearFailures() {
      failures.length = 0;
      lostAnswers.length = 0;
    },
    loseAnswerNext(count, path) {
      for (let i = 0; i < count; i++) lostAnswers.push({ path });
    },
    setRefundStatus(status) {
      refundStatus = status;
    },
    refundWebhook(event, refundId, o = {}) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`fake Razorpay: no refund ${refundId}`);
      refund.status = event === 'refund.processed' ? 'processed' : 'failed';
      if (refund.status === 'failed') {
        const payment = payments.get(refund.payment_id);
        if (payment) {
          payment.amount_refunded = Math.max(0, (payment.amount_refunded ?? 0) - refund.amount);
          if (payment.status === 'refunded') payment.status = 'captured';
        }
      }
      const payment = payments.get(refund.payment_id);
      const payload = JSON.stringify({
        entity: 'event',
        account_id: 'acc_FakeShop000001',
        event,
        contains: ['refund', 'payment'],
        payload: { refund: { entity: refund }, ...(payment ? { payment: { entity: payment } } : {}) },
        created_at: now(),
      });
      return {
        payload,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex(webhookSecret, payload),
          'x-razorpay-event-id': o.eventId ?? providerStyleId('evt'),
        },
      };
    },
    payLink(linkId, o = {}) {
      const link = paymentLinks.get(linkId);
      if (!link) throw new Error(`fake Razorpay: no payment link ${linkId}`);
      const order: RazorpayOrder = {
        id: providerStyleId('order'),
        entity: 'order',
        amount: link.amount,
        amount_paid: link.amount,
        amount_due: 0,
        currency: link.currency,
        receipt: null,
        status: 'paid',
        attempts: 1,
        notes: [],
        created_at: now(),
      };
      orders.set(order.id, order);
      const payment: RazorpayPayment = {
        id: providerStyleId('pay'),
        entity: 'payment',
        amount: o.amount ?? link.amount,
        currency: link.currency,
        status: 'captured',
        order_id: order.id,
        method: 'upi',
        captured: true,
        amount_refunded: 0,
        created_at: now(),
      };
      payments.set(payment.id, payment);
      link.status = 'paid';
      const payload = JSON.stringify({
        entity: 'event',
        account_id: 'acc_FakeShop000001',
        event: 'payment_link.paid',
        contains: ['payment_link', 'order', 'payment'],
        payload: {
          payment_link: { entity: { ...link, amount_paid: payment.amount, order_id: order.id } },
          order: { entity: order },
          payment: { entity: payment },
        },
        created_at: now(),
      });
      return {
        payload,
        paymentId: payment.id,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex(webhookSecret, payload),
          'x-razorpay-event-id': o.eventId ?? providerStyleId('evt'),
        },
      };
    },
    setDown(value) {
      down = value;
      if (value) for (const s of sockets) s.destroy();
    },
    pay(orderId, o = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake Razorpay: no order ${orderId}`);
      const status = o.status ?? 'captured';
      const payment: RazorpayPayment = {
        id: providerStyleId('pay'),
        entity: 'payment',
        amount: o.amount ?? order.amount,
        currency: order.currency,
        status,
        order_id: order.id,
        method: 'upi',
        captured: status === 'captured',
        amount_refunded: 0,
        created_at: now(),
      };
      payments.set(payment.id, payment);
      order.attempts += 1;
      if (order.status === 'created') order.status = 'attempted';
      if (status === 'captured') markPaid(payment);
      return {
        razorpay_order_id: order.id,
        razorpay_payment_id: payment.id,
        razorpay_signature: paymentSignature(order.id, payment.id, keySecret),
      };
    },
    webhook(event, paymentId, o = {}) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`fake Razorpay: no payment ${paymentId}`);
      const order = payment.order_id ? orders.get(payment.order_id) : undefined;
      const payload = JSON.stringify({
        entity: 'event',
        account_id: 'acc_FakeShop000001',
        event,
        contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
        payload: {
          payment: { entity: payment },
          ...(event === 'order.paid' && order ? { order: { entity: order } } : {}),
        },
        created_at: now(),
      });
      return {
        payload,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex(o.secret ?? webhookSecret, payload),
          'x-razorpay-event-id': o.eventId ?? providerStyleId('evt'),
        },
      };
    },
    count(method, path) {
      return requests.filter((r) => r.method === method && path.test(r.path)).length;
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
