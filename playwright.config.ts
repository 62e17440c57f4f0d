import crypto from 'node:crypto';
import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** Each journey server has its own embedded database, so two runs on two ports never share one. */
const DATA_DIR = `tmp/e2e-data-${PORT}`;
export const E2E_ADMIN = { mobileno: '9000000001', password: 'e2e-admin-password' };
/** The MSG91 stand-in (e2e/msg91-stand-in.ts) the server sends its SMS to. */
export const MSG91_STAND_IN = `http://127.0.0.1:${PORT + 1000}`;
/** The stand-in IRP (e2e/irp-stand-in.ts) the server registers e-invoices with, once a journey turns them on. */
const IRP_STAND_IN = `http://127.0.0.1:${PORT + 1001}`;
/** The IRP's key pair and the GSP's credentials: the stand-in keeps the private key, the server gets the public one. */
const irpKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const IRP_CREDENTIALS = {
  EINVOICE_USERNAME: 'e2e-shop',
  EINVOICE_PASSWORD: 'e2e-irp-password',
  EINVOICE_CLIENT_ID: 'AACe2eclient',
  EINVOICE_CLIENT_SECRET: 'e2e-irp-client-secret',
};
const MSG91_TEMPLATES = [
  'order_placed',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'refund_processed',
  'return_updated',
  'password_code',
  'signin_code',
  'merchant_new_order',
  'merchant_flagged_payment',
  'merchant_low_stock',
  'grievance_received',
  'grievance_updated',
  'merchant_grievance',
]
  .map((t) => `${t}:e2e-${t.replaceAll('_', '-')}`)
  .join(',');

/**
 * Debian's Chromium headless shell when it is installed (scripts/ensure-chromium.sh installs it): the same Blink
 * without the browser's UI, about a sixth less CPU for the same journeys (docs/testing.md); else Chromium itself.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = {
  executablePath: process.env.CHROME_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-quic',
    '--disable-sync',
  ],
};

/**
 * Which journeys run on which screen. A journey whose screen does not matter runs once; one that checks a layout runs
 * where that layout is. A new spec file runs on both until it is put in one of these lists (decide by what it checks).
 */
const DESKTOP_ONLY = [
  // flows that read the same on any screen
  '**/account.spec.ts', // sign-up, addresses, password, SMS code; the Outbox
  '**/auth.spec.ts', // sign-up and sign-in forms
  '**/certificate.spec.ts', // a lab report added by the admin, seen by a shopper
  '**/grievances.spec.ts', // a complaint, the officer's reply, the to-do list
  '**/reviews.spec.ts', // a review with a photo, its moderation, the product page
  '**/my-data.spec.ts', // Download my data, Delete my account
  '**/credit.spec.ts', // an order on credit, a payment recorded and part paid back, the statement
  '**/home-films.spec.ts', // a film that loads nothing until played
  '**/lifecycle.spec.ts', // cancel, refund, ship, return
  '**/einvoice.spec.ts', // the E-invoices screen, the switch in Settings, an invoice registered with the stand-in IRP
  '**/made-to-order.spec.ts', // a ruby set in a ring, bought, made, hallmarked and shipped
  '**/wholesale.spec.ts', // a dealer approved with a price group asks for a quote and pays it
  '**/order-number.spec.ts', // the merchant finds an order by the buyer's number
  '**/promotions.spec.ts', // sales, coupons and the home page from the back-office
  '**/storefront.spec.ts', // ratings, /products, heading levels
  '**/menus.spec.ts', // the merchant adds a stone, the shopper finds it in the header's menu
  // opens its own phone, tablet and desktop screens
  '**/gallery-picture.spec.ts',
];
const PHONE_ONLY = [
  // the slow phone: taps before the app runs
  '**/early-taps.spec.ts',
  // the phone is the stricter screen for these; the desktop sidebar and checkout are covered by admin, admin-edges,
  // browse and storefront-phone
  '**/admin-films.spec.ts', // the Storefront screen no wider than a phone, buttons tapped where they are
  '**/buy.spec.ts', // the buying journey with axe on every step, on the screen most shoppers have
  '**/gst-admin.spec.ts', // Settings, Tax and Reports with no sideways scroll on a phone
  '**/phone-pages.spec.ts', // the product page's buy bar, the top bars sliding away, the filter sheet
];
/**
 * Files that check layouts on both screens also hold journeys that read the same on any screen: those run on the
 * desktop only, named here by their titles (a renamed journey simply runs on both again).
 */
