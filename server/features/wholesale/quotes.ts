// Quotes (requests for quotation): an approved business asks for a price on a lot; the merchant prices every line
// with a validity, or declines it with a note; the buyer pays the quoted prices through a checkout of exactly the
// quote's lines (or on credit). A quote makes at most one order (docs/wholesale.md, "Quotes").
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { paiseToRupees, rupeesToPaise } from '../../../contract/common.js';
import {
  type AdminQuote,
  QUOTE_MAX_VALID_DAYS,
  QUOTE_PAGE_SIZE,
  type Quote,
  type QuoteAnswerBody,
  type QuoteRequestBody,
  type QuoteStatus,
} from '../../../contract/wholesale.js';
import type { Config } from '../../config.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { type CheckoutLine, documentCounters, products, quoteLines, quotes, users } from '../../db/schema.js';
import { Conflict, Forbidden, InvalidInput, NotFound } from '../../domain/errors.js';
import { chosenOption } from '../../domain/options.js';
import { financialYear } from '../../domain/tax.js';
import { merchantContacts } from '../outbox/orders.js';
import { notifyMerchant, notifyUser } from '../outbox/outbox.js';
import { checkTradeMinimum } from './trade-order.js';
import { isTradeBuyer } from './trade-price.js';

type QuoteRow = typeof quotes.$inferSelect;
type LineRow = typeof quoteLines.$inferSelect;

/** @forTests tests match the refusal word for word */
export const NOT_A_BUSINESS = 'Quotes are for approved business accounts';
const NOT_FOUND = 'Quote not found';
/** @forTests tests match the refusal word for word */
export const QUOTE_EXPIRED = 'This quote has expired: please ask for a new one';
const QUOTE_ORDERED = 'This quote has already been ordered';
const QUOTE_NOT_QUOTED = 'This quote has not been priced yet';
const QUOTE_DECLINED = 'This quote was declined';

/** What a quote reads as at `at`: a quoted one past its validity (and not ordered) is `expired`. */
const statusAt = (row: Pick<QuoteRow, 'status' | 'validUntil'>, at: Date): QuoteStatus =>
  row.status === 'quoted' && row.validUntil !== null && row.validUntil.getTime() <= at.getTime() ? 'expired' : row.status;

/** The rows a status filter means at `at` (`quoted` and `expired` are told apart by the validity). */
function statusWhere(status: QuoteStatus, at: Date): SQL | undefined {
  if (status === 'expired') return and(eq(quotes.status, 'quoted'), lte(quotes.validUntil, at));
  if (status === 'quoted') return and(eq(quotes.status, 'quoted'), gt(quotes.validUntil, at));
  return eq(quotes.status, status);
}

/** Q/26-27/000001: the next number of the financial year's series, taken under the counter's row lock. */
async function nextQuoteNumber(tx: DbOrTx, at: Date): Promise<string> {
  const fy = financialYear(at);
  const [row] = await tx
    .insert(documentCounters)
    .values({ series: 'Q', fy, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.fy],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ n: documentCounters.lastNumber });
  if (!row) throw new Error('quote counter not updated');
  return `Q/${fy}/${String(row.n).padStart(6, '0')}`;
}

function toQuote(row: QuoteRow, lines: LineRow[], at: Date): Quote {
  return {
    _id: row.id,
    number: row.number,
    status: statusAt(row, at),
    lines: lines.map((l) => ({
      _id: l.id,
      productId: l.productId,
      productname: l.productname,
      productsize: l.size,
      productcolour: l.colour,
      quantity: l.quantity,
      listprice: paiseToRupees(l.listPricePaise),
      price: l.pricePaise === null ? null : paiseToRupees(l.pricePaise),
    })),
    note: row.note,
    merchantnote: row.merchantNote,
    validuntil: row.validUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    orderId: row.orderId,
  };
}

async function linesOf(db: DbOrTx, ids: string[]) {
  const byQuote = new Map<string, LineRow[]>();
  if (ids.length === 0) return byQuote;
  const rows = await db
    .select()
    .from(quoteLines)
    .where(inArray(quoteLines.quoteId, ids))
    .orderBy(asc(quoteLines.position), asc(quoteLines.id));
  for (const r of rows) byQuote.set(r.quoteId, [...(byQuote.get(r.quoteId) ?? []), r]);
  return byQuote;
}

