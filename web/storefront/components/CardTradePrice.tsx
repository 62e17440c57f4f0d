import { useQuery } from '@tanstack/react-query';
import { formatRupees } from '../../../contract/money';
import type { User } from '../../api/auth';
import type { Product } from '../../api/catalogue';
import { type MyPrices, wholesaleApi } from '../../api/wholesale';

/** The most ids `/my-prices` takes at once (contract/wholesale.ts). */
const BATCH = 60;
type Waiting = { resolve: (price: MyPrices[number] | null) => void; reject: (err: unknown) => void };
let waiting = new Map<string, Waiting[]>();
let scheduled = false;

/** Sends the ids the cards asked for while the page rendered, 60 a request; each card gets its own answer. */
async function flush() {
  const asked = waiting;
  waiting = new Map();
  scheduled = false;
  const ids = [...asked.keys()];
  for (let i = 0; i < ids.length; i += BATCH) {
    const chunk = ids.slice(i, i + BATCH);
    try {
      const { prices } = await wholesaleApi.myPrices(chunk);
      const byId = new Map(prices.map((p) => [p.productId, p]));
      for (const id of chunk) for (const w of asked.get(id) ?? []) w.resolve(byId.get(id) ?? null);
    } catch (err) {
      for (const id of chunk) for (const w of asked.get(id) ?? []) w.reject(err);
    }
  }
}

/** One product's price for the signed-in buyer, asked together with every other card on the page. */
function myPrice(productId: string): Promise<MyPrices[number] | null> {
  return new Promise((resolve, reject) => {
    waiting.set(productId, [...(waiting.get(productId) ?? []), { resolve, reject }]);
    if (!scheduled) {
      scheduled = true;
      setTimeout(() => void flush(), 0);
    }
  });
}

/**
 * "Trade price" on a product card, for a signed-in approved business only, when it is below the card's price: asked
 * of GET /p1/api/my-prices from the browser (the cards of a page in one request), so the catalogue's answers stay the
 * same for everyone. Nobody else's browser asks.
 */
export function CardTradePrice({ product, user }: { product: Product; user: User | null }) {
  const trade = user?.business?.status === 'approved';
  const query = useQuery({
    queryKey: ['my-prices', user?._id, 'card', product._id],
    queryFn: () => myPrice(product._id),
    enabled: trade,
    staleTime: 60_000,
  });
  const mine = query.data;
  const shown = product.saleprice ?? product.productprice;
  if (!trade || !mine || mine.price >= shown) return null;
  return (
    <p className="text-xs leading-4 text-emerald-800" data-testid="card-trade-price">
      <span className="font-medium">Trade price</span> {formatRupees(mine.price)}
    </p>
  );
}
