import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessesResponse, GSTIN_STATE_MISMATCH } from '../../../contract/wholesale.js';
import { priceGroups } from '../../db/schema.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { gstinFor } from './test-kit.js';

let panCounter = 0;
const nextPan = () => `AABCR${String(1000 + ++panCounter).padStart(4, '0')}K`;

let t: TestApp;
let admin: TestUser;
let groupId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  const [g] = await t.app.db.insert(priceGroups).values({ name: 'Jewellers', percentoff: 10 }).returning();
  groupId = (g as { id: string }).id;
});
afterAll(() => t.close());

const form = (over: Record<string, unknown> = {}) => ({
  legalname: 'Sharma Gems Private Limited',
  tradename: 'Sharma Gems',
  gstin: gstinFor('03', nextPan()),
  address: '12 Ghumar Mandi',
  city: 'Ludhiana',
  state: 'Punjab',
  pincode: '141001',
  ...over,
});
const apply = (cookie: string, body: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/u1/api/business', cookie, payload: body });
const patch = (cookie: string, id: string, body: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: `/u1/api/admin/businesses/${id}`, cookie, payload: body });
const messagesTo = async (mobileno: string) =>
  t.database.query<{ template: string; data: { status: string; reason: string } }>(
    `select template, data from outbox where recipient = '${mobileno}' and channel = 'sms' order by created_at`,
  );

