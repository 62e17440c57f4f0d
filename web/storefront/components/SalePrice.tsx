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
  const endsNote = ends && (
    <span suppressHydrationWarning className="text-gray-600">
      {' · '}
      {ends}
    </span>
  );
  if (!big) {
    // A card is as narrow as half a 360 px phone: the price paid has its line, the struck list price and the
    // percentage the next (the percentage never shrinks; the list price, should it ever need to, is cut last), then
    // the sale's name. Every line has its height from the start, so nothing moves.
    return (
      <div data-sale={sale.percentoff}>
        <p className="h-6 truncate font-bold text-brand-700">
          <span className="sr-only">Sale price </span>
          {formatRupees(product.saleprice as number)}
        </p>
        <p className="flex h-4 items-baseline gap-x-2 text-xs leading-4 whitespace-nowrap">
          <s className="min-w-0 truncate text-gray-500">
            <span className="sr-only">List price </span>
            {formatRupees(product.productprice)}
          </s>
          <span className="shrink-0 font-semibold text-emerald-700">{sale.percentoff}% off</span>
        </p>
        <p className="h-4 truncate text-xs leading-4 text-emerald-800">
          {sale.name}
          {endsNote}
        </p>
      </div>
    );
  }
  return (
    <div className="mt-3" data-sale={sale.percentoff}>
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className="text-3xl font-bold text-brand-700">
          <span className="sr-only">Sale price </span>
          {formatRupees(product.saleprice as number)}
        </span>
        <s className="text-lg text-gray-500">
          <span className="sr-only">List price </span>
          {formatRupees(product.productprice)}
        </s>
        <span className="text-base font-semibold text-emerald-700">{sale.percentoff}% off</span>
        <Approx rupees={product.saleprice as number} />
      </p>
      <p className="mt-1 text-sm text-emerald-800">
        {sale.name}
        {endsNote}
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
