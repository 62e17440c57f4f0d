import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HOME_COUNTRY } from '../../../contract/address-rules';
import { formatCurrency } from '../../../contract/currency-rules';
import type { User } from '../../api/auth';
import type { CartItem } from '../../api/cart';
import { cartApi } from '../../api/cart';
import { ApiError } from '../../api/client';
import type { CurrencyRate } from '../../api/currencies';
import { type BuyNowItem, ordersApi } from '../../api/orders';
import { useSession } from '../../auth/session';
import { readBuyNow } from '../../cart/buyNow';
import { ColourSwatch } from '../../cart/ColourSwatch';
import { cartSubtotal, formatRupees, thumbnail } from '../../cart/format';
import { hasProblems, lineProblem } from '../../cart/lines';
import { PIECE_RETURNS, PieceParts } from '../../cart/PieceParts';
import { SignedInPage } from '../../cart/SignedIn';
import { useCart } from '../../cart/useCart';
import { notify } from '../../ui/notify';
import { Thumbnail } from '../../ui/Thumbnail';
import { EmptyCart } from '../cart/EmptyCart';
import { convertRupees, useCurrencies, usePickedCode } from '../components/currency';
import { StruckListPrice } from '../components/SalePrice';
import { CouponField, type CouponState, useCoupon } from './CouponField';
import { CreditChoice, creditTerms, type HowToPay, useCreditOrder } from './CreditChoice';
import { checkoutApi } from './checkoutApi';
import type { CheckoutShipping, CheckoutValues, SavedAddress } from './checkoutShipping';
import { SandboxPaymentDialog } from './SandboxPaymentDialog';
import { ShippingChoice, type ShippingChoiceState, shippingPrice, useShippingChoice } from './ShippingChoice';
import { ShippingForm } from './ShippingForm';
import { usePayment } from './usePayment';

export default function CheckoutPage() {
  return (
    <SignedInPage title="Checkout" width="max-w-7xl" fallback={<CheckoutSkeleton />}>
      <Checkout />
    </SignedInPage>
  );
}

/** Saved addresses (the account page and the checkout share them). */
const ADDRESSES_KEY = ['addresses'] as const;
/** The same query as My Orders: its answer is the list of orders, newest first. */
const MY_ORDERS_KEY = ['orders', 'mine'] as const;

/**
 * Where the shipping form starts: the default saved address; with none saved, the last order's address; else the
 * account's name and number. `ready` once that is known (a failed look-up just leaves the form to be filled).
 */
function useShippingStart(user: User | null) {
  const addresses = useQuery({
    queryKey: ADDRESSES_KEY,
    queryFn: async () => (await checkoutApi.addresses()).addresses,
    staleTime: 0,
  });
  const saved: SavedAddress[] = addresses.data ?? [];
  const orders = useQuery({
    queryKey: MY_ORDERS_KEY,
    queryFn: async () => (await ordersApi.myOrders()).orders,
    enabled: !addresses.isPending && saved.length === 0,
  });
  const ready = !addresses.isPending && (saved.length > 0 || !orders.isPending);
  let initial: Partial<CheckoutValues> = { fullname: user?.fullname, mobileno: user?.mobileno };
  const chosen = saved.find((a) => a.isdefault) ?? saved[0];
  const last = orders.data?.[0]?.shippinginfo;
  if (chosen) initial = chosen;
  else if (last) initial = { ...last, country: last.country ?? HOME_COUNTRY, gstin: '', legalname: '', state: last.state ?? '' };
  return { ready, saved, initial };
}

