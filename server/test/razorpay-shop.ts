import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type FakeRazorpay, startFakeRazorpay } from './fake-razorpay.js';
import { shop } from './fixtures.js';
import { createTestApp, type TestApp, type TestUser } from './helpers.js';

/** A shop taking payments through the Razorpay stand-in, with its shopping helpers and a signed-in administrator. */
export type RazorpayShop = { fake: FakeRazorpay; t: TestApp; s: ReturnType<typeof shop>; admin: TestUser };

/**
 * Starts the Razorpay stand-in and a shop talking to it before the file's tests, closes both after them, and puts the
 * stand-in back to answering at once, up and refunding `processed` before each test. The object is filled in by the
 * file's first `beforeAll`.
 */
export function razorpayShopForTests(): RazorpayShop {
  const ctx = {} as RazorpayShop;
  beforeAll(async () => {
    ctx.fake = await startFakeRazorpay();
    ctx.t = await createTestApp(ctx.fake.env);
    ctx.s = shop(ctx.t);
    ctx.admin = await ctx.t.signUpAndIn('ADMIN');
  });
  afterAll(async () => {
    await ctx.t.close();
    await ctx.fake.close();
  });
  beforeEach(() => {
    ctx.fake.setDown(false);
    ctx.fake.clearFailures();
    ctx.fake.setDelay(0);
    ctx.fake.setRefundStatus('processed');
  });
  return ctx;
}
