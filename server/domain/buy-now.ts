import type { SettingChoice } from '../../contract/made-to-order.js';
import type { DbOrTx } from '../db/client.js';

/** Buy Now's item, bought straight from the product page without going into the cart. */
export type BuyNowInput = {
  productId: string;
  productsize?: string | undefined;
  productcolour?: string | undefined;
  quantity: number;
  setting?: SettingChoice | undefined;
};

/**
 * What Buy Now's item comes to in paise, as its checkout prices it (features/payments/buy-now.ts). The coupon check
 * and the shipping rates price the item with it, carried by the app (`app.buyNowPaise`, server/wiring.ts).
 */
export type BuyNowPaise = (db: DbOrTx, userId: string, item: BuyNowInput, at: Date) => Promise<number>;
