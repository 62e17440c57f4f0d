// @postgres: migration 0220 rewrites the shipping details kept as jsonb on orders and checkouts
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressesResponse } from '../../../contract/accounts.js';
import { ErrorResponse } from '../../../contract/common.js';
import { MyOrdersResponse } from '../../../contract/orders.js';
import type { Database } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { databaseBefore } from '../../test/migration-db.js';

/**
 * Addresses in every country: a country on saved addresses, checkouts and orders;
 * the phone with its country code checked by libphonenumber and kept in E.164, the postal code by the country's
 * format (none in the UAE), the region where the country's addresses have one; India's rules and texts unchanged.
 */
let t: TestApp;
let s: ReturnType<typeof shop>;
beforeAll(async () => {
  t = await createTestApp();
  s = shop(t);
});
afterAll(() => t.close());

const add = (cookie: string, payload: object) => t.request({ method: 'POST', url: '/u1/api/addresses', cookie, payload });
const patch = (cookie: string, id: string, payload: object) =>
  t.request({ method: 'PATCH', url: `/u1/api/addresses/${id}`, cookie, payload });
const refused = (res: { statusCode: number; json: () => unknown; body: string }) => {
  expect(res.statusCode, res.body).toBe(400);
  return ErrorResponse.parse(res.json());
};

const US = {
  country: 'US',
  fullname: 'Emily Carter',
  mobileno: '+1 415 555 0123',
  address: '500 Market Street, Apt 4',
  city: 'San Francisco',
  state: 'CA',
  pincode: '94105',
};
const UK = {
  country: 'gb',
  fullname: 'Oliver Smith',
  mobileno: '+44 20 7946 0958',
  address: '10 Downing Street',
  city: 'London',
  pincode: 'sw1a 2aa',
};
const UAE = {
  country: 'AE',
  fullname: 'Fatima Khan',
  mobileno: '+971 50 123 4567',
  address: 'Villa 12, Jumeirah Beach Road',
  city: 'Dubai',
  state: 'Dubai',
  pincode: '',
};

describe('saved addresses abroad', () => {
  it('keeps a US address with its ZIP code and state, the phone in E.164', async () => {
    const me = await t.signUpAndIn();
    const res = await add(me.cookie, US);
    expect(res.statusCode, res.body).toBe(201);
    const [saved] = AddressesResponse.parse(res.json()).addresses;
    expect(saved).toMatchObject({ ...US, mobileno: '+14155550123', gstin: '', isdefault: true });
  });

  it('keeps a UK address with its postcode (upper-cased) and no region', async () => {
    const me = await t.signUpAndIn();
    const res = await add(me.cookie, UK);
    expect(res.statusCode, res.body).toBe(201);
    expect(AddressesResponse.parse(res.json()).addresses[0]).toMatchObject({
      country: 'GB',
      mobileno: '+442079460958',
      pincode: 'SW1A 2AA',
      state: '',
    });
  });

  it('keeps a UAE address without a postal code, but asks for its emirate', async () => {
    const me = await t.signUpAndIn();
    const { pincode: _none, ...noPostcode } = UAE;
    const res = await add(me.cookie, noPostcode);
    expect(res.statusCode, res.body).toBe(201);
    expect(AddressesResponse.parse(res.json()).addresses[0]).toMatchObject({ country: 'AE', pincode: '', state: 'Dubai' });
    const noRegion = refused(await add(me.cookie, { ...UAE, state: '' }));
    expect(noRegion.message).toBe('state: Enter the state or region for the United Arab Emirates');
  });

  it("refuses a postal code not in the country's format, with a sentence naming the country", async () => {
    const me = await t.signUpAndIn();
    expect(refused(await add(me.cookie, { ...US, pincode: '9410' })).message).toBe(
      'pincode: Enter a valid ZIP code for the United States',
    );
    expect(refused(await add(me.cookie, { ...US, pincode: '' })).message).toBe(
      'pincode: Enter a valid ZIP code for the United States',
    );
    expect(refused(await add(me.cookie, { ...UK, pincode: '141001' })).message).toBe(
      'pincode: Enter a valid postcode for the United Kingdom',
    );
    expect(refused(await add(me.cookie, { ...US, state: '  ' })).message).toBe(
      'state: Enter the state or region for the United States',
    );
  });

  it('refuses an invalid number in each country, one without its country code, and one of another country', async () => {
    const me = await t.signUpAndIn();
    const cases: [object, string][] = [
      [{ ...US, mobileno: '+1 123 456 7890' }, 'the United States'],
      [{ ...US, mobileno: '4155550123' }, 'the United States'],
      [{ ...US, mobileno: '+44 20 7946 0958' }, 'the United States'],
      [{ ...UK, mobileno: '+44 1234' }, 'the United Kingdom'],
      [{ ...UAE, mobileno: '+971 12' }, 'the United Arab Emirates'],
      [{ ...UAE, mobileno: '+91 98111 22334' }, 'the United Arab Emirates'],
    ];
    for (const [payload, country] of cases) {
      expect(refused(await add(me.cookie, payload)).message).toBe(
        `mobileno: Enter a valid phone number for ${country}, with its country code`,
      );
    }
    expect(
      AddressesResponse.parse((await t.request({ method: 'GET', url: '/u1/api/addresses', cookie: me.cookie })).json()).addresses,
    ).toEqual([]);
  });

  it('refuses a code that is no country, and a GSTIN outside India', async () => {
    const me = await t.signUpAndIn();
    expect(refused(await add(me.cookie, { ...US, country: 'XX' })).message).toBe('country: Select a country from the list');
    expect(refused(await add(me.cookie, { ...US, gstin: '03AAACR5055K1ZX' })).message).toBe(
      'gstin: A GSTIN is only for addresses in India',
    );
  });

  it('India is unchanged: no country means India, its texts stand; a mobile typed with +91 is kept as 10 digits', async () => {
    const me = await t.signUpAndIn();
    const res = await add(me.cookie, { ...SHIPPING, mobileno: '+91 98111 22334' });
    expect(res.statusCode, res.body).toBe(201);
    expect(AddressesResponse.parse(res.json()).addresses[0]).toMatchObject({
      country: 'IN',
      mobileno: '9811122334',
      state: 'Punjab',
    });
    expect(refused(await add(me.cookie, { ...SHIPPING, pincode: '14100' })).message).toBe(
      'pincode: Enter a valid 6-digit PIN code',
    );
    expect(refused(await add(me.cookie, { ...SHIPPING, country: 'IN', mobileno: '+1 415 555 0123' })).message).toBe(
      'mobileno: Enter a valid 10-digit mobile number',
    );
  });

  it('a change of country is checked with the fields it affects; another user gets 404 and nothing changes', async () => {
    const me = await t.signUpAndIn();
    const [home] = AddressesResponse.parse((await add(me.cookie, SHIPPING)).json()).addresses;
    // Only the country: the Indian mobile and PIN code are no US phone and ZIP code.
    expect(refused(await patch(me.cookie, home!._id, { country: 'US' })).message).toBe(
      'mobileno: Enter a valid phone number for the United States, with its country code',
    );
    const stranger = await t.signUpAndIn();
    expect((await patch(stranger.cookie, home!._id, US)).statusCode).toBe(404);
    const moved = await patch(me.cookie, home!._id, US);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(AddressesResponse.parse(moved.json()).addresses[0]).toMatchObject({ ...US, mobileno: '+14155550123' });
    expect((await patch(stranger.cookie, home!._id, { city: 'Elsewhere' })).statusCode).toBe(404);
    // Back home: the state comes from the PIN code again.
    const back = await patch(me.cookie, home!._id, { country: 'IN', mobileno: '9876543210', pincode: '141001' });
    expect(back.statusCode, back.body).toBe(200);
    expect(AddressesResponse.parse(back.json()).addresses[0]).toMatchObject({ country: 'IN', state: 'Punjab' });
  });
});

