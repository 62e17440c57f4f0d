import type { FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import {
  AdminProductsQuery,
  AdminProductsResponse,
  BestProductsResponse,
  BestQuery,
  CategoryIdParam,
  CategorySubcategoriesResponse,
  FilterParams,
  FilterQuery,
  FilterResponse,
  FormCategoriesResponse,
  FormSubcategoriesResponse,
  LatestQuery,
  ProductBySlugResponse,
  ProductCategoriesResponse,
  ProductCountResponse,
  ProductEditMultipartBody,
  ProductIdParams,
  ProductMultipartBody,
  ProductMutationResponse,
  ProductStatusResponse,
  ProductsResponse,
  SlugParams,
} from '../../../contract/catalogue.js';
import { errorResponses, MessageResponse } from '../../../contract/common.js';
import { notFound } from '../../http/errors.js';
import { ADMIN, requireAdmin } from '../../http/session.js';
import { listCategories, toCategory } from '../categories/service.js';
import { subcategoriesOfCategory, toSubcategory } from '../subcategories/service.js';
import * as service from './service.js';
import { readProductUpload } from './upload.js';

const tags = ['Products'];

/**
 * The two multipart routes document their body for OpenAPI, but read it part by part themselves
 * (files are checked by content as they stream in), so the body schema is not used to validate.
 */
const multipartValidator: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route as never);