const DESKTOP_ONLY_JOURNEYS = [
  // browse.spec.ts
  'the hero advances every 2 seconds, and stops while hovered',
  'best sellers: empty and failed tabs say so and offer a way on',
  '30 skeletons while loading; pages move without adding history entries',
  'listing and product pages arrive rendered, and the browser takes them over without asking again',
  'a rendered listing and product page: the browser asks for nothing they were rendered from',
  'a failed listing says so and Retry loads it; an empty one says No products found',
  '10 skeletons while loading; Add to Cart and Buy Now send a signed-out shopper to sign in',
  'a signed-in shopper adds to the cart, and Buy Now goes to checkout with only this stone',
  'an unknown product says Product Not Found',
  'a signed-out shopper adding to cart sees Adding..., then sign-in with the message',
  'an administrator can copy a product ID from a card',
  'policies state the shop’s terms, each Last Updated 11 March 2024',
  'information pages about and contact',
  'an unknown address shows a helpful 404 with search',
  'the JavaScript for the first render of / is at most 110 KB gzip',
  // checkout-extras.spec.ts (GST, coupons and saved addresses read the same on any screen; the checkout's layout is in
  // storefront-phone): its two buyers abroad keep both screens, the form and the currency picker being the phone's too
  'a Punjab shopper pays CGST and SGST; the invoice adds up to what was paid',
  'a Maharashtra business buyer pays IGST; a wrong GSTIN is refused beside the field, the right one is on the invoice',
  'the shopper corrects a state the PIN code got wrong, and the invoice follows the choice',
  'an admin’s coupon takes its discount off the checkout total, which is what is paid; bad codes say why',
  'Save this address on the first order; the next checkout offers it, chosen, with the form filled',
  'the default saved address is chosen; choosing another fills the form with it and its state, never a saved GSTIN unasked',
  'with no saved address, the second order starts from the last order’s address',
  // admin.spec.ts (the sidebar and the drawer, the orders filter sheet and every screen keep both screens)
  'anonymous visitors go to /signin and shoppers to /',
  'category → subcategory → product with an image; it shows in the shop until switched off',
  'creates, edits and deletes a user',
  // storefront-phone.spec.ts (the listing's rough edges that do not depend on the screen)
  'a page past the last shows the last page, rendered and in the app, under the All Products heading',
  'Iolite is spelt one way: on the misspelt page, in the names and on the product page',
  // gems.spec.ts (the header search behind its icon on a phone keeps both screens)
  'cards show carat, shape and origin under the name',
  'a 5-ratti untreated Burmese ruby is found through the filters; its page shows ratti and price per carat',
];
/** The overflow check sets a 360 px screen itself: it is a phone's (touch, mobile viewport) to make. */
const PHONE_ONLY_JOURNEYS = ['no horizontal overflow at 360 px'];
// Both screens, whole: admin-edges, header-steady; and the rest of admin, browse, gems and storefront-phone.

/**
 * CI's second part of the journeys (`E2E_PART=second`, scripts/test.sh with --pg): desktop-only files that need no
 * other, run on a shop of their own once the PostgreSQL run has ended, beside the rest of the journeys
 * (`E2E_PART=first`), so both cores stay busy to the end. Without E2E_PART every journey runs.
 */
