// @postgres: each row is added in its own transaction counting stock in SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartBulkResponse } from '../../../contract/cart.js';
import { CartItemsResponse } from '../../../contract/orders.js';
import { createProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bulk = (cookie: string | undefined, csv: unknown) =>
  t.request({ method: 'POST', url: '/c2/api/bulk', payload: { csv }, cookie });
const cartOf = async (cookie: string) =>
  CartItemsResponse.parse((await t.request({ method: 'GET', url: '/c2/api/all', cookie })).json()).data;
const sku = () => `GEM-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;

describe('POST /c2/api/bulk', () => {
  it('asks a visitor to sign in', async () => {
    const res = await bulk(undefined, 'x,1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('adds the good rows as /add would and reports each bad row by its line in the file, the header being line 1', async () => {
    const { cookie } = await t.signUpAndIn();
    const ruby = await createProduct(t.database.db, { sku: sku(), stock: 10, sizes: ['6', '7'], colours: ['Red', 'Pink'] });
    const pearl = await createProduct(t.database.db, { stock: 3 });
    const off = await createProduct(t.database.db, { sku: sku(), stock: 5, isActive: false });
    const few = await createProduct(t.database.db, { sku: sku(), stock: 2 });
    const csv = [
      'SKU or slug,Quantity,Size,Colour', // 1
      `${ruby.sku?.toLowerCase()}, 2, 7, pink`, // 2: a SKU in any case, size and colour as /add picks them
      `${pearl.slug},1`, // 3: a slug
      '', // 4: a blank line still counts
      'NO-SUCH-STONE,1', // 5
      `${off.sku},1`, // 6: not on sale
      `${few.sku},3`, // 7: past the stock
      `${few.sku},2`, // 8: within it
      `${few.sku},1`, // 9: past it with what row 8 added
      `${pearl.slug},0`, // 10
      `${pearl.slug},two`, // 11
      `${pearl.slug},1.5`, // 12
      `${pearl.slug}`, // 13: no quantity
      `${ruby.sku},1,9`, // 14: a size it does not come in
      `"${pearl.slug}",2`, // 15: quoted cells are read
    ].join('\r\n');
    const res = await bulk(cookie, csv);
    expect(res.statusCode).toBe(200);
    const body = CartBulkResponse.parse(res.json());
    expect(body.success).toBe(true);
    expect(body.added).toBe(4);
    expect(body.errors.map((e) => e.row)).toEqual([5, 6, 7, 9, 10, 11, 12, 13, 14]);
    const message = (row: number) => body.errors.find((e) => e.row === row)?.message;
    expect(message(5)).toMatch(/NO-SUCH-STONE/);
    expect(message(6)).toMatch(/not available/);
    expect(message(7)).toMatch(/Only 2 .* left in stock/);
    expect(message(9)).toMatch(/you already have 2 in your cart/);
    for (const row of [10, 11, 12, 13]) expect(message(row)).toBe('Quantity must be a whole number from 1 to 1000');
    expect(message(14)).toMatch(/Choose a size/);
    const lines = body.data.map((l) => [l.productId, l.quantity, l.productsize, l.productcolour]);
    expect(lines).toEqual([
      [ruby.id, 2, '7', 'Pink'],
      [pearl.id, 3, '', ''],
      [few.id, 2, '', ''],
    ]);
    expect(await cartOf(cookie)).toEqual(body.data);
  });

  it('reads a file without a header from line 1, and adds 200 rows', async () => {
    const { cookie } = await t.signUpAndIn();
    const stone = await createProduct(t.database.db, { sku: sku(), stock: 1000 });
    const noHeader = CartBulkResponse.parse((await bulk(cookie, `NOPE,1\n${stone.sku},1\n`)).json());
    expect(noHeader).toMatchObject({ added: 1, errors: [{ row: 1 }] });
    const rows = Array.from({ length: 200 }, () => `${stone.sku},1`);
    const res = await bulk(cookie, ['sku,quantity', ...rows].join('\n'));
    expect(res.statusCode).toBe(200);
    const body = CartBulkResponse.parse(res.json());
    expect(body).toMatchObject({ added: 200, errors: [] });
    expect(body.data).toMatchObject([{ productId: stone.id, quantity: 201 }]);
  });

  it('refuses 201 rows, an unreadable file or an empty one with 400, adding nothing', async () => {
    const { cookie } = await t.signUpAndIn();
    const stone = await createProduct(t.database.db, { sku: sku(), stock: 1000 });
    const tooMany = await bulk(cookie, ['sku,quantity', ...Array.from({ length: 201 }, () => `${stone.sku},1`)].join('\n'));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ success: false, message: expect.stringMatching(/at most 200 rows/) });
    const noHeader201 = await bulk(cookie, Array.from({ length: 201 }, () => `${stone.sku},1`).join('\n'));
    expect(noHeader201.statusCode).toBe(400);
    for (const csv of [`${stone.sku},"1\n`, 'sku,quantity\n\n', '', 42]) {
      const res = await bulk(cookie, csv);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
    expect(await cartOf(cookie)).toEqual([]);
  });
});
