// @postgres: the product's answer is kept until the shipping tables announce a change (their triggers, migration 0379)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductBySlugResponse } from '../../../contract/catalogue.js';
import { ShippingZonesResponse } from '../../../contract/shipping-zones.js';
import { createProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';

/** A product page's delivery in India: what its own checkout would charge, so "Free Delivery" is said only when true. */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
});
afterAll(() => t.close());

const deliveryOf = async (slug: string) => {
  const res = await t.request({ method: 'GET', url: `/p1/api/slug/${slug}` });
  expect(res.statusCode, res.body).toBe(200);
  return ProductBySlugResponse.parse(res.json()).delivery;
};
const zonesNow = async () =>
  ShippingZonesResponse.parse((await t.request({ method: 'GET', url: '/a1/api/shipping/zones' })).json()).zones;
const putZones = async (cookie: string, zones: unknown) =>
  t.request({ method: 'PUT', url: '/a1/api/admin/shipping/zones', cookie, payload: { zones } });

describe('a product page’s delivery in India', () => {
  it('is the rate its checkout would charge, free only where the rate is, and follows the merchant’s change at once', async () => {
    const small = await createProduct(t.database.db, { pricePaise: 1_234_550 });
    const large = await createProduct(t.database.db, { pricePaise: 2_500_000 });
    await t.app.catalogueSettled();
    // Every shop starts with India's Standard rate at ₹0.
    expect(await deliveryOf(small.slug)).toEqual({ name: 'Standard', amount: 0, mindays: 3, maxdays: 10 });

    // The merchant charges ₹150 for Standard below ₹20,000: the ₹12,345.50 stone no longer has free delivery, the
    // ₹25,000 one still has. Each answer was kept before the change; none outlives it.
    expect(await deliveryOf(large.slug)).toMatchObject({ amount: 0 });
    const zones = await zonesNow();
    const india = zones.find((z) => z.name === 'India');
    if (!india) throw new Error('no India zone');
    const standard = { ...india.rates.find((r) => r.name === 'Standard'), price: 150, freeabove: 20_000 };
    const changed = zones.map((z) =>
      z === india ? { ...z, rates: z.rates.map((r) => (r.name === 'Standard' ? standard : r)) } : z,
    );

    // Only an admin changes them; a shopper's try changes no page.
    const shopper = await t.signUpAndIn();
    expect((await putZones(shopper.cookie, changed)).statusCode).toBe(403);
    expect(await deliveryOf(small.slug)).toMatchObject({ amount: 0 });

    const saved = await putZones(admin.cookie, changed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await deliveryOf(small.slug)).toEqual({ name: 'Standard', amount: 150, mindays: 3, maxdays: 10 });
    expect(await deliveryOf(large.slug)).toEqual({ name: 'Standard', amount: 0, mindays: 3, maxdays: 10 });

    // A shop that does not ship within India says nothing about delivery there.
    expect(
      (
        await putZones(
          admin.cookie,
          zones.filter((z) => z.name !== 'India'),
        )
      ).statusCode,
    ).toBe(200);
    expect(await deliveryOf(small.slug)).toBeNull();

    expect((await putZones(admin.cookie, zones)).statusCode).toBe(200);
    expect(await deliveryOf(small.slug)).toMatchObject({ amount: 0 });
  });
});
