import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLOUR_PALETTE, type Product } from '../../../contract/catalogue';
import { productRoutes } from '../../../contract/products';
import type { Category, ProductSaved, Subcategory } from '../../api/admin';
import { ApiError } from '../../api/client';
import { answerOf } from '../../test/answers';
import { categoryOf, productOf, subcategoryOf } from '../../test/fixtures';
import { ProductForm, type ProductFormApi } from './ProductForm';
import { addSize } from './productFormState';

const now = '2025-01-01T00:00:00.000Z';
const cat = (id: string, name: string): Category => categoryOf({ _id: id, categoryname: name, createdAt: now, updatedAt: now });
const sub = (id: string, name: string, category: Category): Subcategory =>
  subcategoryOf({
    _id: id,
    subcategoryname: name,
    category: { _id: category._id, categoryname: category.categoryname },
    createdAt: now,
    updatedAt: now,
  });
/** What GET /p1/api/form/categories answers. */
const formCategories = (categories: Category[]) =>
  answerOf(productRoutes, 'GET /p1/api/form/categories', {
    success: true,
    categories,
    message: 'Categories fetched successfully',
  });
/** What creating or editing a product answers. */
const savedAnswer = (message: string) => answerOf(productRoutes, 'POST /p1/api/create', { success: true, message, product });

const GEMS = cat('c-gems', 'Gemstones');
const JEWELLERY = cat('c-jewel', 'Jewellery');
const SUBS: Record<string, Subcategory[]> = {
  [GEMS._id]: [sub('s-ruby', 'Ruby', GEMS), sub('s-pearl', 'Pearl', GEMS)],
  [JEWELLERY._id]: [sub('s-rings', 'Rings', JEWELLERY)],
};

const product: Product = productOf({
  _id: 'p-1',
  productname: 'Burmese Ruby',
  slug: 'burmese-ruby',
  productprice: 15000.5,
  productdescription: 'Pigeon blood red',
  productimages: ['/uploads/a/640.webp', '/uploads/b/640.webp'],
  productvideo: '/uploads/v/video.mp4',
  productsizes: ['5 Ratti'],
  productcolours: ['Red'],
  rating: 4.5,
  reviewcount: 3,
  metatitle: '',
  metadescription: '',
  productbrand: 'Ratna',
  stockquantity: 3,
  isActive: true,
  category: { _id: GEMS._id, categoryname: GEMS.categoryname },
  subcategory: { _id: 's-ruby', subcategoryname: 'Ruby' },
  treatment: 'Unheated',
  cut: '',
  certification: 'GIA',
  shape: '',
  composition: '',
  origin: 'Burma',
  excatdimensions: '',
  dimensiontype: '',
  refractiveindex: '',
  specificgravity: '',
  returnpolicy: '',
  weightcarrat: 2.5,
  weightratti: null,
  weightkachiratti: null,
  weightpakkiratti: null,
  weightgrams: null,
  createdAt: now,
  updatedAt: now,
});

function fakeApi(overrides: Partial<ProductFormApi> = {}) {
  const saved: ProductSaved = savedAnswer('ok');
  const api = {
    formCategories: vi.fn<ProductFormApi['formCategories']>(async () => formCategories([GEMS, JEWELLERY])),
    formSubcategories: vi.fn<ProductFormApi['formSubcategories']>(async (id) =>
      answerOf(productRoutes, 'GET /p1/api/form/subcategories/:categoryId', { success: true, subcategories: SUBS[id] ?? [] }),
    ),
    create: vi.fn<ProductFormApi['create']>(async () => saved),
    edit: vi.fn<ProductFormApi['edit']>(async () => saved),
  };
  for (const [k, impl] of Object.entries(overrides)) {
    (api[k as keyof ProductFormApi] as { mockImplementation: (f: unknown) => void }).mockImplementation(impl);
  }
  return api;
}

