import { PaymentServiceFailed, Unavailable } from './errors.js';

type PaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

/** A payment as the provider reports it (Razorpay's payment entity, reduced to what the shop checks). */
export type ProviderPayment = {
  id: string;
  orderId: string | null;
  /** In the smallest unit of `currency` (paise for INR, cents for USD, fils for KWD). */
  amount: number;
  currency: string;
  status: PaymentStatus;
};

export type ProviderRefund = { id: string; status: 'pending' | 'processed' | 'failed' };

/**
 * One interface for Razorpay and the built-in sandbox, so checkout, placement, webhooks and the
 * reconciler run the same code whichever is configured.
 */
export interface PaymentProvider {
  readonly name: 'razorpay' | 'sandbox';
  /** What the browser needs to open the payment window (Razorpay key id, or "sandbox"). */
  readonly keyId: string;
  /**
   * Creates the provider's order for an amount in the currency's smallest unit (paise for INR); `receipt` is our
   * checkout id.
   */
  createOrder(input: { amount: number; currency: string; receipt: string; notes?: Record<string, string> }): Promise<{
    id: string;
    amount: number;
    currency: string;
  }>;
  /** The secret checkout results are signed with (Razorpay: the key secret). */
  signingSecret(): Promise<string>;
  /** The payment, or null when the provider does not know it. */
  fetchPayment(paymentId: string): Promise<ProviderPayment | null>;
  /** Captures an authorized payment for exactly this amount (the currency's smallest unit). */
  capture(paymentId: string, amount: number, currency: string): Promise<ProviderPayment>;
  /** Every payment attempt made against one of our provider orders. */
  orderPayments(orderId: string): Promise<ProviderPayment[]>;
  /**
   * Every payment attempt made between two instants (Unix seconds), whatever its order: one listing finds a
   * paid checkout however many unpaid ones there are. At most `max` of them, newest first.
   */
  paymentsBetween(fromSec: number, toSec: number, max: number): Promise<ProviderPayment[]>;
  /**
   * Refunds a captured payment, in full without an amount (else in the payment's currency's smallest unit); the same
   * key never refunds twice.
   */
  refund(paymentId: string, idempotencyKey: string, amount?: number): Promise<ProviderRefund>;
  /** A refund as the provider reports it now, or null when it does not know it. */
  fetchRefund(paymentId: string, refundId: string): Promise<ProviderRefund | null>;
  /** Razorpay's Payment Links (none in the sandbox): a link for an amount in paise, and cancelling one. */
  readonly paymentLinks?: {
    create(input: {
      amountPaise: number;
      referenceId: string;
      description: string;
      customer: { name: string; contact: string; email?: string };
    }): Promise<{ id: string; url: string }>;
    cancel(id: string): Promise<void>;
  };
}

/** Razorpay answered with an error (4xx, or 5xx after retries): the shop answers 502. */
export class GatewayError extends PaymentServiceFailed {
  constructor(
    message: string,
    public providerStatus?: number,
    public providerCode?: string,
  ) {
    super(message);
  }
}

/** A 4xx from Razorpay other than 429: not retried. */
export class RazorpayRequestError extends GatewayError {}

/** Razorpay could not be reached (network error or timeout after retries): the shop answers 503. */
export class GatewayUnavailableError extends Unavailable {
  constructor(message = 'The payment service is unreachable right now. Please try again in a minute.') {
    super(message);
  }
}
