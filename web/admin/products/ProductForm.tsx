import { type FormEvent, useEffect, useState } from 'react';
import type { Product } from '../../../contract/catalogue';
import { adminApi, type Category, type ProductSaved, type Subcategory } from '../../api/admin';
import { ApiError } from '../../api/client';
import { Button } from '../../ui/form';
import { fieldErrorsOf } from '../format';
import { GemSpecificationsFieldset, ProductInput, ProductSelect, WeightsFieldset } from './ProductAttributes';
import { CertificateFieldset, useCertificateChoice } from './ProductCertificate';
import { ColoursFieldset, SizesFieldset } from './ProductChips';
import { ImagesFieldset, useProductMedia, VideoFieldset } from './ProductMedia';
import { type FieldProps, initialFields, type ProductFields, toFormData, validate } from './productFormState';

/** The basic fields, in order. */
const BASICS = [
  { k: 'productname', label: 'Product Name', required: true, className: 'sm:col-span-2', maxLength: 200 },
  { k: 'productdescription', label: 'Description', required: true, className: 'sm:col-span-2', rows: 4 },
  { k: 'productprice', label: 'Price (₹)', required: true, type: 'number', min: 0, step: 0.01, inputMode: 'decimal' },
  { k: 'stockquantity', label: 'Stock Quantity', required: true, type: 'number', min: 0, step: 1, inputMode: 'numeric' },
  { k: 'sku', label: 'SKU', maxLength: 32 },
  { k: 'productbrand', label: 'Brand' },
] as const;

/** What the form calls; the page passes the real API, tests pass fakes. */
/**
 * What the form asks of the API: the product routes' client functions (web/api/admin.ts), or a test's stand-in.
 * @forTests tests hand the form a stand-in API of this type.
 */
export type ProductFormApi = Pick<typeof adminApi.products, 'formCategories' | 'formSubcategories' | 'create' | 'edit'>;

const defaultApi: ProductFormApi = adminApi.products;

