import type { authRoutes, User } from '../../contract/auth';
import { type RouteBody, routeCaller } from './client';

export type { User };

const auth = routeCaller<typeof authRoutes>();

export const authApi = {
  checkUser: () => auth('GET /u1/api/checkuser'),
  signIn: (body: RouteBody<typeof authRoutes, 'POST /u1/api/signin'>) => auth('POST /u1/api/signin', { body }),
  /** A 6-digit sign-in code by SMS (the same answer whether or not the number has an account). */
  sendCode: (mobileno: string) => auth('POST /u1/api/signin-code', { body: { mobileno } }),
  signUp: (body: RouteBody<typeof authRoutes, 'POST /u1/api/signup'>) => auth('POST /u1/api/signup', { body }),
  signOut: () => auth('POST /u1/api/signout'),
};
