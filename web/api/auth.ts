import type { authRoutes, User } from '../../contract/auth';
import { type RouteBody, routeCaller } from './client';

export type { User };

const auth = routeCaller<typeof authRoutes>();

export const authApi = {
  checkUser: () => auth('GET /u1/api/checkuser'),
  signIn: (body: RouteBody<typeof authRoutes, 'POST /u1/api/signin'>) => auth('POST /u1/api/signin', { body }),
  signUp: (body: RouteBody<typeof authRoutes, 'POST /u1/api/signup'>) => auth('POST /u1/api/signup', { body }),
  signOut: () => auth('POST /u1/api/signout'),
};
