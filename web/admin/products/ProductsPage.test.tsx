import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../contract/catalogue';
import { productRoutes } from '../../../contract/products';
import { adminApi, type ProductPage } from '../../api/admin';
import { answerOf } from '../../test/answers';
import { productOf } from '../../test/fixtures';
import { Notices } from '../ui/Notice';
import ProductsPage from './ProductsPage';

const now = '2025-03-10T06:30:00.000Z';
const product = (i: number, over: Partial<Product> = {}): Product =>
  productOf({
    _id: `p-${i}`,
    productname: `Ruby ${i}`,
    slug: `ruby-${i}`,
    productprice: 150000 + i,
    productdescription: 'Pigeon blood red',
    productimages: [`/uploads/a${i}/640.webp`, `/uploads/b${i}/640.webp`],
    productvideo: '',
    productsizes: [],
    productcolours: [],
    rating: 5,
    reviewcount: 2,
    metatitle: '',
    metadescription: '',
    productbrand: '',
    stockquantity: i % 2,
    isActive: true,
    category: { _id: 'c-gems', categoryname: 'Gemstones' },
    subcategory: { _id: 's-ruby', subcategoryname: 'Ruby' },
    treatment: '',
    cut: '',
    certification: '',
    shape: '',
    composition: '',
    origin: '',
    excatdimensions: '',
    dimensiontype: '',
    refractiveindex: '',
    specificgravity: '',
    returnpolicy: '',
    weightcarrat: null,
    weightratti: null,
    weightkachiratti: null,
    weightpakkiratti: null,
    weightgrams: null,
    sku: i === 1 ? 'RG-GEM-0001' : null,
    createdAt: now,
    updatedAt: now,
    ...over,
  });

/** `total` products served `limit` (6 unless asked) a page, like the server. */
function serve(total: number) {
  let items = Array.from({ length: total }, (_, i) => product(i + 1));
  const list = vi
    .spyOn(adminApi.products, 'list')
    .mockImplementation(async (page: number, search = '', limit = 6): Promise<ProductPage> => {
      const found = items.filter((p) => p.productname.toLowerCase().includes(search.toLowerCase()));
      const totalPages = Math.ceil(found.length / limit);
      return answerOf(productRoutes, 'GET /p1/api/admin/all', {
        success: true,
        products: found.slice((page - 1) * limit, page * limit),
        pagination: { currentPage: page, totalPages, totalProducts: found.length, hasNext: page < totalPages, hasPrev: page > 1 },
        message: found.length ? 'Products fetched successfully' : 'No products found.',
      });
    });
  const remove = vi.spyOn(adminApi.products, 'remove').mockImplementation(async (id: string) => {
    items = items.filter((p) => p._id !== id);
    return answerOf(productRoutes, 'DELETE /p1/api/delete/:id', { success: true, message: 'Product deleted' });
  });
  return { list, remove };
}

/** The address the screen keeps, shown for the tests to read. */
function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

function renderPage(entry = '/dashboard/products') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <Notices />
      <MemoryRouter initialEntries={[entry]}>
        <ProductsPage />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('products screen', () => {
  it('shows the columns, stock and brand texts, and the second image as the thumbnail', async () => {
    serve(2);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Category', 'Price', 'Stock', 'Brand', 'Created', 'Actions']);
    const first = within(table).getByText('Ruby 1').closest('tr') as HTMLElement;
    expect(within(first).getByText('1 in stock')).toBeInTheDocument();
    expect(within(first).getByText('N/A')).toBeInTheDocument();
    expect(within(first).getByText('₹1,50,001.00')).toBeInTheDocument();
    expect(first.querySelector('img')).toHaveAttribute('src', '/uploads/b1/320.webp');
    expect(within(first).getByTestId('product-sku')).toHaveTextContent('SKU RG-GEM-0001');
    const second = within(table).getByText('Ruby 2').closest('tr') as HTMLElement;
    expect(within(second).getByText('Out of stock')).toBeInTheDocument();
    expect(within(second).queryByTestId('product-sku')).toBeNull();
  });

  it('searches, says what it shows, and offers Clear while a search is active', async () => {
    const { list } = serve(3);
    renderPage();
    await screen.findByRole('table', { name: 'Products' });
    expect(screen.getByPlaceholderText('Search by product name, SKU, category, subcategory, or ID...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Search products'), '  emerald ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(1, 'emerald', 6));
    expect(await screen.findByText('No products found matching "emerald"')).toBeInTheDocument();
    expect(screen.getByTestId('search-summary')).toHaveTextContent('Showing results for: "emerald"');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(1, '', 6));
    expect(await screen.findByRole('table', { name: 'Products' })).toBeInTheDocument();
  });

  it('shows "No products found." when the catalogue is empty', async () => {
    serve(0);
    renderPage();
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
  });

  it('asks before deleting and moves to the previous page when the last row of page 2 is deleted', async () => {
    const { list, remove } = serve(7);
    renderPage();
    await screen.findByText('Showing 1 to 6 of 7 entries');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    const table = await screen.findByRole('table', { name: 'Products' });
    await within(table).findByText('Ruby 7');

    await userEvent.click(within(table).getByRole('button', { name: 'Delete Ruby 7' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    expect(within(dialog).getByText("You won't be able to revert this!")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));

    await waitFor(() => expect(remove).toHaveBeenCalledWith('p-7'));
    expect(await screen.findByText('Product has been deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(1, '', 6));
    expect(await within(table).findByText('Ruby 1')).toBeInTheDocument();
    // Six left: a single page, so no pagination.
    expect(screen.queryByText(/Showing \d+ to \d+ of/)).toBeNull();
  });

  it('offers 25 or 50 a page and keeps the choice, with the search, in the address', async () => {
    const { list } = serve(60);
    renderPage();
    await screen.findByText('Showing 1 to 6 of 60 entries');
    const perPage = screen.getByLabelText('Per page');
    expect(
      within(perPage)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['6', '25', '50']);

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Showing 7 to 12 of 60 entries');
    await userEvent.selectOptions(perPage, '25');
    // A new page size starts again at the first page.
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(1, '', 25));
    expect(await screen.findByText('Showing 1 to 25 of 60 entries')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('?per=25');

    await userEvent.type(screen.getByLabelText('Search products'), 'ruby');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(1, 'ruby', 25));
    expect(screen.getByTestId('address')).toHaveTextContent('?search=ruby&per=25');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(1, '', 25));
    expect(screen.getByTestId('address')).toHaveTextContent('?per=25');

    await userEvent.selectOptions(screen.getByLabelText('Per page'), '6');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(1, '', 6));
    expect(screen.getByTestId('address')).toBeEmptyDOMElement();
  });

  it('opens at the page size the address asks for, and at six for a size it does not offer', async () => {
    const { list } = serve(60);
    const { unmount } = renderPage('/dashboard/products?per=50');
    expect(await screen.findByText('Showing 1 to 50 of 60 entries')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith(1, '', 50);
    expect(screen.getByLabelText('Per page')).toHaveValue('50');
    unmount();

    renderPage('/dashboard/products?per=1000');
    expect(await screen.findByText('Showing 1 to 6 of 60 entries')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith(1, '', 6);
  });
});
