import type { DesignBody, DesignPatchBody, madeToOrderRoutes } from '../../contract/made-to-order';
import type { RouteAnswer } from '../../contract/route';
import { type RouteBody, routeCaller } from './client';

const call = routeCaller<typeof madeToOrderRoutes>();

export type MetalRate = RouteAnswer<(typeof madeToOrderRoutes)['routes']['GET /a1/api/metal-rates']>['rates'][number];

export type Design = RouteAnswer<(typeof madeToOrderRoutes)['routes']['GET /p1/api/admin/designs']>['designs'][number];

/** The merchant's metal rates and designs (made to order). */
export const madeToOrderApi = {
  rates: {
    list: () => call('GET /a1/api/metal-rates'),
    save: (rates: RouteBody<typeof madeToOrderRoutes, 'PUT /a1/api/admin/metal-rates'>['rates']) =>
      call('PUT /a1/api/admin/metal-rates', { body: { rates } }),
  },
  designs: {
    list: () => call('GET /p1/api/admin/designs'),
    create: (body: DesignBody) => call('POST /p1/api/admin/designs', { body }),
    update: (id: string, body: DesignPatchBody) => call('PATCH /p1/api/admin/designs/:id', { params: { id }, body }),
    remove: (id: string) => call('DELETE /p1/api/admin/designs/:id', { params: { id } }),
  },
};
