import { and, asc, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { GRIEVANCE_DEADLINES, type GrievanceBody } from '../../../contract/trust.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { documentCounters, grievanceReplies, grievances, orders } from '../../db/schema.js';
import { InvalidInput, NotFound } from '../../domain/errors.js';
import { settingsRow } from '../../domain/shop-settings.js';
import { financialYear } from '../../domain/tax.js';
import { grievanceOfficerOf } from '../gst/settings.js';
import { enqueue, notifyUser } from '../outbox/outbox.js';

type GrievanceRow = typeof grievances.$inferSelect;
type Complainant = { id: string; fullname: string; mobileno: string; email: string } | null;

/**
 * The same instant one calendar month later; a day the next month lacks becomes its last day (31 Jan → 28/29 Feb).
 * @forTests the month's edges (31 January, a leap year, December) are checked directly
 */
export function oneMonthAfter(at: Date): Date {
  const next = new Date(at.getTime());
  const day = at.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + GRIEVANCE_DEADLINES.resolveMonths);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** Open and past a deadline it has not met: no reply by acknowledge-by, or not resolved by resolve-by. */
const isOverdue = (g: GrievanceRow, now: Date) =>
  g.status === 'open' &&
  ((g.acknowledgedAt === null && g.acknowledgeBy.getTime() < now.getTime()) || g.resolveBy.getTime() < now.getTime());

const overdueSql = (now: Date): SQL =>
  and(
    eq(grievances.status, 'open'),
    or(and(isNull(grievances.acknowledgedAt), lt(grievances.acknowledgeBy, now)), lt(grievances.resolveBy, now)),
  ) as SQL;

/** GR/26-27/000001: the next number of the financial year's series, taken under the counter's row lock. */
async function nextTicketNumber(tx: DbOrTx, at: Date): Promise<string> {
  const fy = financialYear(at);
  const [row] = await tx
    .insert(documentCounters)
    .values({ series: 'GR', fy, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.fy],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ n: documentCounters.lastNumber });
  if (!row) throw new Error('grievance counter not updated');
  return `GR/${fy}/${String(row.n).padStart(6, '0')}`;
}

async function views(db: DbOrTx, rows: GrievanceRow[], now: Date) {
  const ids = rows.map((r) => r.id);
  const orderIds = [...new Set(rows.map((r) => r.orderId).filter((id): id is string => id !== null))];
  const [replies, numbers] = await Promise.all([
    ids.length
      ? db
          .select()
          .from(grievanceReplies)
          .where(inArray(grievanceReplies.grievanceId, ids))
          .orderBy(asc(grievanceReplies.createdAt))
      : [],
    orderIds.length ? db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, orderIds)) : [],
  ]);
  const numberOf = new Map(numbers.map((o) => [o.id, o.number]));
  return rows.map((g) => ({
    _id: g.id,
    number: g.number,
    status: g.status,
    subject: g.subject,
    message: g.message,
    order: g.orderId ? { _id: g.orderId, number: numberOf.get(g.orderId) ?? '' } : null,
    createdAt: g.createdAt.toISOString(),
    acknowledgeby: g.acknowledgeBy.toISOString(),
    resolveby: g.resolveBy.toISOString(),
    acknowledgedAt: g.acknowledgedAt?.toISOString() ?? null,
    resolvedAt: g.resolvedAt?.toISOString() ?? null,
    overdue: isOverdue(g, now),
    replies: replies.filter((r) => r.grievanceId === g.id).map((r) => ({ body: r.body, createdAt: r.createdAt.toISOString() })),
    complainant: { userId: g.userId, name: g.name, mobileno: g.mobileno, email: g.email },
  }));
}

const forComplainant = ({ complainant: _c, ...ticket }: Awaited<ReturnType<typeof views>>[number]) => ticket;

/** Tells the complainant on the channels they gave: the account's, or the name, mobile number and e-mail on the ticket. */
async function tellComplainant(tx: DbOrTx, g: GrievanceRow, template: string, data: Record<string, unknown>, key: string) {
  if (g.userId) {
    await notifyUser(tx, g.userId, template, data, { dedupeKey: key });
    return;
  }
  await enqueue(tx, [
    { channel: 'sms', to: g.mobileno, template, data, dedupeKey: `${key}:sms` },
    { channel: 'email', to: g.email, template, data, dedupeKey: `${key}:email` },
  ]);
}

/**
 * Files a grievance: numbered, with its deadlines (48 hours to acknowledge, one month to resolve) counted from now,
 * the complainant acknowledged and the grievance officer told, all in one transaction.
 */
