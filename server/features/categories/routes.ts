import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CategoriesResponse,
  CategoryBody,
  CategoryIdParams,
  CategoryMutationResponse,
  CountResponse,
} from '../../../contract/catalogue.js';
import { errorResponses, MessageResponse } from '../../../contract/common.js';
import { ADMIN, requireAdmin } from '../../http/session.js';
import * as service from './service.js';

const tags = ['Categories'];

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/all',
    { schema: { tags, summary: 'Every category, sorted by name', response: { 200: CategoriesResponse } } },
    async () => ({ success: true, data: (await service.listCategories(app.db)).map(service.toCategory) }),
  );

  app.post(
    '/create',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Create a category (names are unique, case-insensitive)',
        ...ADMIN,
        body: CategoryBody,
        response: { 201: CategoryMutationResponse, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) => {
      const row = await service.createCategory(app.db, request.body.categoryname);
      return reply.status(201).send({ success: true, message: 'Category created successfully', data: service.toCategory(row) });
    },
  );

  app.patch(
    '/edit/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Rename a category',
        ...ADMIN,
        params: CategoryIdParams,
        body: CategoryBody,
        response: { 200: CategoryMutationResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => {
      const row = await service.renameCategory(app.db, request.params.id, request.body.categoryname);
      return { success: true, message: 'Category updated successfully', data: service.toCategory(row) };
    },
  );

  app.delete(
    '/delete/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Delete a category (409 while subcategories or products use it)',
        ...ADMIN,
        params: CategoryIdParams,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.deleteCategory(app.db, request.params.id);
      return { success: true, message: 'Category has been deleted.' };
    },
  );

  app.get(
    '/count',
    {
      preValidation: requireAdmin,
      schema: { tags, summary: 'Number of categories', ...ADMIN, response: { 200: CountResponse, ...errorResponses(401, 403) } },
    },
    async () => ({ success: true, count: await service.countCategories(app.db) }),
  );
};

export default routes;
