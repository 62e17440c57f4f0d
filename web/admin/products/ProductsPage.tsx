import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, Plus, Search } from 'lucide-react';
import { Switch } from 'radix-ui';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { adminApi, PRODUCT_PAGE_SIZE, type Product } from '../../api/admin';
import { Button, IconButton, Input, Select } from '../../ui/form';
import { Thumbnail } from '../../ui/Thumbnail';
import { errorText, formatDate, formatDateTime, formatINR, imageVariant, thumbnail } from '../format';
import { RowActions } from '../ui/AdminListScreen';
import { DataTable } from '../ui/DataTable';
import { Modal } from '../ui/Modal';
import { notice } from '../ui/Notice';
import { PageHeader } from '../ui/Page';
import { ListPagination, usePage } from '../ui/Pagination';
import { useAdminList } from '../ui/useAdminList';
import { ProductForm } from './ProductForm';

const KEY = ['admin', 'products'];

/** The page sizes offered: the usual six, or 25 or 50 to work through a long catalogue. */
const PAGE_SIZES = [PRODUCT_PAGE_SIZE, 25, 50] as const;

/** The page size the address asks for (`?per=25`); the usual size for anything else. */
function pageSizeOf(per: string | null): number {
  const n = Number(per);
  return PAGE_SIZES.find((size) => size === n) ?? PRODUCT_PAGE_SIZE;
}

/** The row thumbnail: the second image if there is one, else the first. */
export const rowImage = (p: Product) => p.productimages[1] ?? p.productimages[0] ?? '';

function ProductDetails({ product, onClose }: { product: Product; onClose: () => void }) {
  const rows: [string, string][] = [
    ['SKU', product.sku || 'N/A'],
    ['Price', formatINR(product.productprice)],
    ['Stock', product.stockquantity > 0 ? `${product.stockquantity} in stock` : 'Out of stock'],
    ['Brand', product.productbrand || 'N/A'],
    ['Category', product.category?.categoryname ?? 'N/A'],
    ['Subcategory', product.subcategory?.subcategoryname ?? 'N/A'],
    ['Created', formatDateTime(product.createdAt)],
  ];
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={product.productname}
      size="lg"
      testId="product-details"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        {product.productimages[0] ? (
          <img
            src={imageVariant(product.productimages[0], 640)}
            alt={product.productname}
            className="aspect-square w-full rounded-lg object-cover"
            onError={(e) => {
              e.currentTarget.style.display = 'none';
            }}
          />
        ) : (
          <div className="aspect-square w-full rounded-lg bg-gray-100" />
        )}
        <div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            {rows.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-gray-500">{k}</dt>
                <dd className="font-medium text-gray-900">{v}</dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-4 text-sm font-semibold text-gray-900">Description</h3>
          <p className="mt-1 text-sm whitespace-pre-line text-gray-700">{product.productdescription}</p>
        </div>
      </div>
    </Modal>
  );
}

