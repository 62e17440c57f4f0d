// Product writes: create, edit and delete from the admin form (with their media), and the on-sale switch.
import { eq, inArray, sql } from 'drizzle-orm';
import {
  MAX_IMAGES_PER_PRODUCT,
  MAX_STOCK,
  type Product,
  ProductFields,
  ProductFieldsPatch,
  TEXT_ATTRIBUTES,
  WEIGHT_ATTRIBUTES,
} from '../../../contract/catalogue.js';
import { rupeesToPaise } from '../../../contract/common.js';
import { certificateProblem } from '../../../contract/gems.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { categories, orderItems, products, subcategories } from '../../db/schema.js';
import { Conflict, InvalidInput, NotFound } from '../../domain/errors.js';
import { deleteMedia, mediaFolderOf } from '../../media/images.js';
import type { MediaStore } from '../../media/storage.js';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../categories/service.js';
import { getProduct } from './admin-reads.js';
import { toProduct } from './rows.js';
import { type ProductUpload, tooManyImages } from './upload.js';

/** Flips a product between active (on sale) and inactive (hidden from shoppers); returns the new state. */
export async function toggleProductStatus(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .update(products)
    .set({ isActive: sql`not ${products.isActive}`, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ isActive: products.isActive });
  if (!row) throw new NotFound('Product not found');
  return row.isActive;
}

const SKU_TAKEN = 'This SKU is already used by another product';
/** True when the unique violation is of the SKU (another product has it). */
const isSkuTaken = (err: unknown) => {
  const e = err as { constraint?: string; cause?: { constraint?: string } } | undefined;
  return pgErrorCode(err) === UNIQUE_VIOLATION && (e?.constraint ?? e?.cause?.constraint) === 'products_sku_key';
};

/** A product as the service takes it: the form's fields (numbers parsed) plus stored media URLs. */
type ProductInput = ProductFields & { productimages?: string[]; productvideo?: string; certificatefile?: string };

/** 400 unless the lab and report number go together (a number needs its lab; GIA numbers are digits). */
function checkCertificate(lab: string, number: string) {
  const problem = certificateProblem(lab, number);
  if (problem) throw new InvalidInput(problem.message, [problem]);
}

/** `Natural Blue Sapphire 5.2 Ct` → `natural-blue-sapphire-5-2-ct`; letters of any script are kept. */
function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .normalize('NFC')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return base || 'product';
}

/** The first free slug among `base`, `base-2`, `base-3`… */
async function freeSlug(db: DbOrTx, base: string): Promise<string> {
  for (let from = 1; ; from += 50) {
    const candidates = Array.from({ length: 50 }, (_, k) => (from + k === 1 ? base : `${base}-${from + k}`));
    const taken = new Set(
      (await db.select({ slug: products.slug }).from(products).where(inArray(products.slug, candidates))).map((r) => r.slug),
    );
    const free = candidates.find((c) => !taken.has(c));
    if (free) return free;
  }
}

/** 400 unless the category exists and the subcategory is one of its subcategories. */
async function checkPlacement(db: DbOrTx, categoryId: string, subcategoryId: string) {
  const [cat] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1);
  if (!cat)
    throw new InvalidInput('The chosen category does not exist', [
      { path: 'category', message: 'Please choose a valid category' },
    ]);
  const [sub] = await db
    .select({ categoryId: subcategories.categoryId })
    .from(subcategories)
    .where(eq(subcategories.id, subcategoryId))
    .limit(1);
  if (!sub) {
    throw new InvalidInput('The chosen subcategory does not exist', [
      { path: 'subcategory', message: 'Please choose a valid subcategory' },
    ]);
  }
  if (sub.categoryId !== categoryId) {
    throw new InvalidInput('The subcategory does not belong to the chosen category', [
      { path: 'subcategory', message: 'This subcategory belongs to another category' },
    ]);
  }
}

const placementRace = () =>
  new InvalidInput('The category or subcategory no longer exists', [{ path: 'subcategory', message: 'Please choose again' }]);

/** Column values of the optional form fields that were given (absent fields are left out). */
function optionalColumns(input: Partial<ProductInput>) {
  const values: Partial<typeof products.$inferInsert> = {};
  if (input.productbrand !== undefined) values.brand = input.productbrand;
  if (input.metatitle !== undefined) values.metatitle = input.metatitle;
  if (input.metadescription !== undefined) values.metadescription = input.metadescription;
  if (input.productsizes !== undefined) values.sizes = input.productsizes;
  if (input.productcolours !== undefined) values.colours = input.productcolours;
  if (input.isActive !== undefined) values.isActive = input.isActive;
  if (input.certificatelab !== undefined) values.certificateLab = input.certificatelab;
  if (input.certificatenumber !== undefined) values.certificateNumber = input.certificatenumber;
  if (input.sku !== undefined) values.sku = input.sku === '' ? null : input.sku;
  for (const k of TEXT_ATTRIBUTES) if (input[k] !== undefined) values[k] = input[k];
  for (const k of WEIGHT_ATTRIBUTES) if (input[k] !== undefined) values[k] = input[k];
  return values;
}

