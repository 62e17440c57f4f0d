import { describe, expect, it } from 'vitest';
import {
  type Action,
  decide,
  type OrderState,
  orderState,
  paymentStatusAfterRefunds,
  placementEvents,
  refundablePaise,
  refundSummary,
} from './state.js';

const placed = new Date('2026-11-20T10:00:00Z');
const hours = (h: number) => new Date(placed.getTime() + h * 3600_000);

function order(over: Partial<OrderState> = {}): OrderState {
  return {
    deliverystatus: 'pending',
    paymentstatus: 'Paid',
    flag: null,
    createdAt: placed,
    deliveredAt: null,
    paidPaise: 100_000,
    stockTaken: true,
    refunds: [],
    returnStatus: null,
    lines: [
      { id: 'l1', quantity: 2, restocked: 0, productId: 'p1' },
      { id: 'l2', quantity: 1, restocked: 0, productId: 'p2' },
    ],
    ...over,
  };
}

const ACTIONS: Record<string, Action> = {
  customerCancel: { type: 'cancel', actor: 'customer' },
  adminCancel: { type: 'cancel', actor: 'admin' },
  refund: { type: 'refund', amountPaise: 10_000, reason: 'scratch', restock: [] },
  returnRequest: { type: 'return_request', reason: 'not as pictured' },
  approve: { type: 'return_decide', status: 'approved' },
  reject: { type: 'return_decide', status: 'rejected' },
  receive: { type: 'return_receive', refund: true },
  ship: { type: 'ship', carrier: 'BlueDart', trackingnumber: 'BD1' },
  setStatus: { type: 'set_status', to: 'confirmed' },
  note: { type: 'note', note: 'called the shopper' },
};

/** Expected: which actions each state allows (at 1 hour after placing, 1 day after delivery). */
const TABLE: { name: string; state: OrderState; allowed: string[] }[] = [
  {
    name: 'pending, paid',
    state: order(),
    allowed: ['customerCancel', 'adminCancel', 'refund', 'ship', 'setStatus', 'note'],
  },
  {
    name: 'confirmed, paid',
    state: order({ deliverystatus: 'confirmed' }),
    allowed: ['customerCancel', 'adminCancel', 'refund', 'ship', 'setStatus', 'note'],
  },
  { name: 'shipped', state: order({ deliverystatus: 'shipped' }), allowed: ['refund', 'ship', 'setStatus', 'note'] },
  {
    name: 'delivered yesterday',
    state: order({ deliverystatus: 'delivered', deliveredAt: hours(-23) }),
    allowed: ['refund', 'returnRequest', 'setStatus', 'note'],
  },
  {
    name: 'return requested',
    state: order({ deliverystatus: 'delivered', deliveredAt: hours(-23), returnStatus: 'requested' }),
    allowed: ['refund', 'approve', 'reject', 'setStatus', 'note'],
  },
  {
    name: 'return approved',
    state: order({ deliverystatus: 'delivered', deliveredAt: hours(-23), returnStatus: 'approved' }),
    allowed: ['refund', 'receive', 'setStatus', 'note'],
  },
  {
    name: 'returned',
    state: order({ deliverystatus: 'returned', returnStatus: 'received' }),
    allowed: ['refund', 'setStatus', 'note'],
  },
  {
    name: 'cancelled, refunded',
    state: order({
      deliverystatus: 'cancelled',
      paymentstatus: 'Refunded',
      refunds: [{ amountPaise: 100_000, status: 'processed' }],
    }),
    allowed: ['note'],
  },
  {
    name: 'flagged: stock gone, refund pending',
    state: order({ flag: 'stock_unavailable', stockTaken: false, refunds: [{ amountPaise: 100_000, status: 'pending' }] }),
    allowed: ['setStatus', 'note'],
  },
  {
    name: 'flagged: paid again for a quote already ordered, refund pending',
    state: order({ flag: 'quote_already_ordered', stockTaken: false, refunds: [{ amountPaise: 100_000, status: 'pending' }] }),
    allowed: ['setStatus', 'note'],
  },
  {
    name: 'fully refunded while pending',
    state: order({ paymentstatus: 'Refunded', refunds: [{ amountPaise: 100_000, status: 'processed' }] }),
    allowed: ['setStatus', 'note'],
  },
];

