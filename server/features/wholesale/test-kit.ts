import { expect } from 'vitest';
import { gstinCheckChar } from '../../../contract/gst-rules.js';
import type { TestApp, TestUser } from '../../test/helpers.js';

/** A GSTIN with a right check character: the state code, a PAN-shaped middle, then 1Z and the check. */
export const gstinFor = (state: string, pan: string) => {
  const first14 = `${state}${pan}1Z`;
  return `${first14}${gstinCheckChar(first14)}`;
};

let panCounter = 0;
/** A buyer whose business the merchant approved with these credit terms, through HTTP (a new PAN each time). */
export async function approvedDealer(t: TestApp, admin: TestUser, creditdays: number, creditlimit: number) {
  const buyer = await t.signUpAndIn('USER');
  const pan = `AABCD${String(1000 + ++panCounter).padStart(4, '0')}K`;
  const applied = await t.request({
    method: 'POST',
    url: '/u1/api/business',
    cookie: buyer.cookie,
    payload: {
      legalname: 'Mehta Gems LLP',
      gstin: gstinFor('03', pan),
      address: '4 Chaura Bazar',
      city: 'Ludhiana',
      state: 'Punjab',
      pincode: '141008',
    },
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const id = applied.json().business._id;
  const approved = await t.request({
    method: 'PATCH',
    url: `/u1/api/admin/businesses/${id}`,
    cookie: admin.cookie,
    payload: { status: 'approved', creditdays, creditlimit },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return { ...buyer, businessId: id as string };
}
