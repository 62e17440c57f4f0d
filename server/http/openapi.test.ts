import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';
import { operationIdFor } from './openapi.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Operation = {
  security?: Record<string, unknown>[];
  operationId?: string;
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

async function document(): Promise<Doc> {
  const res = await t.request({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json() as Doc;
}

const PUBLIC = null;
const SIGNED_IN = 'session';
const ADMIN = 'adminSession';

// Every row of the HTTP contract, with who may call it.
const CONTRACT: [string, string, string | null][] = [
  ['post', '/u1/api/signup', PUBLIC],
  ['post', '/u1/api/signin', PUBLIC],
  ['post', '/u1/api/signout', PUBLIC],
  ['get', '/u1/api/checkuser', SIGNED_IN],
  ['patch', '/u1/api/editdetails', SIGNED_IN],
  ['get', '/u1/api/allusers', ADMIN],
  ['post', '/u1/api/createuser', ADMIN],
  ['put', '/u1/api/edituser/{id}', ADMIN],
  ['delete', '/u1/api/deleteuser/{id}', ADMIN],
  ['get', '/u1/api/usercount', ADMIN],
  ['post', '/u1/api/forgot-password', PUBLIC],
  ['post', '/u1/api/reset-password', PUBLIC],
  ['post', '/u1/api/signout-others', SIGNED_IN],
  ['get', '/u1/api/addresses', SIGNED_IN],
  ['post', '/u1/api/addresses', SIGNED_IN],
  ['patch', '/u1/api/addresses/{id}', SIGNED_IN],
  ['delete', '/u1/api/addresses/{id}', SIGNED_IN],
  ['get', '/u1/api/admin/outbox', ADMIN],
  ['post', '/u1/api/admin/outbox/{id}/retry', ADMIN],
  ['get', '/c1/api/all', PUBLIC],
  ['post', '/c1/api/create', ADMIN],
  ['patch', '/c1/api/edit/{id}', ADMIN],
  ['delete', '/c1/api/delete/{id}', ADMIN],
  ['get', '/c1/api/count', ADMIN],
  ['get', '/s2/api/all', PUBLIC],
  ['post', '/s2/api/create', ADMIN],
  ['patch', '/s2/api/edit/{id}', ADMIN],
  ['delete', '/s2/api/delete/{id}', ADMIN],
  ['get', '/s2/api/count', ADMIN],
  ['get', '/s2/api/categories', PUBLIC],
  ['get', '/s2/api/cat/{categoryId}', PUBLIC],
  ['get', '/s2/api/cat/sub/{subcategoryId}', PUBLIC],
  ['get', '/p1/api/latest/all', PUBLIC],
  ['get', '/p1/api/best/all', PUBLIC],
  ['get', '/p1/api/slug/{slug}', PUBLIC],
  ['get', '/p1/api/filter/{filterstring}', PUBLIC],
  ['get', '/p1/api/categories', PUBLIC],
  ['get', '/p1/api/categories/subcategories/{categoryId}', PUBLIC],
  ['get', '/p1/api/admin/all', ADMIN],
  ['post', '/p1/api/create', ADMIN],
  ['patch', '/p1/api/edit/{id}', ADMIN],
  ['delete', '/p1/api/delete/{id}', ADMIN],
  ['patch', '/p1/api/status/{id}', ADMIN],
  ['get', '/p1/api/form/categories', ADMIN],
  ['get', '/p1/api/form/subcategories/{categoryId}', ADMIN],
  ['get', '/p1/api/count', ADMIN],
  ['get', '/c2/api/count', PUBLIC],
  ['get', '/c2/api/all', PUBLIC],
  ['post', '/c2/api/add', PUBLIC],
  ['patch', '/c2/api/update-quantity', PUBLIC],
  ['delete', '/c2/api/remove/{cartItemId}', PUBLIC],
  ['delete', '/c2/api/clear', PUBLIC],
  ['post', '/c2/api/bulk', SIGNED_IN],
  ['post', '/o1/api/razorpay-order', SIGNED_IN],
  ['post', '/o1/api/verify-and-place', SIGNED_IN],
  ['post', '/o1/api/razorpay-webhook', PUBLIC],
  ['post', '/o1/api/sandbox/pay', SIGNED_IN],
  ['get', '/o1/api/my-orders', SIGNED_IN],
  ['get', '/o1/api/admin/orders', ADMIN],
  ['patch', '/o1/api/admin/update/{id}', ADMIN],
  ['get', '/o1/api/admin/count', ADMIN],
  ['get', '/healthz', PUBLIC],
  ['get', '/sitemap.xml', PUBLIC],
  ['get', '/robots.txt', PUBLIC],
  ['get', '/uploads/{key}', PUBLIC],
];

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document for a standard validator', async () => {
    const doc = await document();
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('documents every contract route with the security it needs, and public routes as public', async () => {
    const doc = await document();
    for (const [method, path, scheme] of CONTRACT) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op?.security, `${method} ${path}`).toEqual(scheme ? [{ [scheme]: [] }] : []);
      expect(
        Object.keys(op?.responses ?? {}).some((s) => s.startsWith('2')),
        `${method} ${path}`,
      ).toBe(true);
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        const param = op?.parameters?.find((p) => p.in === 'path' && `{${p.name}}` === name);
        expect(param?.required, `${method} ${path} ${name}`).toBe(true);
      }
      if (
        ['post', 'put', 'patch'].includes(method) &&
        !['/u1/api/signout', '/u1/api/signout-others', '/u1/api/admin/outbox/{id}/retry', '/p1/api/status/{id}'].includes(path)
      ) {
        expect(op?.requestBody, `${method} ${path} body`).toBeDefined();
      }
    }
  });

  it('states security on every operation and gives each a unique operationId', async () => {
    const doc = await document();
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(Array.isArray(op.security), `${method} ${path}`).toBe(true);
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
        expect(ids.has(op.operationId ?? ''), `duplicate ${op.operationId}`).toBe(false);
        ids.add(op.operationId ?? '');
      }
    }
    expect(ids.size).toBeGreaterThanOrEqual(CONTRACT.length);
  });

  it('describes stored media as the image and video types it is sent as', async () => {
    const doc = (await document()) as unknown as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }>;
    };
    const media = doc.paths['/uploads/{key}']?.get.responses;
    for (const status of ['200', '206']) {
      expect(Object.keys(media?.[status]?.content ?? {})).toEqual(expect.arrayContaining(['image/webp', 'video/mp4']));
      expect(media?.[status]?.content['application/json']).toBeUndefined();
    }
    expect(Object.keys(media?.['404']?.content ?? {})).toEqual(['application/json']);
  });

  it('derives readable operation ids from method and path', () => {
    expect(operationIdFor('put', '/u1/api/edituser/{id}')).toBe('putU1ApiEdituserById');
    expect(operationIdFor('get', '/s2/api/cat/sub/{subcategoryId}')).toBe('getS2ApiCatSubBySubcategoryId');
    expect(operationIdFor('patch', '/c2/api/update-quantity')).toBe('patchC2ApiUpdateQuantity');
  });
});

describe('the API reference page', () => {
  it('is served at /api/docs/, reading the OpenAPI document beside it, with its script', async () => {
    const bare = await t.request({ method: 'GET', url: '/api/docs' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/api/docs/');
    const page = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('openapi.json');
    expect(page.body).toContain('js/scalar.js');
    // The page runs its own inline script: the shop's strict policy is lifted for it alone.
    expect(page.headers['content-security-policy']).toBeUndefined();
    const script = await t.request({ method: 'GET', url: '/api/docs/js/scalar.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body.length).toBeGreaterThan(100_000);
    const doc = await t.request({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(doc.headers['access-control-allow-origin']).toBe('*');
    expect(doc.json().openapi).toBe('3.1.0');
  });
});
