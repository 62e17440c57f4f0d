/**
 * E-invoices (docs/einvoice.md): the job that registers queued invoices and credit notes with the IRP and cancels the
 * IRN of an order cancelled within 24 hours of it, and the merchant's list and Retry.
 *
 * Each row is worked by one server at a time: a claim moves its `next_attempt_at` past a lease in one statement (FOR
 * UPDATE SKIP LOCKED), so two servers never send the same document at once. A registration whose answer was lost is
 * sent again at the next try and the IRP's duplicate-IRN answer (2150) is read as success, so no document is ever
 * registered twice.
 */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { execRows } from '../../db/client.js';
import { creditNotes, einvoices, invoices, orders } from '../../db/schema.js';
import { Conflict, NotFound } from '../../domain/errors.js';
import { settingsRow } from '../../domain/shop-settings.js';
import { backoffMs } from '../outbox/outbox.js';
import { type IrpClient, IrpRefused, irpClient, irpDate } from './irp-client.js';
import { irpDay, irpPayload } from './payload.js';
import { GIVE_UP_AFTER_MS } from './queue.js';

type Row = typeof einvoices.$inferSelect;

/** How long a claim is exclusive: far longer than a call may take (each times out in 20 s). */
const LEASE_MS = 5 * 60_000;
/** The IRP cancels an IRN within 24 hours of its acknowledgement, not later. */
const CANCEL_WINDOW_MS = 24 * 60 * 60_000;
/** A credit note waits for its invoice's IRN; it looks again this often. */
const WAIT_FOR_INVOICE_MS = 60_000;
const HOUR_MS = 60 * 60_000;
/** Not due again. */
const NEVER = new Date('9999-12-31T00:00:00Z');

/** @forTests tests match the message of a shop whose IRP settings are missing */
export const NOT_SET_UP = 'The IRP is not set up (EINVOICE_API_BASE and the other EINVOICE_ settings)';

const clients = new WeakMap<FastifyInstance, IrpClient>();
function clientOf(app: FastifyInstance): IrpClient | null {
  const settings = app.config.einvoice;
  if (!settings) return null;
  let client = clients.get(app);
  if (!client) {
    client = irpClient(settings, async () => (await settingsRow(app.db)).gstin);
    clients.set(app, client);
  }
  return client;
}

/** Claims up to `limit` rows matching `where` that are due, for this server only, until the lease ends. */
async function claim(db: Db, now: Date, where: ReturnType<typeof sql>, limit: number): Promise<Row[]> {
  const until = new Date(now.getTime() + LEASE_MS);
  const res = await execRows<{ id: string }>(
    db,
    sql`update einvoices set next_attempt_at = ${until}, attempts = attempts + 1, updated_at = ${now}
        where id in (
          select e.id from einvoices e join orders o on o.id = e.order_id
          where e.next_attempt_at <= ${now} and (${where})
          order by e.next_attempt_at, e.created_at
          limit ${limit}
          for update of e skip locked)
        returning id`,
  );
  const ids = res.rows.map((r) => r.id);
  return ids.length ? db.select().from(einvoices).where(inArray(einvoices.id, ids)) : [];
}

/** Writes what became of a claimed row, only while the claim still holds it (its lease time is unchanged). */
async function settle(db: Db, row: Row, patch: Partial<Row>, now: Date) {
  await db
    .update(einvoices)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(einvoices.id, row.id), eq(einvoices.nextAttemptAt, row.nextAttemptAt)));
}

/** Not reached: tried again after a backoff, or failed once its day is over. */
function unreachablePatch(row: Row, err: Error, now: Date): Partial<Row> {
  const message = err.message.slice(0, 500);
  return now.getTime() >= row.giveUpAt.getTime()
    ? { status: 'failed', lastError: message }
    : { lastError: message, nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)) };
}

