import { z } from 'zod';

/** Shapes of API.md "Shapes": what the catalogue endpoints send. */
export const Category = z.object({
  _id: z.string(),
  categoryname: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof Category>;

export const CategoryRef = z.object({ _id: z.string(), categoryname: z.string() });
export const SubcategoryRef = z.object({ _id: z.string(), subcategoryname: z.string() });

export const Subcategory = z.object({
  _id: z.string(),
  subcategoryname: z.string(),
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
  rating: z.number(),
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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof Product>;

/** Stored image URLs are `/uploads/<key>/<width>.webp` variants of one upload; these are the widths kept. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

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