function Checkout() {
  const { user } = useSession();
  const { cartItems: wholeCart, initialLoading } = useCart();
  // Buy Now: only that item is bought, straight from the product page; the cart is left exactly as it was.
  const [params] = useSearchParams();
  const search = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the item is read again only when the address changes
  const buyNow = useMemo(() => readBuyNow(params) ?? undefined, [search]);
  const bought = useBuyNowLine(buyNow);
  const cartItems = buyNow ? bought.lines : wholeCart;
  const coupon = useCoupon(buyNow, cartItems);
  const start = useShippingStart(user);
  // The rates offered are the address's country's: where the form starts until the shopper picks another.
  const [picked, setCountry] = useState<string | null>(null);
  const country = picked ?? (start.initial.country || HOME_COUNTRY);
  const shipping = useShippingChoice(country, cartItems, coupon.applied?.coupon.code, buyNow);
  const payIn = usePayCurrency(country);
  const payment = usePayment(buyNow, coupon.applied?.coupon.code, shipping.chosen?._id, payIn.currency?.code);
  // A business with credit terms may place the order on credit instead (POST /o1/api/credit-order takes no coupon).
  const credit = creditTerms(user);
  const [howToPay, setHowToPay] = useState<HowToPay>('now');
  const onCredit = credit !== null && howToPay === 'credit';
  const creditOrder = useCreditOrder(buyNow, shipping.chosen?._id);
  const qc = useQueryClient();

  async function saveAddress(shipping: CheckoutShipping) {
    try {
      const res = await checkoutApi.addAddress(shipping);
      qc.setQueryData(ADDRESSES_KEY, res.addresses);
    } catch (err) {
      const reason = err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.body?.message : undefined;
      notify.error('This address could not be saved.', reason);
    }
  }

  if (initialLoading || bought.loading || !start.ready) return <CheckoutSkeleton />;
  if (bought.error && payment.phase === 'idle') return <BuyNowRefused message={bought.error} />;
  if (cartItems.length === 0 && payment.phase === 'idle') {
    return <EmptyCart />;
  }

  const blocked = hasProblems(cartItems);
  const busy = payment.phase !== 'idle' || creditOrder.placing;
  const paying = payment.order
    ? {
        total: payment.order.totalamount,
        discount: payment.order.discountamount ?? 0,
        shipping: payment.order.shippingamount ?? 0,
      }
    : null;
  // An order on credit takes no coupon: its total is the lines' and the shipping's.
  const figures = summaryFigures(cartItems, onCredit ? { ...coupon, applied: null } : coupon, shipping, paying);
  // Paying in another currency: the exact amount charged in it (the payment order's once made, else worked out by
  // the same rule the server charges with).
  const charge =
    payIn.currency && !onCredit
      ? formatCurrency(
          payment.order?.currency === payIn.currency.code && payment.order.currencyamount !== undefined
            ? payment.order.currencyamount
            : convertRupees(figures.total, payIn.currency),
          payIn.currency.code,
        )
      : null;
  // The summary comes first: on a phone it is read before the long form; on a wide screen it sits on the right.
  return (
    <div className="grid gap-6 lg:grid-cols-5 lg:gap-8">
      <OrderSummary
        items={cartItems}
        blocked={blocked}
        coupon={coupon}
        shipping={shipping}
        busy={busy}
        figures={figures}
        payIn={payIn}
        charge={charge}
      />
      <div className="rounded-xl border border-gray-200 bg-white p-4 sm:p-5 lg:col-span-3 lg:col-start-1 lg:row-start-1">
        {credit ? (
          <CreditChoice credit={credit} value={howToPay} total={figures.total} busy={busy} onChange={setHowToPay} />
        ) : null}
        <ShippingForm
          totalToPay={charge ? `${charge} (${formatRupees(figures.total)})` : formatRupees(figures.total)}
          submitLabel={onCredit ? 'Place order on credit' : undefined}
          initial={start.initial}
          saved={start.saved}
          busy={busy}
          onCountryChange={setCountry}
          blocked={blocked}
          onSubmit={(shipping, { save }) => {
            // Saved as the order starts; a failure to save never stands in the way of paying.
            if (save) void saveAddress(shipping);
            if (onCredit) void creditOrder.place(shipping);
            else void payment.pay(shipping);
          }}
        />
        {onCredit && creditOrder.error ? (
          <p
            role="alert"
            className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
            data-testid="credit-error"
          >
            {creditOrder.error}
          </p>
        ) : null}
        {payment.phase === 'placing' || creditOrder.placing ? (
          <p role="status" className="mt-4 flex items-center gap-2 text-sm text-gray-700">
            <Loader2 aria-hidden className="size-4 animate-spin" /> Placing your order…
          </p>
        ) : null}
      </div>
      <SandboxPaymentDialog session={payment.sandbox} onOutcome={payment.sandboxOutcome} onCancel={payment.cancelSandbox} />
    </div>
  );
}

const BUY_NOW_REFUSED = 'This item cannot be bought right now.';

/**
 * Buy Now's one line as the shop prices it now (POST /c2/api/buy-now; its key starts with 'cart', so a refused
 * payment asks again), or the reason it cannot be bought (gone out of stock, switched off). Nothing without Buy Now.
 */
function useBuyNowLine(item: BuyNowItem | undefined) {
  const query = useQuery({
    queryKey: ['cart', 'buy-now', item ?? null],
    queryFn: async () => (await cartApi.buyNow(item as BuyNowItem)).data,
    enabled: item !== undefined,
    retry: false,
  });
  const err = query.error;
  const error =
    item && query.status === 'error'
      ? (err instanceof ApiError && err.status !== 0 && err.status < 500 && err.body?.message) || BUY_NOW_REFUSED
      : null;
  return { lines: query.data ?? [], loading: item !== undefined && query.isPending, error };
}