const routes: FastifyPluginAsyncZod = async (app) => {
  const logMediaError = (err: unknown) => app.log.error({ err }, 'could not delete product media');

  // ---------------------------------------------------------------- storefront

  app.get(
    '/latest/all',
    {
      schema: {
        tags,
        summary: 'Newest active products',
        querystring: LatestQuery,
        response: { 200: ProductsResponse, ...errorResponses(400) },
      },
    },
    async (request) => ({
      success: true,
      products: (await service.latestProducts(app.db, request.query.limit)).map(service.toProduct),
    }),
  );

  app.get(
    '/best/all',
    {
      schema: {
        tags,
        summary: 'Best sellers: active products by units sold, ties by newest; optional partial subcategory name',
        querystring: BestQuery,
        response: { 200: BestProductsResponse, ...errorResponses(400) },
      },
    },
    async (request) => {
      const subcategory = request.query.subcategory || undefined;
      const rows = await service.bestSellers(app.db, { subcategory, limit: request.query.limit });
      const message = rows.length
        ? 'Best selling products fetched successfully'
        : subcategory
          ? `No products found in ${subcategory} category`
          : 'No products found';
      return { success: true, products: rows.map(service.toProduct), message };
    },
  );

  app.get(
    '/slug/:slug',
    {
      schema: {
        tags,
        summary: 'An active product by slug, with up to 12 related products',
        params: SlugParams,
        response: { 200: ProductBySlugResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const row = await service.findActiveBySlug(app.db, request.params.slug);
      if (!row) throw notFound('Product not found');
      const related = await service.relatedProducts(app.db, row);
      return { success: true, product: service.toProduct(row), relatedProducts: related.map(service.toProduct) };
    },
  );

  app.get(
    '/filter/:filterstring',
    {
      schema: {
        tags,
        summary: 'Storefront listing of a filter string (see API.md), 30 a page; ?page overrides page-N',
        params: FilterParams,
        querystring: FilterQuery,
        response: { 200: FilterResponse, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { filter, rows, total, totalPages } = await service.filterProducts(
        app.db,
        request.params.filterstring,
        request.query.page || undefined,
        app.listingMemo,
      );
      return {
        success: true,
        products: rows.map(service.toProduct),
        pagination: { totalPages, totalCount: total, currentPage: filter.page },
        filter,
      };
    },
  );

  app.get(
    '/categories',
    { schema: { tags, summary: 'Every category, for the filter bar', response: { 200: ProductCategoriesResponse } } },
    async () => ({ success: true, categories: (await listCategories(app.db)).map(toCategory) }),
  );

  app.get(
    '/categories/subcategories/:categoryId',
    {
      schema: {
        tags,
        summary: 'A category and its subcategories, for the filter bar',
        params: CategoryIdParam,
        response: { 200: CategorySubcategoriesResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { category, subcategories } = await subcategoriesOfCategory(app.db, request.params.categoryId);
      return { success: true, subcategories: subcategories.map(toSubcategory), category: toCategory(category) };
    },
  );

  // ---------------------------------------------------------------- admin

  app.get(
    '/admin/all',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Every product (active or not), newest first; search by name, category, subcategory or id',
        ...ADMIN,
        querystring: AdminProductsQuery,
        response: { 200: AdminProductsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, limit, search } = request.query;
      const { rows, total, totalPages } = await service.adminListProducts(app.db, { page, limit, search });
      const message = rows.length
        ? 'Products fetched successfully'
        : search
          ? `No products found matching "${search}"`
          : 'No products found.';
      return {
        success: true,
        products: rows.map(service.toProduct),
        pagination: { currentPage: page, totalPages, totalProducts: total, hasNext: page < totalPages, hasPrev: page > 1 },
        message,
      };
    },
  );

  app.post(
    '/create',
    {
      preValidation: requireAdmin,
      validatorCompiler: multipartValidator,
      schema: {
        tags,
        summary: 'Create a product (multipart/form-data: fields, repeated images, one video)',
        description:
          'Images are checked by content (JPEG, PNG, WebP, AVIF; 415 otherwise), ≤ 10 MB each and ≤ 10 per product (413), ' +
          'and stored as WebP 320/640/1280 plus the original; productimages holds the 1280 URLs. One MP4/WebM video ≤ 100 MB. ' +
          'productsizes and productcolours are each one string joined by ", ". The slug is made from the name and kept unique.',
        ...ADMIN,
        consumes: ['multipart/form-data'],
        body: ProductMultipartBody,
        response: { 201: ProductMutationResponse, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const upload = await readProductUpload(request, app.media);
      const product = await service.createProductFromUpload(app.db, upload);
      return reply.status(201).send({ success: true, message: 'Product created successfully', product });
    },
  );

  app.patch(
    '/edit/:id',
    {
      preValidation: requireAdmin,
      validatorCompiler: multipartValidator,
      schema: {
        tags,
        summary: 'Edit a product (multipart/form-data: any fields, new images, imagesToDelete, videoToDelete)',
        description:
          'Fields not sent are kept; the slug is kept when the name changes, so shared links stay valid. New images are ' +
          'added after the kept ones; the total is limited to 10 (413). imagesToDelete: JSON list of this product’s image ' +
          'URLs (others are ignored); videoToDelete: JSON boolean; a new video replaces the old one. Optional ' +
          'stockquantityWas (the stock the form showed) applies the stock change as a difference.',
        ...ADMIN,
        consumes: ['multipart/form-data'],
        params: ProductIdParams,
        body: ProductEditMultipartBody,
        response: { 200: ProductMutationResponse, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const upload = await readProductUpload(request, app.media);
      const product = await service.editProductFromUpload(app.db, app.media, request.params.id, upload, logMediaError);
      return { success: true, message: 'Product updated successfully', product };
    },
  );

  app.delete(
    '/delete/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Delete a product and its media (past orders keep their snapshot)',
        ...ADMIN,
        params: ProductIdParams,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.deleteProduct(app.db, app.media, request.params.id, logMediaError);
      return { success: true, message: 'Product has been deleted successfully' };
    },
  );

  app.patch(
    '/status/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Flip a product between active and inactive',
        ...ADMIN,
        params: ProductIdParams,
        response: { 200: ProductStatusResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const isActive = await service.toggleProductStatus(app.db, request.params.id);
      return { success: true, isActive, message: isActive ? 'Product is now active' : 'Product is now inactive' };
    },
  );

  app.get(
    '/form/categories',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Every category, for the product form',
        ...ADMIN,
        response: { 200: FormCategoriesResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({
      success: true,
      categories: (await listCategories(app.db)).map(toCategory),
      message: 'Categories fetched successfully',
    }),
  );

  app.get(
    '/form/subcategories/:categoryId',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'The subcategories of a category, for the product form',
        ...ADMIN,
        params: CategoryIdParam,
        response: { 200: FormSubcategoriesResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { subcategories } = await subcategoriesOfCategory(app.db, request.params.categoryId);
      return { success: true, subcategories: subcategories.map(toSubcategory) };
    },
  );

  app.get(
    '/count',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Number of products',
        ...ADMIN,
        response: { 200: ProductCountResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true, totalProducts: await service.countProducts(app.db) }),
  );
};

export default routes;
