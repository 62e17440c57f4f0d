import { z } from 'zod';
import { HOME_COUNTRY } from './address-rules.js';
import { ForgotPasswordBody, MessageResponse, ResetPasswordBody } from './auth.js';
import { Id, IdParams, mobileField, PageNumber, Pagination } from './common.js';
import { canonicalState, stateFromPin } from './gst-rules.js';
import { byCountry, foreignIssues, SHIPPING_MESSAGES, STATE_MESSAGES } from './orders.js';
import { byId, routeTable } from './route.js';
import { Gstin, StateName } from './settings.js';

// ---------------------------------------------------------------- saved addresses
const text = (max: number) =>
  z.string({ message: SHIPPING_MESSAGES.missing }).trim().min(1, { message: SHIPPING_MESSAGES.missing }).max(max);
const label = z.string().trim().max(40, { message: 'Label must be at most 40 characters' });
/** A business buyer's GSTIN, checked like the checkout's; "" = none. */
const gstin = z.union([z.literal(''), Gstin]);

const addressFields = {
  fullname: text(100),
  mobileno: mobileField(SHIPPING_MESSAGES.mobileno, SHIPPING_MESSAGES.missing),
  address: text(500),
  city: text(100),
  pincode: z
    .string({ message: SHIPPING_MESSAGES.missing })
    .trim()
    .regex(/^\d{6}$/, { message: SHIPPING_MESSAGES.pincode }),
  state: StateName,
  gstin,
  label,
  isdefault: z.boolean({ message: 'isdefault must be true or false' }),
};

/** An address in India: the 10-digit mobile, 6-digit PIN code and state rules (state from the PIN code when not given, as at checkout). */
const IndianAddressBody = z
  .object({
    ...addressFields,
    state: z.string().max(100).optional(),
    gstin: gstin.optional(),
    label: label.optional(),
    isdefault: addressFields.isdefault.optional(),
  })
  .transform((v, ctx) => {
    const named = (v.state ?? '').trim();
    const state = named ? canonicalState(named) : stateFromPin(v.pincode);
    if (!state) {
      ctx.addIssue({ code: 'custom', message: named ? STATE_MESSAGES.unknown : STATE_MESSAGES.missing, path: ['state'] });
      return z.NEVER;
    }
    return { ...v, country: HOME_COUNTRY, state, gstin: v.gstin ?? '' };
  });

/** An address outside India: phone with its country code (kept in E.164), the country's postal code and region. */
const ForeignAddressBody = z
  .object({
    country: z.string().trim().toUpperCase(),
    fullname: addressFields.fullname,
    mobileno: z.string({ message: SHIPPING_MESSAGES.missing }).trim().max(40),
    address: addressFields.address,
    city: addressFields.city,
    pincode: z.string().trim().max(20).default(''),
    state: z.string().max(100).optional(),
    gstin: z.string().max(30).optional(),
    label: label.optional(),
    isdefault: addressFields.isdefault.optional(),
  })
  .transform((v, ctx) => {
    const checked = foreignIssues(v, ctx);
    if (!checked) return z.NEVER;
    return { ...v, ...checked, gstin: '' };
  });

/** POST: ShippingInfo (with `country`, India when absent) + label?, isdefault?; checked by the country's rules. */
export const AddressBody = byCountry(IndianAddressBody, ForeignAddressBody);
export type AddressBody = z.output<typeof AddressBody>;
/**
 * PATCH changes the fields given; the address as it will be (its stored fields with these) is then checked as when
 * adding, so a change of country is checked with the fields it affects.
 */
const AddressPatchBody = z.object({
  country: z.string().max(10).optional(),
  fullname: z.string().max(2000).optional(),
  mobileno: z.string().max(2000).optional(),
  address: z.string().max(2000).optional(),
  city: z.string().max(2000).optional(),
  pincode: z.string().max(2000).optional(),
  state: z.string().max(2000).optional(),
  gstin: z.string().max(2000).optional(),
  label: label.optional(),
  isdefault: addressFields.isdefault.optional(),
});
export type AddressPatchBody = z.output<typeof AddressPatchBody>;

export const Address = z.object({
  _id: z.string(),
  /** ISO 3166-1 alpha-2 code (IN for India). */
  country: z.string(),
  label: z.string(),
  fullname: z.string(),
  mobileno: z.string(),
  address: z.string(),
  city: z.string(),
  pincode: z.string(),
  state: z.string(),
  gstin: z.string(),
  isdefault: z.boolean(),
  createdAt: z.string(),
});
export type Address = z.infer<typeof Address>;
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const AddressesResponse = z.object({ success: z.boolean(), addresses: z.array(Address) });
const AddressParams = z.object({ id: Id });

