import { useQueryClient } from '@tanstack/react-query';
import { cartApi } from '../../api/cart';
import { takeCartAction } from '../../auth/returnTo';
import { addedLine, buyNowPath } from '../../cart/buyNow';
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
      const { data } = await cartApi.add(action.line);
      void qc.invalidateQueries({ queryKey: ['cart'] });
      if (action.kind === 'add') {
        notify.success('Added to cart!');
        return back;
      }
      const added = addedLine(data, action.line);
      return added ? buyNowPath(added.cartItemId, action.line.quantity) : '/checkout';
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : 'Failed to add to cart');
      return back;
    }
  };
}
