import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { IMAGE_WIDTHS, imageSrcSet, imageUrlAt } from '../../../contract/images';
import { type Metal, metalName } from '../../../contract/metals';
import { formatRupees } from '../../../contract/money';
import type { Product } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { type Design, madeToOrderApi } from '../../api/made-to-order';
import type { CartLine } from '../../cart/buyNow';
import { PIECE_RETURNS } from '../../cart/PieceParts';
import { Approx } from '../components/currency';

/** The server's answer when a metal's rate is stale (contract: PRICE_ON_REQUEST). */
const PRICE_ON_REQUEST = 'Price on request';
/** A ring's grams are given at this Indian size (contract: BASE_RING_SIZE). */
const BASE_RING_SIZE = 12;
const RING_SIZES = Array.from({ length: 30 }, (_, i) => i + 1);
/** Indian ring sizes: the inside of size n measures 40 + n mm around, so its diameter is that over π. */
const ringDiameterMm = (size: number) => Math.round(((40 + size) / Math.PI) * 10) / 10;

const KIND_NAMES: Record<Design['kind'], string> = {
  ring: 'Ring',
  pendant: 'Pendant',
  bracelet: 'Bracelet',
  earrings: 'Earrings',
};

/** Whether the stone fits the design by its shape and carats: the designs offered (the server decides the price). */
const fits = (d: Design, product: Product) =>
  product.weightcarrat !== null &&
  product.weightcarrat >= d.mincarat &&
  product.weightcarrat <= d.maxcarat &&
  d.shapes.some((s) => s.trim().toLowerCase() === product.shape.trim().toLowerCase());

type Props = {
  product: Product;
  /** Adds the line (the piece) to the cart, or buys it now: the product panel's own actions. */
  onAdd: (line: CartLine) => Promise<unknown>;
  onBuy: (line: CartLine) => Promise<unknown>;
  busy: boolean;
};

/**
 * "Set it in a ring / pendant": a loose stone that fits an active design can be made into a piece. The buyer chooses
 * the design, the metal and (a ring) the size; the price, broken down, and the making time are the server's
 * (GET /p1/api/made-to-order/price) for each choice. Loaded in the browser only: the page's own markup stays the same.
 */
