import { CategoriesResponse, CategoryBody, CategoryIdParams, CategoryMutationResponse, CountResponse } from './catalogue.js';
import { MessageResponse } from './common.js';
import { byId, routeTable } from './route.js';

/** The category routes. */
export const categoryRoutes = routeTable('Categories', {
  'GET /c1/api/all': {
    guard: 'public',
    cache: ['categories'],
    summary: 'Every category, sorted by name',
    responses: { 200: CategoriesResponse },
  },
  'POST /c1/api/create': {
    guard: 'admin',
    summary: 'Create a category (names are unique, case-insensitive)',
    body: CategoryBody,
    responses: { 201: CategoryMutationResponse },
    errors: [400, 409, 415],
  },
  'PATCH /c1/api/edit/:id': {
    guard: 'admin',
    summary: 'Rename a category',
    body: CategoryBody,
    ...byId(CategoryIdParams, { 200: CategoryMutationResponse }, 409, 415),
  },
  'DELETE /c1/api/delete/:id': {
    guard: 'admin',
    summary: 'Delete a category (409 while subcategories or products use it)',
    ...byId(CategoryIdParams, { 200: MessageResponse }, 409),
  },
  'GET /c1/api/count': {
    guard: 'admin',
    summary: 'Number of categories',
    responses: { 200: CountResponse },
  },
});