describe('order state module', () => {
  for (const row of TABLE) {
    it(`allows exactly the expected actions from ${row.name}`, () => {
      const now = row.state.deliverystatus === 'delivered' ? new Date() : hours(1);
      const st = row.state.deliveredAt ? { ...row.state, deliveredAt: new Date(now.getTime() - 23 * 3600_000) } : row.state;
      const got = Object.entries(ACTIONS)
        .filter(([, a]) => decide(st, a, now).ok)
        .map(([k]) => k);
      expect(got.sort()).toEqual([...row.allowed].sort());
    });
  }

  it('the shopper may cancel only within 24 hours; the admin later too', () => {
    expect(decide(order(), ACTIONS.customerCancel as Action, hours(23.9)).ok).toBe(true);
    const late = decide(order(), ACTIONS.customerCancel as Action, hours(24.1));
    expect(late).toEqual({ ok: false, reason: 'Orders can be cancelled within 24 hours of placing them' });
    expect(decide(order(), ACTIONS.adminCancel as Action, hours(200)).ok).toBe(true);
  });

  it('cancelling puts back every unit not yet back and refunds what is left', () => {
    const st = order({
      lines: [
        { id: 'l1', quantity: 3, restocked: 1, productId: 'p1' },
        { id: 'l2', quantity: 1, restocked: 0, productId: null },
      ],
      refunds: [
        { amountPaise: 20_000, status: 'processed' },
        { amountPaise: 5_000, status: 'failed' },
        { amountPaise: 10_000, status: 'pending' },
      ],
    });
    const d = decide(st, { type: 'cancel', actor: 'admin', reason: 'out of stock' }, hours(1));
    expect(d.ok && d.effects).toMatchObject({
      deliverystatus: 'cancelled',
      restock: [{ lineId: 'l1', quantity: 2 }],
      refundPaise: 70_000,
    });
    expect(d.ok && d.effects.events.map((e) => e.type)).toEqual(['cancelled', 'refund_requested']);
  });

  it('a refund is capped by what was paid less processed and pending refunds; failed ones free their amount', () => {
    const st = order({
      refunds: [
        { amountPaise: 30_000, status: 'processed' },
        { amountPaise: 20_000, status: 'pending' },
        { amountPaise: 40_000, status: 'failed' },
      ],
    });
    expect(refundablePaise(st)).toBe(50_000);
    expect(decide(st, { type: 'refund', amountPaise: 50_000, reason: '', restock: [] }, hours(1)).ok).toBe(true);
    const over = decide(st, { type: 'refund', amountPaise: 50_001, reason: '', restock: [] }, hours(1));
    expect(over).toEqual({ ok: false, reason: 'At most ₹500.00 can be refunded on this order' });
    expect(decide(st, { type: 'refund', amountPaise: 0, reason: '', restock: [] }, hours(1)).ok).toBe(false);
    expect(decide(st, { type: 'refund', amountPaise: 1.5, reason: '', restock: [] }, hours(1)).ok).toBe(false);
  });

  it('restock with a refund never exceeds what was sold, counting what is already back', () => {
    const st = order({ lines: [{ id: 'l1', quantity: 2, restocked: 1, productId: 'p1' }] });
    const refund = (restock: { lineId: string; quantity: number }[]) =>
      decide(st, { type: 'refund', amountPaise: 100, reason: '', restock }, hours(1));
    expect(refund([{ lineId: 'l1', quantity: 1 }]).ok).toBe(true);
    expect(refund([{ lineId: 'l1', quantity: 2 }]).ok).toBe(false);
    // The same line twice adds up.
    expect(
      refund([
        { lineId: 'l1', quantity: 1 },
        { lineId: 'l1', quantity: 1 },
      ]).ok,
    ).toBe(false);
    expect(refund([{ lineId: 'other', quantity: 1 }]).ok).toBe(false);
    // Units that never left the shelf cannot come back.
    expect(
      decide(
        { ...st, stockTaken: false },
        { type: 'refund', amountPaise: 100, reason: '', restock: [{ lineId: 'l1', quantity: 1 }] },
        hours(1),
      ).ok,
    ).toBe(false);
  });

  it('a return may be asked within 10 days of delivery, once', () => {
    const delivered = order({ deliverystatus: 'delivered', deliveredAt: placed });
    expect(decide(delivered, ACTIONS.returnRequest as Action, hours(239)).ok).toBe(true);
    expect(decide(delivered, ACTIONS.returnRequest as Action, hours(241)).ok).toBe(false);
    expect(decide({ ...delivered, returnStatus: 'rejected' }, ACTIONS.returnRequest as Action, hours(1)).ok).toBe(false);
  });

  it('receiving a return restocks the rest and, when asked, refunds what is left', () => {
    const st = order({
      deliverystatus: 'delivered',
      returnStatus: 'approved',
      refunds: [{ amountPaise: 40_000, status: 'processed' }],
    });
    const d = decide(st, { type: 'return_receive', refund: true }, hours(1));
    expect(d.ok && d.effects).toMatchObject({
      deliverystatus: 'returned',
      returnStatus: 'received',
      refundPaise: 60_000,
      restock: [
        { lineId: 'l1', quantity: 2 },
        { lineId: 'l2', quantity: 1 },
      ],
    });
    const noRefund = decide(st, { type: 'return_receive', refund: false }, hours(1));
    expect(noRefund.ok && noRefund.effects.refundPaise).toBe(0);
  });

  it('a status word moves no money and no stock, and a cancelled order keeps its status', () => {
    const d = decide(order(), { type: 'set_status', to: 'returned' }, hours(1));
    expect(d.ok && d.effects).toEqual({
      deliverystatus: 'returned',
      restock: [],
      refundPaise: 0,
      events: [{ type: 'status', note: 'pending → returned' }],
    });
    expect(decide(order({ deliverystatus: 'cancelled' }), { type: 'set_status', to: 'pending' }, hours(1)).ok).toBe(false);
  });

  it('payment status follows processed refunds only', () => {
    const paid = { paidPaise: 100_000, paymentstatus: 'Paid' as const };
    expect(paymentStatusAfterRefunds({ ...paid, refunds: [{ amountPaise: 100_000, status: 'pending' }] })).toBe('Paid');
    expect(paymentStatusAfterRefunds({ ...paid, refunds: [{ amountPaise: 1, status: 'processed' }] })).toBe('Partially refunded');
    expect(
      paymentStatusAfterRefunds({
        ...paid,
        refunds: [
          { amountPaise: 60_000, status: 'processed' },
          { amountPaise: 40_000, status: 'processed' },
        ],
      }),
    ).toBe('Refunded');
    expect(
      paymentStatusAfterRefunds({
        paidPaise: 5_000,
        paymentstatus: 'Pending',
        refunds: [{ amountPaise: 5_000, status: 'processed' }],
      }),
    ).toBe('Refunded');
  });

  it('summarises refunds and placements', () => {
    const t = (s: string) => new Date(s);
    expect(refundSummary([])).toBe('none');
    expect(
      refundSummary([
        { status: 'pending', createdAt: t('2026-01-01') },
        { status: 'processed', createdAt: t('2026-01-02') },
      ]),
    ).toBe('pending');
    expect(
      refundSummary([
        { status: 'processed', createdAt: t('2026-01-01') },
        { status: 'failed', createdAt: t('2026-01-02') },
      ]),
    ).toBe('failed');
    expect(
      placementEvents({ source: 'webhook', paymentId: 'pay_1', paid: true, flag: 'stock_unavailable', refundPaise: 500 }).map(
        (e) => e.type,
      ),
    ).toEqual(['placed', 'paid', 'flagged', 'refund_requested']);
  });
});

