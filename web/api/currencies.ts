import type { currencyRoutes } from '../../contract/currencies';
import { RAZORPAY_CURRENCIES } from '../../contract/currency-rules';
import type { RouteAnswer } from '../../contract/route';
import { type RouteBody, routeCaller } from './client';

const call = routeCaller<typeof currencyRoutes>();

export type CurrencyRate = RouteAnswer<(typeof currencyRoutes)['routes']['GET /a1/api/currencies']>['currencies'][number];
export type AdminCurrencies = RouteAnswer<(typeof currencyRoutes)['routes']['GET /a1/api/admin/currencies']>;

/** The currencies a buyer may see prices in and pay in (INR first), and the merchant's screen for them. */
export const currencyApi = {
  list: () => call('GET /a1/api/currencies'),
  admin: {
    list: () => call('GET /a1/api/admin/currencies'),
    save: (currencies: RouteBody<typeof currencyRoutes, 'PUT /a1/api/admin/currencies'>['currencies']) =>
      call('PUT /a1/api/admin/currencies', { body: { currencies } }),
  },
  /** Every code Razorpay accepts, for the merchant's "add a currency" choice. */
  supported: RAZORPAY_CURRENCIES,
};
