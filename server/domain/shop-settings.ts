import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { shopSettings } from '../db/schema.js';

/**
 * The shop's settings row (its name, legal name, address and state, GSTIN, contacts, e-invoicing), read by every
 * feature that prints or sends what the shop says about itself; changed only through the settings screen
 * (`features/gst/settings.ts`). The migration creates it, and it is made again here if it was ever removed.
 */
export async function settingsRow(db: DbOrTx): Promise<typeof shopSettings.$inferSelect> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (row) return row;
  await db.execute(sql`insert into shop_settings (id, shopname, legalname, address, state, supportphone, supportemail)
    values (1, 'Ratna Gems', 'Ratna Gems', '', 'Punjab', '', '') on conflict (id) do nothing`);
  const [again] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!again) throw new Error('shop settings row missing');
  return again;
}
