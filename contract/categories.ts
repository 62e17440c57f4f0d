import { CategoriesResponse, CategoryBody, CategoryIdParams, CategoryMutationResponse, CountResponse } from './catalogue.js';
import { MessageResponse } from './common.js';
import { AdminMenusResponse, MenusBody, MenusResponse } from './menus.js';
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
  'GET /c1/api/menus': {
    guard: 'public',
    cache: ['menu_entries', 'categories', 'subcategories', 'products'],
    summary:
      "The header's five menus: the categories and subcategories the merchant placed under each, in order, " +
      'each with an active product (the same answer for everyone)',
    responses: { 200: MenusResponse },
  },
  'GET /c1/api/admin/menus': {
    guard: 'admin',
    summary: 'The five menus as the merchant laid them out, with the places not shown for want of an active product',
    responses: { 200: AdminMenusResponse },
  },
  'PUT /c1/api/admin/menus': {
    guard: 'admin',
    summary: 'Lay out the menus given anew (their places in the order listed; the others stay as they are)',
    body: MenusBody,
    responses: { 200: AdminMenusResponse },
    errors: [400, 415],
  },
});
