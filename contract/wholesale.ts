import { z } from 'zod';
import { Id, IdParams } from './common.js';
import { gstinState } from './gst-rules.js';
import { byId, routeTable } from './route.js';
import { Gstin, StateName } from './settings.js';

// ---------------------------------------------------------------- business accounts
const BUSINESS_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export const BusinessStatus = z.enum(BUSINESS_STATUSES);
export type BusinessStatus = z.infer<typeof BusinessStatus>;
/** The credit periods a business may be given, in days (0 = none). */
export const CREDIT_DAYS = [0, 7, 15, 30, 45, 60] as const;

export const Business = z.object({
  _id: z.string(),
  status: BusinessStatus,
  legalname: z.string(),
  tradename: z.string(),
  gstin: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  note: z.string(),
  /** The merchant's reason for the last rejection or suspension ('' when none). */
  reason: z.string(),
  pricegroup: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** Credit terms (null when the business has none): days, limit and what is owed, in rupees. */
  credit: z.object({ days: z.number().int(), limit: z.number(), outstanding: z.number(), overdue: z.boolean() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Business = z.infer<typeof Business>;

const required = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

/** The GSTIN's first two digits must be the code of the state the business is in. */
export const GSTIN_STATE_MISMATCH = 'The GSTIN belongs to another state: its first two digits must be the code of the state';

/** POST /u1/api/business: "Buy for your business". */
export const BusinessBody = z
  .object({
    legalname: required('Legal name', 200),
    tradename: z.string().trim().max(200, { message: 'Trade name must be at most 200 characters' }).optional(),
    gstin: Gstin,
    address: required('Address', 500),
    city: required('City', 100),
    state: StateName,
    pincode: z
      .string({ message: 'Enter a 6-digit PIN code' })
      .trim()
      .regex(/^[1-9]\d{5}$/, { message: 'Enter a 6-digit PIN code' }),
    note: z.string().trim().max(1000, { message: 'Note must be at most 1000 characters' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (gstinState(v.gstin) !== v.state) ctx.addIssue({ code: 'custom', message: GSTIN_STATE_MISMATCH, path: ['gstin'] });
  });
export type BusinessBody = z.output<typeof BusinessBody>;

const BusinessAnswer = z.object({ success: z.boolean(), message: z.string(), business: Business });

export const AdminBusiness = Business.extend({
  user: z.object({ _id: z.string(), fullname: z.string(), mobileno: z.string() }),
});
export type AdminBusiness = z.infer<typeof AdminBusiness>;
export const BUSINESS_PAGE_SIZE = 20;

const BusinessesQuery = z.object({
  status: BusinessStatus.optional(),
  page: z.coerce.number({ message: 'page must be a positive whole number' }).int().min(1).max(100_000).default(1),
});
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const BusinessesResponse = z.object({
  success: z.boolean(),
  businesses: z.array(AdminBusiness),
  pagination: z.object({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalItems: z.number().int(),
    limit: z.number().int(),
  }),
});

const rupees = (label: string) =>
  z
    .number({ message: `${label} must be a number of rupees` })
    .min(0, { message: `${label} must be 0 or more` })
    .max(100_000_000, { message: `${label} is too large` })
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { message: 'At most 2 decimals' });

/** PATCH /u1/api/admin/businesses/:id: any of these. */
export const BusinessPatchBody = z
  .object({
    status: BusinessStatus.optional(),
    /** Why it is rejected or suspended; the buyer is told. */
    reason: z.string().trim().max(500, { message: 'Reason must be at most 500 characters' }).optional(),
    pricegroupId: Id.nullable().optional(),
    creditdays: z
      .number({ message: 'Credit days must be 0, 7, 15, 30, 45 or 60' })
      .refine((n) => (CREDIT_DAYS as readonly number[]).includes(n), { message: 'Credit days must be 0, 7, 15, 30, 45 or 60' })
      .optional(),
    creditlimit: rupees('Credit limit').optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type BusinessPatchBody = z.output<typeof BusinessPatchBody>;

/** The routes of business accounts (docs/wholesale.md). */
export const businessRoutes = routeTable('Wholesale', {
  'POST /u1/api/business': {
    guard: 'user',
    summary: 'Apply for a business account ("Buy for your business")',
    description:
      'The GSTIN is checked as typed: its format, its state code (which must be the code of `state`) and its check ' +
      'character (400 on the gstin field). A GSTIN on another account, or a second application while one is pending ' +
      'or approved, is a 409. A rejected or suspended business applies again with the same form (pending again).',
    body: BusinessBody,
    responses: { 201: BusinessAnswer },
    errors: [400, 409, 413, 415],
  },
  'GET /u1/api/business': {
    guard: 'user',
    summary: 'Your business profile (null when you have not applied)',
    responses: { 200: z.object({ success: z.boolean(), business: Business.nullable() }) },
  },
  'GET /u1/api/admin/businesses': {
    guard: 'admin',
    summary: 'Business applications and accounts, newest first (20 a page), by status',
    query: BusinessesQuery,
    responses: { 200: BusinessesResponse },
    errors: [400],
  },
  'PATCH /u1/api/admin/businesses/:id': {
    guard: 'admin',
    summary: 'Approve, reject or suspend a business (with a reason), set its price group and credit terms',
    description:
      'Any of status, reason, pricegroupId (or null), creditdays (0, 7, 15, 30, 45, 60) and creditlimit (rupees). The ' +
      'buyer is told of approval, rejection and suspension. An unknown price group is a 400.',
    body: BusinessPatchBody,
    ...byId(IdParams, { 200: BusinessAnswer }, 413, 415),
  },
});
