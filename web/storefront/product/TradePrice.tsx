import { useQuery } from '@tanstack/react-query';
import { formatRupees } from '../../../contract/money';
import type { User } from '../../api/auth';
import { wholesaleApi } from '../../api/wholesale';

/**
 * The signed-in approved business's own price of one product (its unit price and quantity tiers), asked of
 * GET /p1/api/my-prices from the browser: the product's page itself stays the same for everyone (and cached), showing
 * retail prices. Undefined for anyone else (nothing is asked) and until the answer comes. The purchase panel's
 * "Trade price" and the phone's buy bar read the same answer (one request).
 */
export function useTradePrice(productId: string, user: User | null) {
  const trade = user?.business?.status === 'approved';
  const query = useQuery({
    queryKey: ['my-prices', user?._id, productId],
    queryFn: () => wholesaleApi.myPrices([productId]),
    enabled: trade,
  });
  return trade ? query.data?.prices.find((p) => p.productId === productId) : undefined;
}

/** "Trade price" for a signed-in approved business (useTradePrice). Shows nothing for anyone else. */
export function TradePrice({ productId, user }: { productId: string; user: User | null }) {
  const mine = useTradePrice(productId, user);
  if (!mine) return null;
  return (
    <div className="mt-2 rounded border border-emerald-200 bg-emerald-50 p-2 text-sm" data-testid="trade-price">
      <p>
        <span className="font-medium">Trade price</span> {formatRupees(mine.price)}
      </p>
      {mine.tiers.length ? (
        <ul aria-label="Trade prices by quantity">
          {mine.tiers.map((t) => (
            <li key={t.minquantity}>
              {t.minquantity} or more: {formatRupees(t.price)} each
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
