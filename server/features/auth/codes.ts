/**
 * The 6-digit codes sent by SMS: the password reset's (server/features/accounts) and the sign-in code's. Each is kept
 * only as a hash keyed with a random key stored once in the database, valid 10 minutes, voided after 5 wrong tries.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appSecrets, signinCodes, users } from '../../db/schema.js';
import { enqueue } from '../outbox/outbox.js';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_TRIES = 5;
const KEY_NAME = 'password_reset_key';
const keys = new WeakMap<Db, Promise<string>>();

/** The key the codes are hashed with: random, stored once in the database, shared by every server. */
export function resetKey(db: Db) {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(appSecrets)
        .values({ name: KEY_NAME, value: crypto.randomBytes(32).toString('hex') })
        .onConflictDoNothing();
      const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, KEY_NAME)).limit(1);
      if (!row) throw new Error('password reset key missing');
      return row.value;
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** A keyed hash: a copy of the table alone does not give the codes away (a bare hash of 6 digits would). */
export const hashCode = (key: string, userId: string, code: string) =>
  crypto.createHmac('sha256', key).update(`${userId}:${code}`).digest('hex');

/** The code's hash is keyed by the number (a code is asked for a number, with or without an account). */
const signinHash = (key: string, mobileno: string, code: string) => hashCode(key, `signin:${mobileno}`, code);

/**
 * Makes a new sign-in code for a number (voiding the previous one) and writes its SMS to the outbox in the same
 * transaction, whether or not an account uses the number (a new number signs up with it). Returns the code for the
 * development log.
 */
export async function startSigninCode(db: Db, mobileno: string, now = new Date()): Promise<string> {
  const key = await resetKey(db);
  const [user] = await db.select({ language: users.language }).from(users).where(eq(users.mobileno, mobileno)).limit(1);
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = signinHash(key, mobileno, code);
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  await db.transaction(async (tx) => {
    await tx
      .insert(signinCodes)
      .values({ mobileno, codeHash, expiresAt, attempts: 0, createdAt: now })
      .onConflictDoUpdate({ target: signinCodes.mobileno, set: { codeHash, expiresAt, attempts: 0, createdAt: now } });
    await enqueue(tx, {
      channel: 'sms',
      to: mobileno,
      template: 'signin_code',
      language: user?.language ?? 'en',
      data: { code },
    });
  });
  return code;
}

/**
 * Checks a sign-in code for a number. A wrong one uses up one of its 5 tries (the fifth voids it), an expired one is
 * voided; the right one is used up when `use` (the sign-in goes ahead) and kept otherwise (a new number still has to
 * give its name). True when the code is right.
 */
export async function checkSigninCode(db: Db, mobileno: string, code: string, use: boolean, now = new Date()) {
  const key = await resetKey(db);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(signinCodes).where(eq(signinCodes.mobileno, mobileno)).for('update');
    if (!row) return false;
    if (row.expiresAt.getTime() <= now.getTime() || row.attempts >= CODE_TRIES) {
      await tx.delete(signinCodes).where(eq(signinCodes.mobileno, mobileno));
      return false;
    }
    const given = Buffer.from(signinHash(key, mobileno, code), 'hex');
    const stored = Buffer.from(row.codeHash, 'hex');
    if (given.length !== stored.length || !crypto.timingSafeEqual(given, stored)) {
      if (row.attempts + 1 >= CODE_TRIES) await tx.delete(signinCodes).where(eq(signinCodes.mobileno, mobileno));
      else
        await tx
          .update(signinCodes)
          .set({ attempts: row.attempts + 1 })
          .where(eq(signinCodes.mobileno, mobileno));
      return false;
    }
    if (use) await tx.delete(signinCodes).where(eq(signinCodes.mobileno, mobileno));
    return true;
  });
}
