import { useNavigate } from 'react-router';
import type { CartLine } from '../cart/buyNow';

/**
 * Signing in never loses the shopper: the sign-in address carries where they were (`/signin?next=/ruby/...`)
 * and an Add to Cart or Buy Now asked for while signed out is kept in the tab until sign-in carries it out.
 * Only paths of this shop are followed: anything that could leave the site becomes '/'.
 */
type PendingCartAction = { kind: 'add' | 'buy'; line: CartLine };

const PENDING_KEY = 'ratna.pendingCartAction';

export function safeNext(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return '/';
  // Control characters and backslashes can turn a path into another host in some browsers.
  if ([...raw].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return '/';
  try {
    const url = new URL(raw, 'https://shop.invalid');
    if (url.origin !== 'https://shop.invalid') return '/';
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith('/signin') || path.startsWith('/signup') ? '/' : path;
  } catch {
    return '/';
  }
}

/** The sign-in (or sign-up) address that comes back to `here`. */
export function signInPath(here: string, page: '/signin' | '/signup' = '/signin'): string {
  const next = safeNext(here);
  return next === '/' ? page : `${page}?${new URLSearchParams({ next })}`;
}

/**
 * Keeps the action asked for while signed out, for `takeCartAction` after sign-in.
 * @forTests the sign-in tests set a pending action up as a tap while signed out would (useSignInFirst).
 */
export function rememberCartAction(action: PendingCartAction) {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(action));
  } catch {
    // Storage may be off (private mode): the shopper still comes back to the page.
  }
}

/**
 * Sign in (or up) first: the Add to Cart or Buy Now is kept in the tab and the shopper goes to Sign In, coming back to
 * this page; it is carried out once they have signed in (`useCarryOn`).
 */
export function useSignInFirst() {
  const navigate = useNavigate();
  return (kind: PendingCartAction['kind'], line: CartLine) => {
    rememberCartAction({ kind, line });
    navigate(signInPath(`${window.location.pathname}${window.location.search}`));
  };
}

/** The action asked for while signed out, once (it is forgotten as it is read). */
export function takeCartAction(): PendingCartAction | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
    if (!raw) return null;
    const a = JSON.parse(raw) as PendingCartAction;
    if ((a.kind !== 'add' && a.kind !== 'buy') || typeof a.line?.productId !== 'string') return null;
    const quantity = Number.isInteger(a.line.quantity) && a.line.quantity > 0 ? a.line.quantity : 1;
    return { kind: a.kind, line: { ...a.line, quantity } };
  } catch {
    return null;
  }
}
