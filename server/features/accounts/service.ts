import crypto from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  AddressBody,
  type AddressPatchBody,
  MAX_ADDRESSES,
  OUTBOX_PAGE_SIZE,
  type OutboxStatus,
} from '../../../contract/accounts.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { addresses, outbox, passwordResets, users } from '../../db/schema.js';
import { Conflict, InvalidInput, NotFound } from '../../domain/errors.js';
import { revokeUserSessions } from '../../http/session.js';
import { CODE_TRIES, CODE_TTL_MS, hashCode, resetKey } from '../auth/codes.js';
import { hashPassword } from '../auth/passwords.js';
import { enqueue, retryMessage } from '../outbox/outbox.js';

// ---------------------------------------------------------------- saved addresses
type AddressRow = typeof addresses.$inferSelect;

/** An address's own fields, as the shopper writes them and as they are answered (in this order). */
const ADDRESS_FIELDS = ['country', 'label', 'fullname', 'mobileno', 'address', 'city', 'pincode', 'state', 'gstin'] as const;

const toAddress = (a: AddressRow) => ({
  _id: a.id,
  ...(Object.fromEntries(ADDRESS_FIELDS.map((k) => [k, a[k]])) as Pick<AddressRow, (typeof ADDRESS_FIELDS)[number]>),
  isdefault: a.isDefault,
  createdAt: a.createdAt.toISOString(),
});

export async function listAddresses(db: DbOrTx, userId: string) {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), addresses.createdAt, addresses.id);
  return rows.map(toAddress);
}

/** Locks the user's row so that address changes of one user (one default, the count) are decided one at a time. */
async function lockUser(tx: DbOrTx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

const fieldsOf = (b: Partial<AddressBody>) => {
  const out: Partial<AddressRow> = {};
  for (const k of ADDRESS_FIELDS) {
    if (b[k] !== undefined) out[k] = b[k];
  }
  return out;
};

export async function addAddress(db: Db, userId: string, body: AddressBody) {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    if (Number(n) >= MAX_ADDRESSES) throw new Conflict(`You can save at most ${MAX_ADDRESSES} addresses`);
    // The first address is the default; asking for default moves it here.
    const isDefault = body.isdefault === true || Number(n) === 0;
    if (isDefault) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    const [row] = await tx
      .insert(addresses)
      .values({
        userId,
        ...(fieldsOf(body) as Required<Pick<AddressRow, 'fullname' | 'mobileno' | 'address' | 'city' | 'pincode'>>),
        isDefault,
      })
      .returning();
    return { id: (row as AddressRow).id, addresses: await listAddresses(tx, userId) };
  });
}

/** The address fields a change may touch; the stored address with them is checked as a new one would be. */
const CHECKED_FIELDS = ['country', 'fullname', 'mobileno', 'address', 'city', 'pincode', 'state', 'gstin'] as const;

/** The address as it will be after the change, checked by its country's rules (400 with each field's message). */
function changedAddress(own: AddressRow, body: AddressPatchBody): Partial<AddressRow> {
  if (!CHECKED_FIELDS.some((k) => body[k] !== undefined)) return body.label !== undefined ? { label: body.label } : {};
  const merged = Object.fromEntries(CHECKED_FIELDS.map((k) => [k, body[k] ?? own[k]]));
  // A state named for another country does not follow the address abroad (or home): a new country asks anew.
  if (body.country !== undefined && body.state === undefined && body.country.toUpperCase() !== own.country) merged.state = '';
  if (body.country !== undefined && body.gstin === undefined && body.country.toUpperCase() !== own.country) merged.gstin = '';
  const parsed = AddressBody.safeParse(merged);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    const first = errors[0];
    throw new InvalidInput(first?.path ? `${first.path}: ${first.message}` : (first?.message ?? 'Invalid address'), errors);
  }
  const { label: _l, isdefault: _d, ...checked } = parsed.data;
  return { ...fieldsOf(checked), ...(body.label !== undefined ? { label: body.label } : {}) };
}

export async function editAddress(db: Db, userId: string, id: string, body: AddressPatchBody) {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [own] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!own) throw new NotFound('Address not found');
    const patch: Partial<AddressRow> = { ...changedAddress(own, body), updatedAt: new Date() };
    if (body.isdefault === true && !own.isDefault) {
      await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
      patch.isDefault = true;
    } else if (body.isdefault === false && own.isDefault) {
      patch.isDefault = false; // no default until another is chosen
    }
    await tx.update(addresses).set(patch).where(eq(addresses.id, id));
    return listAddresses(tx, userId);
  });
}

