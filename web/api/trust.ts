import type { AdminTicket, trustRoutes } from '../../contract/trust';
import { type RouteBody, routeCaller } from './client';

export type { AdminTicket };

const trust = routeCaller<typeof trustRoutes>();

/** What the complaint form sends. */
export type GrievanceInput = RouteBody<typeof trustRoutes, 'POST /u1/api/grievances'>;

/** The grievance officer's tickets and the buyer's own data. */
export const trustApi = {
  file: (body: GrievanceInput) => trust('POST /u1/api/grievances', { body }),
  mine: () => trust('GET /u1/api/grievances'),
  adminList: (query: { status?: 'open' | 'resolved'; overdue?: 'true' } = {}) => trust('GET /u1/api/admin/grievances', { query }),
  reply: (id: string, body: RouteBody<typeof trustRoutes, 'PATCH /u1/api/admin/grievances/:id'>) =>
    trust('PATCH /u1/api/admin/grievances/:id', { params: { id }, body }),
  eraseAccount: (password: string) => trust('POST /u1/api/me/delete', { body: { password } }),
};

/** Where the browser downloads the signed-in user's data (a JSON file). */
export const MY_DATA_URL = '/u1/api/me/export';
