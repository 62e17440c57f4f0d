import { z } from 'zod';
import { Id } from './common.js';
import { ShippingInfoInput } from './orders.js';

// ---------------------------------------------------------------- saved addresses
const GSTIN_RE = /^[0-9]{2}[A-Z0-9]{10}[0-9A-Z]{3}$/;

/** State of India by name (the place of supply); "" when not given. */
export const addressState = z.string().trim().max(60, { message: 'State must be at most 60 characters' });
/** A business buyer's GSTIN (15 characters, upper-cased); "" when none. */
export const addressGstin = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || GSTIN_RE.test(v), { message: 'GSTIN must be 15 letters and digits' });
const label = z.string().trim().max(40, { message: 'Label must be at most 40 characters' });

export const AddressBody = ShippingInfoInput.extend({
  state: addressState.optional(),
  gstin: addressGstin.optional(),
  label: label.optional(),
  isdefault: z.boolean({ message: 'isdefault must be true or false' }).optional(),
});
export type AddressBody = z.output<typeof AddressBody>;
/** PATCH changes the fields given (each checked as when adding). */
export const AddressPatchBody = AddressBody.partial();

export const Address = z.object({
  _id: z.string(),
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
export const AddressesResponse = z.object({ success: z.boolean(), addresses: z.array(Address) });
export const AddressParams = z.object({ id: Id });

// ---------------------------------------------------------------- outbox (admin)
export const OutboxChannel = z.enum(['email', 'sms', 'whatsapp']);
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

export const OutboxQuery = z.object({
  page: z.coerce.number({ message: 'page must be a positive whole number' }).int().min(1).max(100_000).default(1),
  status: OutboxStatus.optional(),
});
export const OutboxResponse = z.object({
  success: z.boolean(),
  messages: z.array(OutboxMessage),
  pagination: z.object({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalItems: z.number().int(),
    limit: z.number().int(),
  }),
});
export const OUTBOX_PAGE_SIZE = 20;
