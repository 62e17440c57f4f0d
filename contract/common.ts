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