describe('orderState', () => {
  it('takes the state columns of an order row and only what the rules read of its refunds, return and lines', () => {
    const row = { ...order(), id: 'o1', totalPaise: 100_000, flag: 'amount_mismatch' as const };
    const refunds = [{ id: 'r1', amountPaise: 5_000, status: 'processed' as const, reason: 'scratch' }];
    const lines = [
      { id: 'l1', quantity: 2, restocked: 1, productId: null, productname: 'Ruby', setting: null, productionStage: null },
      // A made-to-order piece is designing until the merchant moves it on.
      { id: 'l2', quantity: 1, restocked: 0, productId: 'p1', setting: { designName: 'Halo ring' }, productionStage: null },
      {
        id: 'l3',
        quantity: 1,
        restocked: 0,
        productId: 'p1',
        setting: { designName: 'Halo ring' },
        productionStage: 'casting' as const,
      },
    ];
    expect(orderState(row, refunds, { status: 'requested' }, lines)).toEqual({
      ...order({ flag: 'amount_mismatch' }),
      refunds: [{ amountPaise: 5_000, status: 'processed' }],
      returnStatus: 'requested',
      lines: [
        { id: 'l1', quantity: 2, restocked: 1, productId: null, stage: null, piece: '' },
        { id: 'l2', quantity: 1, restocked: 0, productId: 'p1', stage: 'designing', piece: 'Halo ring' },
        { id: 'l3', quantity: 1, restocked: 0, productId: 'p1', stage: 'casting', piece: 'Halo ring' },
      ],
    });
  });

  it('has no return status without a return request', () => {
    expect(orderState(order(), [], null, []).returnStatus).toBeNull();
  });
});
