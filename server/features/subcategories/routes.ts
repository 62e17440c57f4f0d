import { subcategoryRoutes } from '../../../contract/subcategories.js';
import { routePlugin } from '../../http/routes.js';
import { listCategories, toCategory } from '../categories/service.js';
import * as service from './service.js';

export default routePlugin(subcategoryRoutes, (app) => ({
  'GET /s2/api/all': async (request) => {
    const { page, limit } = request.query;
    const { rows, total, totalPages } = await service.listSubcategories(app.db, page, limit);
    return {
      success: true,
      data: rows.map(service.toSubcategory),
      pagination: { currentPage: page, totalPages, totalItems: total, limit },
    };
  },

  'POST /s2/api/create': async (request) => ({
    success: true,
    message: 'The subcategory has been added successfully.',
    data: service.toSubcategory(await service.createSubcategory(app.db, request.body)),
  }),

  'PATCH /s2/api/edit/:id': async (request) => ({
    success: true,
    message: 'The subcategory has been updated successfully.',
    data: service.toSubcategory(await service.editSubcategory(app.db, request.params.id, request.body)),
  }),

  'DELETE /s2/api/delete/:id': async (request) => {
    await service.deleteSubcategory(app.db, request.params.id);
    return { success: true, message: 'The subcategory has been deleted.' };
  },

  'GET /s2/api/count': async () => ({ success: true, count: await service.countSubcategories(app.db) }),

  'GET /s2/api/categories': async () => ({ success: true, data: (await listCategories(app.db)).map(toCategory) }),

  'GET /s2/api/cat/:categoryId': async (request) => {
    const { subcategories } = await service.subcategoriesOfCategory(app.db, request.params.categoryId);
    return { success: true, data: subcategories.map(service.toSubcategory) };
  },

  'GET /s2/api/cat/sub/:subcategoryId': async (request) => ({
    success: true,
    data: service.toSubcategory(await service.getSubcategory(app.db, request.params.subcategoryId)),
  }),
}));
