import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { type creditNotes, einvoices, type invoices, type shopSettings } from '../../db/schema.js';

/**
 * The channel a queued document is announced on (NOTIFY, delivered when its transaction commits): every server that
 * runs the jobs listens and registers it at once instead of at the job's next round (server/jobs.ts).
 */
export const EINVOICE_QUEUED = 'einvoice_queued';

/** A registration not made within a day of the document (the IRP unreachable all that time) is shown as failed. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

type Invoice = typeof invoices.$inferSelect;

/**
 * Whether a tax invoice (and its credit notes) must be registered with the IRP: e-invoices are on and the buyer has a
 * GSTIN (B2B) or the goods are exported. A consumer's invoice and a bill of supply never are.
 */
function needsIrn(shop: Pick<typeof shopSettings.$inferSelect, 'einvoice'>, invoice: Invoice) {
  return shop.einvoice && invoice.kind === 'tax-invoice' && (invoice.buyer.gstin !== '' || invoice.export !== null);
}

/**
 * Puts an invoice or credit note that needs an IRN in the registration job's queue, in the transaction that issues it:
 * the row exists exactly when the document does. The job registers it (docs/einvoice.md).
 */
export async function queueEinvoice(
  tx: Tx,
  shop: Pick<typeof shopSettings.$inferSelect, 'einvoice'>,
  doc:
    | { kind: 'INV'; invoice: Invoice; at: Date }
    | { kind: 'CRN'; invoice: Invoice; creditNote: typeof creditNotes.$inferSelect; at: Date },
) {
  if (!needsIrn(shop, doc.invoice)) return;
  const [queued] = await tx
    .insert(einvoices)
    .values({
      kind: doc.kind,
      number: doc.kind === 'INV' ? doc.invoice.number : doc.creditNote.number,
      orderId: doc.invoice.orderId,
      invoiceId: doc.invoice.id,
      creditNoteId: doc.kind === 'CRN' ? doc.creditNote.id : null,
      nextAttemptAt: doc.at,
      giveUpAt: new Date(doc.at.getTime() + GIVE_UP_AFTER_MS),
    })
    .onConflictDoNothing()
    .returning({ id: einvoices.id });
  if (queued) await tx.execute(sql`select pg_notify(${EINVOICE_QUEUED}, '')`);
}
