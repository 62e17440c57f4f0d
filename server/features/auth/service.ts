import crypto from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { consentLog, users } from '../../db/schema.js';
import { Conflict, InvalidInput, NotFound } from '../../domain/errors.js';
import { revokeUserSessions } from '../../http/session.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';

type UserRow = typeof users.$inferSelect;

/** The password given to confirm a change is not the user's: a 400 on that field (the user is signed in). */
export class WrongCurrentPassword extends InvalidInput {
  constructor() {
    super('Current password is incorrect', [{ path: 'currentPassword', message: 'Current password is incorrect' }]);
  }
}

export const toUser = (
  u: Pick<UserRow, 'id' | 'fullname' | 'mobileno' | 'role' | 'email' | 'language' | 'marketing' | 'createdAt'>,
) => ({
  _id: u.id,
  fullname: u.fullname,
  mobileno: u.mobileno,
  role: u.role,
  email: u.email,
  language: u.language,
  marketing: u.marketing,
  createdAt: u.createdAt.toISOString(),
});

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';
const violatedConstraint = (err: unknown) =>
  (err as { constraint?: string })?.constraint ?? (err as { cause?: { constraint?: string } })?.cause?.constraint ?? '';
const EMAIL_TAKEN = 'This e-mail address is already registered';
/** A unique violation as the 409 the user understands: the e-mail or the mobile number is taken. */
const takenError = (err: unknown) =>
  new Conflict(violatedConstraint(err) === 'users_email_key' ? EMAIL_TAKEN : 'This mobile number is already registered');

export async function createUser(
  db: Db,
  input: {
    fullname: string;
    mobileno: string;
    password: string;
    role?: 'USER' | 'ADMIN';
    email?: string;
    language?: 'en' | 'hi';
    marketing?: boolean;
  },
) {
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          fullname: input.fullname,
          mobileno: input.mobileno,
          passwordHash,
          role: input.role ?? 'USER',
          email: (input.email ?? '').toLowerCase(),
          language: input.language ?? 'en',
          marketing: input.marketing === true,
          marketingAt: input.marketing === true ? now : null,
        })
        .returning();
      if (!row) throw new Error('user not inserted');
      if (input.marketing === true)
        await tx.insert(consentLog).values({ userId: row.id, marketing: true, source: 'signup', createdAt: now });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw takenError(err);
    throw err;
  }
}

export async function authenticate(db: Db, mobileno: string, password: string) {
  const [row] = await db.select().from(users).where(eq(users.mobileno, mobileno)).limit(1);
  if (!row) {
    await verifyPassword(await dummyHash(), password);
    return null;
  }
  return (await verifyPassword(row.passwordHash, password)) ? row : null;
}

async function getUser(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new NotFound('User not found');
  return row;
}

export async function editOwnDetails(
  db: Db,
  userId: string,
  sessionId: string,
  input: {
    fullname?: string;
    email?: string;
    language?: 'en' | 'hi';
    marketing?: boolean;
    password?: string;
    currentPassword?: string;
  },
) {
  const user = await getUser(db, userId);
  const patch: Partial<UserRow> = { updatedAt: new Date() };
  const consentChanged = input.marketing !== undefined && input.marketing !== user.marketing;
  if (consentChanged) {
    patch.marketing = input.marketing;
    patch.marketingAt = patch.updatedAt;
  }
  if (input.fullname !== undefined) patch.fullname = input.fullname;
  if (input.email !== undefined) patch.email = input.email.toLowerCase();
  if (input.language !== undefined) patch.language = input.language;
  if (input.password !== undefined) {
    if (!(await verifyPassword(user.passwordHash, input.currentPassword ?? ''))) {
      throw new WrongCurrentPassword();
    }
    patch.passwordHash = await hashPassword(input.password);
  }
  let row: UserRow | undefined;
  try {
    [row] = await db.transaction(async (tx) => {
      const updated = await tx.update(users).set(patch).where(eq(users.id, userId)).returning();
      if (consentChanged) {
        await tx
          .insert(consentLog)
          .values({ userId, marketing: input.marketing === true, source: 'account', createdAt: patch.updatedAt });
      }
      return updated;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new Conflict(EMAIL_TAKEN, [{ path: 'email', message: EMAIL_TAKEN }]);
    }
    throw err;
  }
  if (input.password !== undefined) await revokeUserSessions(db, userId, sessionId);
  return row as UserRow;
}

export async function listUsers(db: Db) {
  return db.select().from(users).orderBy(desc(users.createdAt), desc(users.id));
}

export async function countUsers(db: Db) {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

const LAST_ADMIN = 'The shop must keep at least one administrator';

/**
 * Locks the administrators' rows until the transaction ends and returns their ids. Every change that could
 * remove an administrator takes this lock first, so two of them at once (two admins deleting or demoting
 * each other) are decided one after the other, and the second sees what the first did.
 */
async function lockAdmins(tx: DbOrTx) {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN')).for('update');
  return rows.map((r) => r.id);
}

export async function adminEditUser(
  db: Db,
  actor: { id: string; sessionId: string },
  id: string,
  input: { fullname: string; mobileno: string; role: 'USER' | 'ADMIN'; password?: string },
) {
  await getUser(db, id); // 404 before the work of hashing a password
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    await db.transaction(async (tx) => {
      const admins = await lockAdmins(tx);
      const user = await getUser(tx, id);
      if (user.role === 'ADMIN' && input.role !== 'ADMIN' && admins.every((admin) => admin === id)) {
        throw new Conflict(LAST_ADMIN);
      }
      const patch: Partial<UserRow> = {
        fullname: input.fullname,
        mobileno: input.mobileno,
        role: input.role,
        updatedAt: new Date(),
        ...(passwordHash ? { passwordHash } : {}),
      };
      await tx.update(users).set(patch).where(eq(users.id, id));
      if (passwordHash || input.role !== user.role) {
        await revokeUserSessions(tx, id, id === actor.id ? actor.sessionId : undefined);
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw takenError(err);
    throw err;
  }
}

export async function adminDeleteUser(db: Db, actorId: string, id: string) {
  if (id === actorId) throw new Conflict('You cannot delete your own account');
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const user = await getUser(tx, id);
    if (user.role === 'ADMIN' && admins.every((admin) => admin === id)) throw new Conflict(LAST_ADMIN);
    await tx.delete(users).where(eq(users.id, id)); // sessions and cart go with it (on delete cascade)
  });
}

/**
 * First administrator: the configured one when it does not exist yet; otherwise, when the shop has
 * no ADMIN at all, one with a random password that is returned so start-up can print it once.
 */
export async function ensureFirstAdmin(db: Db, configured?: { mobileno: string; password: string }) {
  if (configured) {
    const [existing] = await db.select().from(users).where(eq(users.mobileno, configured.mobileno)).limit(1);
    if (existing) return null;
    await createUser(db, { fullname: 'Administrator', ...configured, role: 'ADMIN' });
    return { mobileno: configured.mobileno, generated: false as const };
  }
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN')).limit(1);
  if (admin) return null;
  for (;;) {
    const mobileno = `9${crypto.randomInt(100_000_000, 999_999_999)}`;
    const password = crypto.randomBytes(12).toString('base64url');
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.mobileno, mobileno)).limit(1);
    if (taken) continue;
    await createUser(db, { fullname: 'Administrator', mobileno, password, role: 'ADMIN' });
    return { mobileno, password, generated: true as const };
  }
}
