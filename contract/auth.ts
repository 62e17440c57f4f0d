import { z } from 'zod';
import { IdParams, MessageResponse, mobileno } from './common.js';
import { normaliseMobile } from './mobile.js';
import { byId, routeTable } from './route.js';
import { Business } from './wholesale.js';

export const Role = z.enum(['USER', 'ADMIN']);
export type Role = z.infer<typeof Role>;

const Language = z.enum(['en', 'hi']);

export const User = z.object({
  _id: z.string(),
  fullname: z.string(),
  mobileno: z.string(),
  role: Role,
  /** Lower-case; "" when none was given. */
  email: z.string(),
  /** Language of the messages the shop sends: "en" (default) or "hi". */
  language: Language,
  /** Agreed to marketing messages (offers, review invitations); false until the user turns it on. */
  marketing: z.boolean(),
  createdAt: z.string(),
  /** The user's business profile (null when none); trade prices are for an approved one. */
  business: Business.nullish(),
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
const email = z
  .string({ message: 'E-mail must be text' })
  .trim()
  .max(254, { message: 'E-mail must be at most 254 characters' })
  .transform((v) => v.toLowerCase())
  .refine((v) => v === '' || EMAIL_RE.test(v), { message: 'Enter a valid e-mail address' });
const language = z.enum(['en', 'hi'], { message: 'Language must be en or hi' });
const marketing = z.boolean({ message: 'marketing must be true or false' });

const SignupBody = z.object({
  fullname,
  mobileno,
  password,
  email: email.optional(),
  language: language.optional(),
  marketing: marketing.optional(),
});
const SigninBody = z
  .object({
    mobileno: z
      .string({ message: 'Mobile number is required' })
      .trim()
      .min(1, { message: 'Mobile number is required' })
      .max(20)
      .transform(normaliseMobile),
    password: z.string({ message: 'Password is required' }).max(128).optional(),
    /** Instead of the password: the 6-digit code sent by SMS (POST /u1/api/signin-code). */
    code: z
      .string({ message: 'The code is 6 digits' })
      .trim()
      .regex(/^\d{6}$/, { message: 'The code is 6 digits' })
      .optional(),
    /** With a code, for a number that has no account yet: the new account's name. */
    fullname: z.string().trim().min(1, { message: 'Full name is required' }).max(100).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.code && !v.password) ctx.addIssue({ code: 'custom', message: 'Password is required', path: ['password'] });
  });
/** A code sign-in for a number with no account: the code stays good; send it again with `fullname`. */
const NeedsNameResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  needsname: z.literal(true),
});
const SigninCodeBody = z.object({ mobileno });
const EditDetailsBody = z
  .object({
    fullname: fullname.optional(),
    email: email.optional(),
    language: language.optional(),
    marketing: marketing.optional(),
    password: password.optional(),
    currentPassword: z.string().max(128).optional(),
  })
  .refine((b) => !b.password || (b.currentPassword && b.currentPassword.length > 0), {
    message: 'Current password is required to change the password',
    path: ['currentPassword'],
  });
const CreateUserBody = z.object({ fullname, mobileno, role: Role.default('USER'), password });
const EditUserBody = z.object({
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

/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const UserResponse = z.object({ success: z.boolean(), user: User });
const SigninResponse = z.object({ success: z.boolean(), message: z.string(), user: User });
const EditDetailsResponse = z.object({ success: z.boolean(), message: z.string(), user: User });
const UsersResponse = z.object({ success: z.boolean(), users: z.array(User) });
const UserCountResponse = z.object({ success: z.boolean(), totalUsers: z.number().int() });

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

// ---------------------------------------------------------------- routes

const tag = 'Auth and users';
/** The account and user routes. Their answers are never cached (no-store). */
export const authRoutes = routeTable(tag, {
  'POST /u1/api/signup': {
    guard: 'public',
    summary: 'Create a shopper account and sign in (sets the session cookie; a guest cart joins the account)',
    description:
      'Limited per client address (SIGNUP_LIMIT an hour, counting every well-formed attempt, taken numbers too): 429 beyond it.',
    body: SignupBody,
    responses: { 201: SigninResponse },
    errors: [400, 409, 413, 415, 429],
  },
  'POST /u1/api/signin-code': {
    guard: 'public',
    summary: 'Send a 6-digit sign-in code by SMS, valid 10 minutes and used once',
    description:
      'The same answer whether or not the number has an account. Limited per number and per client address as the ' +
      'password reset code is (429).',
    body: SigninCodeBody,
    responses: { 200: MessageResponse },
    errors: [400, 413, 415, 429],
  },
  'POST /u1/api/signin': {
    guard: 'public',
    summary: 'Sign in with the password, or with the code sent by SMS; sets the session cookie',
    description:
      'With `code` instead of `password`: a wrong or expired code is a 401 like a wrong password (5 wrong codes void it). ' +
      'A number with no account gets 404 `needsname: true` (the code stays good) until `fullname` is sent with the ' +
      'code, which creates the account and signs in.',
    body: SigninBody,
    responses: { 200: SigninResponse, 404: NeedsNameResponse },
    errors: [400, 401, 413, 415, 429],
  },
  'POST /u1/api/signout': {
    guard: 'public',
    summary: 'Sign out; deletes the session',
    responses: { 200: MessageResponse },
  },
  'GET /u1/api/checkuser': {
    guard: 'user',
    summary: 'The signed-in user',
    responses: { 200: UserResponse },
  },
  'PATCH /u1/api/editdetails': {
    guard: 'user',
    summary: 'Change your own name or password (password needs currentPassword)',
    description:
      'A wrong currentPassword is a 400 on that field, and counts as a failed sign-in of your number (429 after 5 in 15 minutes). ' +
      'A new password ends your other sessions.',
    body: EditDetailsBody,
    responses: { 200: EditDetailsResponse },
    errors: [400, 429],
  },
  'GET /u1/api/allusers': {
    guard: 'admin',
    summary: 'Every user, newest first',
    responses: { 200: UsersResponse },
  },
  'POST /u1/api/createuser': {
    guard: 'admin',
    summary: 'Create a user with a role',
    body: CreateUserBody,
    responses: { 201: MessageResponse },
    errors: [400, 409],
  },
  'PUT /u1/api/edituser/:id': {
    guard: 'admin',
    summary: 'Edit a user (blank password keeps the current one)',
    body: EditUserBody,
    ...byId(IdParams, { 200: MessageResponse }, 409),
  },
  'DELETE /u1/api/deleteuser/:id': {
    guard: 'admin',
    summary: 'Delete a user (never yourself or the last ADMIN)',
    ...byId(IdParams, { 200: MessageResponse }, 409),
  },
  'GET /u1/api/usercount': {
    guard: 'admin',
    summary: 'Number of users',
    responses: { 200: UserCountResponse },
  },
});
