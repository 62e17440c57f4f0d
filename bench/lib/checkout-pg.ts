import { CartAddBody, ShippingInfoInput } from '../../contract/orders.js';
import { parseConfig } from '../../server/config.js';
import { openPostgres } from '../../server/db/client.js';
import { Conflict } from '../../server/domain/errors.js';
import type { PaymentContext } from '../../server/domain/payment-context.js';
import { addToCart, clearCart } from '../../server/features/cart/service.js';
import { checkoutAnswer, startCheckout } from '../../server/features/payments/checkout.js';
import { sandboxPay, verifyAndPlace } from '../../server/features/payments/pay.js';
import { paymentProvider } from '../../server/features/payments/registry.js';
import { duePayments, orderReactions } from '../../server/wiring.js';
import { SHIPPING, type Shopper, timed } from './checkout.js';

/**
 * The limit of the checkout path: the shop's own services for each step, called in this process on a `pg` pool of
 * the shop's size, with no HTTP, no Fastify, no session and no request validation in between. So every SQL
 * transaction is exactly the shop's, and the shop's rate beside this one shows what the HTTP layer costs.
 */

/**
 * What the payment services get from the server (server/app.ts hands them the app itself): the settings read from
 * the same environment, a pool opened as the server opens it (server/db/client.ts, 10 connections), the payment
 * provider the registry gives for them (the sandbox), the clock, the order reactions and due payments of
 * server/wiring.ts, and a log at the server's level `warn`.
 */
export async function serviceContext(env: Record<string, string>): Promise<{ ctx: PaymentContext; close(): Promise<void> }> {
  const config = parseConfig(env);
  if (!config.databaseUrl) throw new Error('serviceContext: DATABASE_URL is not set');
  const database = await openPostgres(config.databaseUrl);
  const quiet = () => {};
  const loud = (fields: object, message: string) => console.error(message, fields);
  const ctx: PaymentContext = {
    db: database.db,
    paymentProvider: paymentProvider({ config, database }),
    config,
    log: { info: quiet, warn: loud, error: loud },
    clock: () => new Date(),
    orderReactions,
    duePayments,
  };
  return { ctx, close: () => database.close() };
}

const why = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 120);

/**
 * A shopper walking the checkout through the shop's services, in the order and with the arguments the routes give
 * them for the bench's requests: `POST /c2/api/add` is `addToCart` for the signed-in owner; `POST
 * /o1/api/razorpay-order` is `startCheckout` with the shipping address and the client address, then its answer
 * (`checkoutAnswer`); `POST /o1/api/sandbox/pay` is `sandboxPay`; `POST /o1/api/verify-and-place` is
 * `verifyAndPlace`. The bodies are what the contract's schemas make of the bench's requests, worked out once. The
 * checkout limits (server/features/payments/checkout-count.ts) are off in the bench, so the route's count does
 * nothing there and is not called here. A 409 (Conflict) is a refusal for stock, as over HTTP.
 */
export function serviceShopper(ctx: PaymentContext, userId: string, clientAddress = '127.0.0.1'): Shopper {
  const owner = { userId };
  const shippinginfo = ShippingInfoInput.parse(SHIPPING);
  const adds = new Map<string, ReturnType<typeof CartAddBody.parse>>();
  return async (productId, c) => {
    let add = adds.get(productId);
    if (!add) {
      add = CartAddBody.parse({ productId, quantity: 1 });
      adds.set(productId, add);
    }
    const body = add;
    try {
      await timed(c, 'cart add', () => addToCart(ctx.db, owner, body, ctx.clock()));
    } catch (err) {
      if (err instanceof Conflict) {
        c.refused++;
        return false;
      }
      c.failures.push(`cart add: ${why(err)}`);
      return false;
    }
    let providerOrderId: string;
    try {
      const answer = await timed(c, 'razorpay-order', async () => {
        const { checkout, providerOrderId } = await startCheckout(ctx, userId, shippinginfo, { clientAddress });
        return checkoutAnswer(ctx.paymentProvider, checkout, providerOrderId);
      });
      providerOrderId = answer.razorpayOrder.id;
    } catch (err) {
      if (err instanceof Conflict) {
        c.refused++;
        // as over HTTP: the unit stays in the cart otherwise, and the next try starts clean
        await clearCart(ctx.db, owner).catch(() => undefined);
        return false;
      }
      c.failures.push(`razorpay-order: ${why(err)}`);
      return false;
    }
    let paid: Awaited<ReturnType<typeof sandboxPay>>;
    try {
      paid = await timed(c, 'sandbox pay', () => sandboxPay(ctx, userId, providerOrderId, 'success'));
    } catch (err) {
      c.failures.push(`sandbox pay: ${why(err)}`);
      return false;
    }
    if (paid.failed) {
      c.failures.push('sandbox pay: the payment failed');
      return false;
    }
    const payment = paid;
    try {
      const placed = await timed(c, 'verify-and-place', () =>
        verifyAndPlace(ctx, userId, {
          razorpay_order_id: payment.razorpay_order_id,
          razorpay_payment_id: payment.razorpay_payment_id,
          razorpay_signature: payment.razorpay_signature,
          shippinginfo,
        }),
      );
      if (!placed.created) {
        c.failures.push(`verify-and-place: no new order (${placed.message})`);
        return false;
      }
    } catch (err) {
      c.failures.push(`verify-and-place: ${why(err)}`);
      return false;
    }
    c.orders++;
    return true;
  };
}