export async function deleteAddress(db: Db, userId: string, id: string) {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    if (!gone) throw new NotFound('Address not found');
    if (gone.isDefault) {
      // The oldest remaining address becomes the default, so a shopper with addresses always has one.
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(addresses.createdAt, addresses.id)
        .limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
    return listAddresses(tx, userId);
  });
}

// ---------------------------------------------------------------- sessions
export async function signOutOthers(db: Db, userId: string, sessionId: string) {
  await revokeUserSessions(db, userId, sessionId);
}

// ---------------------------------------------------------------- password reset
/**
 * Makes a new code for the account with this number (voiding the previous one) and writes the SMS to the
 * outbox in the same transaction. Returns the code (for the development log) or null when no account uses
 * the number; the caller answers the same either way.
 */
export async function startPasswordReset(db: Db, mobileno: string, now = new Date()): Promise<string | null> {
  const key = await resetKey(db);
  const [user] = await db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(eq(users.mobileno, mobileno))
    .limit(1);
  if (!user) return null;
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = hashCode(key, user.id, code);
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  await db.transaction(async (tx) => {
    await tx
      .insert(passwordResets)
      .values({ userId: user.id, codeHash, expiresAt, attempts: 0, createdAt: now })
      .onConflictDoUpdate({ target: passwordResets.userId, set: { codeHash, expiresAt, attempts: 0, createdAt: now } });
    await enqueue(tx, { channel: 'sms', to: mobileno, template: 'password_code', language: user.language, data: { code } });
  });
  return code;
}

const BAD_CODE = 'This code is wrong or has expired. Please ask for a new one.';
/** A user id no account has: what an unknown number's reset looks for. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/**
 * Checks a code and sets the new password. A wrong code uses up one of its 5 tries (the fifth voids it); the
 * right one is used up, the password changes and every session of the user ends, in one transaction.
 */
export async function finishPasswordReset(db: Db, input: { mobileno: string; code: string; password: string }, now = new Date()) {
  const key = await resetKey(db);
  // The same work whether an account uses the number or not (the new password hashed, outside any transaction, and
  // a transaction looking for the code), so the answer's timing does not tell which numbers are registered.
  const [[user], passwordHash] = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.mobileno, input.mobileno)).limit(1),
    hashPassword(input.password),
  ]);
  const userId = user?.id ?? NO_USER;
  const ok = await db.transaction(async (tx) => {
    const [reset] = await tx.select().from(passwordResets).where(eq(passwordResets.userId, userId)).for('update');
    if (!user || !reset || reset.expiresAt.getTime() <= now.getTime() || reset.attempts >= CODE_TRIES) {
      if (reset) await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
      return false;
    }
    const given = Buffer.from(hashCode(key, user.id, input.code), 'hex');
    const stored = Buffer.from(reset.codeHash, 'hex');
    if (given.length !== stored.length || !crypto.timingSafeEqual(given, stored)) {
      if (reset.attempts + 1 >= CODE_TRIES) await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
      else
        await tx
          .update(passwordResets)
          .set({ attempts: reset.attempts + 1 })
          .where(eq(passwordResets.userId, user.id));
      return false;
    }
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id);
    return true;
  });
  if (!ok) throw new InvalidInput(BAD_CODE, [{ path: 'code', message: BAD_CODE }]);
}

// ---------------------------------------------------------------- outbox (admin)
type OutboxRow = typeof outbox.$inferSelect;
const toOutboxMessage = (r: OutboxRow) => ({
  _id: r.id,
  channel: r.channel,
  to: r.recipient,
  template: r.template,
  status: r.status,
  attempts: r.attempts,
  lasterror: r.lastError,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt ? r.sentAt.toISOString() : null,
  nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
});

export async function listOutbox(db: Db, page: number, status?: OutboxStatus) {
  const where = status ? eq(outbox.status, status) : undefined;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(outbox).where(where);
  const totalItems = Number(n);
  const rows = await db
    .select()
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(OUTBOX_PAGE_SIZE)
    .offset((page - 1) * OUTBOX_PAGE_SIZE);
  return {
    messages: rows.map(toOutboxMessage),
    pagination: {
      currentPage: page,
      totalPages: Math.max(1, Math.ceil(totalItems / OUTBOX_PAGE_SIZE)),
      totalItems,
      limit: OUTBOX_PAGE_SIZE,
    },
  };
}

export async function retryOutbox(db: Db, id: string) {
  const [row] = await db.select({ status: outbox.status, template: outbox.template }).from(outbox).where(eq(outbox.id, id));
  if (!row) throw new NotFound('Message not found');
  if (row.status !== 'failed') throw new Conflict('Only a failed message can be tried again');
  if (row.template === 'password_code')
    throw new Conflict('A password code is not sent again; the customer can ask for a new one');
  if (!(await retryMessage(db, id))) throw new Conflict('Only a failed message can be tried again');
}
