import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountRoutes } from './accounts.js';
import { authRoutes } from './auth.js';
import { cartRoutes } from './cart.js';
import { categoryRoutes } from './categories.js';
import { creditRoutes } from './credit.js';
import { dashboardRoutes } from './dashboard.js';
import { gstRoutes } from './gst.js';
import { orderActionRoutes } from './order-actions.js';
import { orderRoutes } from './order-routes.js';
import { paymentRoutes } from './payments.js';
import { productRoutes } from './products.js';
import { promotionRoutes } from './promotions.js';
import { reviewRoutes } from './reviews.js';
import { routeTable } from './route.js';
import { settingsRoutes } from './settings.js';
import { storefrontRoutes } from './storefront.js';
import { subcategoryRoutes } from './subcategories.js';
import { businessRoutes } from './wholesale.js';

const tables = [
  accountRoutes,
  authRoutes,
  cartRoutes,
  categoryRoutes,
  creditRoutes,
  dashboardRoutes,
  gstRoutes,
  orderActionRoutes,
  orderRoutes,
  paymentRoutes,
  productRoutes,
  promotionRoutes,
  reviewRoutes,
  settingsRoutes,
  storefrontRoutes,
  subcategoryRoutes,
  businessRoutes,
];

describe('route prefixes', () => {
  it('every route of every table lives under one of the seven prefixes', () => {
    const prefixes = new Set(tables.flatMap((t) => Object.keys(t.routes)).map((key) => key.split(' ')[1]?.split('/')[1]));
    expect([...prefixes].sort()).toEqual(['a1', 'c1', 'c2', 'o1', 'p1', 's2', 'u1']);
  });

  it('refuses, by type, a route under a prefix the list does not name', () => {
    const table = routeTable('Made up', {
      // @ts-expect-error '/x9' is not a route prefix (contract/prefixes.ts)
      'GET /x9/api/anything': { guard: 'public', summary: 'Nothing', responses: { 200: z.object({}) } },
    });
    expect(Object.keys(table.routes)).toEqual(['GET /x9/api/anything']);
  });
});
