import type { authRoutes, Role, User } from '../../contract/auth';
import type { Category, Product, Subcategory, SubcategoryBody } from '../../contract/catalogue';
import type { categoryRoutes } from '../../contract/categories';
import type { AdminOrderFilters, dashboardRoutes } from '../../contract/dashboard';
import type { gstRoutes } from '../../contract/gst';
import type { orderActionRoutes } from '../../contract/order-actions';
import type { orderRoutes } from '../../contract/order-routes';
import type { AdminOrder, Order } from '../../contract/orders';
import type { productRoutes } from '../../contract/products';
import type {
  AdminSale,
  Coupon,
  CouponBody,
  CouponPatchBody,
  promotionRoutes,
  SaleBody,
  SalePatchBody,
} from '../../contract/promotions';
import type { RouteAnswer } from '../../contract/route';
import type { SettingsBody, settingsRoutes } from '../../contract/settings';
import type { StorefrontContent, storefrontRoutes } from '../../contract/storefront';
import type { subcategoryRoutes } from '../../contract/subcategories';
import { queryString, type RouteBody, routeCaller } from './client';

const categories = routeCaller<typeof categoryRoutes>();
const subcategories = routeCaller<typeof subcategoryRoutes>();
const products = routeCaller<typeof productRoutes>();
const users = routeCaller<typeof authRoutes>();
const dashboard = routeCaller<typeof dashboardRoutes>();
const orders = routeCaller<typeof orderRoutes>();
const orderActions = routeCaller<typeof orderActionRoutes>();
const promotions = routeCaller<typeof promotionRoutes>();
const settings = routeCaller<typeof settingsRoutes>();
const gst = routeCaller<typeof gstRoutes>();
const storefront = routeCaller<typeof storefrontRoutes>();

export type {
  AdminOrder,
  AdminOrderFilters,
  AdminSale,
  Category,
  Coupon,
  Order,
  Product,
  Role,
  StorefrontContent,
  Subcategory,
  User,
};

type DeliveryStatus = Order['deliverystatus'];

/** @forTests tests build their list answers with it. */
export type SubcategoryPage = RouteAnswer<(typeof subcategoryRoutes)['routes']['GET /s2/api/all']>;
/** @forTests tests build their list answers with it. */
export type AdminMenus = RouteAnswer<(typeof categoryRoutes)['routes']['GET /c1/api/admin/menus']>;
/** @forTests tests build their list answers with it. */
export type ProductPage = RouteAnswer<(typeof productRoutes)['routes']['GET /p1/api/admin/all']>;
export type OrderPage = RouteAnswer<(typeof orderRoutes)['routes']['GET /o1/api/admin/orders']>;
export type AdminSettings = RouteAnswer<(typeof settingsRoutes)['routes']['GET /a1/api/admin/settings']>['settings'];
export type TaxRow = RouteAnswer<(typeof settingsRoutes)['routes']['GET /a1/api/admin/tax']>['tax'][number];
export type GstReport = RouteAnswer<(typeof gstRoutes)['routes']['GET /o1/api/admin/gst-report']>;
export type { SettingsBody };
export type ProductSaved = RouteAnswer<(typeof productRoutes)['routes']['POST /p1/api/create']>;

export const SUBCATEGORY_PAGE_SIZE = 10;
export const PRODUCT_PAGE_SIZE = 6;
const ORDER_PAGE_SIZE = 10;

