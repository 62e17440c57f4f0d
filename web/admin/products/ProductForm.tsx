import { FileText, ImagePlus, Undo2, Video, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { COLOUR_PALETTE, type Product, TEXT_ATTRIBUTES, WEIGHT_ATTRIBUTES } from '../../../contract/catalogue';
import { CERTIFICATE_LABS } from '../../../contract/gems';
import { adminApi, type Category, type ProductSaved, type Subcategory } from '../../api/admin';
import { ApiError } from '../../api/client';
import { fieldErrorsOf, thumbnail } from '../format';
import { Button } from '../ui/Button';
import { Field, inputClass, SelectInput, TextArea, TextInput } from '../ui/Field';
import {
  addSize,
  certificateFileProblem,
  initialFields,
  type ProductFields,
  type TextAttribute,
  toFormData,
  validate,
  type WeightAttribute,
} from './productFormState';

/** What the form calls; the page passes the real API, tests pass fakes. */
export type ProductFormApi = {
  formCategories: () => Promise<{ success: boolean; categories: Category[]; message?: string }>;
  formSubcategories: (categoryId: string) => Promise<{ success: boolean; subcategories: Subcategory[] }>;
  create: (form: FormData, onProgress?: (p: number) => void) => Promise<ProductSaved>;
  edit: (id: string, form: FormData, onProgress?: (p: number) => void) => Promise<ProductSaved>;
};

const defaultApi: ProductFormApi = adminApi.products;

/** CSS colours of the palette swatches (Gold and Silver are not CSS keywords with the right look). */
const SWATCH: Record<string, string> = { Gold: '#d4af37', Silver: '#c0c0c0', Gray: '#808080', Lime: '#32cd32' };
const swatch = (c: string) => SWATCH[c] ?? c.toLowerCase();

const TEXT_LABELS: Record<TextAttribute, string> = {
  treatment: 'Treatment',
  cut: 'Cut',
  certification: 'Certification',
  shape: 'Shape',
  composition: 'Composition',
  origin: 'Origin',
  excatdimensions: 'Exact Dimensions',
  dimensiontype: 'Dimension Type',
  refractiveindex: 'Refractive Index',
  specificgravity: 'Specific Gravity',
  returnpolicy: 'Return Policy',
};
const WEIGHT_LABELS: Record<WeightAttribute, string> = {
  weightcarrat: 'Weight (carat)',
  weightratti: 'Weight (ratti)',
  weightkachiratti: 'Weight (kachi ratti)',
  weightpakkiratti: 'Weight (pakki ratti)',
  weightgrams: 'Weight (grams)',
};

type NewImage = { file: File; url: string };

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
  const [sizeDraft, setSizeDraft] = useState('');
  const [colours, setColours] = useState<string[]>(product?.productcolours ?? []);
  const [newImages, setNewImages] = useState<NewImage[]>([]);
  const [imagesToDelete, setImagesToDelete] = useState<string[]>([]);
  const [video, setVideo] = useState<{ file: File; url: string } | null>(null);
  const [videoToDelete, setVideoToDelete] = useState(false);
  const [certificate, setCertificate] = useState<File | null>(null);
  const [certificateToDelete, setCertificateToDelete] = useState(false);
  const certificateInput = useRef<HTMLInputElement>(null);
  /** Whether the admin had marked the current video for removal before choosing a replacement. */
  const markBeforeReplace = useRef(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [categories, setCategories] = useState<Category[]>([]);
  const [categoriesLoading, setCategoriesLoading] = useState(true);
  const [subcategories, setSubcategories] = useState<Subcategory[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const existingVideo = product?.productvideo ?? '';
  const existingImages = product?.productimages ?? [];
  const existingCertificate = product?.certificatefile ?? '';

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

  // Object URLs of previews are released when they go away.
  const previews = useRef<string[]>([]);
  previews.current = [...newImages.map((i) => i.url), ...(video ? [video.url] : [])];
  useEffect(
    () => () => {
      for (const u of previews.current) URL.revokeObjectURL(u);
    },
    [],
  );

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

  function commitSize() {
    setSizes((s) => addSize(s, sizeDraft));
    setSizeDraft('');
  }
  function onSizeKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') {
      e.preventDefault();
      commitSize();
    }
  }

  const toggleColour = (c: string) => setColours((cs) => (cs.includes(c) ? cs.filter((x) => x !== c) : [...cs, c]));

  function addImages(files: FileList | null) {
    if (!files) return;
    const picked = [...files].filter((f) => f.type.startsWith('image/'));
    setNewImages((imgs) => [...imgs, ...picked.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
    if (imageInput.current) imageInput.current.value = '';
  }
  function removeNewImage(url: string) {
    URL.revokeObjectURL(url);
    setNewImages((imgs) => imgs.filter((i) => i.url !== url));
  }
  const toggleExistingImage = (url: string) =>
    setImagesToDelete((d) => (d.includes(url) ? d.filter((u) => u !== url) : [...d, url]));

  function chooseVideo(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    if (video) URL.revokeObjectURL(video.url);
    setVideo({ file, url: URL.createObjectURL(file) });
    // Choosing a new video while one exists marks the old one for removal.
    if (existingVideo) {
      if (!video) markBeforeReplace.current = videoToDelete;
      setVideoToDelete(true);
    }
  }
  function clearNewVideo() {
    if (video) URL.revokeObjectURL(video.url);
    setVideo(null);
    if (existingVideo) setVideoToDelete(markBeforeReplace.current);
    if (videoInput.current) videoInput.current.value = '';
  }

  function chooseCertificate(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    const problem = certificateFileProblem(file);
    if (problem) {
      setErrors((e) => ({ ...e, certificate: problem }));
      if (certificateInput.current) certificateInput.current.value = '';
      return;
    }
    setErrors(({ certificate: _, ...rest }) => rest);
    setCertificate(file);
  }
  function clearNewCertificate() {
    setCertificate(null);
    if (certificateInput.current) certificateInput.current.value = '';
  }

  const colourOptions = useMemo(
    () => [...COLOUR_PALETTE, ...colours.filter((c) => !(COLOUR_PALETTE as readonly string[]).includes(c))],
    [colours],
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (submitting || categoriesLoading) return;
    const found = validate(fields);
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(`pf-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    const form = toFormData(
      fields,
      sizes,
      colours,
      {
        images: newImages.map((i) => i.file),
        video: video?.file ?? null,
        imagesToDelete,
        videoToDelete,
        certificate,
        certificateToDelete: certificateToDelete && !certificate,
      },
      mode,
      product?.stockquantity,
    );
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
        <Field id="pf-category" label="Category" required error={err('category')}>
          <SelectInput
            id="pf-category"
            name="category"
            value={fields.category}
            onChange={(e) => changeCategory(e.target.value)}
            disabled={categoriesLoading || disabled}
            error={err('category')}
          >
            <option value="">{categoriesLoading ? 'Loading categories…' : 'Select a category'}</option>
            {categories.map((c) => (
              <option key={c._id} value={c._id}>
                {c.categoryname}
              </option>
            ))}
          </SelectInput>
        </Field>
        <Field id="pf-subcategory" label="Subcategory" required error={err('subcategory')}>
          <SelectInput
            id="pf-subcategory"
            name="subcategory"
            value={fields.subcategory}
            onChange={set('subcategory')}
            disabled={!fields.category || disabled}
            error={err('subcategory')}
          >
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
          </SelectInput>
        </Field>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
        <legend className="mb-2 text-sm font-semibold text-gray-900">Basics</legend>
        <Field id="pf-productname" label="Product Name" required error={err('productname')} className="sm:col-span-2">
          <TextInput
            id="pf-productname"
            name="productname"
            value={fields.productname}
            onChange={set('productname')}
            maxLength={200}
            error={err('productname')}
          />
        </Field>
        <Field
          id="pf-productdescription"
          label="Description"
          required
          error={err('productdescription')}
          className="sm:col-span-2"
        >
          <TextArea
            id="pf-productdescription"
            name="productdescription"
            rows={4}
            value={fields.productdescription}
            onChange={set('productdescription')}
            error={err('productdescription')}
          />
        </Field>
        <Field id="pf-productprice" label="Price (₹)" required error={err('productprice')}>
          <TextInput
            id="pf-productprice"
            name="productprice"
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            value={fields.productprice}
            onChange={set('productprice')}
            error={err('productprice')}
          />
        </Field>
        <Field id="pf-stockquantity" label="Stock Quantity" required error={err('stockquantity')}>
          <TextInput
            id="pf-stockquantity"
            name="stockquantity"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={fields.stockquantity}
            onChange={set('stockquantity')}
            error={err('stockquantity')}
          />
        </Field>
        <Field id="pf-productbrand" label="Brand" error={err('productbrand')}>
          <TextInput
            id="pf-productbrand"
            name="productbrand"
            value={fields.productbrand}
            onChange={set('productbrand')}
            error={err('productbrand')}
          />
        </Field>
        <Field id="pf-rating" label="Rating" error={err('rating')}>
          <TextInput
            id="pf-rating"
            name="rating"
            type="number"
            min={0}
            max={5}
            step={0.1}
            value={fields.rating}
            onChange={set('rating')}
            error={err('rating')}
          />
        </Field>
      </fieldset>

      <fieldset disabled={disabled}>
        <legend className="mb-2 text-sm font-semibold text-gray-900">Sizes</legend>
        <div className="flex gap-2">
          <label htmlFor="pf-size" className="sr-only">
            Add a size
          </label>
          <input
            id="pf-size"
            className={inputClass}
            value={sizeDraft}
            onChange={(e) => setSizeDraft(e.target.value)}
            onKeyDown={onSizeKey}
            placeholder="e.g. 5 Ratti, then Enter"
          />
          <Button variant="secondary" onClick={commitSize}>
            Add
          </Button>
        </div>
        {sizes.length ? (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Sizes">
            {sizes.map((s) => (
              <li
                key={s}
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900"
              >
                {s}
                <button
                  type="button"
                  onClick={() => setSizes((all) => all.filter((x) => x !== s))}
                  aria-label={`Remove size ${s}`}
                  className="rounded-full p-0.5 hover:bg-brand-100"
                >
                  <X aria-hidden className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {err('productsizes') ? <p className="mt-1 text-sm text-red-600">{err('productsizes')}</p> : null}
      </fieldset>

      <fieldset disabled={disabled}>
        <legend className="mb-2 text-sm font-semibold text-gray-900">Colours</legend>
        <div className="flex flex-wrap gap-2">
          {colourOptions.map((c) => {
            const on = colours.includes(c);
            return (
              <button
                key={c}
                type="button"
                aria-pressed={on}
                onClick={() => toggleColour(c)}
                className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium ${
                  on ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50'
                }`}
              >
                <span aria-hidden className="size-3.5 rounded-full border border-black/10" style={{ background: swatch(c) }} />
                {c}
              </button>
            );
          })}
        </div>
      </fieldset>

      <fieldset disabled={disabled} className="space-y-3">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Images</legend>
        {existingImages.length ? (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Current images">
            {existingImages.map((url, i) => {
              const marked = imagesToDelete.includes(url);
              return (
                <li key={url} className="relative" data-marked={marked}>
                  <img
                    src={thumbnail(url)}
                    alt={`${product?.productname ?? 'Product'}, view ${i + 1}`}
                    className={`aspect-square w-full rounded-md object-cover ${marked ? 'opacity-30 grayscale' : ''}`}
                  />
                  {marked ? (
                    <span className="absolute inset-x-0 top-1/3 text-center text-xs font-semibold text-red-700">
                      Will be removed
                    </span>
                  ) : null}
                  <button
                    type="button"
                    onClick={() => toggleExistingImage(url)}
                    aria-pressed={marked}
                    aria-label={marked ? 'Keep this image' : 'Remove this image'}
                    className="absolute top-1 right-1 rounded-full bg-white/90 p-1 text-gray-700 shadow hover:bg-white"
                  >
                    {marked ? <Undo2 aria-hidden className="size-4" /> : <X aria-hidden className="size-4" />}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        {newImages.length ? (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="New images">
            {newImages.map((img) => (
              <li key={img.url} className="relative">
                <img
                  src={img.url}
                  alt={img.file.name}
                  className="aspect-square w-full rounded-md object-cover ring-2 ring-green-500"
                />
                <button
                  type="button"
                  onClick={() => removeNewImage(img.url)}
                  aria-label={`Remove ${img.file.name}`}
                  className="absolute top-1 right-1 rounded-full bg-white/90 p-1 text-gray-700 shadow hover:bg-white"
                >
                  <X aria-hidden className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <label className={`${inputClass} flex cursor-pointer items-center gap-2 border-dashed text-gray-600`}>
          <ImagePlus aria-hidden className="size-5" />
          <span>Add images (JPEG, PNG, WebP or AVIF, several at once)</span>
          <input
            ref={imageInput}
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            aria-label="Product images"
            onChange={(e) => addImages(e.target.files)}
          />
        </label>
      </fieldset>

      <fieldset disabled={disabled} className="space-y-3">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Video</legend>
        {existingVideo ? (
          <div
            className="flex items-center gap-3 rounded-md border border-gray-200 p-2"
            data-testid="existing-video"
            data-marked={videoToDelete}
          >
            <video src={existingVideo} className={`h-20 rounded ${videoToDelete ? 'opacity-30' : ''}`} muted preload="metadata" />
            <div className="flex-1 text-sm">
              {videoToDelete ? (
                <span className="font-medium text-red-700">
                  {video ? 'Will be replaced by the new video' : 'Will be removed'}
                </span>
              ) : (
                <span className="text-gray-700">Current video</span>
              )}
            </div>
            <Button
              variant="ghost"
              onClick={() => setVideoToDelete((v) => !v)}
              disabled={Boolean(video)}
              aria-pressed={videoToDelete}
            >
              {videoToDelete ? 'Keep video' : 'Remove video'}
            </Button>
          </div>
        ) : null}
        {video ? (
          <div className="flex items-center gap-3 rounded-md border border-green-300 p-2">
            <video src={video.url} className="h-20 rounded" muted preload="metadata" />
            <span className="flex-1 truncate text-sm">{video.file.name}</span>
            <Button variant="ghost" onClick={clearNewVideo} aria-label={`Remove ${video.file.name}`}>
              <X aria-hidden className="size-4" />
            </Button>
          </div>
        ) : null}
        <label className={`${inputClass} flex cursor-pointer items-center gap-2 border-dashed text-gray-600`}>
          <Video aria-hidden className="size-5" />
          <span>{existingVideo || video ? 'Replace video (MP4 or WebM)' : 'Add a video (MP4 or WebM)'}</span>
          <input
            ref={videoInput}
            type="file"
            accept="video/*"
            className="sr-only"
            aria-label="Product video"
            onChange={(e) => chooseVideo(e.target.files)}
          />
        </label>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
        <legend className="mb-2 text-sm font-semibold text-gray-900">Gemstone specifications</legend>
        {TEXT_ATTRIBUTES.map((k) => (
          <Field
            key={k}
            id={`pf-${k}`}
            label={TEXT_LABELS[k]}
            error={err(k)}
            className={k === 'returnpolicy' ? 'sm:col-span-2' : ''}
          >
            <TextInput id={`pf-${k}`} name={k} value={fields[k]} onChange={set(k)} error={err(k)} />
          </Field>
        ))}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
        <legend className="mb-2 text-sm font-semibold text-gray-900">Lab certificate</legend>
        <Field id="pf-certificatelab" label="Lab" error={err('certificatelab')}>
          <SelectInput
            id="pf-certificatelab"
            name="certificatelab"
            value={fields.certificatelab}
            onChange={set('certificatelab')}
            error={err('certificatelab')}
          >
            <option value="">No lab report</option>
            {CERTIFICATE_LABS.map((l) => (
              <option key={l.key} value={l.key}>
                {l.label}
              </option>
            ))}
          </SelectInput>
        </Field>
        <Field id="pf-certificatenumber" label="Report number" error={err('certificatenumber')}>
          <TextInput
            id="pf-certificatenumber"
            name="certificatenumber"
            value={fields.certificatenumber}
            onChange={set('certificatenumber')}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            placeholder={fields.certificatelab === 'gia' ? 'e.g. 2141438167' : 'e.g. LG612345678'}
            error={err('certificatenumber')}
          />
        </Field>
        <div className="space-y-2 sm:col-span-2">
          {existingCertificate ? (
            <div
              className="flex items-center gap-3 rounded-md border border-gray-200 p-2 text-sm"
              data-testid="existing-certificate"
              data-marked={certificateToDelete || Boolean(certificate)}
            >
              <FileText aria-hidden className="size-5 text-gray-500" />
              <a
                href={existingCertificate}
                target="_blank"
                rel="noopener"
                className={`flex-1 font-medium text-brand-700 underline ${certificateToDelete || certificate ? 'opacity-40' : ''}`}
              >
                Current report
              </a>
              {certificate || certificateToDelete ? (
                <span className="font-medium text-red-700">
                  {certificate ? 'Will be replaced by the new report' : 'Will be removed'}
                </span>
              ) : null}
              <Button
                variant="ghost"
                onClick={() => setCertificateToDelete((v) => !v)}
                disabled={Boolean(certificate)}
                aria-pressed={certificateToDelete}
              >
                {certificateToDelete ? 'Keep report' : 'Remove report'}
              </Button>
            </div>
          ) : null}
          {certificate ? (
            <div className="flex items-center gap-3 rounded-md border border-green-300 p-2 text-sm">
              <FileText aria-hidden className="size-5 text-green-700" />
              <span className="flex-1 truncate">{certificate.name}</span>
              <Button variant="ghost" onClick={clearNewCertificate} aria-label={`Remove ${certificate.name}`}>
                <X aria-hidden className="size-4" />
              </Button>
            </div>
          ) : null}
          <label className={`${inputClass} flex cursor-pointer items-center gap-2 border-dashed text-gray-600`}>
            <FileText aria-hidden className="size-5" />
            <span>
              {existingCertificate || certificate ? 'Replace the lab report' : 'Upload the lab report'} (PDF or a picture, up to
              10 MB)
            </span>
            <input
              ref={certificateInput}
              type="file"
              accept="application/pdf,.pdf,image/*"
              className="sr-only"
              aria-label="Lab report file"
              onChange={(e) => chooseCertificate(e.target.files)}
            />
          </label>
          {err('certificate') || err('certificateToDelete') ? (
            <p role="alert" className="text-sm text-red-600">
              {err('certificate') || err('certificateToDelete')}
            </p>
          ) : null}
        </div>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-3" disabled={disabled}>
        <legend className="mb-2 text-sm font-semibold text-gray-900">Weights</legend>
        {WEIGHT_ATTRIBUTES.map((k) => (
          <Field key={k} id={`pf-${k}`} label={WEIGHT_LABELS[k]} error={err(k)}>
            <TextInput
              id={`pf-${k}`}
              name={k}
              type="number"
              min={0}
              step="any"
              value={fields[k]}
              onChange={set(k)}
              error={err(k)}
            />
          </Field>
        ))}
      </fieldset>

      <fieldset className="grid gap-4" disabled={disabled}>
        <legend className="mb-2 text-sm font-semibold text-gray-900">Search engines</legend>
        <Field id="pf-metatitle" label="Meta Title" error={err('metatitle')}>
          <TextInput
            id="pf-metatitle"
            name="metatitle"
            value={fields.metatitle}
            onChange={set('metatitle')}
            error={err('metatitle')}
          />
        </Field>
        <Field id="pf-metadescription" label="Meta Description" error={err('metadescription')}>
          <TextArea
            id="pf-metadescription"
            name="metadescription"
            rows={2}
            value={fields.metadescription}
            onChange={set('metadescription')}
            error={err('metadescription')}
          />
        </Field>
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
