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
} from './catalogue.js';
import { MessageResponse } from './common.js';
import { byId, routeTable } from './route.js';
import { SuggestQuery, SuggestResponse } from './search.js';

/** What a storefront read of products at their running sale prices depends on (the products, their names, the sales). */
const PRICED_PRODUCTS = ['products', 'categories', 'subcategories', 'sales'] as const;

/** The product routes: the storefront's reads, then the back-office's. */
export const productRoutes = routeTable('Products', {
  // ---------------------------------------------------------------- storefront
  'GET /p1/api/latest/all': {
    guard: 'public',
    cache: PRICED_PRODUCTS,
    summary: 'Newest active products',
    query: LatestQuery,
    responses: { 200: ProductsResponse },
    errors: [400],
  },
  'GET /p1/api/best/all': {
    guard: 'public',
    cache: PRICED_PRODUCTS,
    summary: 'Best sellers: active products by units sold, ties by newest; optional partial subcategory name',
    query: BestQuery,
    responses: { 200: BestProductsResponse },
    errors: [400],
  },
  'GET /p1/api/slug/:slug': {
    guard: 'public',
    cache: [...PRICED_PRODUCTS, 'shop_settings', 'shipping_zones', 'shipping_rates'],
    summary: 'An active product by slug, with up to 12 related products and its delivery in India',
    ...byId(SlugParams, { 200: ProductBySlugResponse }),
  },
  'GET /p1/api/filter/:filterstring': {
    guard: 'public',
    cache: PRICED_PRODUCTS,
    summary:
      'Storefront listing of a filter string (see API.md), 30 a page; ?page overrides page-N; past the last page, the last page',
    description:
      'A visitor who is not signed in may have LISTING_QUERY_LIMIT listings a minute worked out for their address ' +
      '(answers the shop already holds are not counted); past it, 429 with Retry-After.',
    params: FilterParams,
    query: FilterQuery,
    responses: { 200: FilterResponse },
    errors: [400, 429],
  },
  'GET /p1/api/suggest': {
    guard: 'public',
    cache: PRICED_PRODUCTS,
    summary: 'Header search suggestions: products, categories and stones near the query (typo-tolerant, Hindi names)',
    description:
      'From two letters on. Names are compared by trigram word similarity (pg_trgm), so `rubi` finds Ruby and ' +
      '`yelow saphire` Yellow Sapphire; a stone is also found by its Hindi or trade name (Manik → Ruby, Pukhraj → ' +
      'Yellow Sapphire, Neelam → Blue Sapphire) and then its products too. Up to 6 products and 4 categories and stones.',
    query: SuggestQuery,
    responses: { 200: SuggestResponse },
    errors: [400],
  },
  'GET /p1/api/categories': {
    guard: 'public',
    cache: ['categories', 'products'],
    summary: 'The categories with at least one active product, for the filter bar (admin screens list every category)',
    responses: { 200: ProductCategoriesResponse },
  },
  'GET /p1/api/categories/subcategories/:categoryId': {
    guard: 'public',
    cache: ['categories', 'subcategories', 'products'],
    summary: 'A category and its subcategories, for the filter bar',
    ...byId(CategoryIdParam, { 200: CategorySubcategoriesResponse }),
  },

  // ---------------------------------------------------------------- admin
  'GET /p1/api/admin/all': {
    guard: 'admin',
    summary: 'Every product (active or not), newest first; search by name, SKU, category, subcategory or id',
    query: AdminProductsQuery,
    responses: { 200: AdminProductsResponse },
    errors: [400],
  },
  'POST /p1/api/create': {
    guard: 'admin',
    summary: 'Create a product (multipart/form-data: fields, repeated images, one video, one lab report)',
    description:
      'Images are checked by content (JPEG, PNG, WebP, AVIF; 415 otherwise), ≤ 10 MB each and ≤ 10 per product (413), ' +
      'and stored as WebP 320/640/1280 plus the original; productimages holds the 1280 URLs. One MP4/WebM video ≤ 100 MB. ' +
      'productsizes and productcolours are each one string joined by ", ". The slug is made from the name and kept unique. ' +
      'The lab certificate: certificatelab (gia, igi, gii, grs, ssef, gubelin, other; labels such as GIA or Gübelin are ' +
      'read too) and certificatenumber (3–40 letters or digits, `-` `/` `.` inside; digits only for GIA; a number needs ' +
      'its lab, 400); certificate is the report file, a PDF (checked by content) or a JPEG/PNG/WebP/AVIF picture of ' +
      'it, ≤ 10 MB (413), anything else 415; certificatefile holds its URL, served as application/pdf with ' +
      'Content-Disposition inline. The free-text certification field is kept as it is. sku: 1–32 of A–Z 0–9 `-` ' +
      '(lower case is upper-cased), unique (409 when another product has it); empty for none.',
    bodyType: 'multipart',
    body: ProductMultipartBody,
    responses: { 201: ProductMutationResponse },
    errors: [400, 409, 413, 415],
  },
  'PATCH /p1/api/edit/:id': {
    guard: 'admin',
    summary: 'Edit a product (multipart/form-data: any fields, new images, imagesToDelete, videoToDelete, certificate)',
    description:
      'Fields not sent are kept; the slug is kept when the name changes, so shared links stay valid. New images are ' +
      'added after the kept ones; the total is limited to 10 (413). imagesToDelete: JSON list of this product’s image ' +
      'URLs (others are ignored); videoToDelete: JSON boolean; a new video replaces the old one. A new certificate ' +
      '(PDF or picture of the lab report) replaces the old one; certificateToDelete: JSON boolean. certificatelab and ' +
      'certificatenumber are checked together with the values kept (a number needs its lab). Optional ' +
      'stockquantityWas (the stock the form showed) applies the stock change as a difference.',
    bodyType: 'multipart',
    body: ProductEditMultipartBody,
    ...byId(ProductIdParams, { 200: ProductMutationResponse }, 409, 413, 415),
  },
  'DELETE /p1/api/delete/:id': {
    guard: 'admin',
    summary: 'Delete a product and its media (past orders keep their snapshot)',
    ...byId(ProductIdParams, { 200: MessageResponse }),
  },
  'PATCH /p1/api/status/:id': {
    guard: 'admin',
    summary: 'Flip a product between active and inactive',
    ...byId(ProductIdParams, { 200: ProductStatusResponse }),
  },
  'GET /p1/api/form/categories': {
    guard: 'admin',
    summary: 'Every category, for the product form',
    responses: { 200: FormCategoriesResponse },
  },
  'GET /p1/api/form/subcategories/:categoryId': {
    guard: 'admin',
    summary: 'The subcategories of a category, for the product form',
    ...byId(CategoryIdParam, { 200: FormSubcategoriesResponse }),
  },
  'GET /p1/api/count': {
    guard: 'admin',
    summary: 'Number of products',
    responses: { 200: ProductCountResponse },
  },
});
