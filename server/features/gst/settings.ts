import { asc, eq, inArray, sql } from 'drizzle-orm';
import { paiseToRupees, rupeesToPaise } from '../../../contract/common.js';
import { DEFAULT_HSN, USUAL_GST_RATES } from '../../../contract/gst-rules.js';
import {
  type AdminSettings,
  type FreeShipping,
  type GrievanceOfficer,
  gstinStateMismatch,
  type PublicSettings,
  type SettingsBody,
} from '../../../contract/settings.js';
import type { DbOrTx } from '../../db/client.js';
import { categories, categoryTax, shopSettings } from '../../db/schema.js';
import { InvalidInput, NotFound } from '../../domain/errors.js';
import { settingsRow } from '../../domain/shop-settings.js';

type SettingsRow = typeof shopSettings.$inferSelect;

/** No officer named yet: every field empty. */
const NO_OFFICER: GrievanceOfficer = { name: '', designation: '', email: '', phone: '' };

/** The settings every visitor may read, with where shipping is free (`freeShipping` in server/domain/shipping-rates.ts). */
export function toPublicSettings(row: SettingsRow, freeshipping: FreeShipping): PublicSettings {
  return { ...sharedSettings(row), freeshipping };
}

/** The grievance officer the shop names (every field '' until the merchant names one). */
export const grievanceOfficerOf = (row: SettingsRow): GrievanceOfficer => ({
  ...NO_OFFICER,
  ...(row.grievanceOfficer as Partial<GrievanceOfficer>),
});

function sharedSettings(row: SettingsRow) {
  return {
    shopname: row.shopname,
    legalname: row.legalname,
    gstin: row.gstin,
    address: row.address,
    state: row.state,
    supportphone: row.supportphone,
    supportemail: row.supportemail,
    freeshippingabove: paiseToRupees(row.freeshippingAbovePaise),
    rattiincarats: Number(row.rattiincarats),
    grievanceofficer: grievanceOfficerOf(row),
  };
}

export function toAdminSettings(row: SettingsRow): AdminSettings {
  return {
    ...sharedSettings(row),
    invoiceprefix: row.invoiceprefix,
    iec: row.iec,
    lut: row.lut ?? null,
    trademinorder: paiseToRupees(row.tradeMinOrderPaise),
    einvoice: row.einvoice,
    city: row.city,
    pincode: row.pincode,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Changes the fields given, under a lock on the row, so the GSTIN is always checked against the state it will sit with. */
export async function updateSettings(db: DbOrTx, body: SettingsBody): Promise<SettingsRow> {
  return db.transaction(async (tx) => {
    const current = await settingsRow(tx);
    await tx.select({ id: shopSettings.id }).from(shopSettings).where(eq(shopSettings.id, 1)).for('update');
    const gstin = body.gstin ?? current.gstin;
    const state = body.state ?? current.state;
    const mismatch = gstinStateMismatch(gstin, state);
    if (mismatch) throw new InvalidInput(mismatch, [{ path: body.gstin !== undefined ? 'gstin' : 'state', message: mismatch }]);
    await checkEinvoiceReady(tx, body, current);
    const { freeshippingabove, trademinorder, grievanceofficer, ...rest } = body;
    const [row] = await tx
      .update(shopSettings)
      .set({
        ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
        ...(freeshippingabove !== undefined ? { freeshippingAbovePaise: rupeesToPaise(freeshippingabove) } : {}),
        ...(trademinorder !== undefined ? { tradeMinOrderPaise: rupeesToPaise(trademinorder) } : {}),
        ...(grievanceofficer !== undefined ? { grievanceOfficer: grievanceofficer } : {}),
        updatedAt: new Date(),
      })
      .where(eq(shopSettings.id, 1))
      .returning();
    if (!row) throw new Error('shop settings row missing');
    return row;
  });
}

/** @forTests tests match the refusal word for word */
export const EINVOICE_NEEDS = {
  place: 'E-invoices need the seller’s city and PIN code',
  hsn: (names: string[]) => `E-invoices need 6-digit HSN codes: set them on the Tax screen for ${names.join(', ')}`,
};

/**
 * E-invoices can be on only with the seller's city and PIN code (the IRP needs them) and every category's HSN code of at
 * least 6 digits (a category without its own row has the 4-digit default). 400 otherwise, nothing saved.
 */
async function checkEinvoiceReady(tx: DbOrTx, body: SettingsBody, current: SettingsRow) {
  const on = body.einvoice ?? current.einvoice;
  if (!on) return;
  const city = body.city ?? current.city;
  const pincode = body.pincode ?? current.pincode;
  if (!city || !pincode) {
    const path = !city ? 'city' : 'pincode';
    throw new InvalidInput(EINVOICE_NEEDS.place, [{ path, message: EINVOICE_NEEDS.place }]);
  }
  if (body.einvoice !== true || current.einvoice) return;
  const short = (await listCategoryTax(tx)).filter((t) => t.hsn.length < 6).map((t) => t.categoryname);
  if (short.length) {
    const message = EINVOICE_NEEDS.hsn(short);
    throw new InvalidInput(message, [{ path: 'einvoice', message }]);
  }
}

// ---------------------------------------------------------------- tax per category
export { DEFAULT_HSN };
/** The rate of a category without a row of its own: that of loose stones (7103), 0.25%. */
export const DEFAULT_RATE_BP = (USUAL_GST_RATES[DEFAULT_HSN] as { rateBp: number }).rateBp;

/** The HSN codes of the shop's usual categories: gemstones 7103, pearls 7101, jewellery 7113. */
const USUAL_CATEGORY_HSN: ReadonlyMap<string, string> = new Map([
  ['gemstones', '7103'],
  ['pearls', '7101'],
  ['jewellery', '7113'],
]);

/**
 * Gives the usual categories that exist and have no row of their own their HSN code and its scheduled rate (gemstones
 * 0.25%, pearls and jewellery 3%); a merchant's own row is left as it is. Run when the demo catalogue is loaded.
 */
export async function seedUsualCategoryTax(db: DbOrTx): Promise<void> {
  const usual = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(sql`lower(${categories.name})`, [...USUAL_CATEGORY_HSN.keys()]));
  if (usual.length === 0) return;
  await db
    .insert(categoryTax)
    .values(
      usual.map((c) => {
        const hsn = USUAL_CATEGORY_HSN.get(c.name.toLowerCase()) ?? DEFAULT_HSN;
        return { categoryId: c.id, hsn, gstRateBp: USUAL_GST_RATES[hsn]?.rateBp ?? DEFAULT_RATE_BP };
      }),
    )
    .onConflictDoNothing();
}

type CategoryTax = { categoryId: string; categoryname: string; hsn: string; rateBp: number; isdefault: boolean };

/** Every category with its HSN code and GST rate (the default for a category without a row of its own). */
export async function listCategoryTax(db: DbOrTx): Promise<CategoryTax[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, hsn: categoryTax.hsn, rateBp: categoryTax.gstRateBp })
    .from(categories)
    .leftJoin(categoryTax, eq(categoryTax.categoryId, categories.id))
    .orderBy(asc(categories.name));
  return rows.map((r) => ({
    categoryId: r.id,
    categoryname: r.name,
    hsn: r.hsn ?? DEFAULT_HSN,
    rateBp: r.rateBp ?? DEFAULT_RATE_BP,
    isdefault: r.hsn === null,
  }));
}

