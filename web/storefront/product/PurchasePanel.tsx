import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import type { Product } from '../../api/catalogue';
import { useSession } from '../../auth/session';
import { type CartLine, useBuyNow } from '../../cart/buyNow';
import { useAddToCart } from '../../cart/cart';
import { earlyKey, useEarlyTaps } from '../../ui/earlyTaps';
import { Icon } from '../../ui/icons';
import { formatRupees } from '../components/links';
import { SalePrice } from '../components/SalePrice';
import { GemWeight } from './GemWeight';
import { LabCertificate } from './LabCertificate';
import { ProductQuote } from './ProductQuote';
import { TradePrice, useTradePrice } from './TradePrice';

// Icon paths as lucide-react draws them (24×24; circles and rectangles written as paths), for <Icon d={…} />.
const MINUS = 'M5 12h14';
const PLUS = 'M5 12h14M12 5v14';
const SPINNER = 'M21 12a9 9 0 1 1-6.219-8.56';

// "Set it in a ring / pendant" is its own chunk, loaded in the browser once the page is live.
const SetInPiece = lazy(async () => ({ default: (await import('./SetInPiece')).SetInPiece }));

// Pills show the checked radio by CSS alone, so a choice shows at once, before the app has taken the page over too.
const PILL =
  'cursor-pointer rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 hover:border-gray-400 peer-checked:border-brand-700 peer-checked:bg-brand-50 peer-checked:text-brand-700 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500';

/**
 * The product page's purchase panel: price, weight, certificate and stock, the size and colour choices, the
 * quantity, and Add to Cart / Buy Now (with the wait overlay while one runs). `id` names the choices' radio groups.
 */