describe('checkout and orders keep the country', () => {
  it('an order shipped to the United States keeps the country and the phone in E.164', async () => {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 5, pricePaise: 250_000 });
    expect((await s.add(user.cookie, p.id, 1)).statusCode).toBe(200);
    const bad = await s.hold(user.cookie, { shippinginfo: { ...US, pincode: 'ABCDE' } });
    expect(refused(bad).message).toBe('shippinginfo.pincode: Enter a valid ZIP code for the United States');
    const order = await s.payAndPlace(user.cookie, US);
    expect(order.shippinginfo).toMatchObject({
      country: 'US',
      mobileno: '+14155550123',
      pincode: '94105',
      state: 'CA',
    });
  });

  it('an Indian order is as before, with its country named', async () => {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 5, pricePaise: 250_000 });
    expect((await s.add(user.cookie, p.id, 1)).statusCode).toBe(200);
    const bad = await s.hold(user.cookie, { shippinginfo: { ...SHIPPING, mobileno: '98765' } });
    expect(refused(bad).message).toBe('shippinginfo.mobileno: Enter a valid 10-digit mobile number');
    const order = await s.payAndPlace(user.cookie, SHIPPING);
    expect(order.shippinginfo).toMatchObject({ ...SHIPPING, country: 'IN', state: 'Punjab' });
    const mine = MyOrdersResponse.parse((await s.myOrders(user.cookie)).json());
    expect(JSON.stringify(mine)).toContain('"country":"IN"');
  });
});

describe('migration 0220 puts every address and order written before it in India', () => {
  let database: Database;
  let close = async () => {};
  beforeAll(async () => {
    ({ database, close } = await databaseBefore('0220'));
  });
  afterAll(() => close());

  it('saved addresses, checkouts and orders gain country IN; nothing else changes', async () => {
    const q = (s: string) => database.db.execute(sql.raw(s));
    await q(
      `insert into users (id, fullname, mobileno, password_hash) values ('00000000-0000-4000-8000-000000000001', 'Old', '9000000001', 'x')`,
    );
    await q(`insert into addresses (user_id, fullname, mobileno, address, city, pincode)
             values ('00000000-0000-4000-8000-000000000001', 'Old', '9000000001', '1 Road', 'Ludhiana', '141001')`);
    await q(`insert into checkouts (id, provider, provider_order_id, amount_paise, status, lines, hold_expires_at, shippinginfo)
             values ('00000000-0000-4000-8000-000000000201', 'sandbox', 'order_old', 250000, 'placed', '[]', now(), '{"city":"Ludhiana"}')`);
    await q(`insert into orders (id, checkout_id, razorpay_order_id, razorpay_payment_id, total_paise, paymentstatus, shippinginfo)
             values ('00000000-0000-4000-8000-000000000101', '00000000-0000-4000-8000-000000000201', 'order_old', 'pay_old', 250000, 'Paid', '{"city":"Ludhiana"}')`);
    await migrate(database);
    expect(await database.query('select country from addresses')).toEqual([{ country: 'IN' }]);
    expect(await database.query('select shippinginfo from orders')).toEqual([
      { shippinginfo: { city: 'Ludhiana', country: 'IN' } },
    ]);
    expect(await database.query('select shippinginfo from checkouts')).toEqual([
      { shippinginfo: { city: 'Ludhiana', country: 'IN' } },
    ]);
  });
});