export default function ProductsPage() {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const pageSize = pageSizeOf(params.get('per'));
  // The address keeps the search and the chosen page size; each is left out when it is the default.
  const withParams = (next: { search?: string; per?: number }) => {
    const term = next.search ?? search;
    const per = next.per ?? pageSize;
    return { ...(term ? { search: term } : {}), ...(per !== PRODUCT_PAGE_SIZE ? { per: String(per) } : {}) };
  };
  const [draft, setDraft] = useState(search);
  const paging = usePage();
  const { page, setPage } = paging;
  const [details, setDetails] = useState<Product | null>(null);
  const [form, setForm] = useState<{ product: Product | null; key: number } | null>(null);
  const [formBusy, setFormBusy] = useState(false);
  const [statusBusy, setStatusBusy] = useState<string | null>(null);
  const { removeRow, elements } = useAdminList<Product>();

  const list = useQuery({
    queryKey: [...KEY, page, search, pageSize],
    queryFn: () => adminApi.products.list(page, search, pageSize),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.products ?? [];
  const pagination = list.data?.pagination;
  const reload = () => qc.invalidateQueries({ queryKey: KEY });

  useEffect(() => {
    if (list.isError) {
      notice.error(errorText(list.error, 'Failed to fetch products', 'Error fetching products. Please try again.'), 'Error');
    }
  }, [list.isError, list.error]);

  function runSearch(e: FormEvent) {
    e.preventDefault();
    const term = draft.trim();
    setPage(1);
    setParams(withParams({ search: term }), { replace: true });
  }
  function clearSearch() {
    setDraft('');
    setPage(1);
    setParams(withParams({ search: '' }), { replace: true });
  }

  async function toggle(p: Product) {
    setStatusBusy(p._id);
    try {
      const res = await adminApi.products.toggleStatus(p._id);
      // The server's isActive replaces the local value.
      qc.setQueryData([...KEY, page, search, pageSize], (old: typeof list.data) =>
        old ? { ...old, products: old.products.map((x) => (x._id === p._id ? { ...x, isActive: res.isActive } : x)) } : old,
      );
    } catch (err) {
      notice.error(errorText(err, 'Failed to update status'), 'Error');
    } finally {
      setStatusBusy(null);
    }
  }

  async function remove(p: Product) {
    await removeRow({
      remove: () => adminApi.products.remove(p._id),
      deleted: 'Product has been deleted successfully',
      failed: (err) => ({
        title: 'Error',
        text: errorText(err, 'Failed to delete product', 'Error deleting product. Please try again.'),
      }),
      onDeleted: () => paging.deleted(rows.length),
      after: reload,
    });
  }

  const onFailure = useCallback((text: string) => notice.error(text, 'Error'), []);

  return (
    <div>
      <PageHeader
        title="Products"
        actions={
          <Button onClick={() => setForm({ product: null, key: Date.now() })}>
            <Plus aria-hidden className="size-4" /> Add Product
          </Button>
        }
      />

      <search>
        <form onSubmit={runSearch} className="mb-4 flex flex-col gap-2 sm:flex-row">
          <label htmlFor="product-search" className="sr-only">
            Search products
          </label>
          <div className="relative flex-1">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" />
            <Input
              id="product-search"
              type="search"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder="Search by product name, SKU, category, subcategory, or ID..."
              className="pl-9"
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit" className="flex-1 sm:flex-none">
              Search
            </Button>
            {search ? (
              <Button variant="secondary" onClick={clearSearch} className="flex-1 sm:flex-none">
                Clear
              </Button>
            ) : null}
          </div>
        </form>
      </search>
      {search ? (
        <p className="mb-3 text-sm text-gray-700" data-testid="search-summary">
          Showing results for: "{search}"
        </p>
      ) : null}

      <DataTable
        caption="Products"
        loading={list.isPending}
        rows={rows}
        rowKey={(p) => p._id}
        skeletonRows={pageSize}
        empty={search ? `No products found matching "${search}"` : 'No products found.'}
        columns={[
          {
            header: 'Product',
            cell: (p) => (
              <span className="flex items-center gap-3 text-left">
                <Thumbnail
                  src={rowImage(p) ? thumbnail(rowImage(p)) : undefined}
                  size={48}
                  className="size-12 shrink-0 rounded-md object-cover"
                  placeholderClassName="size-12 shrink-0 rounded-md bg-gray-100"
                  collapse
                />
                <span>
                  <span className="font-medium">{p.productname}</span>
                  {p.sku ? (
                    <span className="block font-mono text-xs text-gray-500" data-testid="product-sku">
                      SKU {p.sku}
                    </span>
                  ) : null}
                </span>
              </span>
            ),
          },
          {
            header: 'Category',
            cell: (p) => (
              <span>
                {p.category?.categoryname ?? 'N/A'}
                <span className="block text-xs text-gray-500">{p.subcategory?.subcategoryname ?? ''}</span>
              </span>
            ),
          },
          { header: 'Price', cell: (p) => formatINR(p.productprice) },
          {
            header: 'Stock',
            cell: (p) =>
              p.stockquantity > 0 ? (
                <span className="text-green-700">{p.stockquantity} in stock</span>
              ) : (
                <span className="text-red-700">Out of stock</span>
              ),
          },
          { header: 'Brand', cell: (p) => p.productbrand || 'N/A' },
          { header: 'Created', cell: (p) => formatDate(p.createdAt) },
        ]}
        actions={(p) => (
          <RowActions
            name={p.productname}
            onEdit={() => setForm({ product: p, key: Date.now() })}
            onDelete={() => remove(p)}
            leading={
              <>
                <Switch.Root
                  checked={p.isActive}
                  disabled={statusBusy === p._id}
                  onCheckedChange={() => toggle(p)}
                  aria-label={`${p.productname} is ${p.isActive ? 'active' : 'inactive'}`}
                  title={p.isActive ? 'Active' : 'Inactive'}
                  className="relative mr-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-gray-300 transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:opacity-50 data-[state=checked]:bg-green-600"
                >
                  <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
                </Switch.Root>
                <IconButton label={`View ${p.productname}`} onClick={() => setDetails(p)}>
                  <Eye aria-hidden className="size-4" />
                </IconButton>
              </>
            }
          />
        )}
      />

      <div className="mt-4 flex items-center justify-end gap-2 text-sm text-gray-700">
        <label htmlFor="product-page-size">Per page</label>
        <Select
          id="product-page-size"
          value={pageSize}
          onChange={(e) => {
            setPage(1);
            setParams(withParams({ per: Number(e.target.value) }), { replace: true });
          }}
          className="w-auto"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </div>

      <ListPagination paging={paging} totals={pagination} totalItems={pagination?.totalProducts} pageSize={pageSize} />

      {details ? <ProductDetails product={details} onClose={() => setDetails(null)} /> : null}

      {form ? (
        <Modal
          open
          onOpenChange={(o) => !o && setForm(null)}
          title={form.product ? 'Edit Product' : 'Add Product'}
          size="xl"
          locked={formBusy}
          testId="product-form"
        >
          <ProductForm
            key={form.key}
            product={form.product}
            onCancel={() => setForm(null)}
            onBusyChange={setFormBusy}
            onFailure={onFailure}
            onSaved={() => {
              setForm(null);
              setFormBusy(false);
              notice.success('Product operation completed successfully', 'Success!');
              void reload();
            }}
          />
        </Modal>
      ) : null}
      {elements}
    </div>
  );
}