// ---------------------------------------------------------------- outbox (admin)
const OutboxChannel = z.enum(['email', 'sms', 'whatsapp']);
export const OutboxStatus = z.enum(['pending', 'sent', 'failed', 'skipped']);
export type OutboxStatus = z.infer<typeof OutboxStatus>;

export const OutboxMessage = z.object({
  _id: z.string(),
  channel: OutboxChannel,
  to: z.string(),
  template: z.string(),
  status: OutboxStatus,
  attempts: z.number().int(),
  lasterror: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** When the next try is due (pending messages). */
  nextAttemptAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

const OutboxQuery = z.object({
  page: PageNumber,
  status: OutboxStatus.optional(),
});
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const OutboxResponse = z.object({
  success: z.boolean(),
  messages: z.array(OutboxMessage),
  pagination: Pagination,
});
export const OUTBOX_PAGE_SIZE = 20;

// ---------------------------------------------------------------- routes
/** Password reset limits: codes asked for per number and per client address (an hour); code tries per address. */
export const RESET_LIMITS = {
  codesPerNumber: 3,
  codesPerAddress: 10,
  codeWindowMs: 60 * 60_000,
  triesPerAddress: 30,
  tryWindowMs: 15 * 60_000,
};
export const MAX_ADDRESSES = 20;

/** Both steps of a password reset answer alike: a message, or a refused form (400, 413, 415) or too many tries (429). */
const RESET_STEP_ANSWERS = { responses: { 200: MessageResponse }, errors: [400, 413, 415, 429] };

/** The routes of "Accounts and notifications" (docs/accounts-and-messages.md). */
export const accountRoutes = routeTable('Accounts and notifications', {
  'POST /u1/api/forgot-password': {
    guard: 'public',
    summary: 'Send a 6-digit password reset code by SMS',
    description:
      'Always the same answer, whether an account uses the number or not. A new code voids the previous one. ' +
      `Limited to ${RESET_LIMITS.codesPerNumber} an hour per number and ${RESET_LIMITS.codesPerAddress} per client address (429), counted alike for numbers without an account.`,
    body: ForgotPasswordBody,
    ...RESET_STEP_ANSWERS,
  },
  'POST /u1/api/reset-password': {
    guard: 'public',
    summary: 'Set a new password with the code sent by SMS',
    description:
      'A wrong, used, expired or voided code is a 400; five wrong codes void it. Every session of the user ends; it does not sign in. ' +
      `Tries are limited to ${RESET_LIMITS.triesPerAddress} in 15 minutes per client address (429).`,
    body: ResetPasswordBody,
    ...RESET_STEP_ANSWERS,
  },
  'POST /u1/api/signout-others': {
    guard: 'user',
    summary: 'Sign out of every other device',
    responses: { 200: MessageResponse },
  },
  'GET /u1/api/addresses': {
    guard: 'user',
    summary: 'Your saved addresses (the default first)',
    responses: { 200: AddressesResponse },
  },
  'POST /u1/api/addresses': {
    guard: 'user',
    summary: 'Save an address',
    description: `The first address is the default; isdefault moves the default here. At most ${MAX_ADDRESSES} (409). The state comes from the PIN code when not given.`,
    body: AddressBody,
    responses: { 201: AddressesResponse },
    errors: [400, 409, 413, 415],
  },
  'PATCH /u1/api/addresses/:id': {
    guard: 'user',
    summary: 'Change a saved address (the fields given)',
    description: "Another user's address is a 404 like an unknown one.",
    body: AddressPatchBody,
    ...byId(AddressParams, { 200: AddressesResponse }, 413, 415),
  },
  'DELETE /u1/api/addresses/:id': {
    guard: 'user',
    summary: 'Delete a saved address',
    description: 'Deleting the default makes the oldest remaining address the default.',
    ...byId(AddressParams, { 200: AddressesResponse }),
  },
  'GET /u1/api/admin/outbox': {
    guard: 'admin',
    summary: 'Messages to customers and the merchant, newest first (20 a page)',
    query: OutboxQuery,
    responses: { 200: OutboxResponse },
    errors: [400],
  },
  'POST /u1/api/admin/outbox/:id/retry': {
    guard: 'admin',
    summary: 'Try a failed message again',
    description: 'Only a failed message (409 otherwise); it is due at once and has another day to succeed.',
    ...byId(IdParams, { 200: MessageResponse }, 409),
  },
});
