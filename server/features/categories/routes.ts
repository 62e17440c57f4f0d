import { categoryRoutes } from '../../../contract/categories.js';
import { routePlugin } from '../../http/routes.js';
import * as menus from './menus.js';
import * as service from './service.js';

export default routePlugin(categoryRoutes, (app) => ({
  'GET /c1/api/all': async () => ({ success: true, data: (await service.listCategories(app.db)).map(service.toCategory) }),

  'POST /c1/api/create': async (request) => ({
    success: true,
    message: 'Category created successfully',
    data: service.toCategory(await service.createCategory(app.db, request.body.categoryname)),
  }),

  'PATCH /c1/api/edit/:id': async (request) => ({
    success: true,
    message: 'Category updated successfully',
    data: service.toCategory(await service.renameCategory(app.db, request.params.id, request.body.categoryname)),
  }),

  'DELETE /c1/api/delete/:id': async (request) => {
    await service.deleteCategory(app.db, request.params.id);
    return { success: true, message: 'Category has been deleted.' };
  },

  'GET /c1/api/count': async () => ({ success: true, count: await service.countCategories(app.db) }),

  'GET /c1/api/menus': async () => ({ success: true, menus: await menus.shopMenus(app.db) }),

  'GET /c1/api/admin/menus': async () => ({ success: true, menus: await menus.adminMenus(app.db) }),

  'PUT /c1/api/admin/menus': async (request) => {
    await menus.layOutMenus(app.db, request.body);
    return { success: true, menus: await menus.adminMenus(app.db) };
  },
}));