/**
 * Creates a product (the seed and the admin form both use it). The slug is made from the name and kept
 * unique (`ruby`, `ruby-2`…). Media URLs must already be stored (media/images.ts storeImage / storeVideo).
 * @forTests tests make products without building a multipart request
 */
export async function createProduct(db: DbOrTx, input: ProductInput): Promise<Product> {
  return toProduct(await getProduct(db, await insertProduct(db, input)));
}

/** Inserts a product (its slug made unique) in one transaction and returns its id once committed. */
async function insertProduct(db: DbOrTx, input: ProductInput): Promise<string> {
  const images = input.productimages ?? [];
  if (images.length > MAX_IMAGES_PER_PRODUCT) throw tooManyImages();
  checkCertificate(input.certificatelab ?? '', input.certificatenumber ?? '');
  const base = slugify(input.productname);
  for (let attempt = 0; ; attempt++) {
    try {
      const id = await db.transaction(async (tx) => {
        await checkPlacement(tx, input.category, input.subcategory);
        const slug = await freeSlug(tx, base);
        const [row] = await tx
          .insert(products)
          .values({
            ...optionalColumns(input),
            name: input.productname,
            slug,
            description: input.productdescription,
            pricePaise: rupeesToPaise(input.productprice),
            stock: input.stockquantity,
            categoryId: input.category,
            subcategoryId: input.subcategory,
            images,
            video: input.productvideo ?? '',
            certificateFile: input.certificatefile ?? '',
          })
          .returning({ id: products.id });
        return (row as { id: string }).id;
      });
      return id;
    } catch (err) {
      const code = pgErrorCode(err);
      if (isSkuTaken(err)) throw new Conflict(SKU_TAKEN);
      if (code === UNIQUE_VIOLATION && attempt < 5) continue; // another product took the slug meanwhile
      if (code === FOREIGN_KEY_VIOLATION) throw placementRace();
      throw err;
    }
  }
}

/** Turns the multipart text fields into typed values; 400 with field errors. */
function parseFields<T extends typeof ProductFields | typeof ProductFieldsPatch>(
  schema: T,
  fields: Record<string, string>,
): import('zod').output<T> {
  const result = schema.safeParse(fields);
  if (!result.success) {
    const errors = result.error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message }));
    throw new InvalidInput(errors[0]?.message ?? 'Invalid product details', errors);
  }
  return result.data as import('zod').output<T>;
}

/**
 * Creates a product from the admin form; a failure leaves none of the uploaded files behind. Once the
 * product is committed its files are its own: a failure reading it back must not delete them.
 */
export async function createProductFromUpload(db: Db, upload: ProductUpload): Promise<Product> {
  let id: string;
  try {
    const fields = parseFields(ProductFields, upload.fields);
    id = await insertProduct(db, {
      ...fields,
      productimages: upload.images,
      productvideo: upload.video ?? '',
      certificatefile: upload.certificate ?? '',
    });
  } catch (err) {
    await upload.discard();
    throw err;
  }
  return toProduct(await getProduct(db, id));
}

function jsonField(upload: ProductUpload, name: string): unknown {
  if (name in upload.jsonFields) return upload.jsonFields[name];
  const raw = upload.fields[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new InvalidInput(`${name} must be JSON`, [{ path: name, message: 'Must be valid JSON' }]);
  }
}

/** Old product URLs whose files past orders still show (their lines keep the first image as bought). */
async function urlsKeptByOrders(tx: DbOrTx, media: MediaStore, productId: string, urls: string[]): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const lines = await tx
    .selectDistinct({ image: orderItems.productimage })
    .from(orderItems)
    .where(eq(orderItems.productId, productId));
  const folders = new Set(lines.map((l) => mediaFolderOf(media, l.image)).filter(Boolean));
  return new Set(urls.filter((u) => folders.has(mediaFolderOf(media, u))));
}

async function deleteAfterCommit(media: MediaStore, urls: string[], log: (err: unknown) => void) {
  if (!urls.length) return;
  try {
    await deleteMedia(media, urls);
  } catch (err) {
    log(err); // the product no longer points at them: at worst an unreferenced file stays on disk
  }
}

/**
 * Edits a product from the admin form: any subset of fields; new images are added after the kept ones;
 * `imagesToDelete` (JSON list of this product's URLs; others are ignored), `videoToDelete` and
 * `certificateToDelete` (JSON booleans) remove media; a new video or lab report replaces the old one. The row is locked while it is changed, the
 * image count (≤ 10, else 413) is checked against what is stored, and removed files are deleted only
 * after the commit. `stockquantityWas` (optional, the stock the form showed) makes the stock change a
 * difference, so units sold while the form was open are not put back on sale.
 */
