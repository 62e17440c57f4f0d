import crypto from 'node:crypto';
import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appSecrets, sandboxPayments } from '../../db/schema.js';
import type { PaymentProvider, ProviderPayment } from '../../domain/payment-provider.js';
import { paymentSignature, providerStyleId } from './signature.js';

const SECRET_NAME = 'sandbox_key_secret';

type Row = typeof sandboxPayments.$inferSelect;
const toPayment = (r: Row): ProviderPayment => ({
  id: r.id,
  orderId: r.orderId,
  amount: r.amountPaise,
  currency: r.currency,
  status: r.status as ProviderPayment['status'],
});

export type SandboxProvider = PaymentProvider & {
  /**
   * What Razorpay Checkout does when the shopper pays: records the payment (an amount in the currency's smallest
   * unit) and signs the result.
   */
  pay(
    orderId: string,
    charge: { amount: number; currency: string },
    outcome: 'success' | 'failure',
  ): Promise<{ paymentId: string; signature: string | null }>;
};

/**
 * The built-in provider used when no Razorpay keys are set: the same flow and signature scheme, with
 * payments kept in `sandbox_payments`. The signing secret is a random value stored once in the
 * database (`app_secrets`), so every server on the same database signs and verifies alike.
 */
export function sandboxProvider(db: Db): SandboxProvider {
  let secret: Promise<string> | undefined;
  const loadSecret = async () => {
    await db
      .insert(appSecrets)
      .values({ name: SECRET_NAME, value: crypto.randomBytes(32).toString('hex') })
      .onConflictDoNothing();
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME)).limit(1);
    if (!row) throw new Error('sandbox secret missing');
    return row.value;
  };
  const signingSecret = () => {
    secret ??= loadSecret().catch((err) => {
      secret = undefined;
      throw err;
    });
    return secret;
  };

  return {
    name: 'sandbox',
    keyId: 'sandbox',
    async createOrder({ amount, currency }) {
      return { id: providerStyleId('order'), amount, currency };
    },
    signingSecret,
    async fetchPayment(paymentId) {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId)).limit(1);
      return row ? toPayment(row) : null;
    },
    async capture(paymentId) {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId)).limit(1);
      if (!row) throw new Error('unknown sandbox payment');
      return toPayment(row); // sandbox payments are captured when made
    },
    async orderPayments(orderId) {
      const rows = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.orderId, orderId))
        .orderBy(asc(sandboxPayments.createdAt));
      return rows.map(toPayment);
    },
    async paymentsBetween(fromSec, toSec, max) {
      const rows = await db
        .select()
        .from(sandboxPayments)
        .where(
          and(gte(sandboxPayments.createdAt, new Date(fromSec * 1000)), lte(sandboxPayments.createdAt, new Date(toSec * 1000))),
        )
        .orderBy(desc(sandboxPayments.createdAt))
        .limit(max);
      return rows.map(toPayment);
    },
    async refund(paymentId, idempotencyKey, amount) {
      // The same key always names the same refund (as Razorpay's X-Refund-Idempotency does); processed at once.
      const refundId = `rfnd_${crypto.createHash('sha256').update(idempotencyKey).digest('base64url').replace(/[-_]/g, '').slice(0, 14)}`;
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId)).limit(1);
      if (!row) throw new Error('unknown sandbox payment');
      const whole = amount === undefined || amount >= row.amountPaise;
      await db
        .update(sandboxPayments)
        .set({ ...(whole ? { status: 'refunded' } : {}), refundId })
        .where(and(eq(sandboxPayments.id, paymentId), eq(sandboxPayments.status, 'captured')));
      return { id: refundId, status: 'processed' };
    },
    async fetchRefund(_paymentId, refundId) {
      return { id: refundId, status: 'processed' };
    },
    async pay(orderId, charge, outcome) {
      const paymentId = providerStyleId('pay');
      await db.insert(sandboxPayments).values({
        id: paymentId,
        orderId,
        amountPaise: charge.amount,
        currency: charge.currency,
        status: outcome === 'success' ? 'captured' : 'failed',
      });
      return {
        paymentId,
        signature: outcome === 'success' ? paymentSignature(orderId, paymentId, await signingSecret()) : null,
      };
    },
  };
}
