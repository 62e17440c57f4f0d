import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { DuePayments } from './due-payments.js';
import type { OrderReactions } from './order-events.js';
import type { PaymentProvider } from './payment-provider.js';

type LogLine = (fields: object, message: string) => void;
/** Where payment services report what they did: a structured line with a message. */
export type PaymentLog = { info: LogLine; warn: LogLine; error: LogLine };

/**
 * What payment services work with, passed in explicitly: the database, the payment provider (Razorpay or the
 * sandbox), the shop's settings, a log, the clock, the order reactions and how a due payment of a credit order is
 * counted. The app carries each of them under the same name, so the routes pass it as it is; a job or script can
 * pass any object of this shape.
 */
export type PaymentContext = {
  db: Db;
  paymentProvider: PaymentProvider;
  config: Config;
  log: PaymentLog;
  /** Now, for prices and holds. */
  clock: () => Date;
  /** Who reacts to each order event (a refund processed: its credit note, the customer's message). */
  orderReactions: OrderReactions;
  /** How a payment of what is due on a credit order is counted (the credit feature's, handed in by server/wiring.ts). */
  duePayments: DuePayments;
};
