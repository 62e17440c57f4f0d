import type { User } from '../../contract/auth';
import { api } from './client';

export type { User };
export const authApi = {
  checkUser: () => api<{ success: boolean; user: User }>('/u1/api/checkuser'),
  signIn: (body: { mobileno: string; password: string }) =>
    api<{ success: boolean; message: string; user: User }>('/u1/api/signin', { body }),
  signUp: (body: { fullname: string; mobileno: string; password: string }) =>
    api<{ success: boolean; message: string }>('/u1/api/signup', { body }),
  signOut: () => api<{ success: boolean; message: string }>('/u1/api/signout', { method: 'POST' }),
};
