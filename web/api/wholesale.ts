import type {
  AdminBusiness,
  AdminQuote,
  Business,
  BusinessStatus,
  businessRoutes,
  MyPrices,
  PriceGroup,
  priceGroupRoutes,
  Quote,
  QuoteStatus,
  quoteRoutes,
} from '../../contract/wholesale';
import { type RouteBody, routeCaller } from './client';

export type { AdminBusiness, AdminQuote, Business, BusinessStatus, MyPrices, PriceGroup, Quote, QuoteStatus };

/** A quote line as the buyer and the merchant read it: "Burmese Ruby — 5 Ratti, Red". */
export const quoteLineName = (l: Pick<Quote['lines'][number], 'productname' | 'productsize' | 'productcolour'>) =>
  [l.productname, [l.productsize, l.productcolour].filter(Boolean).join(', ')].filter(Boolean).join(' — ');

const business = routeCaller<typeof businessRoutes>();
const groups = routeCaller<typeof priceGroupRoutes>();
const quotes = routeCaller<typeof quoteRoutes>();

/** What "Buy for your business" sends. */
export type BusinessInput = RouteBody<typeof businessRoutes, 'POST /u1/api/business'>;
type BusinessPatch = RouteBody<typeof businessRoutes, 'PATCH /u1/api/admin/businesses/:id'>;
type QuoteAnswer = RouteBody<typeof quoteRoutes, 'PATCH /o1/api/admin/quotes/:id'>;
type QuoteAccept = RouteBody<typeof quoteRoutes, 'POST /o1/api/quotes/:id/accept'>;
type GroupInput = RouteBody<typeof priceGroupRoutes, 'POST /p1/api/admin/price-groups'>;
type GroupPatch = RouteBody<typeof priceGroupRoutes, 'PATCH /p1/api/admin/price-groups/:id'>;

export const wholesaleApi = {
  myBusiness: () => business('GET /u1/api/business'),
  apply: (body: BusinessInput) => business('POST /u1/api/business', { body }),
  businesses: (page: number, status?: BusinessStatus) => business('GET /u1/api/admin/businesses', { query: { page, status } }),
  updateBusiness: (id: string, body: BusinessPatch) => business('PATCH /u1/api/admin/businesses/:id', { params: { id }, body }),
  priceGroups: () => groups('GET /p1/api/admin/price-groups'),
  createPriceGroup: (body: GroupInput) => groups('POST /p1/api/admin/price-groups', { body }),
  updatePriceGroup: (id: string, body: GroupPatch) => groups('PATCH /p1/api/admin/price-groups/:id', { params: { id }, body }),
  myPrices: (ids: string[]) => groups('GET /p1/api/my-prices', { query: { ids: ids.join(',') } }),
  deletePriceGroup: (id: string) => groups('DELETE /p1/api/admin/price-groups/:id', { params: { id } }),
  requestQuote: (lines: { productId: string; quantity: number; productsize?: string; productcolour?: string }[], note?: string) =>
    quotes('POST /o1/api/quotes', { body: note ? { lines, note } : { lines } }),
  myQuotes: () => quotes('GET /o1/api/quotes'),
  acceptQuote: (id: string, body: QuoteAccept) => quotes('POST /o1/api/quotes/:id/accept', { params: { id }, body }),
  adminQuotes: (page: number, status?: QuoteStatus) => quotes('GET /o1/api/admin/quotes', { query: { page, status } }),
  answerQuote: (id: string, body: QuoteAnswer) => quotes('PATCH /o1/api/admin/quotes/:id', { params: { id }, body }),
};
