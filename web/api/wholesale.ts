import type {
  AdminBusiness,
  Business,
  BusinessStatus,
  businessRoutes,
  PriceGroup,
  priceGroupRoutes,
} from '../../contract/wholesale';
import { type RouteBody, routeCaller } from './client';

export type { AdminBusiness, Business, BusinessStatus, PriceGroup };

const business = routeCaller<typeof businessRoutes>();
const groups = routeCaller<typeof priceGroupRoutes>();

/** What "Buy for your business" sends. */
export type BusinessInput = RouteBody<typeof businessRoutes, 'POST /u1/api/business'>;
type BusinessPatch = RouteBody<typeof businessRoutes, 'PATCH /u1/api/admin/businesses/:id'>;
type GroupInput = RouteBody<typeof priceGroupRoutes, 'POST /p1/api/admin/price-groups'>;

export const wholesaleApi = {
  myBusiness: () => business('GET /u1/api/business'),
  apply: (body: BusinessInput) => business('POST /u1/api/business', { body }),
  businesses: (page: number, status?: BusinessStatus) => business('GET /u1/api/admin/businesses', { query: { page, status } }),
  updateBusiness: (id: string, body: BusinessPatch) => business('PATCH /u1/api/admin/businesses/:id', { params: { id }, body }),
  priceGroups: () => groups('GET /p1/api/admin/price-groups'),
  createPriceGroup: (body: GroupInput) => groups('POST /p1/api/admin/price-groups', { body }),
  myPrices: (ids: string[]) => groups('GET /p1/api/my-prices', { query: { ids: ids.join(',') } }),
  deletePriceGroup: (id: string) => groups('DELETE /p1/api/admin/price-groups/:id', { params: { id } }),
};
