import { describe, expect, it } from 'vitest';
import { cartRoutes } from '../../contract/cart';
import { categoryRoutes } from '../../contract/categories';
import { answerOf } from './answers';
import { cartLineOf, userOf } from './fixtures';

const line = {
  cartItemId: 'c-1',
  _id: 'c-1',
  productId: 'p-1',
  productname: 'Burmese Ruby',
  productprice: 45000,
  listprice: 45000,
  productimages: [],
  productcolours: ['Red'],
  productsizes: ['5 ratti'],
  productcolour: 'Red',
  productsize: '5 ratti',
  quantity: 1,
  stockquantity: 5,
  unavailable: false,
};

describe('answerOf', () => {
  it('passes a fixture that matches the route’s answer through unchanged', () => {
    const answer = { success: true, count: 3 };
    expect(answerOf(categoryRoutes, 'GET /c1/api/count', answer)).toBe(answer);
  });

  it('fails a fixture that drifted from the contract, naming the field', () => {
    const drifted = { success: true, data: [{ _id: 'c-1', categoryname: 'Gemstones', createdAt: 'x' }] };
    expect(() => answerOf(categoryRoutes, 'GET /c1/api/all', drifted as never)).toThrow(/GET \/c1\/api\/all.*data\.0\.updatedAt/);
  });

  it('fails a cart answer whose line lacks `unavailable`, and one that carries a field the contract lacks', () => {
    const { unavailable: _, ...withoutFlag } = line;
    expect(() => answerOf(cartRoutes, 'GET /c2/api/all', { success: true, data: [withoutFlag as never] })).toThrow(
      /GET \/c2\/api\/all.*data\.0\.unavailable/,
    );
    expect(() =>
      answerOf(cartRoutes, 'GET /c2/api/all', { success: true, data: [{ ...line, isActive: false } as never] }),
    ).toThrow(/GET \/c2\/api\/all carries fields the contract does not have: data\.0\.isActive/);
    expect(answerOf(cartRoutes, 'GET /c2/api/all', { success: true, data: [line] }).data[0]).toBe(line);
  });
});

describe('item fixtures', () => {
  it('parse with the contract’s item schema: a drifted cart line or user throws, naming the field', () => {
    expect(cartLineOf(line)).toBe(line);
    const { unavailable: _, ...withoutFlag } = line;
    expect(() => cartLineOf(withoutFlag as never)).toThrow(/Cart line fixture does not match the contract: unavailable/);
    const user = { _id: 'u1', fullname: 'Meera Kapoor', mobileno: '9876543210', role: 'USER', createdAt: '2025-01-01T00:00:00Z' };
    expect(() => userOf(user as never)).toThrow(/User fixture does not match the contract: email.*language/);
    expect(() => cartLineOf({ ...line, quantity: '1' } as never)).toThrow(/quantity/);
  });
});
