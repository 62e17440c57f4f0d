import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI document', () => {
  it('documents every cart and order route with its security (the cart is open to visitors)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, { security?: unknown[]; tags?: string[]; responses: object }>>;
    };
    const expected: [string, string, string | null][] = [
      ['/c2/api/count', 'get', 'none'],
      ['/c2/api/all', 'get', 'none'],
      ['/c2/api/add', 'post', 'none'],
      ['/c2/api/update-quantity', 'patch', 'none'],
      ['/c2/api/remove/{cartItemId}', 'delete', 'none'],
      ['/c2/api/clear', 'delete', 'none'],
      ['/o1/api/razorpay-order', 'post', 'session'],
      ['/o1/api/verify-and-place', 'post', 'session'],
      ['/o1/api/razorpay-webhook', 'post', null],
      ['/o1/api/sandbox/pay', 'post', 'session'],
      ['/o1/api/my-orders', 'get', 'session'],
      ['/o1/api/admin/orders', 'get', 'adminSession'],
      ['/o1/api/admin/update/{id}', 'patch', 'adminSession'],
      ['/o1/api/admin/count', 'get', 'adminSession'],
    ];
    for (const [path, method, scheme] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op?.tags?.length).toBeGreaterThan(0);
      expect(Object.keys(op?.responses ?? {})).toContain('200');
      // a visitor's cart needs no account: public, `security: []`
      if (scheme === 'none') expect(op?.security).toEqual([]);
      else if (scheme) expect(op?.security).toEqual([{ [scheme]: [] }]);
    }
  });
});
