import { useQueryClient } from '@tanstack/react-query';
import { cartApi } from '../../api/cart';
import { takeCartAction } from '../../auth/returnTo';
import { buyNowCheckout } from '../../cart/buyNow';
import { notify } from '../../ui/notify';

/**
 * Once signed in (by sign-in or sign-up), carries out the Add to Cart or Buy Now asked for before, and answers
 * where the shopper goes next: back where they were, or on to the checkout of the stone they wanted to buy.
 */
export function useCarryOn(back: string): () => Promise<string> {
  const qc = useQueryClient();
  return async () => {
    const action = takeCartAction();
    if (!action) return back;
    try {
      // Buy Now goes to the checkout of that item alone; the cart (a guest's, just merged) is left as it is.
      if (action.kind === 'buy') return await buyNowCheckout(action.line);
      await cartApi.add(action.line);
      void qc.invalidateQueries({ queryKey: ['cart'] });
      notify.success('Added to cart!');
      return back;
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : 'Failed to add to cart');
      return back;
    }
  };
}
