import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ADMIN = { mobileno: '9000000001', password: 'e2e-admin-password' };
/** The MSG91 stand-in (e2e/msg91-stand-in.ts) the server sends its SMS to. */
export const MSG91_STAND_IN = `http://127.0.0.1:${PORT + 1000}`;
const MSG91_TEMPLATES = [
  'order_placed',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'refund_processed',
  'return_updated',
  'password_code',
  'merchant_new_order',
  'merchant_flagged_payment',
  'merchant_low_stock',
]
  .map((t) => `${t}:e2e-${t.replaceAll('_', '-')}`)
  .join(',');

const chromium = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
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

/** Journeys run against the built app and the real server on a fresh embedded database with the demo catalogue. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
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
      // The slow-phone journeys are about a phone.
      testIgnore: ['**/early-taps.spec.ts'],
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
      // Finding an order by the buyer's number is the same on any screen: one viewport (desktop) is enough.
      testIgnore: ['**/order-number.spec.ts'],
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
      command: `rm -rf tmp/e2e-data && node --import tsx server/main.ts`,
      url: `http://localhost:${PORT}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: 'tmp/e2e-data',
        PUBLIC_URL: `http://localhost:${PORT}`,
        SEED_DEMO: 'true',
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
        // SMS go to the MSG91 stand-in (a journey reads the password code there).
        MSG91_AUTHKEY: 'e2e-msg91-authkey',
        MSG91_API_BASE: MSG91_STAND_IN,
        MSG91_TEMPLATES,
      },
    },
  ],
});
