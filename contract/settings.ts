import { z } from 'zod';
import { isCalendarDay, rupeesField } from './common.js';
import { canonicalState, GSTIN_MESSAGES, gstinError, gstinState } from './gst-rules.js';
import { routeTable } from './route.js';

export * from './gst-rules.js';

/** The grievance officer the Consumer Protection (E-Commerce) Rules, 2020 require a seller to name ("" when unset). */
export const GrievanceOfficer = z.object({
  name: z.string(),
  designation: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type GrievanceOfficer = z.infer<typeof GrievanceOfficer>;

/** The settings the merchant sets that every visitor may read, and the admin's answer carries too. */
const SharedSettings = z.object({
  shopname: z.string(),
  legalname: z.string(),
  gstin: z.string(),
  address: z.string(),
  state: z.string(),
  supportphone: z.string(),
  supportemail: z.string(),
  /**
   * Rupees: the older free-shipping threshold, kept for older callers; what is charged, and what the shop promises, come
   * from the shipping zones (`freeshipping`).
   */
  freeshippingabove: z.number(),
  /** Carats per ratti: ratti are shown beside carats with it (0.91, the standard ratti as weighed in Punjab). */
  rattiincarats: z.number(),
  /** Shown in the footer and on /contact with the legal name and address. */
  grievanceofficer: GrievanceOfficer,
});

/**
 * Where shipping is free, read from the shipping zones and rates (what a checkout charges), in rupees: the least
 * subtotal from which a rate of the zone is free (0 when one costs nothing).
 */
export const FreeShipping = z.object({
  /** India's zone; null when none of its rates is ever free, or India is in no zone. */
  india: z.number().nullable(),
  /** Every zone: the highest of their thresholds, null unless every zone has a rate that is free from some amount. */
  worldwide: z.number().nullable(),
});
export type FreeShipping = z.infer<typeof FreeShipping>;

/** What every visitor may read: the storefront's header, footer, home page and contact page show these. */
export const PublicSettings = SharedSettings.extend({ freeshipping: FreeShipping });
export type PublicSettings = z.infer<typeof PublicSettings>;
/** A Letter of Undertaking for exports without payment of IGST: its ARN and the dates it is valid (YYYY-MM-DD). */
const Lut = z.object({ arn: z.string(), validfrom: z.string(), validto: z.string() });

export const AdminSettings = SharedSettings.extend({
  invoiceprefix: z.string(),
  /** The Importer-Exporter Code ("" until given). */
  iec: z.string(),
  /** The Letter of Undertaking for the financial year, or null. */
  lut: Lut.nullable(),
  /** Rupees: the least an approved business's order comes to at trade prices, before shipping (0 = none). */
  trademinorder: z.number(),
  /** Invoices and credit notes for buyers with a GSTIN, and exports, are registered with the IRP (e-invoices). */
  einvoice: z.boolean(),
  /** The seller's town or city and PIN code, which the IRP needs ("" until given). */
  city: z.string(),
  pincode: z.string(),
  updatedAt: z.string(),
});
export type AdminSettings = z.infer<typeof AdminSettings>;

/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const PublicSettingsResponse = z.object({ success: z.boolean(), settings: PublicSettings });
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const AdminSettingsResponse = z.object({ success: z.boolean(), settings: AdminSettings });
const AdminSettingsSaved = z.object({ success: z.boolean(), message: z.string(), settings: AdminSettings });

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

export const StateName = z
  .string({ message: 'Select a state' })
  .trim()
  .refine((s) => canonicalState(s) !== null, { message: 'Select one of the states and union territories of India' })
  .transform((s) => canonicalState(s) as string);

/** A GSTIN: trimmed, upper-cased, format, state code and check character checked. */
export const Gstin = z
  .string({ message: GSTIN_MESSAGES.format })
  .trim()
  .transform((s) => s.toUpperCase())
  .superRefine((s, ctx) => {
    const error = gstinError(s);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

/** The seller's GSTIN, or "" for none (a shop not registered for GST). */
const GstinOrNone = z
  .string({ message: GSTIN_MESSAGES.format })
  .trim()
  .transform((s) => s.toUpperCase())
  .superRefine((s, ctx) => {
    const error = s ? gstinError(s) : null;
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

/** A calendar day written YYYY-MM-DD that exists, in a year the database reads alike (1900–2999). */
const IsoDay = (label: string) =>
  z
    .string({ message: `${label} must be a date (YYYY-MM-DD)` })
    .refine((v) => isCalendarDay(v) && v >= '1900-01-01' && v <= '2999-12-31', {
      message: `${label} must be a date (YYYY-MM-DD)`,
    });

/** PUT /a1/api/admin/settings: the fields given are changed. */
export const SettingsBody = z
  .object({
    shopname: text('Shop name', 100).optional(),
    legalname: text('Legal name', 200).optional(),
    /** "" clears it: the shop is then not registered for GST and issues bills of supply. */
    gstin: GstinOrNone.optional(),
    address: text('Address', 500).optional(),
    state: StateName.optional(),
    invoiceprefix: z
      .string()
      .trim()
      .regex(/^[A-Z]{1,6}$/, { message: 'Invoice prefix must be 1 to 6 capital letters (A–Z)' })
      .optional(),
    supportphone: text('Support phone', 30)
      .regex(/^\+?[0-9 ()-]{6,30}$/, { message: 'Enter a valid phone number' })
      .optional(),
    supportemail: z.string().trim().toLowerCase().email({ message: 'Enter a valid e-mail address' }).max(200).optional(),
    freeshippingabove: rupeesField('Free-shipping threshold', 0).optional(),
    trademinorder: rupeesField('Minimum trade order', 0).optional(),
    grievanceofficer: z
      .object({
        name: z
          .string({ message: 'Officer’s name must be text' })
          .trim()
          .max(100, { message: 'Officer’s name must be at most 100 characters' }),
        designation: z
          .string({ message: 'Designation must be text' })
          .trim()
          .max(100, { message: 'Designation must be at most 100 characters' }),
        email: z
          .string({ message: 'E-mail must be text' })
          .trim()
          .toLowerCase()
          .max(200)
          .refine((v) => v === '' || /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(v), { message: 'Enter a valid e-mail address' }),
        phone: z
          .string({ message: 'Phone must be text' })
          .trim()
          .refine((v) => v === '' || /^\+?[0-9 ()-]{6,30}$/.test(v), { message: 'Enter a valid phone number' }),
      })
      .optional(),
    /** "" clears it. */
    iec: z
      .string({ message: 'IEC must be text' })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => v === '' || /^[A-Z0-9]{10}$/.test(v), {
        message: 'The IEC (Importer-Exporter Code) is 10 letters and digits',
      })
      .optional(),
    /** null removes it. */
    lut: z
      .object({
        arn: z
          .string({ message: 'Enter the LUT’s ARN' })
          .trim()
          .transform((v) => v.toUpperCase())
          .refine((v) => /^[A-Z0-9]{15}$/.test(v), { message: 'The LUT’s ARN is 15 letters and digits' }),
        validfrom: IsoDay('Valid from'),
        validto: IsoDay('Valid to'),
      })
      .refine((l) => l.validfrom <= l.validto, {
        message: 'The LUT’s valid-to date must not be before its valid-from date',
        path: ['validto'],
      })
      .nullable()
      .optional(),
    /** On: B2B and export invoices and credit notes are registered with the IRP (needs `city`, `pincode`, 6-digit HSNs). */
    einvoice: z.boolean({ message: 'E-invoices must be on or off' }).optional(),
    city: z
      .string({ message: 'City must be text' })
      .trim()
      .max(50, { message: 'City must be at most 50 characters' })
      .refine((v) => v === '' || v.length >= 3, { message: 'City must be at least 3 characters' })
      .optional(),
    pincode: z
      .string({ message: 'Enter the 6-digit PIN code' })
      .trim()
      .refine((v) => v === '' || /^[1-9][0-9]{5}$/.test(v), { message: 'Enter the 6-digit PIN code' })
      .optional(),
    rattiincarats: z
      .number({ message: 'Carats per ratti must be a number' })
      .min(0.5, { message: 'Carats per ratti must be from 0.5 to 1.2' })
      .max(1.2, { message: 'Carats per ratti must be from 0.5 to 1.2' })
      .refine((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, { message: 'Carats per ratti has at most 3 decimals' })
      .optional(),
  })
  .strip();
export type SettingsBody = z.infer<typeof SettingsBody>;

/** The seller's GSTIN must be registered in the seller's state (its first two digits are the state code). */
export function gstinStateMismatch(gstin: string, state: string): string | null {
  if (!gstin) return null;
  const registered = gstinState(gstin);
  return registered && registered !== canonicalState(state)
    ? `This GSTIN is registered in ${registered}, not in ${canonicalState(state) ?? state}: its state code does not match`
    : null;
}

// ---------------------------------------------------------------- tax per category
const TaxRow = z.object({
  categoryId: z.string(),
  categoryname: z.string(),
  hsn: z.string(),
  gstrate: z.number(),
  /** true when the category has no row of its own and the default applies. */
  isdefault: z.boolean(),
  /** The rate the GST rate schedules set for this HSN code, when the shop knows it (7101, 7102, 7103, 7113). */
  usualrate: z.number().nullable(),
  /** Where that rate comes from (the schedule and notification). */
  basis: z.string().nullable(),
});
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const TaxResponse = z.object({ success: z.boolean(), tax: z.array(TaxRow) });
const TaxSavedResponse = z.object({ success: z.boolean(), message: z.string(), tax: z.array(TaxRow) });
const TaxBody = z.object({
  tax: z
    .array(
      z.object({
        categoryId: z.uuid({ message: 'Invalid category id' }),
        hsn: z
          .string({ message: 'HSN code must be 4 to 8 digits' })
          .trim()
          .regex(/^\d{4,8}$/, { message: 'HSN code must be 4 to 8 digits' }),
        gstrate: z
          .number({ message: 'GST rate must be a number' })
          .min(0, { message: 'GST rate must be between 0 and 28' })
          .max(28, { message: 'GST rate must be between 0 and 28' })
          .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
            message: 'GST rate has at most 2 decimals',
          }),
      }),
    )
    .max(1000),
});

// ---------------------------------------------------------------- routes

/** /a1/api: the shop's settings (public part for the storefront, all of it for the admin) and tax per category. */
export const settingsRoutes = routeTable('Shop settings', {
  'GET /a1/api/settings': {
    guard: 'public',
    // The free shipping it states is read from the shipping zones and rates.
    cache: ['shop_settings', 'shipping_zones', 'shipping_rates'],
    summary:
      'The shop’s public settings: names, GSTIN, address, state, support contacts, and where shipping is free (from the shipping zones)',
    responses: { 200: PublicSettingsResponse },
  },
  'GET /a1/api/admin/settings': {
    guard: 'admin',
    summary: 'Every setting, the invoice prefix included',
    responses: { 200: AdminSettingsResponse },
  },
  'PUT /a1/api/admin/settings': {
    guard: 'admin',
    summary: 'Change the settings given (a GSTIN must have a valid check digit and the state’s code)',
    body: SettingsBody,
    responses: { 200: AdminSettingsSaved },
    errors: [400, 415],
  },
  'GET /a1/api/admin/tax': {
    guard: 'admin',
    summary: 'HSN code and GST rate of every category (a category without its own row: HSN 7103, 0.25%)',
    responses: { 200: TaxResponse },
  },
  'PUT /a1/api/admin/tax': {
    guard: 'admin',
    summary: 'Replace the HSN codes and GST rates of the categories (categories left out get the default)',
    body: TaxBody,
    responses: { 200: TaxSavedResponse },
    errors: [400, 404, 415],
  },
});
