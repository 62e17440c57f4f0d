import { formatPaise } from '../../../contract/money.js';
import type { DbOrTx } from '../../db/client.js';
import { Conflict } from '../../domain/errors.js';
import { settingsRow } from '../../domain/shop-settings.js';
import { isTradeBuyer } from './trade-price.js';

/** The contract's answer to a coupon tried by an approved business: coupons are for retail. */
const TRADE_COUPON_REFUSED = 'Coupons cannot be combined with trade prices';

/** Coupons are for retail: an approved business's coupon is a 409. */
export async function refuseTradeCoupon(db: DbOrTx, userId: string) {
  if (await isTradeBuyer(db, userId)) throw new Conflict(TRADE_COUPON_REFUSED);
}

/**
 * An approved business's checkout whose lines at trade prices, before shipping, come to less than the shop's
 * `trademinorder` setting is a 409 naming the minimum. Retail buyers are not held to it.
 */
export async function checkTradeMinimum(db: DbOrTx, userId: string, linesPaise: number) {
  const { tradeMinOrderPaise } = await settingsRow(db);
  if (tradeMinOrderPaise <= 0 || linesPaise >= tradeMinOrderPaise) return;
  if (!(await isTradeBuyer(db, userId))) return;
  throw new Conflict(`A trade order must come to at least ${formatPaise(tradeMinOrderPaise, 2)} before shipping`);
}
