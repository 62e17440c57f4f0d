import crypto from 'node:crypto';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { conflict, notFound, unauthorized } from '../../http/errors.js';
import { revokeUserSessions } from '../../http/session.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';

type UserRow = typeof users.$inferSelect;

export const toUser = (u: Pick<UserRow, 'id' | 'fullname' | 'mobileno' | 'role' | 'createdAt'>) => ({
  _id: u.id,
  fullname: u.fullname,
  mobileno: u.mobileno,
  role: u.role,
  createdAt: u.createdAt.toISOString(),
});

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

export async function createUser(
  db: Db,
  input: { fullname: string; mobileno: string; password: string; role?: 'USER' | 'ADMIN' },
) {
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({ fullname: input.fullname, mobileno: input.mobileno, passwordHash, role: input.role ?? 'USER' })
      .returning();
    return row as UserRow;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This mobile number is already registered');
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

export async function getUser(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('User not found');
  return row;
}

export async function editOwnDetails(
  db: Db,
  userId: string,
  sessionId: string,
  input: { fullname?: string; password?: string; currentPassword?: string },
) {
  const user = await getUser(db, userId);
  const patch: Partial<UserRow> = { updatedAt: new Date() };
  if (input.fullname !== undefined) patch.fullname = input.fullname;
  if (input.password !== undefined) {
    if (!(await verifyPassword(user.passwordHash, input.currentPassword ?? ''))) {
      throw unauthorized('Current password is incorrect');
    }
    patch.passwordHash = await hashPassword(input.password);
  }
  const [row] = await db.update(users).set(patch).where(eq(users.id, userId)).returning();
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

async function otherAdmins(db: Db, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), ne(users.id, userId)));
  return Number(row?.n ?? 0);
}

export async function adminEditUser(
  db: Db,
  actor: { id: string; sessionId: string },
  id: string,
  input: { fullname: string; mobileno: string; role: 'USER' | 'ADMIN'; password?: string },
) {
  const user = await getUser(db, id);
  if (user.role === 'ADMIN' && input.role !== 'ADMIN' && (await otherAdmins(db, id)) === 0) {
    throw conflict('The shop must keep at least one administrator');
  }
  const patch: Partial<UserRow> = {
    fullname: input.fullname,
    mobileno: input.mobileno,
    role: input.role,
    updatedAt: new Date(),
  };
  if (input.password) patch.passwordHash = await hashPassword(input.password);
  try {
    await db.update(users).set(patch).where(eq(users.id, id));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This mobile number is already registered');
    throw err;
  }
  if (input.password || input.role !== user.role) {
    await revokeUserSessions(db, id, id === actor.id ? actor.sessionId : undefined);
  }
}

export async function adminDeleteUser(db: Db, actorId: string, id: string) {
  if (id === actorId) throw conflict('You cannot delete your own account');
  const user = await getUser(db, id);
  if (user.role === 'ADMIN' && (await otherAdmins(db, id)) === 0) {
    throw conflict('The shop must keep at least one administrator');
  }
  await db.delete(users).where(eq(users.id, id)); // sessions and cart go with it (on delete cascade)
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
