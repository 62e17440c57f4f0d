import { describe, expect, it } from 'vitest';
import { categoryRoutes } from '../../contract/categories';
import { answerOf } from './answers';

describe('answerOf', () => {
  it('passes a fixture that matches the route’s answer through unchanged', () => {
    const answer = { success: true, count: 3 };
    expect(answerOf(categoryRoutes, 'GET /c1/api/count', answer)).toBe(answer);
  });

  it('fails a fixture that drifted from the contract, naming the field', () => {
    const drifted = { success: true, data: [{ _id: 'c-1', categoryname: 'Gemstones', createdAt: 'x' }] };
    expect(() => answerOf(categoryRoutes, 'GET /c1/api/all', drifted as never)).toThrow(/GET \/c1\/api\/all.*data\.0\.updatedAt/);
  });
});