async function quoteView(db: DbOrTx, id: string, at: Date) {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  if (!row) throw new NotFound(NOT_FOUND);
  return toQuote(row, (await linesOf(db, [id])).get(id) ?? [], at);
}

const lineData = (lines: LineRow[]) =>
  lines.map((l) => ({
    name: l.productname,
    quantity: l.quantity,
    price: paiseToRupees(l.pricePaise ?? l.listPricePaise),
  }));

/** POST /o1/api/quotes: an approved business asks for a price on a lot; the merchant is told. */
export async function requestQuote(db: Db, config: Config, userId: string, body: QuoteRequestBody, at: Date) {
  const id = await db.transaction(async (tx) => {
    if (!(await isTradeBuyer(tx, userId))) throw new Forbidden(NOT_A_BUSINESS);
    const ids = body.lines.map((l) => l.productId);
    const found = await tx
      .select({
        id: products.id,
        name: products.name,
        pricePaise: products.pricePaise,
        isActive: products.isActive,
        sizes: products.sizes,
        colours: products.colours,
      })
      .from(products)
      .where(inArray(products.id, ids));
    const byId = new Map(found.map((p) => [p.id, p]));
    const errors = body.lines.flatMap((l, i) =>
      byId.get(l.productId)?.isActive ? [] : [{ path: `lines.${i}.productId`, message: 'This product is not for sale' }],
    );
    if (errors.length) throw new InvalidInput(errors[0]?.message ?? 'This product is not for sale', errors);
    // The size and colour as Add to Cart takes them: one the product comes in, the first when none is named.
    const options = body.lines.map((l, i) => {
      const p = byId.get(l.productId);
      return {
        size: chosenOption('size', p?.sizes ?? [], l.productsize, `lines.${i}.productsize`),
        colour: chosenOption('colour', p?.colours ?? [], l.productcolour, `lines.${i}.productcolour`),
      };
    });
    const keys = body.lines.map((l, i) => JSON.stringify([l.productId, options[i]?.size, options[i]?.colour]));
    if (new Set(keys).size !== keys.length) {
      throw new InvalidInput('Each product may appear once in each size and colour', [
        { path: 'lines', message: 'Each product may appear once in each size and colour' },
      ]);
    }

    const number = await nextQuoteNumber(tx, at);
    const [row] = await tx
      .insert(quotes)
      .values({ number, userId, note: body.note ?? '' })
      .returning();
    if (!row) throw new Error('quote not inserted');
    const lines = await tx
      .insert(quoteLines)
      .values(
        body.lines.map((l, position) => {
          const p = byId.get(l.productId);
          return {
            quoteId: row.id,
            productId: l.productId,
            productname: p?.name ?? '',
            quantity: l.quantity,
            listPricePaise: p?.pricePaise ?? 0,
            size: options[position]?.size ?? '',
            colour: options[position]?.colour ?? '',
            position,
          };
        }),
      )
      .returning();
    const [buyer] = await tx.select({ fullname: users.fullname }).from(users).where(eq(users.id, userId));
    await notifyMerchant(
      tx,
      await merchantContacts(tx, config),
      'merchant_quote_requested',
      { number, name: buyer?.fullname ?? '', items: lineData(lines), note: row.note },
      `merchant_quote_requested:${row.id}`,
    );
    return row.id;
  });
  return quoteView(db, id, at);
}

/** GET /o1/api/quotes: the user's own quotes, newest first. */
export async function ownQuotes(db: DbOrTx, userId: string, at: Date): Promise<Quote[]> {
  const rows = await db
    .select()
    .from(quotes)
    .where(eq(quotes.userId, userId))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(200);
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toQuote(r, lines.get(r.id) ?? [], at));
}