describe('applying for a business account', () => {
  it('keeps a pending application, shown in the user answer, with the GSTIN upper-cased', async () => {
    const buyer = await t.signUpAndIn('USER');
    const gstin = gstinFor('03', nextPan());
    const res = await apply(buyer.cookie, form({ gstin: gstin.toLowerCase(), state: 'punjab' }));
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const business = res.json().business;
    expect(business).toMatchObject({ status: 'pending', gstin, state: 'Punjab', pricegroup: null, credit: null });
    const me = await t.request({ method: 'GET', url: '/u1/api/checkuser', cookie: buyer.cookie });
    expect(me.json().user.business).toMatchObject({ _id: business._id, status: 'pending' });
  });

  it('refuses a GSTIN with a wrong check character, an unknown state code, or the code of another state (400)', async () => {
    const buyer = await t.signUpAndIn('USER');
    const good = gstinFor('03', nextPan());
    const wrongCheck = `${good.slice(0, 14)}${good[14] === 'A' ? 'B' : 'A'}`;
    const badCheck = await apply(buyer.cookie, form({ gstin: wrongCheck }));
    expect(badCheck.statusCode).toBe(400);
    expect(badCheck.json().errors[0].path).toBe('gstin');

    const noSuchState = await apply(buyer.cookie, form({ gstin: gstinFor('99', nextPan()) }));
    expect(noSuchState.statusCode).toBe(400);
    expect(noSuchState.json().errors[0].path).toBe('gstin');

    const maharashtra = await apply(buyer.cookie, form({ gstin: gstinFor('27', nextPan()), state: 'Punjab' }));
    expect(maharashtra.statusCode).toBe(400);
    expect(maharashtra.json().errors).toEqual([{ path: 'gstin', message: GSTIN_STATE_MISMATCH }]);
    // The same GSTIN with its own state is taken.
    const mumbai = await apply(buyer.cookie, form({ gstin: gstinFor('27', nextPan()), state: 'Maharashtra', pincode: '400001' }));
    expect(mumbai.statusCode).toBe(201);
  });

  it('refuses a GSTIN another account has, and a second application while pending or approved (409)', async () => {
    const first = await t.signUpAndIn('USER');
    const second = await t.signUpAndIn('USER');
    const gstin = gstinFor('03', nextPan());
    expect((await apply(first.cookie, form({ gstin }))).statusCode).toBe(201);
    const taken = await apply(second.cookie, form({ gstin }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This GSTIN is registered to another account');

    const again = await apply(first.cookie, form());
    expect(again.statusCode).toBe(409);
    const id = (await t.request({ method: 'GET', url: '/u1/api/business', cookie: first.cookie })).json().business._id;
    expect((await patch(admin.cookie, id, { status: 'approved' })).statusCode).toBe(200);
    expect((await apply(first.cookie, form({ gstin }))).statusCode).toBe(409);
  });

  it('lets two accounts race for one GSTIN: exactly one gets it', async () => {
    const a = await t.signUpAndIn('USER');
    const b = await t.signUpAndIn('USER');
    const gstin = gstinFor('03', nextPan());
    const answers = await Promise.all([apply(a.cookie, form({ gstin })), apply(b.cookie, form({ gstin }))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('asks a stranger to sign in (401)', async () => {
    expect((await apply('', form())).statusCode).toBe(401);
  });
});

describe("the merchant's Businesses screen", () => {
  it('approves with a price group and credit terms, then suspends with a reason; the buyer is told each time', async () => {
    const buyer = await t.signUpAndIn('USER');
    const id = (await apply(buyer.cookie, form({ tradename: 'Kapoor Jewellers' }))).json().business._id;

    const approved = await patch(admin.cookie, id, {
      status: 'approved',
      pricegroupId: groupId,
      creditdays: 30,
      creditlimit: 250000.5,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().business).toMatchObject({
      status: 'approved',
      pricegroup: { _id: groupId, name: 'Jewellers' },
      credit: { days: 30, limit: 250000.5, outstanding: 0, overdue: false },
    });
    const suspended = await patch(admin.cookie, id, { status: 'suspended', reason: 'GST returns not filed' });
    expect(suspended.json().business).toMatchObject({ status: 'suspended', reason: 'GST returns not filed' });
    // A change that is not of status tells no one.
    await patch(admin.cookie, id, { creditdays: 0 });

    const told = await messagesTo(buyer.mobileno);
    expect(told.map((m) => [m.template, m.data.status, m.data.reason])).toEqual([
      ['business_updated', 'approved', ''],
      ['business_updated', 'suspended', 'GST returns not filed'],
    ]);
    const me = await t.request({ method: 'GET', url: '/u1/api/business', cookie: buyer.cookie });
    expect(me.json().business).toMatchObject({ status: 'suspended', credit: null });

    // A suspended business applies again: pending, the reason cleared.
    const reapplied = await apply(buyer.cookie, form());
    expect(reapplied.statusCode).toBe(201);
    expect(reapplied.json().business).toMatchObject({ _id: id, status: 'pending', reason: '' });
  });

  it('lists newest first by status, 20 a page, with each buyer', async () => {
    const buyer = await t.signUpAndIn('USER');
    const id = (await apply(buyer.cookie, form())).json().business._id;
    const res = await t.request({ method: 'GET', url: '/u1/api/admin/businesses?status=pending&page=1', cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    const body = BusinessesResponse.parse(res.json());
    expect(body.businesses[0]).toMatchObject({ _id: id, user: { _id: buyer.id, mobileno: buyer.mobileno } });
    for (const b of body.businesses) expect(b.status).toBe('pending');
    expect(body.pagination).toMatchObject({ currentPage: 1, limit: 20 });
    expect(body.pagination.totalItems).toBe(body.businesses.length);
  });

  it('is for ADMINs: a buyer cannot approve their own business, list, or use a made-up id', async () => {
    const buyer = await t.signUpAndIn('USER');
    const id = (await apply(buyer.cookie, form())).json().business._id;
    expect((await patch(buyer.cookie, id, { status: 'approved' })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/u1/api/admin/businesses', cookie: buyer.cookie })).statusCode).toBe(403);
    expect((await patch('', id, { status: 'approved' })).statusCode).toBe(401);
    const still = await t.request({ method: 'GET', url: '/u1/api/business', cookie: buyer.cookie });
    expect(still.json().business.status).toBe('pending');

    expect((await patch(admin.cookie, '00000000-0000-4000-8000-000000000000', { status: 'approved' })).statusCode).toBe(404);
    const badGroup = await patch(admin.cookie, id, { pricegroupId: '00000000-0000-4000-8000-000000000000' });
    expect(badGroup.statusCode).toBe(400);
    expect((await patch(admin.cookie, id, { creditdays: 10 })).statusCode).toBe(400);
    expect((await patch(admin.cookie, id, {})).statusCode).toBe(400);
  });
});
