import type { accountRoutes } from '../../../contract/accounts';
import type { promotionRoutes } from '../../../contract/promotions';
import { routeCaller } from '../../api/client';
import type { BuyNowItem } from '../../api/orders';
import type { CheckoutShipping } from './checkoutShipping';

const promotions = routeCaller<typeof promotionRoutes>();
const accounts = routeCaller<typeof accountRoutes>();

/** The checkout's calls beyond payment (signed in). */
export const checkoutApi = {
  /** What the code takes off the cart now, or off Buy Now's item; 404/409 with the reason it cannot be used. */
  checkCoupon: (code: string, buynow?: BuyNowItem) =>
    promotions('POST /c2/api/coupon', { body: buynow ? { code, buynow } : { code } }),
  /** The shopper's saved addresses, the default first. */
  addresses: () => accounts('GET /u1/api/addresses'),
  /** Saves an address (the first one saved is the default); answers the whole list. */
  addAddress: (body: CheckoutShipping) => accounts('POST /u1/api/addresses', { body }),
};
