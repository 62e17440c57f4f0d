import type { Product } from '../../api/catalogue';
import { Approx } from './currency';
import { formatRupees } from './links';

const DAY_MS = 86_400_000;

/** "ends in 2 days" when a sale ends within a week; "ends today" on its last day; nothing further off. */
function saleEndsText(endsAt: string, now = Date.now()): string | null {
  const left = new Date(endsAt).getTime() - now;
  if (!(left > 0) || left > 7 * DAY_MS) return null;
  const days = Math.floor(left / DAY_MS);
  if (days < 1) return 'ends today';
  return `ends in ${days} day${days === 1 ? '' : 's'}`;
}

/**
 * A product's price: on sale, the price paid now with the list price struck through, the percentage and the
 * sale's name (and when it ends, within a week); otherwise the list price.
 */
export function SalePrice({ product, size = 'card' }: { product: Product; size?: 'card' | 'page' }) {
  const sale = product.saleprice != null && product.sale ? product.sale : null;
  const big = size === 'page';
  if (!sale) {
    return (
      <p
        className={
          big
            ? 'mt-3 flex flex-wrap items-baseline gap-x-3 text-3xl font-bold text-brand-700'
            : 'flex h-6 items-baseline gap-x-2 overflow-hidden font-bold whitespace-nowrap text-brand-700'
        }
      >
        {formatRupees(product.productprice)}
        <Approx rupees={product.productprice} className={big ? '' : 'truncate text-xs'} />
      </p>
    );
  }
  const ends = saleEndsText(sale.endsAt);
  return (
    <div className={big ? 'mt-3' : ''} data-sale={sale.percentoff}>
      <p className={big ? 'flex flex-wrap items-baseline gap-x-3' : 'flex h-6 items-baseline gap-x-2'}>
        <span className={big ? 'text-3xl font-bold text-brand-700' : 'font-bold text-brand-700'}>
          <span className="sr-only">Sale price </span>
          {formatRupees(product.saleprice as number)}
        </span>
        <s className={big ? 'text-lg text-gray-500' : 'truncate text-xs text-gray-500'}>
          <span className="sr-only">List price </span>
          {formatRupees(product.productprice)}
        </s>
        <span className={big ? 'text-base font-semibold text-emerald-700' : 'text-xs font-semibold text-emerald-700'}>
          {sale.percentoff}% off
        </span>
        {big ? <Approx rupees={product.saleprice as number} /> : null}
      </p>
      <p className={big ? 'mt-1 text-sm text-emerald-800' : 'h-4 truncate text-xs leading-4 text-emerald-800'}>
        {sale.name}
        {ends && (
          <span suppressHydrationWarning className="text-gray-600">
            {' · '}
            {ends}
          </span>
        )}
      </p>
    </div>
  );
}

/** A cart or checkout line's list price, struck through after the price paid when a sale lowers it. */
export function StruckListPrice({ paid, list }: { paid: number; list: number }) {
  if (!(list > paid)) return null;
  return (
    <>
      {' '}
      <s className="text-gray-500">
        <span className="sr-only">List price </span>
        {formatRupees(list)}
      </s>
    </>
  );
}