export function PurchasePanel({ product, rattiInCarats, id }: { product: Product; rattiInCarats: number; id: string }) {
  const { user } = useSession();
  const { addToCart: add, adding } = useAddToCart();
  const { buyNow: buy, buying } = useBuyNow();
  const [size, setSize] = useState(product.productsizes[0] ?? '');
  const [colour, setColour] = useState(product.productcolours[0] ?? '');
  const quantity = 1; // The page's quantity stepper is fixed at 1; the cart changes quantities.
  const busy = adding || buying;
  const outOfStock = product.stockquantity <= 0;
  // An approved business's trade price, when it differs from the shop's: the buy bar shows it as the panel does.
  const mine = useTradePrice(product._id, user ?? null);
  const shopPrice = product.saleprice ?? product.productprice;
  const tradePrice = mine && mine.price !== shopPrice ? mine.price : null;
  const line: CartLine = { productId: product._id, productsize: size || undefined, productcolour: colour || undefined, quantity };
  // The made-to-order configurator loads once the page is live: the server's page (and its cache) stay as they were.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  // A size or colour chosen on the server's page before the app took it over is the one in force.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the page becomes live
  useLayoutEffect(() => {
    const chosen = (name: string) =>
      [...document.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${name}"]:checked`)][0]?.value;
    const s = chosen(`${id}-size`);
    const c = chosen(`${id}-colour`);
    if (s !== undefined && s !== size) setSize(s);
    if (c !== undefined && c !== colour) setColour(c);
  }, []);

  // Add to Cart or Buy Now tapped before the page was live: carried out now, once each.
  const addKey = earlyKey('add', product._id);
  const buyKey = earlyKey('buy', product._id);
  useEarlyTaps([addKey, buyKey], (key) => (key === addKey ? addToCart() : buyNow()));

  // The shop's one Add to Cart and Buy Now (web/cart/), with what is chosen here unless a piece is given.
  const addToCart = (chosen: CartLine = line) => add(chosen);
  const buyNow = (chosen: CartLine = line) => buy(chosen);

  return (
    <>
      <SalePrice product={product} size="page" />
      <TradePrice productId={product._id} user={user ?? null} />
      <p className="mt-1 text-sm text-gray-600">Inclusive of all taxes</p>
      <GemWeight product={product} rattiInCarats={rattiInCarats} />
      <LabCertificate product={product} />
      {product.productbrand && <p className="mt-2 text-sm text-gray-700">Brand: {product.productbrand}</p>}
      <p className={`mt-2 text-sm font-medium ${outOfStock ? 'text-red-700' : 'text-green-800'}`}>
        {outOfStock ? 'Out of stock' : 'In stock'}
      </p>

      {product.productsizes.length > 0 && (
        <fieldset className="mt-5">
          <legend className="mb-2 text-sm font-semibold text-gray-900">Size</legend>
          <div className="flex flex-wrap gap-2">
            {product.productsizes.map((s) => (
              <label key={s}>
                <input
                  type="radio"
                  name={`${id}-size`}
                  value={s}
                  checked={size === s}
                  onChange={() => setSize(s)}
                  className="peer sr-only"
                />
                <span className={PILL}>{s}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {product.productcolours.length > 0 && (
        <fieldset className="mt-5">
          <legend className="mb-2 text-sm font-semibold text-gray-900">
            Colour: <span className="font-normal">{colour}</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {product.productcolours.map((c) => (
              <label key={c} title={c}>
                <input
                  type="radio"
                  name={`${id}-colour`}
                  value={c}
                  checked={colour === c}
                  onChange={() => setColour(c)}
                  className="peer sr-only"
                />
                <span className={`${PILL} flex items-center gap-2`}>
                  <span
                    aria-hidden="true"
                    className="size-4 rounded-full border border-gray-300"
                    style={{ backgroundColor: c.toLowerCase() }}
                  />
                  {c}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <fieldset className="mt-5">
        <legend className="mb-2 block text-sm font-semibold text-gray-900">Quantity</legend>
        <div className="inline-flex items-center rounded-md border border-gray-300">
          <button type="button" disabled aria-label="Decrease quantity" className="p-2.5 text-gray-400">
            <Icon d={MINUS} className="size-4" />
          </button>
          <output className="w-10 text-center font-semibold" aria-live="polite">
            {quantity}
          </output>
          <button type="button" disabled aria-label="Increase quantity" className="p-2.5 text-gray-400">
            <Icon d={PLUS} className="size-4" />
          </button>
        </div>
      </fieldset>

      {/*
        On a phone the buttons are the buy bar: fixed above the bottom bar with the price paid, on the first screen and
        on every screen after it. From 768 px up they stand here, under the choices. The same two buttons either way.
      */}
      <div
        data-buy-bar
        className="max-md:fixed max-md:inset-x-0 max-md:bottom-16 max-md:z-30 max-md:flex max-md:h-16 max-md:items-center max-md:gap-2 max-md:border-t max-md:border-gray-200 max-md:bg-white max-md:px-3 max-md:shadow-[0_-2px_8px_rgb(0_0_0/0.08)] md:mt-6 md:grid md:grid-cols-2 md:gap-3"
      >
        <p className="min-w-0 shrink-0 leading-tight md:hidden" data-testid="buy-bar-price">
          <span className="sr-only">Price </span>
          <span className="block font-bold whitespace-nowrap text-brand-700">{formatRupees(tradePrice ?? shopPrice)}</span>
          {tradePrice != null ? (
            <span className="block text-xs font-semibold whitespace-nowrap text-emerald-700">Trade price</span>
          ) : product.saleprice != null && product.sale ? (
            <span className="block text-xs font-semibold whitespace-nowrap text-emerald-700">{product.sale.percentoff}% off</span>
          ) : null}
        </p>
        {[
          {
            label: 'Add to Cart',
            act: addToCart,
            early: addKey,
            look: 'border-2 border-brand-700 bg-white text-brand-700 hover:bg-brand-50',
          },
          { label: 'Buy Now', act: buyNow, early: buyKey, look: 'bg-brand-700 text-white hover:bg-brand-600' },
        ].map((b) => (
          <button
            key={b.label}
            type="button"
            onClick={() => b.act()}
            disabled={busy || outOfStock}
            data-early={b.early}
            className={`h-11 min-w-0 rounded-md text-sm font-semibold whitespace-nowrap max-md:flex-1 md:h-12 md:text-base ${b.look} focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-wait aria-busy:opacity-70`}
          >
            {b.label}
          </button>
        ))}
      </div>

      <ProductQuote product={product} user={user ?? null} size={size} colour={colour} />

      {live && (
        <Suspense>
          <SetInPiece product={product} onAdd={addToCart} onBuy={buyNow} busy={busy} />
        </Suspense>
      )}

      {busy && (
        <div role="status" className="fixed inset-0 z-50 flex items-center justify-center bg-white/60">
          <Icon d={SPINNER} className="size-12 animate-spin text-brand-700" />
          <span className="sr-only">Please wait</span>
        </div>
      )}
    </>
  );
}