export async function editProductFromUpload(
  db: Db,
  media: MediaStore,
  id: string,
  upload: ProductUpload,
  log: (err: unknown) => void,
): Promise<Product> {
  let removed: string[] = [];
  try {
    const fields = parseFields(ProductFieldsPatch, upload.fields);
    const toDelete = jsonField(upload, 'imagesToDelete');
    if (toDelete !== undefined && (!Array.isArray(toDelete) || !toDelete.every((u) => typeof u === 'string'))) {
      throw new InvalidInput('imagesToDelete must be a JSON list of image URLs', [
        { path: 'imagesToDelete', message: 'Must be a JSON list of URLs' },
      ]);
    }
    const videoToDelete = jsonField(upload, 'videoToDelete');
    if (videoToDelete !== undefined && typeof videoToDelete !== 'boolean') {
      throw new InvalidInput('videoToDelete must be true or false', [
        { path: 'videoToDelete', message: 'Must be true or false' },
      ]);
    }
    const certificateToDelete = jsonField(upload, 'certificateToDelete');
    if (certificateToDelete !== undefined && typeof certificateToDelete !== 'boolean') {
      throw new InvalidInput('certificateToDelete must be true or false', [
        { path: 'certificateToDelete', message: 'Must be true or false' },
      ]);
    }
    const stockWas = upload.fields.stockquantityWas?.trim();
    if (stockWas !== undefined && stockWas !== '' && !/^\d+$/.test(stockWas)) {
      throw new InvalidInput('stockquantityWas must be a whole number', [
        { path: 'stockquantityWas', message: 'Must be a whole number' },
      ]);
    }

    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update').limit(1);
      if (!current) throw new NotFound('Product not found');
      const deleteSet = new Set((toDelete as string[] | undefined) ?? []);
      const dropImages = current.images.filter((u) => deleteSet.has(u));
      const images = [...current.images.filter((u) => !deleteSet.has(u)), ...upload.images];
      if (images.length > MAX_IMAGES_PER_PRODUCT) throw tooManyImages();
      let video = current.video;
      const dropVideo: string[] = [];
      if (upload.video || videoToDelete === true) {
        if (current.video) dropVideo.push(current.video);
        video = upload.video ?? '';
      }
      let certificateFile = current.certificateFile;
      const dropCertificate: string[] = [];
      if (upload.certificate || certificateToDelete === true) {
        if (current.certificateFile) dropCertificate.push(current.certificateFile);
        certificateFile = upload.certificate ?? '';
      }
      checkCertificate(fields.certificatelab ?? current.certificateLab, fields.certificatenumber ?? current.certificateNumber);

      const categoryId = fields.category ?? current.categoryId;
      const subcategoryId = fields.subcategory ?? current.subcategoryId;
      if (fields.category !== undefined || fields.subcategory !== undefined) await checkPlacement(tx, categoryId, subcategoryId);

      const values: Partial<typeof products.$inferInsert> = {
        ...optionalColumns(fields),
        categoryId,
        subcategoryId,
        images,
        video,
        certificateFile,
        updatedAt: new Date(),
      };
      if (fields.productname !== undefined) values.name = fields.productname;
      if (fields.productdescription !== undefined) values.description = fields.productdescription;
      if (fields.productprice !== undefined) values.pricePaise = rupeesToPaise(fields.productprice);
      if (fields.stockquantity !== undefined) {
        values.stock =
          stockWas !== undefined && stockWas !== ''
            ? Math.min(MAX_STOCK, Math.max(0, current.stock + fields.stockquantity - Number(stockWas)))
            : fields.stockquantity;
      }
      await tx.update(products).set(values).where(eq(products.id, id));
      const gone = [...dropImages, ...dropVideo, ...dropCertificate];
      const kept = await urlsKeptByOrders(tx, media, id, gone);
      removed = gone.filter((u) => !kept.has(u));
    });
  } catch (err) {
    await upload.discard();
    if (isSkuTaken(err)) throw new Conflict(SKU_TAKEN);
    if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) throw placementRace();
    throw err;
  }
  await deleteAfterCommit(media, removed, log);
  return toProduct(await getProduct(db, id));
}

/**
 * Deletes a product. Past orders keep their snapshot (name, price, image) and lose the link; carts lose
 * the line's product. Its media files are deleted after the commit, except images a past order shows.
 */
export async function deleteProduct(db: Db, media: MediaStore, id: string, log: (err: unknown) => void): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update').limit(1);
    if (!current) throw new NotFound('Product not found');
    const urls = [
      ...current.images,
      ...(current.video ? [current.video] : []),
      ...(current.certificateFile ? [current.certificateFile] : []),
    ];
    const kept = await urlsKeptByOrders(tx, media, id, urls);
    await tx.delete(products).where(eq(products.id, id));
    return urls.filter((u) => !kept.has(u));
  });
  await deleteAfterCommit(media, removed, log);
}
