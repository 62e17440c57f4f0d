import type { authRoutes, User } from '../../contract/auth';
import { routeCaller } from './client';

export type { User };

const auth = routeCaller<typeof authRoutes>();

export const authApi = {
  checkUser: () => auth('GET /u1/api/checkuser'),
  signIn: (body: { mobileno: string; password: string }) => auth('POST /u1/api/signin', { body }),
  signUp: (body: { fullname: string; mobileno: string; password: string; email?: string }) =>
    auth('POST /u1/api/signup', { body }),
  signOut: () => auth('POST /u1/api/signout'),
};
