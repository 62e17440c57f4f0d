import crypto from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { Forbidden, NotSignedIn } from '../domain/errors.js';
import { capSessions } from './housekeeping.js';
import type { KeptValues } from './kept-values.js';

export const SESSION_COOKIE = 'sid';
const SESSION_DAYS = 30;

export type SessionUser = {
  id: string;
  fullname: string;
  mobileno: string;
  role: 'USER' | 'ADMIN';
  email: string;
  language: 'en' | 'hi';
  marketing: boolean;
  createdAt: Date;
  sessionId: string;
};

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: string) {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
  await capSessions(db, userId);
  return { token, expiresAt };
}

export async function deleteSessionByToken(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Ends every session of a user, except `keepSessionId` when given (the one making the change). */
export async function revokeUserSessions(db: DbOrTx, userId: string, keepSessionId?: string) {
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
}

/** The signed-in user of a session token and when the session ends (null: no such live session). */
async function loadSession(db: Db, token: string): Promise<{ user: SessionUser; expiresAt: Date } | null> {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const rows = await db
    .select({
      id: users.id,
      fullname: users.fullname,
      mobileno: users.mobileno,
      role: users.role,
      email: users.email,
      language: users.language,
      marketing: users.marketing,
      createdAt: users.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { expiresAt, ...user } = row;
  return { user: { ...user, sessionId: id }, expiresAt };
}

/**
 * The signed-in user of a token, looked up once and then kept by the server (server/http/kept-values.ts) until
 * the session ends or a session or user is changed or deleted anywhere: a sign-out, a password change, a
 * new role.
 */
async function findSessionUserKept(
  db: Db,
  kept: KeptValues<{ user: SessionUser; expiresAt: Date } | null>,
  token: string,
): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const found = await kept.get(hashToken(token), async () => {
    const s = await loadSession(db, token);
    return { value: s, bytes: s ? 400 : null, validUntil: s?.expiresAt.getTime() };
  });
  return found ? { ...found.user } : null;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.cookieSecure(request),
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.cookieSecure(request),
  });
}

/** Loads the signed-in user once per request (null when signed out). */
export async function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (request.sessionUser !== undefined) return request.sessionUser;
  const token = request.cookies[SESSION_COOKIE];
  request.sessionUser = token ? await findSessionUserKept(request.server.db, request.server.signedIn, token) : null;
  return request.sessionUser;
}

/** Route hook, used as preValidation so that it answers before any input is looked at: 401 unless signed in. */
export async function requireUser(request: FastifyRequest) {
  const user = await currentUser(request);
  if (!user) throw new NotSignedIn();
}

/** Route hook of a route open to everyone that answers the signed-in user as theirs: loads them, if any. */
export async function loadShopper(request: FastifyRequest) {
  await currentUser(request);
}

/** Route hook, used as preValidation like requireUser: 401 unless signed in, 403 unless ADMIN. */
export async function requireAdmin(request: FastifyRequest) {
  const user = await currentUser(request);
  if (!user) throw new NotSignedIn();
  if (user.role !== 'ADMIN') throw new Forbidden('Admin access required');
}

/** The signed-in user inside a handler guarded by requireUser/requireAdmin. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new NotSignedIn();
  return request.sessionUser;
}

/** OpenAPI security requirements to spread into a guarded route's schema. */
export const SIGNED_IN = { security: [{ session: [] }] };
export const ADMIN = { security: [{ adminSession: [] }] };
