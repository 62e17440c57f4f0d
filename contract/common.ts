import { z } from 'zod';
import { normaliseMobile } from './mobile.js';

/** Every failure the API sends. */
export const ErrorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ success: z.boolean(), message: z.string() });

export const Id = z.uuid({ message: 'Invalid id' });
export const IdParams = z.object({ id: Id });

/** A page number in a list's query (`?page=2`): a positive whole number, 1 when absent. */
export const PageNumber = z.coerce
  .number({ message: 'page must be a positive whole number' })
  .int()
  .min(1)
  .max(100_000)
  .default(1);

/** Where a paged list's answer is: its page, how many pages and items there are, and the page size. */
export const Pagination = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
  limit: z.number().int(),
});

/** The account an admin screen shows beside an order, a review, a business or a quote. */
export const UserSummary = z.object({ _id: z.string(), fullname: z.string(), mobileno: z.string() });

/** A text field that must be given: trimmed, not empty, at most `max` characters. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

/**
 * An amount of rupees typed by a person: at most two decimals, at most ₹10 crore, and at least 0 (`min: 0`) or more
 * than 0 (`min: 0.01`).
 */
export const rupeesField = (label: string, min: 0 | 0.01) =>
  z
    .number({ message: `${label} must be a number of rupees` })
    .min(min, { message: min === 0 ? `${label} must be 0 or more` : `${label} must be more than 0` })
    .max(100_000_000, { message: `${label} is too large` })
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { message: 'At most 2 decimals' });

const MOBILE_RE = /^\d{10}$/;

/** A mobile number field: normalised (see normaliseMobile), then exactly ten digits. */
export const mobileField = (message: string, missing = 'Mobile number is required') =>
  z.string({ message: missing }).transform(normaliseMobile).pipe(z.string().regex(MOBILE_RE, { message }));

export const mobileno = mobileField('Mobile number must be exactly 10 digits');

/** Standard error responses for OpenAPI, keyed by status. */
export const errorResponses = (...codes: number[]) =>
  Object.fromEntries(codes.map((c) => [c, ErrorResponse])) as Record<number, typeof ErrorResponse>;

/** Rupees with at most two decimals, from integer paise. */
export const paiseToRupees = (paise: number) => Math.round(paise) / 100;
/** Integer paise from rupees (a number with at most two decimals). */
export const rupeesToPaise = (rupees: number) => Math.round(rupees * 100);

/** Whether `s` is a day of the calendar written YYYY-MM-DD (2026-02-30 and 2026-13-01 are not). */
export const isCalendarDay = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const at = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().startsWith(s);
};
