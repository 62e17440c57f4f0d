import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { PaymentProvider } from '../../domain/payment-provider.js';
import { razorpayProvider } from './razorpay-provider.js';
import { type SandboxProvider, sandboxProvider } from './sandbox-provider.js';

const cache = new WeakMap<Config, WeakMap<Database, PaymentProvider>>();

/** The payment provider of this app: Razorpay when its keys are configured, else the sandbox. */
export function paymentProvider(app: { config: Config; database: Database }): PaymentProvider {
  let byDb = cache.get(app.config);
  if (!byDb) {
    byDb = new WeakMap();
    cache.set(app.config, byDb);
  }
  let provider = byDb.get(app.database);
  if (!provider) {
    const rz = app.config.razorpay;
    provider = rz
      ? razorpayProvider({ keyId: rz.keyId, keySecret: rz.keySecret, apiBase: app.config.razorpayApiBase })
      : sandboxProvider(app.database.db);
    byDb.set(app.database, provider);
  }
  return provider;
}

export function isSandbox(provider: PaymentProvider): provider is SandboxProvider {
  return provider.name === 'sandbox';
}
