import crypto from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { guestCarts } from '../../db/schema.js';
import { countAttempt } from '../../http/rate-limit.js';
import { currentUser } from '../../http/session.js';
import { type CartOwner, mergeGuestCart } from './service.js';

/**
 * A visitor's cart before sign-in: a random 32-byte token in an HttpOnly cookie; the server keeps only its SHA-256
 * (`guest_carts.id`), so the cookie cannot be guessed, and a token the server did not hand out (or one whose cart
 * was merged or ran out) is no cart at all.
 */
const GUEST_CART_COOKIE = 'gcart';
const GUEST_CART_DAYS = 30;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

function setGuestCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(GUEST_CART_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.cookieSecure(request),
    expires: expiresAt,
  });
}

function clearGuestCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(GUEST_CART_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.cookieSecure(request),
  });
}

/** The live guest cart of this request's cookie, or null. */
async function guestCartOf(db: Db, request: FastifyRequest, now: Date): Promise<string | null> {
  const token = request.cookies[GUEST_CART_COOKIE];
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const [row] = await db
    .select({ id: guestCarts.id })
    .from(guestCarts)
    .where(and(eq(guestCarts.id, id), gt(guestCarts.expiresAt, now)))
    .limit(1);
  return row?.id ?? null;
}

/** Whose cart this request reads: the signed-in user's, the visitor's guest cart, or none yet (null). */
export async function cartOwnerOf(db: Db, request: FastifyRequest, now: Date): Promise<CartOwner | null> {
  const user = await currentUser(request);
  if (user) return { userId: user.id };
  const guestId = await guestCartOf(db, request, now);
  return guestId ? { guestId } : null;
}

/**
 * What a visitor is told past GUEST_CART_LIMIT.
 * @forTests the limit's test expects this answer
 */
export const GUEST_CARTS_TOO_MANY = 'Too many carts started from your network. Please sign in or try again later.';

/**
 * The cart a change goes to: the signed-in user's, or the visitor's guest cart, made on their first change. Each
 * change keeps the guest cart (and its cookie) for another 30 days.
 */
export async function cartOwnerFor(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  now: Date,
): Promise<CartOwner & { created?: true }> {
  const user = await currentUser(request);
  if (user) return { userId: user.id };
  const expiresAt = new Date(now.getTime() + GUEST_CART_DAYS * 86_400_000);
  const existing = await guestCartOf(db, request, now);
  if (existing) {
    await db.update(guestCarts).set({ expiresAt }).where(eq(guestCarts.id, existing));
    setGuestCookie(request, reply, request.cookies[GUEST_CART_COOKIE] as string, expiresAt);
    return { guestId: existing };
  }
  // Each cart made is a row kept 30 days: a loop of cookie-less adds from one address is refused past the limit.
  const { limit, windowMs } = request.server.config.guestCartLimit;
  await countAttempt(request.server.rateLimits, windowMs, [[`guest-cart:${request.ip}`, limit]], GUEST_CARTS_TOO_MANY);
  const token = crypto.randomBytes(32).toString('base64url');
  const id = hashToken(token);
  await db.insert(guestCarts).values({ id, expiresAt });
  setGuestCookie(request, reply, token, expiresAt);
  return { guestId: id, created: true };
}

/**
 * A visitor's first change that was refused (an unknown product, no stock) leaves no cart behind: the guest cart
 * made for it goes, with its cookie.
 */
export async function discardNewGuestCart(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  owner: CartOwner & { created?: true },
) {
  if (!owner.created || owner.guestId === undefined) return;
  await db.delete(guestCarts).where(eq(guestCarts.id, owner.guestId));
  clearGuestCookie(request, reply);
}

/** At sign-in: the visitor's guest cart (if any) joins the user's cart, and its cookie is cleared. */
export async function mergeGuestCartAtSignIn(db: Db, request: FastifyRequest, reply: FastifyReply, userId: string, now: Date) {
  if (!request.cookies[GUEST_CART_COOKIE]) return;
  const guestId = await guestCartOf(db, request, now);
  if (guestId) await mergeGuestCart(db, guestId, userId);
  clearGuestCookie(request, reply);
}
