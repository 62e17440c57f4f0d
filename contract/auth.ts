import { z } from 'zod';
import { MessageResponse, mobileno } from './common.js';

export const Role = z.enum(['USER', 'ADMIN']);
export type Role = z.infer<typeof Role>;

export const Language = z.enum(['en', 'hi']);
export type Language = z.infer<typeof Language>;

export const User = z.object({
  _id: z.string(),
  fullname: z.string(),
  mobileno: z.string(),
  role: Role,
  /** Lower-case; "" when none was given. */
  email: z.string(),
  /** Language of the messages the shop sends: "en" (default) or "hi". */
  language: Language,
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

const fullname = z
  .string({ message: 'Full name is required' })
  .trim()
  .min(1, { message: 'Full name is required' })
  .max(100, { message: 'Full name must be at most 100 characters' });
const password = z
  .string({ message: 'Password is required' })
  .min(8, { message: 'Password must be at least 8 characters' })
  .max(128, { message: 'Password must be at most 128 characters' });

const EMAIL_RE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** An e-mail address, trimmed and lower-cased; "" means none (and clears it when editing). */
export const email = z
  .string({ message: 'E-mail must be text' })
  .trim()
  .max(254, { message: 'E-mail must be at most 254 characters' })
  .transform((v) => v.toLowerCase())
  .refine((v) => v === '' || EMAIL_RE.test(v), { message: 'Enter a valid e-mail address' });
const language = z.enum(['en', 'hi'], { message: 'Language must be en or hi' });

export const SignupBody = z.object({ fullname, mobileno, password, email: email.optional(), language: language.optional() });
export const SigninBody = z.object({
  mobileno: z.string({ message: 'Mobile number is required' }).trim().min(1, { message: 'Mobile number is required' }).max(20),
  password: z.string({ message: 'Password is required' }).min(1, { message: 'Password is required' }).max(128),
});
export const EditDetailsBody = z
  .object({
    fullname: fullname.optional(),
    email: email.optional(),
    language: language.optional(),
    password: password.optional(),
    currentPassword: z.string().max(128).optional(),
  })
  .refine((b) => !b.password || (b.currentPassword && b.currentPassword.length > 0), {
    message: 'Current password is required to change the password',
    path: ['currentPassword'],
  });
export const CreateUserBody = z.object({ fullname, mobileno, role: Role.default('USER'), password });
export const EditUserBody = z.object({
  fullname,
  mobileno,
  role: Role,
  password: z
    .string()
    .max(128)
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v))
    .pipe(password.optional()),
});

export const UserResponse = z.object({ success: z.boolean(), user: User });
export const SigninResponse = z.object({ success: z.boolean(), message: z.string(), user: User });
export const EditDetailsResponse = z.object({ success: z.boolean(), message: z.string(), user: User });
export const UsersResponse = z.object({ success: z.boolean(), users: z.array(User) });
export const UserCountResponse = z.object({ success: z.boolean(), totalUsers: z.number().int() });
export { MessageResponse };

// ---------------------------------------------------------------- password reset
export const ForgotPasswordBody = z.object({ mobileno });
export const ResetPasswordBody = z.object({
  mobileno,
  code: z
    .string({ message: 'Code is required' })
    .trim()
    .regex(/^\d{6}$/, { message: 'The code is 6 digits' }),
  password,
});
