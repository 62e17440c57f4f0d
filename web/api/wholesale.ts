import type { AdminBusiness, Business, BusinessStatus, businessRoutes } from '../../contract/wholesale';
import { type RouteBody, routeCaller } from './client';

export type { AdminBusiness, Business, BusinessStatus };

const business = routeCaller<typeof businessRoutes>();

/** What "Buy for your business" sends. */
export type BusinessInput = RouteBody<typeof businessRoutes, 'POST /u1/api/business'>;
type BusinessPatch = RouteBody<typeof businessRoutes, 'PATCH /u1/api/admin/businesses/:id'>;

export const wholesaleApi = {
  myBusiness: () => business('GET /u1/api/business'),
  apply: (body: BusinessInput) => business('POST /u1/api/business', { body }),
  businesses: (page: number, status?: BusinessStatus) => business('GET /u1/api/admin/businesses', { query: { page, status } }),
  updateBusiness: (id: string, body: BusinessPatch) => business('PATCH /u1/api/admin/businesses/:id', { params: { id }, body }),
};
