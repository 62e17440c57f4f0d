import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { routeTable } from '../../contract/route';
import { answerOf } from '../test/answers';
import { ApiError, addressOf, routeCaller } from './client';

// A table of the contract's kind: the caller is typed from it and builds each request from its key.
const demoRoutes = routeTable('Demo', {
  'GET /p1/api/things': {
    guard: 'public',
    summary: 'Things',
    query: z.object({ page: z.number().optional(), search: z.string().optional() }),
    responses: { 200: z.object({ success: z.boolean(), things: z.array(z.string()) }) },
  },
  'PATCH /p1/api/things/:id/name/:lang': {
    guard: 'admin',
    summary: 'Rename',
    params: z.object({ id: z.string(), lang: z.string() }),
    body: z.object({ name: z.string() }),
    responses: { 200: z.object({ success: z.boolean(), message: z.string() }) },
  },
  'DELETE /p1/api/things/:id': {
    guard: 'admin',
    summary: 'Delete',
    params: z.object({ id: z.string() }),
    responses: { 200: z.object({ success: z.boolean(), message: z.string() }) },
  },
});
const call = routeCaller<typeof demoRoutes>();

function answering(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('calls made from a route table', () => {
  it('fills path parameters, encoded, in order', () => {
    expect(addressOf('PATCH /p1/api/things/:id/name/:lang', { id: 'a/b c', lang: 'hi' })).toEqual([
      'PATCH',
      '/p1/api/things/a%2Fb%20c/name/hi',
    ]);
  });

  it('sends the method, the JSON body and the session cookie, and answers the body', async () => {
    const fetch = answering(
      200,
      answerOf(demoRoutes, 'PATCH /p1/api/things/:id/name/:lang', { success: true, message: 'Renamed' }),
    );
    const answer = await call('PATCH /p1/api/things/:id/name/:lang', {
      params: { id: 'x1', lang: 'en' },
      body: { name: 'Ruby' },
    });
    expect(answer).toEqual({ success: true, message: 'Renamed' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/p1/api/things/x1/name/en');
    expect(init).toMatchObject({ method: 'PATCH', credentials: 'include', body: '{"name":"Ruby"}' });
    expect(init?.headers).toEqual({ 'content-type': 'application/json' });
  });

  it('adds the non-blank query values and sends no body when the route takes none', async () => {
    const fetch = answering(200, answerOf(demoRoutes, 'GET /p1/api/things', { success: true, things: [] }));
    await call('GET /p1/api/things', { query: { page: 2, search: '  ' } });
    await call('GET /p1/api/things');
    await call('DELETE /p1/api/things/:id', { params: { id: '7' } });
    expect(fetch.mock.calls.map(([url, init]) => [init?.method, url, init?.body])).toEqual([
      ['GET', '/p1/api/things?page=2', undefined],
      ['GET', '/p1/api/things', undefined],
      ['DELETE', '/p1/api/things/7', undefined],
    ]);
  });

  it('throws the server’s error, field errors included', async () => {
    answering(403, { success: false, message: 'Admin access required', errors: [{ path: 'name', message: 'Too long' }] });
    const err = await call('DELETE /p1/api/things/:id', { params: { id: '7' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect((err as ApiError).message).toBe('Admin access required');
    expect((err as ApiError).fieldErrors).toEqual({ name: 'Too long' });
  });
});
