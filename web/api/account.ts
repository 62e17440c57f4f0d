import type { Address, accountRoutes, OutboxMessage, OutboxStatus } from '../../contract/accounts';
import type { authRoutes } from '../../contract/auth';
import { type RouteBody, routeCaller } from './client';

export type { Address, OutboxMessage, OutboxStatus };

const accounts = routeCaller<typeof accountRoutes>();
const auth = routeCaller<typeof authRoutes>();

/** What a saved address form sends (the state comes from the PIN code when left out). */
export type AddressInput = RouteBody<typeof accountRoutes, 'POST /u1/api/addresses'>;

export const accountApi = {
  editDetails: (body: RouteBody<typeof authRoutes, 'PATCH /u1/api/editdetails'>) => auth('PATCH /u1/api/editdetails', { body }),
  signOutOthers: () => accounts('POST /u1/api/signout-others'),
  addresses: () => accounts('GET /u1/api/addresses'),
  addAddress: (body: AddressInput) => accounts('POST /u1/api/addresses', { body }),
  editAddress: (id: string, body: RouteBody<typeof accountRoutes, 'PATCH /u1/api/addresses/:id'>) =>
    accounts('PATCH /u1/api/addresses/:id', { params: { id }, body }),
  deleteAddress: (id: string) => accounts('DELETE /u1/api/addresses/:id', { params: { id } }),
  forgotPassword: (mobileno: string) => accounts('POST /u1/api/forgot-password', { body: { mobileno } }),
  resetPassword: (body: RouteBody<typeof accountRoutes, 'POST /u1/api/reset-password'>) =>
    accounts('POST /u1/api/reset-password', { body }),
  outbox: (page: number, status?: OutboxStatus) => accounts('GET /u1/api/admin/outbox', { query: { page, status } }),
  retryOutbox: (id: string) => accounts('POST /u1/api/admin/outbox/:id/retry', { params: { id } }),
};
