import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.js';

/**
 * What several journeys do the same way: sign in through the API, an admin's own browser, the back-office menu on
 * a phone or a wide screen, its popups, and the no-sideways-scroll check.
 */

type Credentials = { mobileno: string; password: string };

/** Signs in through the API; the browser context of `request` shares the session cookie. */
export async function signIn(request: APIRequestContext, creds: Credentials) {
  const res = await request.post('/u1/api/signin', { data: creds });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A page in a browser context of its own, signed in (the admin unless other credentials are given): the journey's
 * own page stays signed in as its shopper.
 */
export async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  creds: Credentials = E2E_ADMIN,
  viewport?: { width: number; height: number } | null,
) {
  const context = await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  await signIn(page.request, creds);
  return page;
}

/** Narrower than the back-office's sidebar breakpoint (768 px): the phone layout. */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1366) < 768;

/** Opens a back-office screen from the sidebar (the drawer on a phone). */
export async function openSection(page: Page, name: string) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('admin-drawer').getByRole('link', { name }).click();
  } else {
    await page.getByTestId('admin-sidebar').getByRole('link', { name }).click();
  }
}

/**
 * Waits until the web app has taken the server-rendered screen over (its `shop:live` mark, web/ui/earlyTaps.ts):
 * before that a link is the plain link the server sent, and following it leaves the page.
 */
export async function appTookOver(page: Page) {
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('shop:live').length), { timeout: 30_000 })
    .toBeGreaterThan(0);
}

/** A back-office notice with these words: a save's toast (it closes by itself after two seconds) or a failure's popup. */
export const adminNotice = (page: Page, text: string) => page.getByTestId('notice').filter({ hasText: text });

/**
 * The toast of a back-office save: checks its text, then closes it with its Close button, so the next save's toast
 * is not mistaken for this one. `closesByItself`: waits the two seconds for it to close by itself instead (one
 * journey does; `web/admin/ui/Notice.test.tsx` checks the two seconds to the millisecond on a fake clock).
 */
export async function expectNotice(page: Page, text: string, { closesByItself = false } = {}) {
  const notice = page.getByTestId('notice');
  await expect(notice).toContainText(text);
  if (!closesByItself) {
    // On a slow machine the toast may close by itself before the click lands: either way it must then be gone.
    const close = notice.getByRole('button', { name: 'Close' });
    await close.click({ timeout: 2_000 }).catch(() => {});
  }
  await expect(notice).toBeHidden({ timeout: 5000 });
}

/** No sideways scroll on the page itself (wide tables scroll inside their own box). */
export async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1] as number);
}

/** Who buys in `sandboxPaidOrder`, and where the order goes. */
export type Shopper = { fullname: string; mobileno: string; address: string; city: string; pincode: string };

/**
 * A new shopper signs up, signs in in a browser context of their own, adds the product (5 Ratti, Red) to the cart and
 * pays for it in the sandbox: answers the placed order and the shopper's context (still signed in; the caller closes it).
 */
export async function sandboxPaidOrder(browser: Browser, baseURL: string | undefined, productId: string, shopper: Shopper) {
  const context = await browser.newContext({ baseURL });
  const { fullname, mobileno, ...address } = shopper;
  const password = 'shopper-pass-1';
  expect((await context.request.post('/u1/api/signup', { data: { fullname, mobileno, password } })).status()).toBe(201);
  await signIn(context.request, { mobileno, password });
  const add = await context.request.post('/c2/api/add', {
    data: { productId, productsize: '5 Ratti', productcolour: 'Red', quantity: 1 },
  });
  expect(add.status(), await add.text()).toBe(200);
  const shippinginfo = { fullname, mobileno, ...address };
  const rp = await context.request.post('/o1/api/razorpay-order', { data: { shippinginfo } });
  expect(rp.status(), await rp.text()).toBe(200);
  const { razorpayOrder } = await rp.json();
  const pay = await context.request.post('/o1/api/sandbox/pay', {
    data: { razorpay_order_id: razorpayOrder.id, outcome: 'success' },
  });
  expect(pay.status(), await pay.text()).toBe(200);
  const signed = await pay.json();
  const placed = await context.request.post('/o1/api/verify-and-place', {
    data: {
      razorpay_order_id: signed.razorpay_order_id,
      razorpay_payment_id: signed.razorpay_payment_id,
      razorpay_signature: signed.razorpay_signature,
      shippinginfo,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = await placed.json();
  return { context, order: order as { _id: string; razorpay_order_id: string } };
}