/** Registers one claimed row with the IRP and records the answer. */
async function register(app: FastifyInstance, row: Row, now: Date) {
  const db = app.db;
  const client = clientOf(app);
  if (!client) return settle(db, row, { status: 'failed', lastError: NOT_SET_UP }, now);
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, row.invoiceId));
  const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
  const [note] = row.creditNoteId ? await db.select().from(creditNotes).where(eq(creditNotes.id, row.creditNoteId)) : [];
  if (!invoice || !order || (row.kind === 'CRN' && !note)) {
    return settle(db, row, { status: 'failed', lastError: 'The document is missing' }, now);
  }
  if (row.kind === 'CRN') {
    // A credit note refers to its invoice's IRN: it waits for it; once that IRN is cancelled it is not needed.
    const [inv] = await db
      .select()
      .from(einvoices)
      .where(and(eq(einvoices.kind, 'INV'), eq(einvoices.invoiceId, row.invoiceId)));
    if (inv?.status === 'cancelled') {
      return settle(db, row, { status: 'cancelled', lastError: 'Not registered: the invoice’s IRN was cancelled' }, now);
    }
    const cancelling =
      inv?.status === 'registered' &&
      order.deliverystatus === 'cancelled' &&
      inv.ackDate &&
      now.getTime() - inv.ackDate.getTime() < CANCEL_WINDOW_MS;
    if (inv && (inv.status !== 'registered' || cancelling)) {
      if (now.getTime() >= row.giveUpAt.getTime()) {
        return settle(db, row, { status: 'failed', lastError: `The invoice ${inv.number} is not registered yet` }, now);
      }
      return settle(db, row, { nextAttemptAt: new Date(now.getTime() + WAIT_FOR_INVOICE_MS), attempts: row.attempts - 1 }, now);
    }
  }
  const shop = await settingsRow(db);
  try {
    const irn = await client.register(irpPayload(shop, invoice, order.shippinginfo, note));
    await settle(
      db,
      row,
      {
        status: 'registered',
        irn: irn.Irn,
        ackNo: String(irn.AckNo),
        ackDate: irpDate(irn.AckDt),
        signedQr: irn.SignedQRCode,
        lastError: '',
        nextAttemptAt: now,
      },
      now,
    );
    // The document's PDF is made again with the IRN and QR code.
    if (row.kind === 'INV') await db.update(invoices).set({ pdf: null }).where(eq(invoices.id, row.invoiceId));
    else if (row.creditNoteId) await db.update(creditNotes).set({ pdf: null }).where(eq(creditNotes.id, row.creditNoteId));
  } catch (err) {
    if (err instanceof IrpRefused) {
      app.log.warn({ number: row.number, error: err.message }, 'the IRP refused an e-invoice');
      return settle(db, row, { status: 'failed', lastError: err.message.slice(0, 500) }, now);
    }
    app.log.warn({ err, number: row.number }, 'an e-invoice could not be registered yet');
    return settle(db, row, unreachablePatch(row, err as Error, now), now);
  }
}

/**
 * Asks the IRP to cancel one document's IRN. An answer lost on the way back is found out from the document's status
 * at the IRP (CNL). Returns null once cancelled, else why not.
 */
async function cancelAtIrp(client: IrpClient, irn: string, kind: 'INV' | 'CRN', number: string, issuedAt: Date) {
  try {
    await client.cancel(irn, 'Order cancelled');
    return null;
  } catch (err) {
    try {
      if ((await client.byDocument(kind, number, irpDay(issuedAt))).Status === 'CNL') return null;
    } catch {
      // nothing more to learn now
    }
    return (err as Error).message;
  }
}

/**
 * Cancels the IRN of one claimed invoice whose order was cancelled, and drops its credit notes not yet registered.
 * A credit note registered already (a refund made before the cancel) has its IRN cancelled first: left standing, it
 * would lower the tax on an invoice that no longer stands. While one cannot be cancelled, the invoice's IRN is not
 * either: the row keeps the reason and is tried again with the others.
 */
