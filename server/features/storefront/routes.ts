import { storefrontRoutes } from '../../../contract/storefront.js';
import { routePlugin } from '../../http/routes.js';
import * as service from './service.js';

/**
 * The home page's content. Writes under /a1/api/admin/storefront make this server forget the pages it keeps
 * rendered (server/app.ts), so the merchant's change shows on the next visit.
 */
export default routePlugin(storefrontRoutes, (app) => {
  const saved = async () => ({
    success: true,
    message: 'Saved: the home page shows it now',
    storefront: await service.readContent(app.db, app.clock(), false),
  });
  /** A PUT that replaces one part of the home page with the body, then answers the page as saved. */
  const replacing =
    <B>(replace: (db: typeof app.db, body: B) => Promise<unknown>) =>
    async (request: { body: B }) => {
      await replace(app.db, request.body);
      return saved();
    };
  return {
    'GET /a1/api/storefront': async () => ({
      success: true,
      storefront: await service.readContent(app.db, app.clock(), true),
    }),
    'GET /a1/api/admin/storefront': async () => ({
      success: true,
      storefront: await service.readContent(app.db, app.clock(), false),
    }),
    'PUT /a1/api/admin/storefront/slides': replacing(service.replaceSlides),
    'PUT /a1/api/admin/storefront/banners': replacing(service.replaceBanners),
    'PUT /a1/api/admin/storefront/tiles': replacing(service.replaceTiles),
    'PUT /a1/api/admin/storefront/films': replacing(service.replaceFilms),
    'PUT /a1/api/admin/storefront/faq': replacing(service.replaceFaq),
    'POST /a1/api/admin/storefront/image': async (request) => ({
      success: true,
      url: await service.uploadContentImage(request, app.media),
    }),
    'POST /a1/api/admin/storefront/video': async (request) => ({
      success: true,
      ...(await service.uploadContentVideo(request, app.media)),
    }),
  };
});
