// @postgres: a piece's stage moves under the order's row lock, checked by the database (stage and event type constraints)
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderActionResponse, ShopperOrderActionResponse } from '../../../contract/order-actions.js';
import { MyOrdersResponse as OrdersResponse } from '../../../contract/orders.js';
import { invoices, outbox } from '../../db/schema.js';
import { createProduct, shop } from '../../test/fixtures.js';
import { createTestApp, onPostgres, type TestApp, type TestUser } from '../../test/helpers.js';
import { madeToOrderShop, moveProduction, placePiece as placeKitPiece } from './test-kit.js';

/**
 * A made-to-order piece through production, over HTTP: forward only, each stage a timeline event, gold ready only with
 * its HUID, the buyer told and shown the stage; the order ships only when its pieces are ready, the buyer cancels only
 * before casting, and never asks to return it.
 */
let t: TestApp;
let s: ReturnType<typeof shop>;
let admin: TestUser;
let ring: { _id: string };
let pendant: { _id: string };
let ruby: { id: string };
let pearl: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  s = shop(t);
  admin = await t.signUpAndIn('ADMIN');
  ({ ring, pendant, ruby } = await madeToOrderShop(t, admin, {
    ring: 'Production solitaire',
    pendant: 'Production pendant',
    stock: 20,
  }));
  pearl = await createProduct(t.database.db, { pricePaise: 2_000_00, shape: 'Round', weightcarrat: 5, stock: 20 });
});
afterAll(() => t.close());

/** A buyer's paid order of the ruby set in `setting`, with a plain pearl beside it; its id and the piece's line id. */
async function placePiece(setting: object) {
  const placed = await placeKitPiece(t, ruby.id, setting, [pearl.id]);
  const plain = placed.order.products.find((l) => !l.setting);
  if (!plain) throw new Error('the order lacks its pearl');
  return { ...placed, plainId: plain._id };
}
const GOLD_RING = { designId: '', metal: 'gold-22k', size: 14 };

const move = (orderId: string, lineId: string, payload: object) => moveProduction(t, admin, orderId, lineId, payload);
const ship = (orderId: string) =>
  t.request({
    method: 'PATCH',
    url: `/o1/api/admin/shipment/${orderId}`,
    cookie: admin.cookie,
    payload: { carrier: 'BlueDart', trackingnumber: 'BD123' },
  });