async function cancel(app: FastifyInstance, row: Row, now: Date) {
  const db = app.db;
  const client = clientOf(app);
  if (!client) {
    return settle(
      db,
      row,
      { lastError: `The IRN could not be cancelled: ${NOT_SET_UP}`, nextAttemptAt: new Date(now.getTime() + HOUR_MS) },
      now,
    );
  }
  if (!row.irn || !row.ackDate) return;
  const tooLate = now.getTime() - row.ackDate.getTime() >= CANCEL_WINDOW_MS;
  // Past the IRP's 24 hours nothing can cancel it: the row stays registered with the reason, not tried again.
  const notNow = (message: string) => {
    app.log.warn({ number: row.number, error: message }, 'an IRN could not be cancelled');
    const next = tooLate ? NEVER : new Date(now.getTime() + backoffMs(row.attempts));
    return settle(db, row, { lastError: message.slice(0, 500), nextAttemptAt: next }, now);
  };

  const notes = await db
    .select({ row: einvoices, issuedAt: creditNotes.issuedAt })
    .from(einvoices)
    .innerJoin(creditNotes, eq(creditNotes.id, einvoices.creditNoteId))
    .where(and(eq(einvoices.invoiceId, row.invoiceId), eq(einvoices.kind, 'CRN'), eq(einvoices.status, 'registered')))
    .orderBy(einvoices.createdAt);
  for (const note of notes) {
    if (!note.row.irn) continue;
    const refused = await cancelAtIrp(client, note.row.irn, 'CRN', note.row.number, note.issuedAt);
    if (refused !== null) {
      return notNow(
        `The IRN could not be cancelled: the credit note ${note.row.number}’s IRN must be cancelled first and was not: ${refused}`,
      );
    }
    await db.transaction(async (tx) => {
      await tx
        .update(einvoices)
        .set({ status: 'cancelled', cancelledAt: now, lastError: '', updatedAt: now })
        .where(eq(einvoices.id, note.row.id));
      if (note.row.creditNoteId) await tx.update(creditNotes).set({ pdf: null }).where(eq(creditNotes.id, note.row.creditNoteId));
    });
  }

  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, row.invoiceId));
  if (!invoice) return;
  const refused = await cancelAtIrp(client, row.irn, 'INV', invoice.number, invoice.issuedAt);
  if (refused !== null) return notNow(`The IRN could not be cancelled: ${refused}`);
  await db.transaction(async (tx) => {
    await tx
      .update(einvoices)
      .set({ status: 'cancelled', cancelledAt: now, lastError: '', updatedAt: now })
      .where(eq(einvoices.id, row.id));
    await tx
      .update(einvoices)
      .set({ status: 'cancelled', lastError: 'Not registered: the invoice’s IRN was cancelled', updatedAt: now })
      .where(
        and(eq(einvoices.invoiceId, row.invoiceId), eq(einvoices.kind, 'CRN'), inArray(einvoices.status, ['pending', 'failed'])),
      );
    await tx.update(invoices).set({ pdf: null }).where(eq(invoices.id, row.invoiceId));
  });
}

/**
 * One run of the job: first the IRNs to cancel (an order cancelled within 24 hours of its invoice's IRN), then the
 * documents due to be registered. Returns how many rows it worked.
 */
export async function runEinvoices(app: FastifyInstance, now: Date = app.clock(), batch = 10): Promise<number> {
  const toCancel = await claim(
    app.db,
    now,
    sql`e.kind = 'INV' and e.status = 'registered' and o.deliverystatus = 'cancelled'
        and o.cancelled_at < e.ack_date + interval '24 hours' and e.ack_date > ${new Date(now.getTime() - CANCEL_WINDOW_MS)}`,
    batch,
  );
  for (const row of toCancel) await cancel(app, row, now);
  const toRegister = await claim(app.db, now, sql`e.status = 'pending'`, batch);
  for (const row of toRegister) await register(app, row, now);
  return toCancel.length + toRegister.length;
}