function setup(opts: { product?: Product; api?: ReturnType<typeof fakeApi> } = {}) {
  const api = opts.api ?? fakeApi();
  const onSaved = vi.fn();
  const onFailure = vi.fn();
  const user = userEvent.setup({ delay: null });
  render(<ProductForm product={opts.product} api={api} onSaved={onSaved} onCancel={() => {}} onFailure={onFailure} />);
  return { api, onSaved, onFailure, user };
}

/** The form's submit button (queried by type: role queries over this large form are slow in jsdom). */
const submitButton = () => {
  const button = document.querySelector<HTMLButtonElement>('form button[type="submit"]');
  if (!button) throw new Error('no submit button');
  return button;
};
const sentForm = (fn: { mock: { calls: unknown[][] } }, index: number) => fn.mock.calls[0]![index] as FormData;

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(within(screen.getByLabelText(/^Category/)).getByText('Gemstones')).toBeInTheDocument());
  await user.selectOptions(screen.getByLabelText(/^Category/), GEMS._id);
  await waitFor(() => expect(within(screen.getByLabelText(/^Subcategory/)).getByText('Pearl')).toBeInTheDocument());
  await user.selectOptions(screen.getByLabelText(/^Subcategory/), 's-pearl');
  await fill(user, screen.getByLabelText(/^Product Name/), 'South Sea Pearl');
  await fill(user, screen.getByLabelText(/^Description/), 'Lustrous and round');
  await fill(user, screen.getByLabelText(/^Price/), '2499.99');
  await fill(user, screen.getByLabelText(/^Stock Quantity/), '4');
}