export async function fileGrievance(db: Db, me: Complainant, body: GrievanceBody, now: Date) {
  let name = me?.fullname ?? body.name ?? '';
  let mobileno = me?.mobileno ?? body.mobileno ?? '';
  const email = me ? me.email : (body.email ?? '');
  if (!me) {
    const errors = [
      ...(name ? [] : [{ path: 'name', message: 'Name is required' }]),
      ...(mobileno ? [] : [{ path: 'mobileno', message: 'Mobile number is required' }]),
    ];
    if (errors.length) throw new InvalidInput(errors[0]?.message ?? 'Name is required', errors);
  }
  name = name.trim();
  mobileno = mobileno.trim();
  return db.transaction(async (tx) => {
    if (body.orderId) {
      // Only the complainant's own order; anyone else's, or any order without an account to own it, is not found.
      const [own] = me
        ? await tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.id, body.orderId), eq(orders.userId, me.id)))
        : [];
      if (!own) throw new NotFound('Order not found', [{ path: 'orderId', message: 'Order not found' }]);
    }
    const number = await nextTicketNumber(tx, now);
    const [row] = await tx
      .insert(grievances)
      .values({
        number,
        userId: me?.id ?? null,
        orderId: body.orderId ?? null,
        name,
        mobileno,
        email,
        subject: body.subject,
        message: body.message,
        acknowledgeBy: new Date(now.getTime() + GRIEVANCE_DEADLINES.acknowledgeHours * 3_600_000),
        resolveBy: oneMonthAfter(now),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('grievance not inserted');
    const data = {
      number,
      subject: row.subject,
      name,
      resolveby: row.resolveBy.toISOString(),
      acknowledgeby: row.acknowledgeBy.toISOString(),
    };
    await tellComplainant(tx, row, 'grievance_received', data, `grievance_received:${row.id}`);
    const shop = await settingsRow(tx);
    const officer = grievanceOfficerOf(shop);
    const phone = (officer.phone || shop.supportphone).replace(/\D/g, '').replace(/^(91|0)(?=\d{10}$)/, '');
    await enqueue(tx, [
      {
        channel: 'email',
        to: officer.email || shop.supportemail,
        template: 'merchant_grievance',
        data,
        dedupeKey: `merchant_grievance:${row.id}:email`,
      },
      {
        channel: 'sms',
        to: /^\d{10}$/.test(phone) ? phone : '',
        template: 'merchant_grievance',
        data,
        dedupeKey: `merchant_grievance:${row.id}:sms`,
      },
    ]);
    const [view] = await views(tx, [row], now);
    return forComplainant(view as NonNullable<typeof view>);
  });
}

export async function myGrievances(db: Db, userId: string, now: Date) {
  const rows = await db
    .select()
    .from(grievances)
    .where(eq(grievances.userId, userId))
    .orderBy(desc(grievances.createdAt), desc(grievances.id));
  return (await views(db, rows, now)).map(forComplainant);
}

/** The back-office list: overdue first, then the nearest resolve-by; `overdue` keeps only the overdue ones. */
export async function adminGrievances(db: Db, q: { status?: 'open' | 'resolved'; overdue?: boolean }, now: Date) {
  const late = overdueSql(now);
  const where = and(q.status ? eq(grievances.status, q.status) : undefined, q.overdue === true ? late : undefined);
  const rows = await db
    .select()
    .from(grievances)
    .where(where)
    .orderBy(
      sql`case when ${late} then 0 else 1 end`,
      sql`case when ${grievances.status} = 'open' then 0 else 1 end`,
      asc(grievances.resolveBy),
    )
    .limit(500);
  return views(db, rows, now);
}

/** How many grievances are overdue now (the dashboard's to-do list). */
export async function countOverdueGrievances(db: DbOrTx, now: Date) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(grievances).where(overdueSql(now));
  return Number(row?.n ?? 0);
}

/**
 * The officer's reply (the first one acknowledges the grievance), optionally opening or resolving it; the complainant
 * is told the reply and the status in the same transaction.
 */
export async function replyToGrievance(db: Db, id: string, body: { reply: string; status?: 'open' | 'resolved' }, now: Date) {
  return db.transaction(async (tx) => {
    const [g] = await tx.select().from(grievances).where(eq(grievances.id, id)).for('update');
    if (!g) throw new NotFound('Grievance not found');
    const [reply] = await tx.insert(grievanceReplies).values({ grievanceId: id, body: body.reply, createdAt: now }).returning();
    const status = body.status ?? g.status;
    const [row] = await tx
      .update(grievances)
      .set({
        status,
        acknowledgedAt: g.acknowledgedAt ?? now,
        resolvedAt: status === 'resolved' ? (g.status === 'resolved' ? g.resolvedAt : now) : null,
        updatedAt: now,
      })
      .where(eq(grievances.id, id))
      .returning();
    if (!row || !reply) throw new Error('grievance not updated');
    await tellComplainant(
      tx,
      row,
      'grievance_updated',
      { number: row.number, subject: row.subject, status, reply: body.reply },
      `grievance_updated:${reply.id}`,
    );
    const [view] = await views(tx, [row], now);
    return view as NonNullable<typeof view>;
  });
}

/** An erased account's grievances keep their subject and message but no longer name the complainant. */
export async function forgetComplainant(tx: DbOrTx, userId: string) {
  await tx.update(grievances).set({ name: '', mobileno: '', email: '' }).where(eq(grievances.userId, userId));
}