const view = (r: Row, cancelFailed = false) => ({
  number: r.number,
  kind: r.kind,
  orderId: r.orderId,
  einvoicestatus: r.status,
  irn: r.irn,
  error: cancelFailed
    ? `Not cancelled within the IRP’s 24 hours: ${r.lastError || 'the IRP could not be reached in time'}. The IRN stands, so a credit note, not a cancellation, undoes the invoice.`
    : r.lastError,
  cancelfailed: cancelFailed,
});

/**
 * An invoice whose order was cancelled within 24 hours of its IRN, still registered once those 24 hours are over: the
 * IRP no longer cancels it (unreachable all that time, or refusing), so the cancellation failed.
 */
const cancelFailedAt = (now: Date) =>
  sql`(${einvoices.kind} = 'INV' and ${einvoices.status} = 'registered' and ${orders.deliverystatus} = 'cancelled'
       and ${orders.cancelledAt} < ${einvoices.ackDate} + interval '24 hours'
       and ${einvoices.ackDate} <= ${new Date(now.getTime() - CANCEL_WINDOW_MS)})`;

/**
 * The merchant's list, newest first (at most 500), narrowed to one status when asked. `failed` also lists the
 * cancellations that failed (still `registered`, with `cancelfailed` and the reason).
 */
export async function listEinvoices(db: Db, status?: Row['status'], now = new Date()) {
  const failedCancel = cancelFailedAt(now);
  const rows = await db
    .select({ row: einvoices, cancelFailed: sql<boolean>`coalesce(${failedCancel}, false)` })
    .from(einvoices)
    .innerJoin(orders, eq(orders.id, einvoices.orderId))
    .where(
      status === 'failed' ? or(eq(einvoices.status, 'failed'), failedCancel) : status ? eq(einvoices.status, status) : undefined,
    )
    .orderBy(desc(einvoices.createdAt), desc(einvoices.number))
    .limit(500);
  return rows.map((r) => view(r.row, r.cancelFailed === true));
}

/**
 * The merchant's Retry of a failed e-invoice: it is due again with a fresh day and tried at once; the answer is the
 * row after that try. An unknown number → 404; one that has not failed → 409.
 */
export async function retryEinvoice(app: FastifyInstance, number: string, now: Date = app.clock()) {
  const rows = await app.db.select().from(einvoices).where(eq(einvoices.number, number));
  if (rows.length === 0) throw new NotFound('E-invoice not found');
  const failed = rows.find((r) => r.status === 'failed');
  if (!failed) throw new Conflict('Only a failed e-invoice can be tried again');
  const token = new Date(now.getTime() + LEASE_MS);
  const [claimed] = await app.db
    .update(einvoices)
    .set({
      status: 'pending',
      attempts: 1,
      nextAttemptAt: token,
      giveUpAt: new Date(now.getTime() + GIVE_UP_AFTER_MS),
      lastError: '',
      updatedAt: now,
    })
    .where(and(eq(einvoices.id, failed.id), eq(einvoices.status, 'failed')))
    .returning();
  if (!claimed) throw new Conflict('Only a failed e-invoice can be tried again');
  await register(app, claimed, now);
  const [after] = await app.db.select().from(einvoices).where(eq(einvoices.id, failed.id));
  return view(after ?? claimed);
}

/** The IRN, acknowledgement and signed QR code of a document, for its PDF; null until registered. */
export async function irnOf(db: Db, kind: 'INV' | 'CRN', number: string) {
  const [row] = await db
    .select()
    .from(einvoices)
    .where(and(eq(einvoices.kind, kind), eq(einvoices.number, number)));
  if (!row?.irn || !row.ackNo || !row.ackDate || !row.signedQr || row.status === 'pending' || row.status === 'failed')
    return null;
  return { irn: row.irn, ackNo: row.ackNo, ackDate: row.ackDate, signedQr: row.signedQr, cancelled: row.status === 'cancelled' };
}
