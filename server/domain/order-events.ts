import type { Tx } from '../db/client.js';
import type { orders, refunds } from '../db/schema.js';

/** A refund that has just become processed, with its order. */
export type RefundProcessed = { refund: typeof refunds.$inferSelect; order: typeof orders.$inferSelect };

/**
 * Who reacts to each order event. Declared once for the whole shop (`server/wiring.ts`) and carried by the app
 * and so by the payment context; the feature that records an event runs its reactions in order, inside the
 * transaction that records it, so what they write commits with the event or not at all.
 */
export type OrderReactions = {
  /** A refund became processed: paid back by the provider, or recorded as paid back outside the shop. */
  refundProcessed: readonly ((tx: Tx, event: RefundProcessed) => Promise<void>)[];
};
