import { afterEach, describe, expect, it, vi } from 'vitest';
import { productRoutes } from '../../contract/products';
import { answerOf } from '../test/answers';
import { catalogueApi, LISTING_TIMEOUT_MS } from './catalogue';
import { ApiError } from './client';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A fetch that never answers, but honours its abort signal like the browser's. */
function hangingFetch() {
  return vi.fn(
    (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      }),
  );
}

describe('catalogueApi.filter', () => {
  it('gives up after 10 seconds with a timeout error', async () => {
    vi.useFakeTimers();
    const fetch = hangingFetch();
    vi.stubGlobal('fetch', fetch);
    const result = catalogueApi.filter('gemstones-ruby').catch((e: unknown) => e);
    expect(fetch).toHaveBeenCalledWith('/p1/api/filter/gemstones-ruby', expect.objectContaining({ method: 'GET' }));
    await vi.advanceTimersByTimeAsync(LISTING_TIMEOUT_MS - 1);
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await result;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
    expect((err as ApiError).message).toBe('The request timed out');
  });

  it('the other catalogue calls wait as long as the server takes', async () => {
    vi.useFakeTimers();
    const fetch = hangingFetch();
    vi.stubGlobal('fetch', fetch);
    let settled = false;
    void catalogueApi.latest().finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(settled).toBe(false);
    expect(fetch).toHaveBeenCalledWith('/p1/api/latest/all?limit=10', expect.anything());
  });

  it('asks for best sellers of a subcategory by name', async () => {
    const fetch = vi.fn(async () =>
      Response.json(
        answerOf(productRoutes, 'GET /p1/api/best/all', {
          success: true,
          products: [],
          message: 'No products found in Coral category',
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const res = await catalogueApi.best('Coral');
    expect(fetch).toHaveBeenCalledWith('/p1/api/best/all?subcategory=Coral', expect.anything());
    expect(res.message).toBe('No products found in Coral category');
  });
});
