import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
} from '../../../contract/catalogue.js';
import { errorResponses, MessageResponse } from '../../../contract/common.js';
import { ADMIN, requireAdmin } from '../../http/session.js';
import { listCategories, toCategory } from '../categories/service.js';
import * as service from './service.js';

const tags = ['Subcategories'];

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/all',
    {
      schema: {
        tags,
        summary: 'One page of subcategories, newest first',
        querystring: SubcategoryListQuery,
        response: { 200: SubcategoryPageResponse, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total, totalPages } = await service.listSubcategories(app.db, page, limit);
      return {
        success: true,
        data: rows.map(service.toSubcategory),
        pagination: { currentPage: page, totalPages, totalItems: total, limit },
      };
    },
  );

  app.post(
    '/create',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Create a subcategory in a category (names unique within the category, case-insensitive)',
        ...ADMIN,
        body: SubcategoryBody,
        response: { 201: SubcategoryMutationResponse, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) => {
      const row = await service.createSubcategory(app.db, request.body);
      return reply
        .status(201)
        .send({ success: true, message: 'The subcategory has been added successfully.', data: service.toSubcategory(row) });
    },
  );

  app.patch(
    '/edit/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Rename a subcategory or move it (with its products) to another category',
        ...ADMIN,
        params: SubcategoryIdParams,
        body: SubcategoryBody,
        response: { 200: SubcategoryMutationResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => {
      const row = await service.editSubcategory(app.db, request.params.id, request.body);
      return { success: true, message: 'The subcategory has been updated successfully.', data: service.toSubcategory(row) };
    },
  );

  app.delete(
    '/delete/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Delete a subcategory (409 while products use it)',
        ...ADMIN,
        params: SubcategoryIdParams,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.deleteSubcategory(app.db, request.params.id);
      return { success: true, message: 'The subcategory has been deleted.' };
    },
  );

  app.get(
    '/count',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Number of subcategories',
        ...ADMIN,
        response: { 200: CountResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true, count: await service.countSubcategories(app.db) }),
  );

  app.get(
    '/categories',
    { schema: { tags, summary: 'Every category, for the subcategory form', response: { 200: CategoriesResponse } } },
    async () => ({ success: true, data: (await listCategories(app.db)).map(toCategory) }),
  );

  app.get(
    '/cat/:categoryId',
    {
      schema: {
        tags,
        summary: 'The subcategories of a category, sorted by name',
        params: CategoryIdParam,
        response: { 200: SubcategoriesResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { subcategories } = await service.subcategoriesOfCategory(app.db, request.params.categoryId);
      return { success: true, data: subcategories.map(service.toSubcategory) };
    },
  );

  app.get(
    '/cat/sub/:subcategoryId',
    {
      schema: {
        tags,
        summary: 'One subcategory',
        params: SubcategoryIdParam,
        response: { 200: SubcategoryResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => ({
      success: true,
      data: service.toSubcategory(await service.getSubcategory(app.db, request.params.subcategoryId)),
    }),
  );
};

export default routes;
