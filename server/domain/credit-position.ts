// What a business owes on its credit orders: read by the credit feature (before a credit order, when a due is paid)
// and by the wholesale feature (the business profile's outstanding amount), below both (docs/credit.md).
import { and, eq, gt, inArray, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { orders } from '../db/schema.js';
import { indiaDate } from './tax.js';

/** The payment statuses of a credit order that still owes something. */
export const OWING = ['Due', 'Partially paid'] as const;

/** What a buyer owes on credit orders (paise) and whether one of them is past its due date (India's today). */
export async function creditPosition(db: DbOrTx, userId: string, at: Date) {
  const today = indiaDate(at);
  const [row] = await db
    .select({
      outstanding: sum(orders.amountDuePaise),
      overdue: sql<number>`count(*) filter (where ${orders.dueDate} < ${today})`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.paymentstatus, OWING), gt(orders.amountDuePaise, 0)));
  return { outstandingPaise: Number(row?.outstanding ?? 0), overdue: (row?.overdue ?? 0) > 0 };
}