/** Buy Now's item can no longer be bought as chosen: the shop's reason, and the way back. */
function BuyNowRefused({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center" data-testid="buy-now-refused">
      <p className="font-medium text-red-800">{message}</p>
      <Link to="/" className="mt-4 inline-block font-semibold text-brand-700 hover:underline">
        Continue Shopping
      </Link>
    </div>
  );
}

type PayIn = { abroad: boolean; choices: CurrencyRate[]; currency: CurrencyRate | null; choose: (code: string) => void };

/**
 * The currency an order is paid in: rupees within India; for an address abroad, the one the shopper picked in the
 * header when it is enabled (else rupees), which the checkout can change.
 */
function usePayCurrency(country: string): PayIn {
  const currencies = useCurrencies();
  const picked = usePickedCode();
  const [chosen, choose] = useState<string | null>(null);
  const abroad = country !== HOME_COUNTRY;
  const choices = abroad ? currencies : [];
  const code = abroad ? (chosen ?? picked) : 'INR';
  const currency = code === 'INR' ? null : (choices.find((c) => c.code === code) ?? null);
  return { abroad, choices, currency, choose };
}

type Figures = { subtotal: number; discount: number; shipping: number; total: number; code: string | null };

/**
 * The summary's figures. The discount and the total are the server's: the payment order's while paying (what
 * is charged), else the coupon check's; without a coupon the total is the lines' sum, as the server makes it.
 */
function summaryFigures(
  items: CartItem[],
  coupon: CouponState,
  shipping: ShippingChoiceState,
  paying: { total: number; discount: number; shipping: number } | null,
): Figures {
  const subtotal = cartSubtotal(items);
  const applied = coupon.applied;
  const shippingAmount = paying ? paying.shipping : (shipping.chosen?.amount ?? 0);
  return {
    subtotal,
    discount: paying ? paying.discount : (applied?.coupon.discountamount ?? 0),
    shipping: shippingAmount,
    total: paying ? paying.total : Math.round(((applied?.total ?? subtotal) + shippingAmount) * 100) / 100,
    code: applied?.coupon.code ?? null,
  };
}

/**
 * On a phone the summary is compact, so the total is read first and the form starts on the first screen: a lone line
 * is shown, several fold away behind "Show all N items".
 */
const phoneLinesOf = (lines: number) => (lines === 1 ? 1 : 0);

type SummaryProps = {
  items: CartItem[];
  blocked: boolean;
  coupon: CouponState;
  shipping: ShippingChoiceState;
  busy: boolean;
  figures: Figures;
  payIn: PayIn;
  /** The amount charged in the currency paid in, when it is not rupees. */
  charge: string | null;
};