export const adminApi = {
  counts: {
    categories: () => categories('GET /c1/api/count'),
    subcategories: () => subcategories('GET /s2/api/count'),
    products: () => products('GET /p1/api/count'),
    users: () => users('GET /u1/api/usercount'),
    orders: () => orders('GET /o1/api/admin/count'),
  },
  dashboard: {
    stats: () => dashboard('GET /o1/api/admin/stats'),
    lowStock: (limit = 10) => dashboard('GET /o1/api/admin/low-stock', { query: { limit } }),
    awaitingShipment: (limit = 10) => dashboard('GET /o1/api/admin/awaiting-shipment', { query: { limit } }),
  },
  categories: {
    all: () => categories('GET /c1/api/all'),
    create: (categoryname: string) => categories('POST /c1/api/create', { body: { categoryname } }),
    edit: (id: string, categoryname: string) => categories('PATCH /c1/api/edit/:id', { params: { id }, body: { categoryname } }),
    remove: (id: string) => categories('DELETE /c1/api/delete/:id', { params: { id } }),
  },
  menus: {
    get: () => categories('GET /c1/api/admin/menus'),
    save: (body: RouteBody<typeof categoryRoutes, 'PUT /c1/api/admin/menus'>) => categories('PUT /c1/api/admin/menus', { body }),
  },
  subcategories: {
    list: (page: number, limit = SUBCATEGORY_PAGE_SIZE) => subcategories('GET /s2/api/all', { query: { page, limit } }),
    categories: () => subcategories('GET /s2/api/categories'),
    create: (body: SubcategoryBody) => subcategories('POST /s2/api/create', { body }),
    edit: (id: string, body: SubcategoryBody) => subcategories('PATCH /s2/api/edit/:id', { params: { id }, body }),
    remove: (id: string) => subcategories('DELETE /s2/api/delete/:id', { params: { id } }),
  },
  products: {
    list: (page: number, search = '', limit = PRODUCT_PAGE_SIZE) =>
      products('GET /p1/api/admin/all', { query: { page, limit, search } }),
    create: (form: FormData, onProgress?: (p: number) => void) => products('POST /p1/api/create', { body: form, onProgress }),
    edit: (id: string, form: FormData, onProgress?: (p: number) => void) =>
      products('PATCH /p1/api/edit/:id', { params: { id }, body: form, onProgress }),
    remove: (id: string) => products('DELETE /p1/api/delete/:id', { params: { id } }),
    toggleStatus: (id: string) => products('PATCH /p1/api/status/:id', { params: { id } }),
    formCategories: () => products('GET /p1/api/form/categories'),
    formSubcategories: (categoryId: string) => products('GET /p1/api/form/subcategories/:categoryId', { params: { categoryId } }),
  },
  users: {
    all: () => users('GET /u1/api/allusers'),
    create: (body: RouteBody<typeof authRoutes, 'POST /u1/api/createuser'>) => users('POST /u1/api/createuser', { body }),
    edit: (id: string, body: RouteBody<typeof authRoutes, 'PUT /u1/api/edituser/:id'>) =>
      users('PUT /u1/api/edituser/:id', { params: { id }, body }),
    remove: (id: string) => users('DELETE /u1/api/deleteuser/:id', { params: { id } }),
  },
  orders: {
    list: (filters: AdminOrderFilters, page: number, limit = ORDER_PAGE_SIZE) =>
      orders('GET /o1/api/admin/orders', { query: { page, limit, ...filters } }),
    updateDelivery: (id: string, deliverystatus: DeliveryStatus) =>
      orders('PATCH /o1/api/admin/update/:id', { params: { id }, body: { deliverystatus } }),
    detail: (id: string) => orderActions('GET /o1/api/admin/orders/:id', { params: { id } }),
    cancel: (id: string, reason?: string) => orderActions('POST /o1/api/admin/cancel/:id', { params: { id }, body: { reason } }),
    refund: (id: string, body: RouteBody<typeof orderActionRoutes, 'POST /o1/api/admin/refund/:id'>) =>
      orderActions('POST /o1/api/admin/refund/:id', { params: { id }, body }),
    ship: (id: string, body: RouteBody<typeof orderActionRoutes, 'PATCH /o1/api/admin/shipment/:id'>) =>
      orderActions('PATCH /o1/api/admin/shipment/:id', { params: { id }, body }),
    decideReturn: (id: string, body: RouteBody<typeof orderActionRoutes, 'PATCH /o1/api/admin/returns/:id'>) =>
      orderActions('PATCH /o1/api/admin/returns/:id', { params: { id }, body }),
    note: (id: string, note: string) => orderActions('POST /o1/api/admin/note/:id', { params: { id }, body: { note } }),
    /** Moves a made-to-order piece of the order forward in production. */
    production: (
      orderId: string,
      lineId: string,
      body: RouteBody<typeof orderActionRoutes, 'PATCH /o1/api/admin/production/:orderId/:lineId'>,
    ) => orderActions('PATCH /o1/api/admin/production/:orderId/:lineId', { params: { orderId, lineId }, body }),
    /** Address of the CSV file of the filtered orders (a plain link downloads it with the session cookie). */
    exportUrl: (filters: AdminOrderFilters) => `/o1/api/admin/orders/export.csv${queryString({ ...filters })}`,
  },
  sales: {
    all: () => promotions('GET /p1/api/admin/sales'),
    create: (body: SaleBody) => promotions('POST /p1/api/admin/sales', { body }),
    edit: (id: string, body: SalePatchBody) => promotions('PATCH /p1/api/admin/sales/:id', { params: { id }, body }),
    remove: (id: string) => promotions('DELETE /p1/api/admin/sales/:id', { params: { id } }),
  },
  coupons: {
    all: () => promotions('GET /p1/api/admin/coupons'),
    create: (body: CouponBody) => promotions('POST /p1/api/admin/coupons', { body }),
    edit: (id: string, body: CouponPatchBody) => promotions('PATCH /p1/api/admin/coupons/:id', { params: { id }, body }),
    remove: (id: string) => promotions('DELETE /p1/api/admin/coupons/:id', { params: { id } }),
  },
  settings: {
    get: () => settings('GET /a1/api/admin/settings'),
    save: (body: SettingsBody) => settings('PUT /a1/api/admin/settings', { body }),
  },
  tax: {
    list: () => settings('GET /a1/api/admin/tax'),
    save: (tax: RouteBody<typeof settingsRoutes, 'PUT /a1/api/admin/tax'>['tax']) =>
      settings('PUT /a1/api/admin/tax', { body: { tax } }),
  },
  gst: {
    report: (month: string) => gst('GET /o1/api/admin/gst-report', { query: { month, format: 'json' } }),
    /** Address of the month's GSTR-1 file (JSON or CSV); a plain link downloads it with the session cookie. */
    reportUrl: (month: string, format: 'json' | 'csv' | 'portal') => `/o1/api/admin/gst-report${queryString({ month, format })}`,
  },
  storefront: {
    content: () => storefront('GET /a1/api/admin/storefront'),
    saveSlides: (slides: StorefrontInput['slides']) => storefront('PUT /a1/api/admin/storefront/slides', { body: { slides } }),
    saveBanners: (banners: StorefrontInput['banners']) =>
      storefront('PUT /a1/api/admin/storefront/banners', { body: { banners } }),
    saveTiles: (tiles: StorefrontInput['tiles']) => storefront('PUT /a1/api/admin/storefront/tiles', { body: { tiles } }),
    saveFaq: (faq: StorefrontInput['faq']) => storefront('PUT /a1/api/admin/storefront/faq', { body: { faq } }),
    saveFilms: (films: StorefrontInput['films']) => storefront('PUT /a1/api/admin/storefront/films', { body: { films } }),
    /** Uploads one picture (WebP widths are made of it); answers the URL to keep. */
    uploadImage: (file: File, onProgress?: (p: number) => void) => {
      const form = new FormData();
      form.append('image', file);
      return storefront('POST /a1/api/admin/storefront/image', { body: form, onProgress });
    },
    /** Uploads one film (MP4 or WebM, kept as sent); answers its URL and which of the two it is. */
    uploadVideo: (file: File, onProgress?: (p: number) => void) => {
      const form = new FormData();
      form.append('video', file);
      return storefront('POST /a1/api/admin/storefront/video', { body: form, onProgress });
    },
  },
};

type StorefrontBody<K extends keyof (typeof storefrontRoutes)['routes']> = RouteBody<typeof storefrontRoutes, K>;

/** What the Storefront screen sends for each list. */
type StorefrontInput = {
  slides: StorefrontBody<'PUT /a1/api/admin/storefront/slides'>['slides'];
  banners: StorefrontBody<'PUT /a1/api/admin/storefront/banners'>['banners'];
  tiles: StorefrontBody<'PUT /a1/api/admin/storefront/tiles'>['tiles'];
  faq: StorefrontBody<'PUT /a1/api/admin/storefront/faq'>['faq'];
  films: StorefrontBody<'PUT /a1/api/admin/storefront/films'>['films'];
};

/** The credit note of a processed refund (PDF; the order must have its tax invoice). */
export const creditNoteUrl = (refundId: string) => `/o1/api/credit-note/${encodeURIComponent(refundId)}`;