export function SetInPiece({ product, onAdd, onBuy, busy }: Props) {
  const id = useId();
  const designs = useQuery({ queryKey: ['designs'], queryFn: () => madeToOrderApi.shop.designs(), staleTime: 5 * 60_000 });
  const fitting = (designs.data?.designs ?? []).filter((d) => fits(d, product));
  const [designId, setDesignId] = useState<string | null>(null);
  const [metalChosen, setMetal] = useState<Metal | null>(null);
  const [size, setSize] = useState(BASE_RING_SIZE);
  const [guide, setGuide] = useState(false);

  const design = fitting.find((d) => d._id === designId) ?? fitting[0];
  const metal = design?.metals.find((m) => m.metal === metalChosen)?.metal ?? design?.metals[0]?.metal;
  const isRing = design?.kind === 'ring';
  const choice =
    design && metal ? { productId: product._id, designId: design._id, metal, size: isRing ? size : undefined } : null;
  const price = useQuery({
    queryKey: ['piece-price', choice],
    queryFn: () => madeToOrderApi.shop.price(choice as NonNullable<typeof choice>),
    enabled: choice !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const refusal = price.error instanceof ApiError ? price.error : null;
  const onRequest = refusal?.status === 409 && refusal.message === PRICE_ON_REQUEST;
  // The server finds the product is not a loose stone, or the stone does not fit, or the design is gone: nothing to offer.
  if (refusal && (refusal.status === 404 || (refusal.status === 409 && !onRequest))) return null;
  if (!design || !metal || !choice || product.stockquantity <= 0) return null;

  const quote = price.isError || price.isPlaceholderData ? null : price.data;
  const line: CartLine = { productId: product._id, quantity: 1, setting: { designId: design._id, metal, size: choice.size } };

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-lg border border-brand-200 p-4" data-testid="set-in-piece">
      <h2 id={`${id}-title`} className="font-serif text-xl font-bold text-gray-900">
        Set it in a ring / pendant
      </h2>
      <p className="mt-1 text-sm text-gray-600">This stone, made into jewellery for you in gold or silver.</p>
      {design.images[0] ? (
        <img
          key={design._id}
          src={imageUrlAt(design.images[0], IMAGE_WIDTHS[1])}
          srcSet={imageSrcSet(design.images[0])}
          sizes="(min-width: 640px) 12rem, 50vw"
          alt={`${design.name}, as it is made`}
          loading="lazy"
          className="mt-3 aspect-square w-1/2 rounded-md object-cover sm:w-48"
          data-testid="design-picture"
        />
      ) : null}

      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <label className="text-sm font-semibold text-gray-900">
          Design
          <select
            className="mt-1 block w-full rounded-md border border-gray-300 px-2 py-2 font-normal"
            value={design._id}
            onChange={(e) => setDesignId(e.target.value)}
          >
            {fitting.map((d) => (
              <option key={d._id} value={d._id}>
                {d.name} ({KIND_NAMES[d.kind].toLowerCase()})
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold text-gray-900">
          Metal
          <select
            className="mt-1 block w-full rounded-md border border-gray-300 px-2 py-2 font-normal"
            value={metal}
            onChange={(e) => setMetal(e.target.value as Metal)}
          >
            {design.metals.map((m) => (
              <option key={m.metal} value={m.metal}>
                {metalName(m.metal)}
              </option>
            ))}
          </select>
        </label>
        {isRing && (
          <div>
            <label className="text-sm font-semibold text-gray-900">
              Ring size
              <select
                className="mt-1 block w-full rounded-md border border-gray-300 px-2 py-2 font-normal"
                value={size}
                onChange={(e) => setSize(Number(e.target.value))}
              >
                {RING_SIZES.map((s) => (
                  <option key={s} value={s}>
                    {s} ({ringDiameterMm(s).toFixed(1)} mm)
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="mt-1 text-sm text-brand-700 underline"
              aria-expanded={guide}
              onClick={() => setGuide((g) => !g)}
            >
              Size guide
            </button>
          </div>
        )}
      </div>

      {isRing && guide && (
        <div className="mt-3 rounded-md bg-gray-50 p-3 text-sm text-gray-700" data-testid="size-guide">
          <p>
            Measure the inside of a ring that fits you across its middle, or wrap a strip of paper round your finger and measure
            its length: Indian size = length in mm − 40.
          </p>
          <table className="mt-2 w-full text-left tabular-nums">
            <caption className="sr-only">Indian ring sizes and their inner diameters</caption>
            <thead>
              <tr>
                <th scope="col">Size</th>
                <th scope="col">Inner diameter</th>
                <th scope="col">Size</th>
                <th scope="col">Inner diameter</th>
              </tr>
            </thead>
            <tbody>
              {RING_SIZES.slice(0, 15).map((s) => (
                <tr key={s}>
                  <td>{s}</td>
                  <td>{ringDiameterMm(s).toFixed(1)} mm</td>
                  <td>{s + 15}</td>
                  <td>{ringDiameterMm(s + 15).toFixed(1)} mm</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <div className="mt-4" aria-live="polite" data-testid="piece-price">
        {onRequest ? (
          <p className="font-semibold text-gray-900">{PRICE_ON_REQUEST}</p>
        ) : refusal ? (
          <p className="text-sm text-red-700">{refusal.message}</p>
        ) : price.isError ? (
          <p className="text-sm text-red-700">The price could not be worked out just now. Please try again.</p>
        ) : !quote ? (
          <p className="text-sm text-gray-600">Working out the price…</p>
        ) : (
          <>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums">
              <dt>Stone (before its own GST)</dt>
              <dd className="text-right">{formatRupees(quote.price.stonenet)}</dd>
              <dt>
                {metalName(metal)}: {quote.price.metal.grams} g at {formatRupees(quote.price.metal.rate)}/g
              </dt>
              <dd className="text-right">{formatRupees(quote.price.metal.amount)}</dd>
              <dt>Making</dt>
              <dd className="text-right">{formatRupees(quote.price.making)}</dd>
              <dt>GST as jewellery ({quote.price.gst.rate}%)</dt>
              <dd className="text-right">{formatRupees(quote.price.gst.amount)}</dd>
              <dt className="font-semibold text-gray-900">Price of the {KIND_NAMES[design.kind].toLowerCase()}</dt>
              <dd className="text-right font-semibold text-gray-900" data-testid="piece-total">
                {formatRupees(quote.price.total)}
                {/* In the currency picked in the header, as every price on the page is shown (the same rule the server charges with). */}
                <Approx rupees={quote.price.total} className="block" />
              </dd>
            </dl>
            <p className="mt-2 text-sm text-gray-700">
              Made in {quote.days} working {quote.days === 1 ? 'day' : 'days'}, hallmarked, then shipped.
            </p>
          </>
        )}
        <p className="mt-2 text-xs text-gray-600">{PIECE_RETURNS}</p>
      </div>

      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <button
          type="button"
          disabled={busy || !quote}
          onClick={() => onAdd(line)}
          className="h-11 rounded-md border-2 border-brand-700 bg-white font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
        >
          Add {KIND_NAMES[design.kind].toLowerCase()} to cart
        </button>
        <button
          type="button"
          disabled={busy || !quote}
          onClick={() => onBuy(line)}
          className="h-11 rounded-md bg-brand-700 font-semibold text-white hover:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
        >
          Buy {KIND_NAMES[design.kind].toLowerCase()} now
        </button>
      </div>
    </section>
  );
}