const SECOND_PART = [
  '**/account.spec.ts',
  '**/promotions.spec.ts',
  '**/grievances.spec.ts',
  '**/lifecycle.spec.ts',
  '**/einvoice.spec.ts',
  '**/certificate.spec.ts',
  '**/made-to-order.spec.ts',
  '**/credit.spec.ts',
  '**/menus.spec.ts',
  '**/wholesale.spec.ts',
  '**/auth.spec.ts',
  '**/reviews.spec.ts',
  '**/order-number.spec.ts',
  '**/my-data.spec.ts',
];
const PART = process.env.E2E_PART;
/** The files a project leaves out: its screen's and, in CI's first part, the second part's. */
const ignored = (own: string[]) => (PART === 'first' ? [...own, ...SECOND_PART] : own);
/** In CI's second part, only its files. */
const matched = PART === 'second' ? SECOND_PART : undefined;

const titles = (list: string[]) => new RegExp(list.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));

/** Journeys run against the built app and the real server on a fresh embedded database with the demo catalogue. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/e2e-${PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 }, launchOptions: chromium },
      testIgnore: ignored(PHONE_ONLY),
      ...(matched ? { testMatch: matched } : {}),
      grepInvert: titles(PHONE_ONLY_JOURNEYS),
    },
    {
      name: 'phone',
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        launchOptions: chromium,
      },
      testIgnore: ignored(DESKTOP_ONLY),
      ...(matched ? { testMatch: matched } : {}),
      grepInvert: titles(DESKTOP_ONLY_JOURNEYS),
    },
  ],
  webServer: [
    {
      command: 'node --import tsx e2e/msg91-stand-in.ts',
      url: `${MSG91_STAND_IN}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { MSG91_STAND_IN_PORT: String(PORT + 1000) },
    },
    {
      command: 'node --import tsx e2e/irp-stand-in.ts',
      url: `${IRP_STAND_IN}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        IRP_STAND_IN_PORT: String(PORT + 1001),
        IRP_STAND_IN_KEY: irpKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        ...IRP_CREDENTIALS,
      },
    },
    {
      command: `rm -rf ${DATA_DIR} && node --import tsx server/main.ts`,
      url: `http://localhost:${PORT}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        PUBLIC_URL: `http://localhost:${PORT}`,
        SEED_DEMO: 'true',
        // `npm test` draws the demo pictures once, in the unit run; the journeys' shops read them back from there.
        ...(process.env.SHOP_TEST_PICTURES ? { SEED_PICTURES_DIR: process.env.SHOP_TEST_PICTURES } : {}),
        ADMIN_MOBILE: E2E_ADMIN.mobileno,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        NODE_ENV: 'production',
        // production without Razorpay keys: the sandbox, asked for by name (every page shows the test payments ribbon)
        PAYMENTS: 'sandbox',
        LOG_LEVEL: 'warn',
        // Every journey shops from 127.0.0.1, one client address for many test shoppers at once.
        HOLD_MAX_UNITS_PER_ADDRESS: '100000',
        HOLD_MAX_RUPEES_PER_ADDRESS: '1000000000',
        CHECKOUT_ADDRESS_LIMIT: '0',
        // and one address for every page the journeys load: server rendering must not fall back to the shell.
        PAGE_RENDER_LIMIT: '0',
        // and every listing the journeys ask for.
        LISTING_QUERY_LIMIT: '0',
        // and every visitor's guest cart.
        GUEST_CART_LIMIT: '0',
        // SMS go to the MSG91 stand-in (a journey reads the password code there).
        MSG91_AUTHKEY: 'e2e-msg91-authkey',
        MSG91_API_BASE: MSG91_STAND_IN,
        MSG91_TEMPLATES,
        // E-invoices go to the stand-in IRP (e2e/einvoice.spec.ts turns them on, then off again).
        EINVOICE_API_BASE: IRP_STAND_IN,
        ...IRP_CREDENTIALS,
        EINVOICE_PUBLIC_KEY: irpKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      },
    },
  ],
});