/** Puts text into a field in one input event (typing key by key is slow on a busy machine). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

let urls = 0;
beforeEach(() => {
  urls = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++urls}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('size chips', () => {
  it('adds trimmed sizes with Enter or Add, ignores empty ones and duplicates, and removes them', async () => {
    const { user, api } = setup();
    const input = screen.getByLabelText('Add a size');
    await user.type(input, '  7 Ratti  {Enter}');
    await user.type(input, '   {Enter}');
    await user.type(input, '7 ratti{Enter}');
    await user.type(input, '8 Ratti');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const chips = within(screen.getByRole('list', { name: 'Sizes' })).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual(['7 Ratti', '8 Ratti']);
    expect(input).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Remove size 7 Ratti' }));
    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() => expect(api.create).toHaveBeenCalledOnce());
    expect(sentForm(api.create, 0).get('productsizes')).toBe('8 Ratti');
  });

  it('addSize keeps the list unchanged for blanks and case-insensitive duplicates', () => {
    expect(addSize(['A'], '  ')).toEqual(['A']);
    expect(addSize(['Size 5'], ' size 5 ')).toEqual(['Size 5']);
    expect(addSize(['Size 5'], ' Size 6 ')).toEqual(['Size 5', 'Size 6']);
  });
});

describe('colour palette', () => {
  it('offers the 20 palette colours as toggles and sends the chosen ones joined by ", "', async () => {
    const { user, api } = setup();
    const group = screen.getByRole('group', { name: 'Colours' });
    const toggles = within(group).getAllByRole('button');
    expect(toggles.map((b) => b.textContent)).toEqual([...COLOUR_PALETTE]);
    expect(toggles).toHaveLength(20);
    await user.click(within(group).getByRole('button', { name: 'Red' }));
    await user.click(within(group).getByRole('button', { name: 'Gold' }));
    await user.click(within(group).getByRole('button', { name: 'Teal' }));
    await user.click(within(group).getByRole('button', { name: 'Teal' }));
    expect(within(group).getByRole('button', { name: 'Red' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'Teal' })).toHaveAttribute('aria-pressed', 'false');
    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() => expect(api.create).toHaveBeenCalledOnce());
    expect(sentForm(api.create, 0).get('productcolours')).toBe('Red, Gold');
  });
});

describe('category and subcategory', () => {
  it('keeps the subcategory select disabled until a category is chosen', async () => {
    const { user, api } = setup();
    const subSelect = screen.getByLabelText(/^Subcategory/);
    expect(subSelect).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Gemstones' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText(/^Category/), JEWELLERY._id);
    expect(subSelect).toBeEnabled();
    expect(api.formSubcategories).toHaveBeenLastCalledWith(JEWELLERY._id);
    await waitFor(() => expect(within(subSelect).getByRole('option', { name: 'Rings' })).toBeInTheDocument());
  });

  it('clears the chosen subcategory when the category changes', async () => {
    const { user, api } = setup({ product });
    const subSelect = screen.getByLabelText(/^Subcategory/);
    await waitFor(() => expect(within(subSelect).getByRole('option', { name: 'Pearl' })).toBeInTheDocument());
    expect(subSelect).toHaveValue('s-ruby');
    await user.selectOptions(screen.getByLabelText(/^Category/), JEWELLERY._id);
    expect(subSelect).toHaveValue('');
    await waitFor(() => expect(within(subSelect).getByRole('option', { name: 'Rings' })).toBeInTheDocument());
    expect(within(subSelect).queryByRole('option', { name: 'Ruby' })).toBeNull();
    // submitting now is refused until a subcategory of the new category is chosen
    await user.click(submitButton());
    expect(await screen.findByTestId('pf-subcategory-error')).toHaveTextContent('Please select a subcategory');
    expect(api.edit).not.toHaveBeenCalled();
  });

  it('empties the subcategory list without a message when it fails to load', async () => {
    const api = fakeApi({ formSubcategories: vi.fn(async () => Promise.reject(new ApiError('boom', 500))) });
    const { user, onFailure } = setup({ api });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Gemstones' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText(/^Category/), GEMS._id);
    await waitFor(() => expect(api.formSubcategories).toHaveBeenCalled());
    expect(within(screen.getByLabelText(/^Subcategory/)).getAllByRole('option')).toHaveLength(1);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('disables Submit while the categories load and says so when they fail', async () => {
    let resolve!: (v: ReturnType<typeof formCategories>) => void;
    const api = fakeApi({ formCategories: () => new Promise((r) => (resolve = r)) });
    setup({ api });
    expect(submitButton()).toBeDisabled();
    await act(async () => resolve(formCategories([GEMS])));
    expect(submitButton()).toBeEnabled();

    const failing = fakeApi({ formCategories: vi.fn(async () => Promise.reject(new ApiError('Network error', 0))) });
    const second = render(
      <ProductForm
        api={failing}
        onSaved={() => {}}
        onCancel={() => {}}
        onFailure={(t) => second.container.setAttribute('data-failure', t)}
      />,
    );
    await waitFor(() => expect(second.container).toHaveAttribute('data-failure', 'Error loading categories. Please try again.'));
  });
});

describe('media in edit mode', () => {
  it('marks the old video for removal when a new one is chosen (videoToDelete true)', async () => {
    const { user, api } = setup({ product });
    expect(screen.getByTestId('existing-video')).toHaveAttribute('data-marked', 'false');
    const file = new File(['video-bytes'], 'new.mp4', { type: 'video/mp4' });
    await user.upload(screen.getByLabelText('Product video'), file);
    expect(screen.getByTestId('existing-video')).toHaveAttribute('data-marked', 'true');
    expect(screen.getByText('Will be replaced by the new video')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByLabelText(/^Subcategory/)).getByRole('option', { name: 'Ruby' })).toBeInTheDocument(),
    );
    await user.click(submitButton());
    await waitFor(() => expect(api.edit).toHaveBeenCalledOnce());
    const form = sentForm(api.edit, 1);
    expect(api.edit.mock.calls[0]![0]).toBe('p-1');
    expect(form.get('videoToDelete')).toBe('true');
    expect((form.get('video') as File).name).toBe('new.mp4');
    expect(form.get('imagesToDelete')).toBe('[]');
  });

  it('keeps the video (videoToDelete false) and sends the images marked for removal as a JSON list', async () => {
    const { user, api } = setup({ product });
    const current = screen.getByRole('list', { name: 'Current images' });
    await user.click(within(current).getAllByRole('button', { name: 'Remove this image' })[1]!);
    expect(within(current).getByRole('button', { name: 'Keep this image' })).toHaveAttribute('aria-pressed', 'true');
    await user.upload(screen.getByLabelText('Product images'), [
      new File(['a'], 'one.png', { type: 'image/png' }),
      new File(['b'], 'two.webp', { type: 'image/webp' }),
    ]);
    const added = screen.getByRole('list', { name: 'New images' });
    expect(within(added).getAllByRole('img')).toHaveLength(2);
    await user.click(within(added).getByRole('button', { name: 'Remove one.png' }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    await waitFor(() =>
      expect(within(screen.getByLabelText(/^Subcategory/)).getByRole('option', { name: 'Ruby' })).toBeInTheDocument(),
    );
    await user.click(submitButton());
    await waitFor(() => expect(api.edit).toHaveBeenCalledOnce());
    const form = sentForm(api.edit, 1);
    expect(form.get('videoToDelete')).toBe('false');
    expect(JSON.parse(String(form.get('imagesToDelete')))).toEqual(['/uploads/b/640.webp']);
    expect(form.getAll('images').map((f) => (f as File).name)).toEqual(['two.webp']);
    expect(form.get('productname')).toBe('Burmese Ruby');
    expect(form.get('weightcarrat')).toBe('2.5');
    expect(form.get('stockquantityWas')).toBe('3');
    expect(form.get('treatment')).toBe('Unheated');
  });
});

describe('required fields and server errors', () => {
  it('refuses to send without category, subcategory, name, description, price and stock', async () => {
    const { user, api } = setup();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    for (const [field, text] of [
      ['category', 'Please select a category'],
      ['subcategory', 'Please select a subcategory'],
      ['productname', 'Product name is required'],
      ['productdescription', 'Description is required'],
      ['productprice', 'Price is required'],
      ['stockquantity', 'Stock quantity is required'],
    ]) {
      expect(screen.getByTestId(`pf-${field}-error`)).toHaveTextContent(text!);
      expect(document.getElementById(`pf-${field}`)).toHaveAttribute('aria-invalid', 'true');
    }
    await fill(user, screen.getByLabelText(/^Price/), '-5');
    await fill(user, screen.getByLabelText(/^Stock Quantity/), '1.5');
    await user.click(submitButton());
    expect(screen.getByTestId('pf-productprice-error')).toHaveTextContent('Price must be a number of 0 or more');
    expect(screen.getByTestId('pf-stockquantity-error')).toHaveTextContent('Stock must be a whole number of 0 or more');
    expect(api.create).not.toHaveBeenCalled();
  });

  it('shows the server field errors beside the fields and the failure alert', async () => {
    const api = fakeApi({
      create: vi.fn(async () => {
        throw new ApiError('productname: already used', 400, {
          success: false,
          message: 'productname: already used',
          errors: [
            { path: 'productname', message: 'A product with this name already exists' },
            { path: 'images', message: 'images: not an image' },
          ],
        });
      }),
    });
    const { user, onFailure, onSaved } = setup({ api });
    await fillRequired(user);
    await user.click(submitButton());
    expect(await screen.findByTestId('pf-productname-error')).toHaveTextContent('A product with this name already exists');
    expect(screen.getByRole('alert')).toHaveTextContent('images: not an image');
    expect(onFailure).toHaveBeenCalledWith('Error submitting product. Please try again.');
    expect(onSaved).not.toHaveBeenCalled();
    // what was typed stays
    expect(screen.getByLabelText(/^Product Name/)).toHaveValue('South Sea Pearl');
    expect(submitButton()).toBeEnabled();
  });

  it('sends every field in add mode, disables Submit while sending and shows upload progress', async () => {
    let finish!: (v: ProductSaved) => void;
    const api = fakeApi({
      create: vi.fn((_form: FormData, onProgress?: (p: number) => void) => {
        onProgress?.(40);
        return new Promise<ProductSaved>((r) => (finish = r));
      }),
    });
    const { user, onSaved } = setup({ api });
    await fillRequired(user);
    await fill(user, screen.getByLabelText('Brand'), 'Ratna');
    await user.type(screen.getByLabelText('Weight (grams)'), '1.2');
    await fill(user, screen.getByLabelText('Meta Title'), 'Pearl | Ratna Gems');
    await user.click(submitButton());
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(submitButton()).toHaveTextContent('Saving...');
    expect(submitButton()).toBeDisabled();
    const form = sentForm(api.create, 0);
    expect(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'))).toMatchObject({
      category: GEMS._id,
      subcategory: 's-pearl',
      productname: 'South Sea Pearl',
      productdescription: 'Lustrous and round',
      productprice: '2499.99',
      stockquantity: '4',
      productbrand: 'Ratna',
      weightgrams: '1.2',
      metatitle: 'Pearl | Ratna Gems',
      productsizes: '',
      productcolours: '',
    });
    expect(form.has('imagesToDelete')).toBe(false);
    // The rating is the average of approved reviews: the form neither shows nor sends one.
    expect(form.has('rating')).toBe(false);
    expect(screen.queryByLabelText('Rating')).toBeNull();
    await act(async () => finish(savedAnswer('Product created')));
    expect(onSaved).toHaveBeenCalledOnce();
  });
});

describe('lab certificate', () => {
  it('sends the lab, the report number and the report PDF in add mode', async () => {
    const { user, api } = setup();
    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText('Lab'), 'gia');
    await fill(user, screen.getByLabelText('Report number'), '2141438167');
    await user.upload(
      screen.getByLabelText('Lab report file'),
      new File(['%PDF-1.4'], 'gia-report.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText('gia-report.pdf')).toBeInTheDocument();
    await user.click(submitButton());
    await waitFor(() => expect(api.create).toHaveBeenCalledOnce());
    const form = sentForm(api.create, 0);
    expect(form.get('certificatelab')).toBe('gia');
    expect(form.get('certificatenumber')).toBe('2141438167');
    expect((form.get('certificate') as File).name).toBe('gia-report.pdf');
  });

  it('says what is wrong with the number before sending, and refuses a report over 10 MB', async () => {
    const { user, api } = setup();
    await fillRequired(user);
    await fill(user, screen.getByLabelText('Report number'), '2141438167');
    await user.click(submitButton());
    expect(await screen.findByText('Choose the lab that issued the report')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Lab'), 'gia');
    await fill(user, screen.getByLabelText('Report number'), 'X');
    await user.click(submitButton());
    expect(await screen.findByText('A GIA report number is 5 to 12 digits')).toBeInTheDocument();
    const big = new File(['%PDF-1.4'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('Lab report file'), big);
    expect(await screen.findByText('The report must be at most 10 MB')).toBeInTheDocument();
    expect(screen.queryByText('huge.pdf')).toBeNull();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('shows the current report in edit mode and sends certificateToDelete when it is removed', async () => {
    const { user, api } = setup({
      product: productOf({
        ...product,
        certificatelab: 'igi',
        certificatenumber: 'LG612345678',
        certificatefile: '/uploads/c/certificate.pdf',
      }),
    });
    expect(screen.getByLabelText('Lab')).toHaveValue('igi');
    expect(screen.getByLabelText('Report number')).toHaveValue('LG612345678');
    expect(screen.getByRole('link', { name: 'Current report' })).toHaveAttribute('href', '/uploads/c/certificate.pdf');
    await user.click(screen.getByRole('button', { name: 'Remove report' }));
    expect(screen.getByTestId('existing-certificate')).toHaveAttribute('data-marked', 'true');
    await waitFor(() =>
      expect(within(screen.getByLabelText(/^Subcategory/)).getByRole('option', { name: 'Ruby' })).toBeInTheDocument(),
    );
    await user.click(submitButton());
    await waitFor(() => expect(api.edit).toHaveBeenCalledOnce());
    const form = sentForm(api.edit, 1);
    expect(form.get('certificateToDelete')).toBe('true');
    expect(form.get('certificatelab')).toBe('igi');
    expect(form.get('certificate')).toBeNull();
  });
});
