import type { DesignBody, DesignPatchBody, Metal, madeToOrderRoutes } from '../../contract/made-to-order';
import type { RouteAnswer } from '../../contract/route';
import { type RouteBody, routeCaller } from './client';

const call = routeCaller<typeof madeToOrderRoutes>();

export type MetalRate = RouteAnswer<(typeof madeToOrderRoutes)['routes']['GET /a1/api/metal-rates']>['rates'][number];

export type Design = RouteAnswer<(typeof madeToOrderRoutes)['routes']['GET /p1/api/admin/designs']>['designs'][number];

/** What a piece is priced for: the stone, the design, the metal and (a ring) the size. */
type PieceChoice = { productId: string; designId: string; metal: Metal; size?: number };

/** The merchant's metal rates and designs (made to order). */
export const madeToOrderApi = {
  rates: {
    list: () => call('GET /a1/api/metal-rates'),
    save: (rates: RouteBody<typeof madeToOrderRoutes, 'PUT /a1/api/admin/metal-rates'>['rates']) =>
      call('PUT /a1/api/admin/metal-rates', { body: { rates } }),
  },
  /** The storefront's: the active designs, and a stone's price set in one (the server's formula, never the browser's). */
  shop: {
    designs: () => call('GET /p1/api/designs'),
    price: (q: PieceChoice) => call('GET /p1/api/made-to-order/price', { query: q }),
  },
  designs: {
    list: () => call('GET /p1/api/admin/designs'),
    create: (body: DesignBody) => call('POST /p1/api/admin/designs', { body }),
    update: (id: string, body: DesignPatchBody) => call('PATCH /p1/api/admin/designs/:id', { params: { id }, body }),
    remove: (id: string) => call('DELETE /p1/api/admin/designs/:id', { params: { id } }),
    /** Adds the pictures chosen (sent as a product's are: repeated `images` parts). */
    addImages: (id: string, files: File[]) => {
      const form = new FormData();
      for (const f of files) form.append('images', f);
      return call('POST /p1/api/admin/designs/:id/images', { params: { id }, body: form });
    },
    removeImage: (id: string, url: string) => call('DELETE /p1/api/admin/designs/:id/images', { params: { id }, body: { url } }),
  },
};
