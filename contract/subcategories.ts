import {
  CategoriesResponse,
  CategoryIdParam,
  CountResponse,
  SubcategoriesResponse,
  SubcategoryBody,
  SubcategoryIdParam,
  SubcategoryIdParams,
  SubcategoryListQuery,
  SubcategoryMutationResponse,
  SubcategoryPageResponse,
  SubcategoryResponse,
} from './catalogue.js';
import { MessageResponse } from './common.js';
import { byId, routeTable } from './route.js';

/** The subcategory routes. */
export const subcategoryRoutes = routeTable('Subcategories', {
  'GET /s2/api/all': {
    guard: 'public',
    cache: ['categories', 'subcategories'],
    summary: 'One page of subcategories, newest first',
    query: SubcategoryListQuery,
    responses: { 200: SubcategoryPageResponse },
    errors: [400],
  },
  'POST /s2/api/create': {
    guard: 'admin',
    summary: 'Create a subcategory in a category (names unique within the category, case-insensitive)',
    body: SubcategoryBody,
    responses: { 201: SubcategoryMutationResponse },
    errors: [400, 409, 415],
  },
  'PATCH /s2/api/edit/:id': {
    guard: 'admin',
    summary: 'Rename a subcategory or move it (with its products) to another category',
    body: SubcategoryBody,
    ...byId(SubcategoryIdParams, { 200: SubcategoryMutationResponse }, 409, 415),
  },
  'DELETE /s2/api/delete/:id': {
    guard: 'admin',
    summary: 'Delete a subcategory (409 while products use it)',
    ...byId(SubcategoryIdParams, { 200: MessageResponse }, 409),
  },
  'GET /s2/api/count': {
    guard: 'admin',
    summary: 'Number of subcategories',
    responses: { 200: CountResponse },
  },
  'GET /s2/api/categories': {
    guard: 'public',
    cache: ['categories'],
    summary: 'Every category, for the subcategory form',
    responses: { 200: CategoriesResponse },
  },
  'GET /s2/api/cat/:categoryId': {
    guard: 'public',
    cache: ['categories', 'subcategories'],
    summary: 'The subcategories of a category, sorted by name',
    ...byId(CategoryIdParam, { 200: SubcategoriesResponse }),
  },
  'GET /s2/api/cat/sub/:subcategoryId': {
    guard: 'public',
    cache: ['categories', 'subcategories'],
    summary: 'One subcategory',
    ...byId(SubcategoryIdParam, { 200: SubcategoryResponse }),
  },
});
