import { z } from 'zod';
import { Pagination, requiredText } from './common.js';
import { CERTIFICATE_LAB_KEYS, CERTIFICATE_LABS, type CertificateLab, REPORT_NUMBER_RE } from './gems.js';
import { DISPLAY_NAME_MAX } from './menu-names.js';
import { MenuChoice } from './menus.js';

/** The shapes the catalogue endpoints send. */
export const Category = z.object({
  _id: z.string(),
  categoryname: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof Category>;

const CategoryRef = z.object({ _id: z.string(), categoryname: z.string() });
const SubcategoryRef = z.object({ _id: z.string(), subcategoryname: z.string() });

export const Subcategory = z.object({
  _id: z.string(),
  subcategoryname: z.string(),
  /**
   * What menus and filters show instead of the name ("Cat's Eye" for Catseye), sent only when the merchant gave one.
   * The name keeps making the addresses (/gemstones-catseye).
   */
  displayname: z.string().optional(),
  category: CategoryRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Subcategory = z.infer<typeof Subcategory>;

export const TEXT_ATTRIBUTES = [
  'treatment',
  'cut',
  'certification',
  'shape',
  'composition',
  'origin',
  'excatdimensions',
  'dimensiontype',
  'refractiveindex',
  'specificgravity',
  'returnpolicy',
] as const;
export const WEIGHT_ATTRIBUTES = ['weightcarrat', 'weightratti', 'weightkachiratti', 'weightpakkiratti', 'weightgrams'] as const;

export const Product = z.object({
  _id: z.string(),
  productname: z.string(),
  slug: z.string(),
  productprice: z.number(),
  productdescription: z.string(),
  productimages: z.array(z.string()),
  productvideo: z.string(),
  productsizes: z.array(z.string()),
  productcolours: z.array(z.string()),
  /** The average of the approved reviews to one decimal; null with none (the shop shows "No reviews yet"). */
  rating: z.number().nullable(),
  /** How many approved reviews the rating averages. */
  reviewcount: z.number().int(),
  metatitle: z.string(),
  metadescription: z.string(),
  productbrand: z.string(),
  stockquantity: z.number().int(),
  isActive: z.boolean(),
  category: CategoryRef,
  subcategory: SubcategoryRef,
  treatment: z.string(),
  cut: z.string(),
  certification: z.string(),
  shape: z.string(),
  composition: z.string(),
  origin: z.string(),
  excatdimensions: z.string(),
  dimensiontype: z.string(),
  refractiveindex: z.string(),
  specificgravity: z.string(),
  returnpolicy: z.string(),
  weightcarrat: z.number().nullable(),
  weightratti: z.number().nullable(),
  weightkachiratti: z.number().nullable(),
  weightpakkiratti: z.number().nullable(),
  weightgrams: z.number().nullable(),
  /** The lab of the stone's own report (CERTIFICATE_LABS key: gia, igi, gii, grs, ssef, gubelin, other; '' = none). */
  certificatelab: z
    .string()
    .optional()
    .describe("Lab of the stone's report: gia, igi, gii, grs, ssef, gubelin, other, or '' for none"),
  /** The report's number as the lab printed it ('' = none). */
  certificatenumber: z.string().optional().describe("The lab report's number, or ''"),
  /** URL of the uploaded report (a PDF, or a picture of it); '' = none. */
  certificatefile: z.string().optional().describe("URL of the uploaded report (PDF or picture), or ''"),
  /** The merchant's stock-keeping unit (1–32 of A–Z 0–9 -), unique when set; null when none. */
  sku: z.string().nullish().describe('Stock-keeping unit (A–Z, 0–9, -), unique when set; null when none'),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The price a shopper pays now when a sale runs for the product (null when none does); productprice stays the list price. */
  saleprice: z.number().nullish(),
  /** The sale that gives `saleprice`: the largest running one (sales never stack). */
  sale: z.object({ name: z.string(), percentoff: z.number().int(), endsAt: z.string() }).nullish(),
});
export type Product = z.infer<typeof Product>;

/** @forTests unit-tested with stored image URLs */
export { IMAGE_WIDTHS, imageSrcSet, imageUrlAt, STORED_IMAGE_WIDTH } from './images.js';

/** The 20 colours the product form offers. */
export const COLOUR_PALETTE = [
  'Red',
  'Blue',
  'Green',
  'Yellow',
  'Orange',
  'Purple',
  'Pink',
  'Black',
  'White',
  'Gray',
  'Brown',
  'Navy',
  'Teal',
  'Maroon',
  'Lime',
  'Gold',
  'Silver',
  'Cyan',
  'Magenta',
  'Coral',
] as const;

// ---------------------------------------------------------------- images

/** Upload limits of the product form (the server enforces them; the form can warn early). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGES_PER_PRODUCT = 10;
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
/** The lab report a product may carry: a PDF or a picture (JPEG, PNG, WebP, AVIF), at most 10 MB. */
export const MAX_CERTIFICATE_BYTES = 10 * 1024 * 1024;

// ---------------------------------------------------------------- requests: categories and subcategories

const idWith = (message: string) => z.uuid({ message });
export const CategoryIdParams = z.object({ id: idWith('Invalid category ID provided') });
export const SubcategoryIdParams = z.object({ id: idWith('Invalid subcategory ID provided') });
export const ProductIdParams = z.object({ id: idWith('Invalid product ID provided') });
export const CategoryIdParam = z.object({ categoryId: idWith('Invalid category ID provided') });
export const SubcategoryIdParam = z.object({ subcategoryId: idWith('Invalid subcategory ID provided') });

const NAME_MAX = 100;
/** A name made only of punctuation would have no words in the shop's addresses (contract/filter.ts). */
const hasWord = (name: string) => /[\p{L}\p{N}]/u.test(name);
export const CategoryBody = z.object({
  categoryname: z
    .string({ message: 'Please enter a category name' })
    .trim()
    .min(1, { message: 'Please enter a category name' })
    .max(NAME_MAX, { message: `Category name must be at most ${NAME_MAX} characters` })
    .refine(hasWord, { message: 'A category name needs a letter or a digit' }),
});
export type CategoryBody = z.infer<typeof CategoryBody>;

export const SubcategoryBody = z.object({
  subcategoryname: z
    .string({ message: 'Please fill in all fields' })
    .trim()
    .min(1, { message: 'Please fill in all fields' })
    .max(NAME_MAX, { message: `Subcategory name must be at most ${NAME_MAX} characters` })
    .refine(hasWord, { message: 'A subcategory name needs a letter or a digit' }),
  category: z
    .string({ message: 'Please fill in all fields' })
    .trim()
    .min(1, { message: 'Please fill in all fields' })
    .pipe(idWith('Please choose a valid category')),
  /** The name menus and filters show ('' = the name); left out on an edit, it stays as it was. */
  displayname: z
    .string()
    .trim()
    .max(DISPLAY_NAME_MAX, { message: `Display name must be at most ${DISPLAY_NAME_MAX} characters` })
    .optional(),
  /** A menu to place it in, at the end (if it is not there yet); '' or absent changes no menu. */
  menu: MenuChoice.optional(),
});
export type SubcategoryBody = z.infer<typeof SubcategoryBody>;

/** A whole number from a query string, with a default and bounds. */
const queryInt = (def: number, min: number, max: number, label: string) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def;
      const s = String(v).trim();
      const n = Number(s);
      if (!/^\d+$/.test(s) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

export const SubcategoryListQuery = z.object({
  page: queryInt(1, 1, 1_000_000, 'page'),
  limit: queryInt(10, 1, 100, 'limit'),
});

// ---------------------------------------------------------------- requests: products

export const LatestQuery = z.object({ limit: queryInt(10, 1, 50, 'limit') });
export const BestQuery = z.object({
  subcategory: z.string().trim().max(NAME_MAX).optional(),
  limit: queryInt(12, 1, 50, 'limit'),
});
export const SlugParams = z.object({ slug: z.string().trim().min(1).max(200) });
export const FilterParams = z.object({ filterstring: z.string().max(500, { message: 'Filter is too long' }) });
export const FilterQuery = z.object({ page: queryInt(0, 1, 1_000_000, 'page') });
export const AdminProductsQuery = z.object({
  page: queryInt(1, 1, 1_000_000, 'page'),
  limit: queryInt(6, 1, 100, 'limit'),
  search: z.string().trim().max(200).optional(),
});

/** Storefront listing page size. */
export const FILTER_PAGE_SIZE = 30;
export const RELATED_LIMIT = 12;

/**
 * `"Red, Blue , red,,"` → `['Red', 'Blue']`: split at commas, trimmed, empties dropped, duplicates (any case) dropped.
 * @forTests unit-tested with blanks and repeats
 */
export function splitList(value: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of String(value).split(',')) {
    const item = raw.trim();
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    out.push(item);
  }
  return out;
}
/**
 * How the product form sends sizes and colours: one string joined by `", "`.
 * @forTests unit-tested with blanks and repeats
 */
export const joinList = (items: readonly string[]) => items.join(', ');

const PRODUCT_TEXT_LIMITS = {
  productname: 200,
  productdescription: 20_000,
  productbrand: 100,
  metatitle: 200,
  metadescription: 500,
  attribute: 500,
} as const;
export const MAX_PRICE_RUPEES = 100_000_000; // ₹10 crore
export const MAX_STOCK = 1_000_000_000;

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` });
const requiredId = (label: string) =>
  z
    .string({ message: `Please choose a ${label}` })
    .trim()
    .min(1, { message: `Please choose a ${label}` })
    .pipe(idWith(`Please choose a valid ${label}`));

const priceField = z
  .string({ message: 'Price is required' })
  .trim()
  .min(1, { message: 'Price is required' })
  .regex(/^\d+(\.\d{1,2})?$/, { message: 'Price must be a number of 0 or more with at most 2 decimals' })
  .transform(Number)
  .refine((n) => n <= MAX_PRICE_RUPEES, { message: `Price must be at most ${MAX_PRICE_RUPEES}` });
const stockField = z
  .string({ message: 'Stock quantity is required' })
  .trim()
  .min(1, { message: 'Stock quantity is required' })
  .regex(/^\d+$/, { message: 'Stock quantity must be a whole number of 0 or more' })
  .transform(Number)
  .refine((n) => n <= MAX_STOCK, { message: `Stock quantity must be at most ${MAX_STOCK}` });
const weightField = (label: string) =>
  z
    .string()
    .trim()
    .refine((s) => s === '' || /^\d{1,9}(\.\d{1,3})?$/.test(s), {
      message: `${label} must be a number of 0 or more with at most 3 decimals`,
    })
    .transform((s) => (s === '' ? null : Number(s)));
const listField = (label: string) =>
  z
    .string()
    .max(5000, { message: `${label} are too long` })
    .transform(splitList)
    .refine((l) => l.length <= 50, { message: `At most 50 ${label.toLowerCase()}` })
    .refine((l) => l.every((x) => x.length <= 60), {
      message: `Each of the ${label.toLowerCase()} must be at most 60 characters`,
    });
const booleanField = z
  .string()
  .trim()
  .toLowerCase()
  .refine((s) => s === 'true' || s === 'false', { message: 'Must be true or false' })
  .transform((s) => s === 'true');

/** `GIA`, `gia`, `Gübelin`, `gubelin` → its key; '' stays ''; anything else fails with the list of labs. */
const certificateLabField = z
  .string()
  .trim()
  .transform((s) => {
    const plain = s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    return CERTIFICATE_LABS.find((l) => l.key === plain)?.key ?? (s === '' ? '' : s);
  })
  .refine((s): s is CertificateLab | '' => s === '' || CERTIFICATE_LAB_KEYS.includes(s as CertificateLab), {
    message: `Lab must be one of ${CERTIFICATE_LABS.map((l) => l.label).join(', ')}`,
  });
/** A SKU as the shop keeps it: 1–32 of A–Z 0–9 `-`. */
export const SKU_RE = /^[A-Z0-9-]{1,32}$/;
/** The form's SKU: trimmed and upper-cased; '' clears it. */
const skuField = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => s === '' || SKU_RE.test(s), { message: 'SKU must be 1 to 32 letters, digits or -' });
const reportNumberField = z
  .string()
  .trim()
  .refine((s) => s === '' || REPORT_NUMBER_RE.test(s), {
    message: 'Report number must be 3 to 40 letters or digits (a - / or . may join them)',
  });

/**
 * The product form's text fields as they arrive in the multipart body (every value a string).
 * Create needs the required ones; edit takes any subset (`ProductFieldsPatch`).
 */
export const ProductFields = z.object({
  category: requiredId('category'),
  subcategory: requiredId('subcategory'),
  productname: requiredText('Product name', PRODUCT_TEXT_LIMITS.productname),
  productdescription: requiredText('Product description', PRODUCT_TEXT_LIMITS.productdescription),
  productprice: priceField,
  stockquantity: stockField,
  productbrand: optionalText('Brand', PRODUCT_TEXT_LIMITS.productbrand).optional(),
  metatitle: optionalText('Meta title', PRODUCT_TEXT_LIMITS.metatitle).optional(),
  metadescription: optionalText('Meta description', PRODUCT_TEXT_LIMITS.metadescription).optional(),
  productsizes: listField('Sizes').optional(),
  productcolours: listField('Colours').optional(),
  isActive: booleanField.optional(),
  certificatelab: certificateLabField.optional(),
  certificatenumber: reportNumberField.optional(),
  sku: skuField.optional(),
  ...(Object.fromEntries(TEXT_ATTRIBUTES.map((k) => [k, optionalText(k, PRODUCT_TEXT_LIMITS.attribute).optional()])) as Record<
    (typeof TEXT_ATTRIBUTES)[number],
    z.ZodOptional<ReturnType<typeof optionalText>>
  >),
  ...(Object.fromEntries(WEIGHT_ATTRIBUTES.map((k) => [k, weightField(k).optional()])) as Record<
    (typeof WEIGHT_ATTRIBUTES)[number],
    z.ZodOptional<ReturnType<typeof weightField>>
  >),
});
export type ProductFields = z.output<typeof ProductFields>;
export const ProductFieldsPatch = ProductFields.partial();
export type ProductFieldsPatch = z.output<typeof ProductFieldsPatch>;

/** OpenAPI description of the multipart body (validated by hand: files are checked by content). */
export const ProductMultipartBody = ProductFields.extend({
  images: z
    .array(z.string().meta({ format: 'binary' }))
    .optional()
    .describe('JPEG, PNG, WebP or AVIF; ≤ 10 MB each, ≤ 10 per product'),
  video: z.string().meta({ format: 'binary' }).optional().describe('MP4 or WebM, ≤ 100 MB'),
  certificate: z
    .string()
    .meta({ format: 'binary' })
    .optional()
    .describe('The lab report: PDF, or a JPEG, PNG, WebP or AVIF picture of it; ≤ 10 MB'),
});
export const ProductEditMultipartBody = ProductMultipartBody.partial().extend({
  imagesToDelete: z.string().optional().describe('JSON list of image URLs of this product to remove'),
  videoToDelete: z.string().optional().describe('JSON boolean: remove the current video'),
  certificateToDelete: z.string().optional().describe('JSON boolean: remove the uploaded lab report'),
});

// ---------------------------------------------------------------- responses

export const CategoriesResponse = z.object({ success: z.boolean(), data: z.array(Category) });
export const CategoryMutationResponse = z.object({ success: z.boolean(), message: z.string(), data: Category });
export const CountResponse = z.object({ success: z.boolean(), count: z.number().int() });

export const SubcategoryPageResponse = z.object({
  success: z.boolean(),
  data: z.array(Subcategory),
  pagination: Pagination,
});
export const SubcategoryMutationResponse = z.object({ success: z.boolean(), message: z.string(), data: Subcategory });
export const SubcategoriesResponse = z.object({ success: z.boolean(), data: z.array(Subcategory) });
export const SubcategoryResponse = z.object({ success: z.boolean(), data: Subcategory });

export const ProductsResponse = z.object({ success: z.boolean(), products: z.array(Product) });
export const BestProductsResponse = z.object({ success: z.boolean(), products: z.array(Product), message: z.string() });
/** Delivery in India of one piece: the rate's name, its amount in rupees (0 when free) and its days. */
const ProductDelivery = z.object({ name: z.string(), amount: z.number(), mindays: z.number().int(), maxdays: z.number().int() });
export type ProductDelivery = z.infer<typeof ProductDelivery>;
export const ProductBySlugResponse = z.object({
  success: z.boolean(),
  product: Product,
  relatedProducts: z.array(Product),
  /** The shop's carats per ratti (settings): the page shows ratti beside carat with it. */
  rattiincarats: z.number().optional(),
  /**
   * Delivery in India of this one piece at the price paid now: the rate its checkout would charge when the shopper
   * picks none (the cheapest of India's zone, free once the price reaches the rate's free-above amount), amount in
   * rupees. Null when India is in no shipping zone. The page says "Free Delivery" only when the amount is 0.
   */
  delivery: ProductDelivery.nullable().optional(),
});
const ParsedFilter = z.object({
  categories: z.array(z.string()),
  subcategories: z.array(z.string()),
  min: z.number().optional(),
  max: z.number().optional(),
  sort: z.enum(['newest', 'oldest', 'asc', 'desc']),
  page: z.number().int(),
  search: z.array(z.string()),
  /** Gem terms (contract/filter.ts), present when asked for. */
  caratmin: z.number().optional(),
  caratmax: z.number().optional(),
  rattimin: z.number().optional(),
  rattimax: z.number().optional(),
  origin: z.array(z.string()).optional(),
  shape: z.array(z.string()).optional(),
  treatment: z.array(z.string()).optional(),
  lab: z.array(z.string()).optional(),
});
export const FilterResponse = z.object({
  success: z.boolean(),
  products: z.array(Product),
  pagination: z.object({ totalPages: z.number().int(), totalCount: z.number().int(), currentPage: z.number().int() }),
  /** How the server read the filter string (names as the shop spells them). */
  filter: ParsedFilter,
  /**
   * When the name search found nothing as written and was read as the header's suggestions read it (typos, Hindi
   * names): the stone it was read as ("Ruby" for `rubi`), and the products are that stone's; null otherwise.
   */
  didyoumean: z.string().nullable(),
});
export const ProductCategoriesResponse = z.object({ success: z.boolean(), categories: z.array(Category) });
export const CategorySubcategoriesResponse = z.object({
  success: z.boolean(),
  subcategories: z.array(Subcategory),
  category: Category,
});
export const AdminProductsResponse = z.object({
  success: z.boolean(),
  products: z.array(Product),
  pagination: z.object({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalProducts: z.number().int(),
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
  }),
  message: z.string(),
});
export const ProductMutationResponse = z.object({ success: z.boolean(), message: z.string(), product: Product });
export const ProductStatusResponse = z.object({ success: z.boolean(), isActive: z.boolean(), message: z.string() });
export const FormCategoriesResponse = z.object({ success: z.boolean(), categories: z.array(Category), message: z.string() });
export const FormSubcategoriesResponse = z.object({ success: z.boolean(), subcategories: z.array(Subcategory) });
export const ProductCountResponse = z.object({ success: z.boolean(), totalProducts: z.number().int() });