function OrderSummary({ items, blocked, coupon, shipping, busy, figures, payIn, charge }: SummaryProps) {
  const { subtotal, discount, total } = figures;
  const [allLines, setAllLines] = useState(false);
  // "Items" means cart lines, as the cart page and the header count them.
  const lines = items.length;
  const phoneLines = phoneLinesOf(lines);
  const folded = !allLines && lines > phoneLines;
  return (
    <aside
      aria-labelledby="checkout-summary"
      className="h-fit rounded-xl border border-gray-200 bg-gray-50 p-4 sm:p-5 lg:col-span-2 lg:col-start-4 lg:row-start-1"
    >
      <h2 id="checkout-summary" className="text-lg font-semibold">
        Order Summary
      </h2>
      <ul id="checkout-lines" className="mt-2 divide-y divide-gray-200 sm:mt-4">
        {items.map((item, index) => {
          const image = thumbnail(item.productimages[0]);
          const problem = lineProblem(item);
          return (
            <li
              key={item.cartItemId}
              className={`${folded && index >= phoneLines ? 'hidden sm:flex' : 'flex'} gap-3 py-3`}
              data-testid="summary-line"
            >
              <div className="size-16 shrink-0 overflow-hidden rounded-md bg-gray-200">
                <Thumbnail src={image} alt={item.productname} size={64} className="size-full object-cover" />
              </div>
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-gray-900">{item.productname}</p>
                <p className="mt-0.5 flex flex-wrap items-center gap-x-3 text-gray-600">
                  {item.productsize ? <span>Size: {item.productsize}</span> : null}
                  {item.productcolour ? <ColourSwatch colour={item.productcolour} /> : null}
                </p>
                <p className="mt-0.5 text-gray-600">
                  {item.quantity} × {formatRupees(item.productprice)}
                  <StruckListPrice paid={item.productprice} list={item.listprice} />
                </p>
                {item.setting ? <PieceParts setting={item.setting} /> : null}
                {problem ? <p className="mt-0.5 font-medium text-red-700">{problem}</p> : null}
              </div>
              <p className="text-sm font-semibold tabular-nums">
                {formatRupees(Math.round(item.productprice * 100 * item.quantity) / 100)}
              </p>
            </li>
          );
        })}
      </ul>
      {lines > phoneLines ? (
        <button
          type="button"
          aria-expanded={!folded}
          aria-controls="checkout-lines"
          onClick={() => setAllLines((v) => !v)}
          className="mt-1 mb-1 text-sm font-medium text-brand-700 underline sm:hidden"
        >
          {folded ? `Show all ${lines} items` : 'Show fewer items'}
        </button>
      ) : null}
      <dl className="mt-2 space-y-2 border-t border-gray-200 pt-4 text-sm">
        <div className="flex justify-between">
          <dt className="text-gray-600">
            Subtotal ({lines} {lines === 1 ? 'item' : 'items'})
          </dt>
          <dd className="tabular-nums">{formatRupees(subtotal)}</dd>
        </div>
        {discount > 0 ? (
          <div className="flex justify-between" data-testid="checkout-discount">
            <dt className="text-gray-600">Discount{figures.code ? ` (${figures.code})` : ''}</dt>
            <dd className="font-medium text-green-800 tabular-nums">−{formatRupees(discount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between" data-testid="checkout-shipping">
          <dt className="text-gray-600">Shipping</dt>
          <dd className={`font-medium tabular-nums ${figures.shipping === 0 ? 'text-green-800' : 'text-gray-900'}`}>
            {shippingPrice(figures.shipping)}
          </dd>
        </div>
        <div className="flex justify-between text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="checkout-total">
            {formatRupees(total)}
          </dd>
        </div>
        {payIn.choices.length > 1 ? (
          <div className="flex items-center justify-between gap-3">
            <dt>
              <label htmlFor="pay-currency" className="text-gray-600">
                Pay in
              </label>
            </dt>
            <dd>
              <select
                id="pay-currency"
                className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm"
                value={payIn.currency?.code ?? 'INR'}
                disabled={busy}
                onChange={(e) => payIn.choose(e.target.value)}
              >
                {payIn.choices.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code}
                  </option>
                ))}
              </select>
            </dd>
          </div>
        ) : null}
        {charge && payIn.currency ? (
          <div className="flex justify-between font-semibold" data-testid="checkout-charge">
            <dt>Charged in {payIn.currency.code}</dt>
            <dd className="tabular-nums">{charge}</dd>
          </div>
        ) : null}
      </dl>
      {items.some((i) => i.setting) ? (
        <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="piece-returns">
          {PIECE_RETURNS}
        </p>
      ) : null}
      <ShippingChoice choice={shipping} busy={busy} />
      <CouponField coupon={coupon} busy={busy} />
      <div className="mt-4 text-sm text-gray-700" data-testid="payment-methods">
        <p id="payment-methods-heading">Pay securely through Razorpay with:</p>
        <ul aria-labelledby="payment-methods-heading" className="mt-2 flex flex-wrap gap-2">
          {PAYMENT_METHODS.map((m) => (
            <li key={m} className="rounded-full border border-gray-300 bg-white px-3 py-1 text-xs font-medium text-gray-800">
              {m}
            </li>
          ))}
        </ul>
      </div>
      {blocked ? (
        <p className="mt-4 text-sm text-red-700">
          Some items can no longer be bought as they are.{' '}
          <Link to="/cart" className="font-medium underline">
            Review your cart
          </Link>
        </p>
      ) : null}
    </aside>
  );
}

/** The ways Razorpay Checkout is opened with: card, UPI, net banking and wallets. */
const PAYMENT_METHODS = ['Credit and debit cards', 'UPI', 'Net banking', 'Wallets'] as const;

function CheckoutSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid animate-pulse gap-8 lg:grid-cols-5">
      <span className="sr-only">Loading checkout</span>
      <div className="h-64 rounded-xl bg-gray-200 lg:col-span-2 lg:col-start-4 lg:row-start-1" />
      <div className="h-96 rounded-xl bg-gray-200 lg:col-span-3 lg:col-start-1 lg:row-start-1" />
    </div>
  );
}
