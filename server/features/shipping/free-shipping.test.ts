// @postgres: where shipping is free is read from the zones' country arrays and rates in one SQL statement
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicSettingsResponse } from '../../../contract/settings.js';
import { ShippingZonesResponse } from '../../../contract/shipping-zones.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
});
afterAll(() => t.close());

const settings = async (cookie?: string, etag?: string) =>
  t.request({ method: 'GET', url: '/a1/api/settings', cookie, headers: etag ? { 'if-none-match': etag } : {} });
const freeNow = async () => PublicSettingsResponse.parse((await settings()).json()).settings.freeshipping;
const zonesNow = async () =>
  ShippingZonesResponse.parse((await t.request({ method: 'GET', url: '/a1/api/shipping/zones' })).json()).zones;
/** The shop's zones with each rate changed by `change` (by zone and rate name), saved as the Shipping zones screen does. */
async function saveZones(change: (zone: string, rate: string) => { price?: number; freeabove?: number | null } | undefined) {
  const zones = (await zonesNow()).map((z) => ({
    ...z,
    rates: z.rates.map((r) => ({ ...r, ...change(z.name, r.name) })),
  }));
  const res = await t.request({ method: 'PUT', url: '/a1/api/admin/shipping/zones', cookie: admin.cookie, payload: { zones } });
  expect(res.statusCode, res.body).toBe(200);
}
/** The settings every page carries for the header and home page. */
const carried = async (url: string) => {
  const html = (await t.request({ method: 'GET', url, headers: { accept: 'text/html' } })).body;
  const m = /<script id="shop-settings" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return (JSON.parse(m?.[1] ?? '{}') as { freeshipping?: unknown }).freeshipping;
};
/** A page's description for search engines, which states the free-shipping claim the zones make true. */
const described = async (url: string) => {
  const html = (await t.request({ method: 'GET', url, headers: { accept: 'text/html' } })).body;
  return /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
};

describe('where shipping is free, as the shipping zones give it', () => {
  it('a new shop: free in India at any amount (Standard costs nothing), everywhere from ₹1,50,000', async () => {
    expect(await freeNow()).toEqual({ india: 0, worldwide: 150_000 });
    expect(await carried('/about')).toEqual({ india: 0, worldwide: 150_000 });
    expect(await described('/')).toContain('secure payment, free worldwide shipping above ₹1,50,000 and 10-day');
    expect(await described('/all')).toContain('free worldwide shipping above ₹1,50,000 and 10-day');
    expect(await described('/shipping-policy')).toMatch(/international in 15; free worldwide shipping above ₹1,50,000\.$/);
  });

  it('is the same answer for everyone, kept, and changed at once when a rate changes', async () => {
    const shopper = await t.signUpAndIn();
    const visitor = await settings();
    const signedIn = await settings(shopper.cookie);
    expect(signedIn.body).toBe(visitor.body);
    expect(visitor.headers['cache-control']).toMatch(/^public/);
    const etag = String(visitor.headers.etag);
    expect(etag).toBeTruthy();
    expect((await settings(undefined, etag)).statusCode).toBe(304);

    // India's Standard rate now costs ₹100, free from ₹20,000; Express stays free above ₹50,000.
    await saveZones((zone, rate) => (zone === 'India' && rate === 'Standard' ? { price: 100, freeabove: 20_000 } : undefined));
    expect((await settings(undefined, etag)).statusCode).toBe(200);
    expect(await freeNow()).toEqual({ india: 20_000, worldwide: 150_000 });
    expect(await carried('/about')).toEqual({ india: 20_000, worldwide: 150_000 });
  });

  it('is not worldwide while a zone never ships free, and says nothing for India when its zone never does', async () => {
    await saveZones((zone) => (zone === 'Worldwide' ? { freeabove: null } : undefined));
    expect(await freeNow()).toEqual({ india: 20_000, worldwide: null });
    expect(await described('/')).toContain('secure payment, free shipping in India above ₹20,000 and 10-day');
    expect(await described('/shipping-policy')).toMatch(/international in 15; free shipping in India above ₹20,000\.$/);
    await saveZones((zone) => (zone === 'India' ? { freeabove: null } : undefined));
    expect(await freeNow()).toEqual({ india: null, worldwide: null });
    expect(await described('/all')).toMatch(/secure payment and 10-day no-questions-asked returns\.$/);
    expect(await described('/shipping-policy')).toMatch(/international in 15\.$/);
    expect(await described('/')).not.toMatch(/free/i);
  });

  it('is the highest threshold when every zone has one, India’s included', async () => {
    await saveZones((zone, rate) =>
      zone === 'Worldwide' ? { freeabove: 90_000 } : rate === 'Express' ? { freeabove: 120_000 } : undefined,
    );
    expect(await freeNow()).toEqual({ india: 120_000, worldwide: 120_000 });
    expect(await described('/gemstones-ruby')).toContain('free worldwide shipping above ₹1,20,000 and 10-day');
    // A zone with no country ships nowhere: it takes nothing from the promise.
    const zones = await zonesNow();
    const res = await t.request({
      method: 'PUT',
      url: '/a1/api/admin/shipping/zones',
      cookie: admin.cookie,
      payload: {
        zones: [
          ...zones,
          {
            name: 'Nowhere yet',
            countries: [],
            rates: [{ name: 'Courier', price: 900, freeabove: null, mindays: 5, maxdays: 9 }],
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await freeNow()).toEqual({ india: 120_000, worldwide: 120_000 });
  });

  it('says nothing for India when India is in no zone', async () => {
    const zones = (await zonesNow()).filter((z) => z.name !== 'India');
    const res = await t.request({ method: 'PUT', url: '/a1/api/admin/shipping/zones', cookie: admin.cookie, payload: { zones } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await freeNow()).india).toBeNull();
  });
});