export const toTaxRow = (t: CategoryTax) => {
  const usual = USUAL_GST_RATES[t.hsn];
  return {
    categoryId: t.categoryId,
    categoryname: t.categoryname,
    hsn: t.hsn,
    gstrate: t.rateBp / 100,
    isdefault: t.isdefault,
    usualrate: usual ? usual.rateBp / 100 : null,
    basis: usual?.basis ?? null,
  };
};

/**
 * Replaces the list: categories not in it go back to the default. Unknown category ids are refused, nothing saved.
 * A row the admin adds or changes is marked as the admin's choice (a later change of the scheduled rates leaves it
 * alone); a row sent back as it was keeps its mark.
 */
export async function replaceCategoryTax(db: DbOrTx, rows: { categoryId: string; hsn: string; gstrate: number }[]) {
  const ids = rows.map((r) => r.categoryId);
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup) throw new InvalidInput('A category is listed twice', [{ path: 'tax', message: `Category ${dup} is listed twice` }]);
  await db.transaction(async (tx) => {
    const shortIndex = rows.findIndex((r) => r.hsn.length < 6);
    if (shortIndex >= 0 && (await settingsRow(tx)).einvoice) {
      const message = 'E-invoices are on: HSN codes must have 6 to 8 digits';
      throw new InvalidInput(message, [{ path: `tax.${shortIndex}.hsn`, message }]);
    }
    const known = new Set((await tx.select({ id: categories.id }).from(categories)).map((c) => c.id));
    const unknown = rows.findIndex((r) => !known.has(r.categoryId));
    if (unknown >= 0) {
      throw new NotFound('Category not found', [{ path: `tax.${unknown}.categoryId`, message: 'Category not found' }]);
    }
    const before = new Map((await tx.select().from(categoryTax).for('update')).map((r) => [r.categoryId, r]));
    await tx.delete(categoryTax);
    if (rows.length > 0) {
      await tx.insert(categoryTax).values(
        rows.map((r) => {
          const gstRateBp = Math.round(r.gstrate * 100);
          const old = before.get(r.categoryId);
          const unchanged = old !== undefined && old.hsn === r.hsn && old.gstRateBp === gstRateBp;
          return {
            categoryId: r.categoryId,
            hsn: r.hsn,
            gstRateBp,
            chosenByAdmin: unchanged ? old.chosenByAdmin : true,
            updatedAt: unchanged ? old.updatedAt : new Date(),
          };
        }),
      );
    }
  });
}