/** GET /o1/api/admin/quotes: newest first, 20 a page, by status, with the buyer. */
export async function adminQuotes(db: DbOrTx, page: number, status: QuoteStatus | undefined, at: Date) {
  const where = status ? statusWhere(status, at) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ row: quotes, fullname: users.fullname, mobileno: users.mobileno })
      .from(quotes)
      .leftJoin(users, eq(users.id, quotes.userId))
      .where(where)
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(QUOTE_PAGE_SIZE)
      .offset((page - 1) * QUOTE_PAGE_SIZE),
    db.select({ n: count() }).from(quotes).where(where),
  ]);
  const lines = await linesOf(
    db,
    rows.map((r) => r.row.id),
  );
  const total = Number(counted?.n ?? 0);
  const list: AdminQuote[] = rows.map((r) => ({
    ...toQuote(r.row, lines.get(r.row.id) ?? [], at),
    user: r.row.userId && r.fullname !== null ? { _id: r.row.userId, fullname: r.fullname, mobileno: r.mobileno ?? '' } : null,
  }));
  return {
    quotes: list,
    pagination: {
      currentPage: page,
      totalPages: Math.ceil(total / QUOTE_PAGE_SIZE),
      totalItems: total,
      limit: QUOTE_PAGE_SIZE,
    },
  };
}

/** How many quotes wait for the merchant's answer (the dashboard's to-do). */
export async function quotesWaiting(db: DbOrTx) {
  const [row] = await db.select({ n: count() }).from(quotes).where(eq(quotes.status, 'requested'));
  return Number(row?.n ?? 0);
}

/**
 * PATCH /o1/api/admin/quotes/:id: every line priced with a validity (quoted), or declined with a note. Only a quote
 * that is requested, or quoted and still valid, is answered; the buyer is told.
 */
export async function answerQuote(db: Db, id: string, body: QuoteAnswerBody, at: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
    if (!row) throw new NotFound(NOT_FOUND);
    const now = statusAt(row, at);
    if (now !== 'requested' && now !== 'quoted') throw new Conflict(`This quote is ${now}: it cannot be answered`);
    const lines = (await linesOf(tx, [id])).get(id) ?? [];

    if (body.status === 'declined') {
      await tx
        .update(quotes)
        .set({ status: 'declined', merchantNote: body.note, validUntil: null, updatedAt: new Date() })
        .where(eq(quotes.id, id));
      await notifyUser(
        tx,
        row.userId,
        'quote_answered',
        { number: row.number, status: 'declined', note: body.note },
        { dedupeKey: `quote_answered:${id}:${at.getTime()}` },
      );
      return;
    }

    const validUntil = new Date(body.validuntil);
    if (validUntil.getTime() <= at.getTime()) {
      throw new InvalidInput('Valid until must be in the future', [
        { path: 'validuntil', message: 'Valid until must be in the future' },
      ]);
    }
    if (validUntil.getTime() > at.getTime() + QUOTE_MAX_VALID_DAYS * 86_400_000) {
      const message = `A quote may be valid for at most ${QUOTE_MAX_VALID_DAYS} days`;
      throw new InvalidInput(message, [{ path: 'validuntil', message }]);
    }
    const prices = new Map(body.lines.map((l) => [l.lineId, rupeesToPaise(l.price)]));
    const own = new Set(lines.map((l) => l.id));
    if (prices.size !== body.lines.length || [...prices.keys()].some((k) => !own.has(k)) || prices.size !== own.size) {
      throw new InvalidInput('Price every line of the quote, once', [
        { path: 'lines', message: 'Price every line of the quote, once' },
      ]);
    }
    for (const l of lines) {
      await tx
        .update(quoteLines)
        .set({ pricePaise: prices.get(l.id) ?? null })
        .where(eq(quoteLines.id, l.id));
    }
    await tx
      .update(quotes)
      .set({ status: 'quoted', validUntil, merchantNote: body.note ?? '', updatedAt: new Date() })
      .where(eq(quotes.id, id));
    const priced = lines.map((l) => ({ ...l, pricePaise: prices.get(l.id) ?? null }));
    const total = priced.reduce((sum, l) => sum + (l.pricePaise ?? 0) * l.quantity, 0);
    await notifyUser(
      tx,
      row.userId,
      'quote_answered',
      {
        number: row.number,
        status: 'quoted',
        note: body.note ?? '',
        validuntil: validUntil.toISOString(),
        total: paiseToRupees(total),
        items: lineData(priced),
      },
      { dedupeKey: `quote_answered:${id}:${at.getTime()}` },
    );
  });
  return quoteView(db, id, at);
}

