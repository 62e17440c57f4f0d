import { paiseToRupees, rupeesToPaise } from '../../../contract/common.js';
import { productRoutes } from '../../../contract/products.js';
import { NotFound } from '../../domain/errors.js';
import { homeDelivery } from '../../domain/shipping-rates.js';
import { settingsRow } from '../../domain/shop-settings.js';
import { countListingQuery } from '../../http/page-renders.js';
import { routePlugin } from '../../http/routes.js';
import { listCategories, listShopperCategories, toCategory } from '../categories/service.js';
import { subcategoriesOfCategory, toSubcategory } from '../subcategories/service.js';
import { adminListProducts, countProducts } from './admin-reads.js';
import { bestSellers, filterProducts, findActiveBySlug, latestProducts, relatedProducts } from './listing.js';
import { toProduct } from './rows.js';
import { suggest } from './search.js';
import { readProductUpload } from './upload.js';
import { createProductFromUpload, deleteProduct, editProductFromUpload, toggleProductStatus } from './writes.js';

export default routePlugin(productRoutes, (app) => {
  const logMediaError = (err: unknown) => app.log.error({ err }, 'could not delete product media');
  return {
    // ---------------------------------------------------------------- storefront

    'GET /p1/api/latest/all': async (request) => ({
      success: true,
      products: (await latestProducts(app.db, request.query.limit, app.clock())).map(toProduct),
    }),

    'GET /p1/api/best/all': async (request) => {
      const subcategory = request.query.subcategory || undefined;
      const rows = await bestSellers(app.db, { subcategory, limit: request.query.limit, at: app.clock() });
      const message = rows.length
        ? 'Best selling products fetched successfully'
        : subcategory
          ? `No products found in ${subcategory} category`
          : 'No products found';
      return { success: true, products: rows.map(toProduct), message };
    },

    'GET /p1/api/slug/:slug': async (request) => {
      const at = app.clock();
      const row = await findActiveBySlug(app.db, request.params.slug, at);
      if (!row) throw new NotFound('Product not found');
      const product = toProduct(row);
      // What the page shows besides the product is remembered until the catalogue, the settings or the shipping
      // zones change (server/http/catalogue-feed.ts); not while changes cannot be heard.
      const kept = app.answers.live ? app.listingCache : undefined;
      const [related, settings, delivery] = await Promise.all([
        relatedProducts(app.db, row, undefined, at, kept),
        kept ? kept.keep('settings', () => settingsRow(app.db)) : settingsRow(app.db),
        homeDelivery(
          app.db,
          rupeesToPaise(product.saleprice ?? product.productprice),
          kept && ((load) => kept.keep('rates:IN', load)),
        ),
      ]);
      return {
        success: true,
        product,
        relatedProducts: related.map(toProduct),
        rattiincarats: Number(settings.rattiincarats),
        delivery: delivery && {
          name: delivery.name,
          amount: paiseToRupees(delivery.amountPaise),
          mindays: delivery.mindays,
          maxdays: delivery.maxdays,
        },
      };
    },

    'GET /p1/api/filter/:filterstring': async (request) => {
      await countListingQuery(request, app.rateLimits, app.config.listingQueryLimit);
      const { filter, rows, total, totalPages, didyoumean } = await filterProducts(
        app.db,
        request.params.filterstring,
        request.query.page || undefined,
        app.answers.live ? app.listingCache : undefined,
        app.clock(),
      );
      return {
        success: true,
        products: rows.map(toProduct),
        pagination: { totalPages, totalCount: total, currentPage: filter.page },
        filter,
        didyoumean,
      };
    },

    'GET /p1/api/suggest': async (request) => suggest(app.db, request.query.q, app.clock()),

    'GET /p1/api/categories': async () => ({
      success: true,
      categories: (await listShopperCategories(app.db)).map(toCategory),
    }),

    'GET /p1/api/categories/subcategories/:categoryId': async (request) => {
      const { category, subcategories } = await subcategoriesOfCategory(app.db, request.params.categoryId);
      return { success: true, subcategories: subcategories.map(toSubcategory), category: toCategory(category) };
    },

    // ---------------------------------------------------------------- admin

    'GET /p1/api/admin/all': async (request) => {
      const { page, limit, search } = request.query;
      const { rows, total, totalPages } = await adminListProducts(app.db, { page, limit, search });
      const message = rows.length
        ? 'Products fetched successfully'
        : search
          ? `No products found matching "${search}"`
          : 'No products found.';
      return {
        success: true,
        products: rows.map(toProduct),
        pagination: { currentPage: page, totalPages, totalProducts: total, hasNext: page < totalPages, hasPrev: page > 1 },
        message,
      };
    },

    'POST /p1/api/create': async (request) => {
      const upload = await readProductUpload(request, app.media);
      const product = await createProductFromUpload(app.db, upload);
      return { success: true, message: 'Product created successfully', product };
    },

    'PATCH /p1/api/edit/:id': async (request) => {
      const upload = await readProductUpload(request, app.media);
      const product = await editProductFromUpload(app.db, app.media, request.params.id, upload, logMediaError);
      return { success: true, message: 'Product updated successfully', product };
    },

    'DELETE /p1/api/delete/:id': async (request) => {
      await deleteProduct(app.db, app.media, request.params.id, logMediaError);
      return { success: true, message: 'Product has been deleted successfully' };
    },

    'PATCH /p1/api/status/:id': async (request) => {
      const isActive = await toggleProductStatus(app.db, request.params.id);
      return { success: true, isActive, message: isActive ? 'Product is now active' : 'Product is now inactive' };
    },

    'GET /p1/api/form/categories': async () => ({
      success: true,
      categories: (await listCategories(app.db)).map(toCategory),
      message: 'Categories fetched successfully',
    }),

    'GET /p1/api/form/subcategories/:categoryId': async (request) => {
      const { subcategories } = await subcategoriesOfCategory(app.db, request.params.categoryId);
      return { success: true, subcategories: subcategories.map(toSubcategory) };
    },

    'GET /p1/api/count': async () => ({ success: true, totalProducts: await countProducts(app.db) }),
  };
});
