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
  return {
    'GET /a1/api/storefront': async () => ({
      success: true,
      storefront: await service.readContent(app.db, app.clock(), true),
    }),
    'GET /a1/api/admin/storefront': async () => ({
      success: true,
      storefront: await service.readContent(app.db, app.clock(), false),
    }),
    'PUT /a1/api/admin/storefront/slides': async (request) => {
      await service.replaceSlides(app.db, request.body);
      return saved();
    },
    'PUT /a1/api/admin/storefront/banners': async (request) => {
      await service.replaceBanners(app.db, request.body);
      return saved();
    },
    'PUT /a1/api/admin/storefront/tiles': async (request) => {
      await service.replaceTiles(app.db, request.body);
      return saved();
    },
    'PUT /a1/api/admin/storefront/films': async (request) => {
      await service.replaceFilms(app.db, request.body);
      return saved();
    },
    'PUT /a1/api/admin/storefront/faq': async (request) => {
      await service.replaceFaq(app.db, request.body);
      return saved();
    },
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
