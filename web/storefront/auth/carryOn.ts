import { takeCartAction } from '../../auth/returnTo';
import { buyNowCheckout } from '../../cart/buyNow';
import { useAddToCart } from '../../cart/cart';
import { notify } from '../../ui/notify';

/**
 * Once signed in (by sign-in or sign-up), carries out the Add to Cart or Buy Now asked for before, and answers
 * where the shopper goes next: back where they were, or on to the checkout of the stone they wanted to buy.
 */
export function useCarryOn(back: string): () => Promise<string> {
  // The shopper has just signed in: a refused add is told, never a second trip to Sign In.
  const { addToCart } = useAddToCart({ signInOnRefusal: false });
  return async () => {
    const action = takeCartAction();
    if (!action) return back;
    if (action.kind === 'add') {
      await addToCart(action.line);
      return back;
    }
    try {
      // Buy Now goes to the checkout of that item alone; the cart (a guest's, just merged) is left as it is.
      return await buyNowCheckout(action.line);
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : 'Failed to add to cart');
      return back;
    }
  };
}
