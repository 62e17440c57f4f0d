import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  addresses,
  cartItems,
  consentLog,
  orders,
  outbox,
  passwordResets,
  returnRequests,
  sessions,
  users,
} from '../../db/schema.js';
import { Conflict, InvalidInput, NotFound } from '../../domain/errors.js';
import { listAddresses } from '../accounts/service.js';
import { verifyPassword } from '../auth/passwords.js';
import { toUser } from '../auth/service.js';
import { forgetSubscriber, subscriptionOf } from '../newsletter/newsletter.js';
import { myOrders } from '../orders/service.js';
import { forgetReviewer, reviewsByUser } from '../reviews/service.js';
import { forgetComplainant, myGrievances } from './grievances.js';

/** What the shop holds about one user, for them to download: nothing about anyone else. */
export async function exportData(db: Db, userId: string, now: Date) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new NotFound('User not found');
  const contacts = [user.mobileno, user.email].filter((c) => c !== '');
  const [consent, saved, bought, written, tickets, messages, newsletter] = await Promise.all([
    db.select().from(consentLog).where(eq(consentLog.userId, userId)).orderBy(asc(consentLog.createdAt)),
    listAddresses(db, userId),
    myOrders(db, userId),
    reviewsByUser(db, userId),
    myGrievances(db, userId, now),
    db.select().from(outbox).where(inArray(outbox.recipient, contacts)).orderBy(desc(outbox.createdAt)).limit(5000),
    subscriptionOf(db, user.email),
  ]);
  return {
    exportedAt: now.toISOString(),
    profile: { ...toUser(user), marketingAt: user.marketingAt?.toISOString() ?? null },
    consent: consent.map((c) => ({ marketing: c.marketing, source: c.source, createdAt: c.createdAt.toISOString() })),
    addresses: saved,
    orders: bought,
    reviews: written,
    grievances: tickets,
    messages: messages.map((m) => ({
      channel: m.channel,
      to: m.recipient,
      template: m.template,
      status: m.status,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
    newsletter,
  };
}

/** The name an erased account is listed under (its orders keep the buyer's details as invoiced). */
const ERASED_NAME = 'Erased account';

/**
 * Erases a user's account at their request, with their password: every session ends, the account can no longer
 * sign in (its mobile number and password are gone), its name, mobile number, e-mail, saved addresses, cart, consent
 * record, the newsletter subscription of its e-mail address and the addresses of messages sent to it are erased. Orders and invoices stay, with the buyer's details as
 * invoiced (GST law keeps them 8 years). Refused while an order is not yet paid for, is on its way, or has a return
 * open, and for an administrator (another administrator removes that account).
 */
export async function eraseAccount(db: Db, userId: string, password: string, now: Date) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.erasedAt) throw new NotFound('User not found');
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new InvalidInput('Password is incorrect', [{ path: 'password', message: 'Password is incorrect' }]);
  }
  if (user.role === 'ADMIN') {
    throw new Conflict('An administrator’s account cannot be deleted here: another administrator can remove it.');
  }
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [open] = await tx
      .select({ number: orders.number, deliverystatus: orders.deliverystatus, paymentstatus: orders.paymentstatus })
      .from(orders)
      .leftJoin(returnRequests, eq(returnRequests.orderId, orders.id))
      .where(
        and(
          eq(orders.userId, userId),
          or(
            eq(orders.paymentstatus, 'Pending'),
            eq(orders.deliverystatus, 'shipped'),
            inArray(returnRequests.status, ['requested', 'approved']),
          ),
        ),
      )
      .limit(1);
    if (open) {
      throw new Conflict(
        `Your account cannot be deleted while order ${open.number} is ${
          open.paymentstatus === 'Pending'
            ? 'awaiting payment'
            : open.deliverystatus === 'shipped'
              ? 'on its way'
              : 'being returned'
        }. Please try again once it is complete.`,
      );
    }
    const contacts = [user.mobileno, user.email].filter((c) => c !== '');
    await tx
      .update(outbox)
      .set({
        recipient: '',
        data: {},
        status: sql`case when ${outbox.status} = 'pending' then 'skipped' else ${outbox.status} end`,
        lastError: sql`case when ${outbox.status} = 'pending' then 'account erased' else ${outbox.lastError} end`,
        leaseToken: null,
        leaseUntil: null,
        updatedAt: now,
      })
      .where(inArray(outbox.recipient, contacts));
    await tx.delete(addresses).where(eq(addresses.userId, userId));
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
    await tx.delete(consentLog).where(eq(consentLog.userId, userId));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await forgetComplainant(tx, userId);
    await forgetSubscriber(tx, user.email);
    await forgetReviewer(tx, userId, now);
    await tx
      .update(users)
      .set({
        fullname: ERASED_NAME,
        // unique, never a mobile number: nobody signs in with it or is sent anything at it
        mobileno: `erased-${userId}`,
        email: '',
        passwordHash: '!',
        marketing: false,
        marketingAt: null,
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}