/**
 * The buyer's quote as a checkout's lines, under a lock on the quote: exactly its lines at the quoted prices. Someone
 * else's quote is a 404; one not quoted, past its validity or already ordered is a 409, as is a line whose product is
 * gone or no longer for sale (the stock is checked when it is held or sold). The trade minimum order applies.
 */
/** The buyer's own quote, priced and still valid: else 404 (not theirs) or 409 (why it cannot be paid). */
function payable(row: QuoteRow | undefined, userId: string, at: Date): asserts row is QuoteRow {
  if (!row || row.userId !== userId) throw new NotFound(NOT_FOUND);
  if (row.status === 'ordered' || row.orderId) throw new Conflict(QUOTE_ORDERED);
  if (row.status === 'declined') throw new Conflict(QUOTE_DECLINED);
  if (row.status !== 'quoted') throw new Conflict(QUOTE_NOT_QUOTED);
  if (statusAt(row, at) === 'expired') throw new Conflict(QUOTE_EXPIRED);
}

/**
 * What the buyer's priced quote's lines come to at the quoted prices (paise), for its shipping rates: the total
 * accepting it charges shipping on. 404 and 409 as accepting it.
 */
export async function quotedTotalPaise(db: DbOrTx, userId: string, quoteId: string, at: Date): Promise<number> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  payable(row, userId, at);
  const lines = (await linesOf(db, [quoteId])).get(quoteId) ?? [];
  return lines.reduce((sum, l) => sum + (l.pricePaise ?? 0) * l.quantity, 0);
}

export async function quoteSnapshot(
  tx: Tx,
  userId: string,
  quoteId: string,
  at: Date,
): Promise<{ snapshot: CheckoutLine[]; linesPaise: number }> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update');
  payable(row, userId, at);
  const lines = (await linesOf(tx, [quoteId])).get(quoteId) ?? [];
  const ids = lines.map((l) => l.productId).filter((x): x is string => x !== null);
  const found = ids.length
    ? await tx
        .select({ id: products.id, name: products.name, images: products.images, isActive: products.isActive })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  const snapshot: CheckoutLine[] = lines.map((l) => {
    const p = l.productId ? byId.get(l.productId) : undefined;
    if (!p?.isActive || l.pricePaise === null) throw new Conflict(`"${l.productname}" is no longer available`);
    return {
      productId: p.id,
      productname: p.name,
      pricePaise: l.pricePaise,
      listPricePaise: l.listPricePaise,
      image: p.images?.[0] ?? '',
      quantity: l.quantity,
      size: l.size,
      colour: l.colour,
    };
  });
  const linesPaise = snapshot.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0);
  if (linesPaise < 100) throw new Conflict('The order total must be at least ₹1.00');
  await checkTradeMinimum(tx, userId, linesPaise);
  return { snapshot, linesPaise };
}

/**
 * Whether a payment for this quote's checkout may still make its order (under a lock on the quote): `open` when the
 * quote has made none and is still quoted (a payment that came after its checkout's hold ran out, `late`, only while
 * the quote is still valid); `ordered` when the quote already made its order (this is a second payment); `closed`
 * when it is no longer open otherwise (declined, or past its validity for a late payment). A payment that
 * is not `open` is recorded, flagged and refunded as one that cannot be placed.
 */
export async function quoteStanding(tx: Tx, quoteId: string, at: Date, late: boolean): Promise<'open' | 'ordered' | 'closed'> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update');
  if (!row) return 'closed';
  if (row.orderId !== null || row.status === 'ordered') return 'ordered';
  if (row.status !== 'quoted') return 'closed';
  return !late || statusAt(row, at) === 'quoted' ? 'open' : 'closed';
}

/** The quote made this order: it is `ordered` and names it (only once: a quote makes at most one order). */
export async function markQuoteOrdered(tx: DbOrTx, quoteId: string, orderId: string) {
  await tx
    .update(quotes)
    .set({ status: 'ordered', orderId, updatedAt: new Date() })
    .where(and(eq(quotes.id, quoteId), isNull(quotes.orderId)));
}
