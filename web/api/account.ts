import type { Address, accountRoutes, OutboxMessage, OutboxStatus } from '../../contract/accounts';
import type { authRoutes } from '../../contract/auth';
import { routeCaller } from './client';

export type { Address, OutboxMessage, OutboxStatus };

const accounts = routeCaller<typeof accountRoutes>();
const auth = routeCaller<typeof authRoutes>();

/** What a saved address form sends (the state comes from the PIN code when left out). */
export type AddressInput = {
  label?: string;
  fullname: string;
  mobileno: string;
  address: string;
  city: string;
  pincode: string;
  state?: string;
  gstin?: string;
  isdefault?: boolean;
};

export const accountApi = {
  editDetails: (body: {
    fullname?: string;
    email?: string;
    language?: 'en' | 'hi';
    password?: string;
    currentPassword?: string;
  }) => auth('PATCH /u1/api/editdetails', { body }),
  signOutOthers: () => accounts('POST /u1/api/signout-others'),
  addresses: () => accounts('GET /u1/api/addresses'),
  addAddress: (body: AddressInput) => accounts('POST /u1/api/addresses', { body }),
  editAddress: (id: string, body: Partial<AddressInput>) =>
    accounts('PATCH /u1/api/addresses/:id', { params: { id }, body: body as never }),
  deleteAddress: (id: string) => accounts('DELETE /u1/api/addresses/:id', { params: { id } }),
  forgotPassword: (mobileno: string) => accounts('POST /u1/api/forgot-password', { body: { mobileno } }),
  resetPassword: (body: { mobileno: string; code: string; password: string }) =>
    accounts('POST /u1/api/reset-password', { body }),
  outbox: (page: number, status?: OutboxStatus) => accounts('GET /u1/api/admin/outbox', { query: { page, status } }),
  retryOutbox: (id: string) => accounts('POST /u1/api/admin/outbox/:id/retry', { params: { id } }),
};
