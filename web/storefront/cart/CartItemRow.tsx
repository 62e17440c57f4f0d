import { Loader2, Minus, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { CartItem } from '../../api/cart';
import { ColourSwatch } from '../../cart/ColourSwatch';
import { formatRupees, thumbnail } from '../../cart/format';
import { lineProblem } from '../../cart/lines';
import { PieceParts } from '../../cart/PieceParts';
import { notify } from '../../ui/notify';
import { Thumbnail } from '../../ui/Thumbnail';
import { StruckListPrice } from '../components/SalePrice';

type Props = {
  item: CartItem;
  /** Another cart-wide action (clear) is running. */
  locked: boolean;
  onQuantity: (cartItemId: string, quantity: number) => Promise<unknown>;
  onRemove: (cartItemId: string) => Promise<unknown>;
};

const stepButton =
  'flex size-10 items-center justify-center text-gray-700 hover:bg-gray-100 disabled:cursor-not-allowed disabled:text-gray-300 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-brand-500';

/** One cart line: quantity stepper (optimistic, reverted on failure), delete, spinner while busy. */
export function CartItemRow({ item, locked, onQuantity, onRemove }: Props) {
  const [busy, setBusy] = useState(false);
  const [shownQty, setShownQty] = useState<number | null>(null);
  const quantity = shownQty ?? item.quantity;
  const problem = lineProblem(item);
  const disabled = busy || locked;
  const image = thumbnail(item.productimages[0]);

  async function changeQuantity(next: number) {
    if (next < 1 || next === quantity) return;
    setBusy(true);
    setShownQty(next);
    try {
      await onQuantity(item.cartItemId, next);
      notify.success('Quantity updated');
    } catch {
      notify.error('Failed to update quantity');
    } finally {
      setShownQty(null);
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await onRemove(item.cartItemId);
      notify.success('Item removed from cart');
    } catch {
      notify.error('Failed to remove item');
      setBusy(false);
    }
  }

  return (
    <li className="relative flex gap-4 border-b border-gray-200 py-4 last:border-b-0" aria-busy={busy} data-testid="cart-line">
      <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-gray-100 sm:size-24">
        <Thumbnail src={image} alt={item.productname} size={96} className="size-full object-cover" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-base font-semibold text-gray-900">{item.productname}</h2>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600">
              {item.productsize ? <span>Size: {item.productsize}</span> : null}
              {item.productcolour ? <ColourSwatch colour={item.productcolour} /> : null}
            </p>
            {item.setting ? (
              <PieceParts setting={item.setting} />
            ) : (
              <p className="mt-1 text-sm text-gray-700">
                {formatRupees(item.productprice)} each
                <StruckListPrice paid={item.productprice} list={item.listprice} />
              </p>
            )}
            {problem ? (
              <p className="mt-1 text-sm font-medium text-red-700" data-testid="line-problem">
                {problem}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={remove}
            disabled={disabled}
            aria-label={`Remove ${item.productname}`}
            className="flex size-10 shrink-0 items-center justify-center rounded-md text-gray-500 hover:bg-red-50 hover:text-red-700 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <Trash2 aria-hidden className="size-5" />
          </button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          {item.setting ? (
            // A piece is one of a kind: another is added from the stone's page.
            <p className="text-sm text-gray-600">Quantity 1 (made for you)</p>
          ) : (
            <fieldset className="flex items-center overflow-hidden rounded-md border border-gray-300" disabled={disabled}>
              <legend className="sr-only">Quantity of {item.productname}</legend>
              <button
                type="button"
                className={stepButton}
                aria-label={`Decrease quantity of ${item.productname}`}
                disabled={disabled || quantity <= 1}
                onClick={() => changeQuantity(quantity - 1)}
              >
                <Minus aria-hidden className="size-4" />
              </button>
              <span className="w-10 text-center font-medium tabular-nums" aria-live="polite" data-testid="line-quantity">
                {quantity}
              </span>
              <button
                type="button"
                className={stepButton}
                aria-label={`Increase quantity of ${item.productname}`}
                disabled={disabled || quantity >= item.stockquantity}
                onClick={() => changeQuantity(quantity + 1)}
              >
                <Plus aria-hidden className="size-4" />
              </button>
            </fieldset>
          )}
          <p className="font-semibold tabular-nums text-gray-900">
            {formatRupees(Math.round(item.productprice * 100 * quantity) / 100)}
          </p>
        </div>
      </div>
      {busy ? (
        <div className="absolute inset-0 flex items-center justify-center bg-white/60" role="status">
          <Loader2 aria-hidden className="size-6 animate-spin text-brand-700" />
          <span className="sr-only">Updating {item.productname}</span>
        </div>
      ) : null}
    </li>
  );
}
