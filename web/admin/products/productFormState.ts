import { MAX_CERTIFICATE_BYTES, type Product, SKU_RE, TEXT_ATTRIBUTES, WEIGHT_ATTRIBUTES } from '../../../contract/catalogue';
import { certificateProblem } from '../../../contract/gems';

export type TextAttribute = (typeof TEXT_ATTRIBUTES)[number];
export type WeightAttribute = (typeof WEIGHT_ATTRIBUTES)[number];

/** What the product form edits; numbers stay strings until sent so the inputs keep what was typed. */
export type ProductFields = {
  category: string;
  subcategory: string;
  productname: string;
  productdescription: string;
  productprice: string;
  stockquantity: string;
  productbrand: string;
  metatitle: string;
  metadescription: string;
  /** The lab of the stone's report (CERTIFICATE_LABS key, '' for none) and its number. */
  certificatelab: string;
  certificatenumber: string;
  /** The SKU ('' for none). */
  sku: string;
} & Record<TextAttribute, string> &
  Record<WeightAttribute, string>;

export function initialFields(product?: Product | null): ProductFields {
  const text = Object.fromEntries(TEXT_ATTRIBUTES.map((k) => [k, product?.[k] ?? ''])) as Record<TextAttribute, string>;
  const weights = Object.fromEntries(
    WEIGHT_ATTRIBUTES.map((k) => [k, product?.[k] === null || product?.[k] === undefined ? '' : String(product[k])]),
  ) as Record<WeightAttribute, string>;
  return {
    category: product?.category?._id ?? '',
    subcategory: product?.subcategory?._id ?? '',
    productname: product?.productname ?? '',
    productdescription: product?.productdescription ?? '',
    productprice: product ? String(product.productprice) : '',
    stockquantity: product ? String(product.stockquantity) : '',
    productbrand: product?.productbrand ?? '',
    metatitle: product?.metatitle ?? '',
    metadescription: product?.metadescription ?? '',
    certificatelab: product?.certificatelab ?? '',
    certificatenumber: product?.certificatenumber ?? '',
    sku: product?.sku ?? '',
    ...text,
    ...weights,
  };
}

/** Adds a size chip: trimmed, empty ignored, an existing size (same letters, any case) not added twice. */
export function addSize(sizes: string[], raw: string): string[] {
  const size = raw.trim();
  if (!size) return sizes;
  if (sizes.some((s) => s.toLowerCase() === size.toLowerCase())) return sizes;
  return [...sizes, size];
}

/** The product form's checks in the browser (the server checks everything again). */
export function validate(f: ProductFields): Partial<Record<keyof ProductFields, string>> {
  const errors: Partial<Record<keyof ProductFields, string>> = {};
  if (!f.category) errors.category = 'Please select a category';
  if (!f.subcategory) errors.subcategory = 'Please select a subcategory';
  if (!f.productname.trim()) errors.productname = 'Product name is required';
  if (!f.productdescription.trim()) errors.productdescription = 'Description is required';
  const price = f.productprice.trim();
  if (!price) errors.productprice = 'Price is required';
  else if (!Number.isFinite(Number(price)) || Number(price) < 0) errors.productprice = 'Price must be a number of 0 or more';
  else if (!/^\d+(\.\d{1,2})?$/.test(price)) errors.productprice = 'Price can have at most 2 decimals';
  const stock = f.stockquantity.trim();
  if (!stock) errors.stockquantity = 'Stock quantity is required';
  else if (!/^\d+$/.test(stock)) errors.stockquantity = 'Stock must be a whole number of 0 or more';
  for (const k of WEIGHT_ATTRIBUTES) {
    const v = f[k].trim();
    if (v && !(Number.isFinite(Number(v)) && Number(v) >= 0)) errors[k] = 'Enter a number of 0 or more';
  }
  const sku = f.sku.trim().toUpperCase();
  if (sku && !SKU_RE.test(sku)) errors.sku = 'SKU must be 1 to 32 letters, digits or -';
  const certificate = certificateProblem(f.certificatelab, f.certificatenumber.trim());
  if (certificate) errors[certificate.path] = certificate.message;
  return errors;
}

type MediaChanges = {
  images: File[];
  video: File | null;
  imagesToDelete: string[];
  videoToDelete: boolean;
  /** A new lab report (replaces the current one), and whether the current one is to be removed. */
  certificate?: File | null;
  certificateToDelete?: boolean;
};

/** What is wrong with a lab report file before it is sent (the server checks its content again), or null. */
export function certificateFileProblem(file: File): string | null {
  const pdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!pdf && !file.type.startsWith('image/')) return 'The report must be a PDF or a picture (JPEG, PNG, WebP or AVIF)';
  if (file.size > MAX_CERTIFICATE_BYTES) return `The report must be at most ${MAX_CERTIFICATE_BYTES / 1024 / 1024} MB`;
  return null;
}

/** The multipart body of POST /p1/api/create and PATCH /p1/api/edit/:id. */
export function toFormData(
  f: ProductFields,
  sizes: string[],
  colours: string[],
  media: MediaChanges,
  mode: 'add' | 'edit',
  /** Edit mode: the stock the form was opened with, so units sold meanwhile are not put back on sale. */
  stockWas?: number,
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(f)) form.append(k, v.trim());
  form.append('productsizes', sizes.join(', '));
  form.append('productcolours', colours.join(', '));
  if (mode === 'edit') {
    if (stockWas !== undefined) form.append('stockquantityWas', String(stockWas));
    form.append('imagesToDelete', JSON.stringify(media.imagesToDelete));
    form.append('videoToDelete', JSON.stringify(media.videoToDelete));
    if (media.certificateToDelete) form.append('certificateToDelete', 'true');
  }
  for (const file of media.images) form.append('images', file, file.name);
  if (media.video) form.append('video', media.video, media.video.name);
  if (media.certificate) form.append('certificate', media.certificate, media.certificate.name);
  return form;
}

/** What a group of the form's inputs reads: the values, a change handler and an error per field, and whether the form is saving. */
export type FieldProps = {
  fields: ProductFields;
  set: (k: keyof ProductFields) => (e: { target: { value: string } }) => void;
  err: (k: string) => string | undefined;
  disabled: boolean;
};