export function ProductForm({
  product,
  onSaved,
  onCancel,
  onBusyChange,
  onFailure,
  api = defaultApi,
}: {
  /** Edit mode when given. */
  product?: Product | null;
  onSaved: (saved: ProductSaved) => void;
  onCancel: () => void;
  onBusyChange?: (busy: boolean) => void;
  /** Shows a failure alert (the page's popup). */
  onFailure: (text: string) => void;
  api?: ProductFormApi;
}) {
  const mode = product ? 'edit' : 'add';
  const [fields, setFields] = useState<ProductFields>(() => initialFields(product));
  const [sizes, setSizes] = useState<string[]>(product?.productsizes ?? []);
  const [colours, setColours] = useState<string[]>(product?.productcolours ?? []);
  const media = useProductMedia(product);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const certificate = useCertificateChoice(product, (problem) =>
    setErrors(({ certificate: _, ...rest }) => (problem ? { ...rest, certificate: problem } : rest)),
  );
  const [categories, setCategories] = useState<Category[]>([]);
  const [categoriesLoading, setCategoriesLoading] = useState(true);
  const [subcategories, setSubcategories] = useState<Subcategory[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  // Categories load once; Submit waits for them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on open
  useEffect(() => {
    let live = true;
    api
      .formCategories()
      .then((res) => {
        if (!live) return;
        if (!res.success) onFailure('Failed to load categories. Please try again.');
        setCategories(res.categories ?? []);
      })
      .catch((err) => {
        if (!live) return;
        onFailure(
          err instanceof ApiError && err.status !== 0
            ? 'Failed to load categories. Please try again.'
            : 'Error loading categories. Please try again.',
        );
      })
      .finally(() => live && setCategoriesLoading(false));
    return () => {
      live = false;
    };
  }, []);

  // Subcategories follow the chosen category; a failure empties the list without a message.
  useEffect(() => {
    if (!fields.category) {
      setSubcategories([]);
      return;
    }
    let live = true;
    api
      .formSubcategories(fields.category)
      .then((res) => live && setSubcategories(res.subcategories ?? []))
      .catch(() => live && setSubcategories([]));
    return () => {
      live = false;
    };
  }, [fields.category, api]);

  useEffect(() => onBusyChange?.(submitting), [submitting, onBusyChange]);

  const set = (k: keyof ProductFields) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setFields((f) => ({ ...f, [k]: value }));
    if (errors[k]) setErrors(({ [k]: _, ...rest }) => rest);
  };

  function changeCategory(value: string) {
    // A new category clears the chosen subcategory.
    setFields((f) => ({ ...f, category: value, subcategory: '' }));
    setSubcategories([]);
    setErrors(({ category: _c, subcategory: _s, ...rest }) => rest);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (submitting || categoriesLoading) return;
    const found = validate(fields);
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(`pf-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    const form = toFormData(fields, sizes, colours, { ...media.changes, ...certificate.changes }, mode, product?.stockquantity);
    setSubmitting(true);
    setProgress(0);
    try {
      const saved = product ? await api.edit(product._id, form, setProgress) : await api.create(form, setProgress);
      onSaved(saved);
    } catch (err) {
      const fieldErrors = fieldErrorsOf(err);
      setErrors(fieldErrors);
      onFailure('Error submitting product. Please try again.');
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
  }

  const err = (k: string) => errors[k];
  const disabled = submitting;
  const fieldProps: FieldProps = { fields, set, err, disabled };

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'edit' ? 'Edit product' : 'Add product'} className="space-y-6">
      {errors.images ||
      errors.video ||
      errors.imagesToDelete ||
      errors.videoToDelete ||
      errors.productsizes ||
      errors.productcolours ? (
        <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {[errors.productsizes, errors.productcolours, errors.images, errors.video, errors.imagesToDelete, errors.videoToDelete]
            .filter(Boolean)
            .join(' ')}
        </div>
      ) : null}

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
        <legend className="sr-only">Category</legend>
        <ProductSelect
          state={fieldProps}
          k="category"
          label="Category"
          required
          onChange={(e) => changeCategory(e.target.value)}
          disabled={categoriesLoading || disabled}
        >
          <option value="">{categoriesLoading ? 'Loading categories…' : 'Select a category'}</option>
          {categories.map((c) => (
            <option key={c._id} value={c._id}>
              {c.categoryname}
            </option>
          ))}
        </ProductSelect>
        <ProductSelect state={fieldProps} k="subcategory" label="Subcategory" required disabled={!fields.category || disabled}>
          <option value="">{fields.category ? 'Select a subcategory' : 'Choose a category first'}</option>
          {subcategories.map((s) => (
            <option key={s._id} value={s._id}>
              {s.subcategoryname}
            </option>
          ))}
          {/* keeps the saved subcategory selectable while its list loads */}
          {fields.subcategory &&
          !subcategories.some((s) => s._id === fields.subcategory) &&
          product?.subcategory?._id === fields.subcategory ? (
            <option value={product.subcategory._id}>{product.subcategory.subcategoryname}</option>
          ) : null}
        </ProductSelect>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
        <legend className="mb-2 text-sm font-semibold text-gray-900">Basics</legend>
        {BASICS.map((field) => (
          <ProductInput key={field.k} state={fieldProps} {...field} />
        ))}
      </fieldset>

      <SizesFieldset sizes={sizes} onChange={setSizes} error={err('productsizes')} disabled={disabled} />
      <ColoursFieldset colours={colours} onChange={setColours} disabled={disabled} />
      <ImagesFieldset media={media} disabled={disabled} />
      <VideoFieldset media={media} disabled={disabled} />
      <GemSpecificationsFieldset {...fieldProps} />
      <CertificateFieldset {...fieldProps} choice={certificate} />
      <WeightsFieldset {...fieldProps} />

      <fieldset className="grid gap-4" disabled={disabled}>
        <legend className="mb-2 text-sm font-semibold text-gray-900">Search engines</legend>
        <ProductInput state={fieldProps} k="metatitle" label="Meta Title" />
        <ProductInput state={fieldProps} k="metadescription" label="Meta Description" rows={2} />
      </fieldset>

      {progress !== null ? (
        <div>
          <div className="mb-1 flex justify-between text-xs text-gray-600">
            <span>Uploading…</span>
            <span>{progress}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 overflow-hidden rounded-full bg-gray-100"
          >
            <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${progress}%` }} />
          </div>
        </div>
      ) : null}

      <div className="sticky -bottom-4 -mx-5 flex justify-end gap-2 border-t border-gray-100 bg-white px-5 py-3">
        <Button variant="secondary" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={submitting || categoriesLoading}>
          {submitting ? 'Saving...' : mode === 'edit' ? 'Update Product' : 'Add Product'}
        </Button>
      </div>
    </form>
  );
}