describe(`production of a made-to-order piece (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('starts at designing, moves forward only, each stage passed an event; gold is ready only with its HUID; then it ships', async () => {
    const { buyer, orderId, lineId, plainId, order } = await placePiece({ ...GOLD_RING, designId: ring._id });
    expect(order.products.find((l) => l._id === lineId)?.production).toEqual({ stage: 'designing', huid: null });
    expect(order.products.find((l) => l._id === plainId)?.production).toBeNull();

    // Not ready: the order cannot ship, nor be marked shipped.
    expect((await ship(orderId)).statusCode).toBe(409);
    const marked = await t.request({
      method: 'PATCH',
      url: `/o1/api/admin/update/${orderId}`,
      cookie: admin.cookie,
      payload: { deliverystatus: 'shipped' },
    });
    expect(marked.statusCode).toBe(409);

    const cast = await move(orderId, lineId, { stage: 'casting' });
    expect(cast.statusCode, cast.body).toBe(200);
    // Two steps at once: setting and polishing are both passed.
    const polished = await move(orderId, lineId, { stage: 'polishing', note: 'Prongs checked' });
    expect(polished.statusCode, polished.body).toBe(200);
    const after = AdminOrderActionResponse.parse(polished.json()).order;
    expect(after.products.find((l) => l._id === lineId)?.production).toEqual({ stage: 'polishing', huid: null });
    expect(after.events.filter((e) => e.type === 'production').map((e) => e.note)).toEqual([
      'Production solitaire: Casting',
      'Production solitaire: Setting the stone',
      'Production solitaire: Polishing — Prongs checked',
    ]);

    // Backwards, the same stage, ready stock and an unknown line are refused.
    expect((await move(orderId, lineId, { stage: 'casting' })).statusCode).toBe(409);
    expect((await move(orderId, lineId, { stage: 'polishing' })).statusCode).toBe(409);
    expect((await move(orderId, plainId, { stage: 'casting' })).statusCode).toBe(409);
    expect((await move(orderId, '00000000-0000-4000-8000-000000000000', { stage: 'casting' })).statusCode).toBe(404);
    expect((await move(orderId, lineId, { stage: 'finished' })).statusCode).toBe(400);

    // Gold: ready without a HUID, or with a malformed one, is refused (400) and changes nothing.
    expect((await move(orderId, lineId, { stage: 'ready' })).statusCode).toBe(400);
    expect((await move(orderId, lineId, { stage: 'ready', huid: 'AB12' })).statusCode).toBe(400);
    const hallmarked = await move(orderId, lineId, { stage: 'hallmarking', huid: 'ab12cd' });
    expect(hallmarked.statusCode, hallmarked.body).toBe(200);
    expect(AdminOrderActionResponse.parse(hallmarked.json()).order.products.find((l) => l._id === lineId)?.production).toEqual({
      stage: 'hallmarking',
      huid: 'AB12CD',
    });
    // Paid in advance: no tax invoice while the piece is being made.
    expect(AdminOrderActionResponse.parse(hallmarked.json()).order.invoice).toBeNull();
    // The HUID given at hallmarking is the one it is ready with.
    const ready = await move(orderId, lineId, { stage: 'ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json().message).toBe('The piece is ready; the buyer has been told');
    // Every piece ready: the tax invoice is issued now, the piece on it with its HUID.
    expect(AdminOrderActionResponse.parse(ready.json()).order.invoice).not.toBeNull();
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(invoice?.lines.find((l) => l.hsn === '7113')?.description).toContain('HUID AB12CD');

    // The buyer sees the stage and its events in My Orders, and is told it is ready.
    const mine = OrdersResponse.parse((await s.myOrders(buyer.cookie)).json()).orders.find((o) => o._id === orderId);
    expect(mine?.products.find((l) => l._id === lineId)?.production).toEqual({ stage: 'ready', huid: 'AB12CD' });
    expect(mine?.events.filter((e) => e.type === 'production')).toHaveLength(5);
    const told = (await t.database.db.select().from(outbox)).filter(
      (m) => m.template === 'piece_ready' && m.data.orderId === orderId,
    );
    expect(told.length).toBeGreaterThan(0);

    expect((await ship(orderId)).statusCode).toBe(200);
  });

  it('lets silver be ready without a HUID', async () => {
    const { orderId, lineId } = await placePiece({ designId: pendant._id, metal: 'silver-925' });
    const ready = await move(orderId, lineId, { stage: 'ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(AdminOrderActionResponse.parse(ready.json()).order.products.find((l) => l._id === lineId)?.production).toEqual({
      stage: 'ready',
      huid: null,
    });
  });

  it('lets the buyer cancel before casting (full refund) but not once casting began', async () => {
    const early = await placePiece({ ...GOLD_RING, designId: ring._id });
    const before = OrdersResponse.parse((await s.myOrders(early.buyer.cookie)).json()).orders[0];
    expect(before?.cancellable).toBe(true);
    const cancelled = await t.request({ method: 'POST', url: `/o1/api/cancel/${early.orderId}`, cookie: early.buyer.cookie });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(ShopperOrderActionResponse.parse(cancelled.json()).order.deliverystatus).toBe('cancelled');
    // A cancelled order's piece is not made.
    expect((await move(early.orderId, early.lineId, { stage: 'casting' })).statusCode).toBe(409);

    const late = await placePiece({ ...GOLD_RING, designId: ring._id });
    expect((await move(late.orderId, late.lineId, { stage: 'casting' })).statusCode).toBe(200);
    const mine = OrdersResponse.parse((await s.myOrders(late.buyer.cookie)).json()).orders[0];
    expect(mine?.cancellable).toBe(false);
    const refused = await t.request({ method: 'POST', url: `/o1/api/cancel/${late.orderId}`, cookie: late.buyer.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A made-to-order piece can be cancelled only before casting begins');
  });

  it('never lets the buyer ask to return an order with a piece (returned only if defective)', async () => {
    const { buyer, orderId, lineId } = await placePiece({ designId: pendant._id, metal: 'silver-925' });
    expect((await move(orderId, lineId, { stage: 'ready' })).statusCode).toBe(200);
    expect((await ship(orderId)).statusCode).toBe(200);
    const delivered = await t.request({
      method: 'PATCH',
      url: `/o1/api/admin/update/${orderId}`,
      cookie: admin.cookie,
      payload: { deliverystatus: 'delivered' },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const mine = OrdersResponse.parse((await s.myOrders(buyer.cookie)).json()).orders[0];
    expect(mine?.returnable).toBe(false);
    const asked = await t.request({
      method: 'POST',
      url: `/o1/api/returns/${orderId}`,
      cookie: buyer.cookie,
      payload: { reason: 'Changed my mind' },
    });
    expect(asked.statusCode).toBe(409);
  });

  it('is the merchant’s only', async () => {
    const { buyer, orderId, lineId } = await placePiece({ designId: pendant._id, metal: 'silver-925' });
    const res = await t.request({
      method: 'PATCH',
      url: `/o1/api/admin/production/${orderId}/${lineId}`,
      cookie: buyer.cookie,
      payload: { stage: 'casting' },
    });
    expect(res.statusCode).toBe(403);
  });
});
