import { DEFAULT_RATTI_IN_CARATS, rattiOf } from '../../../contract/gems';
import type { Product } from '../../api/catalogue';
import { formatRupees } from '../components/links';

/**
 * How the page states the ratti it uses: Punjab's standard ratti by default, else the factor alone.
 * @forTests the ratti note is unit-tested.
 */
export const rattiNote = (rattiInCarats: number) =>
  rattiInCarats === DEFAULT_RATTI_IN_CARATS
    ? `1 ratti = ${rattiInCarats} ct, the standard (pakki) ratti as weighed in Punjab`
    : `1 ratti = ${rattiInCarats} ct`;

/**
 * The stone's weight as gem buyers read it: carat with ratti beside it (from the shop's ratti setting, stated), and
 * the price per carat of what the shopper pays now. Nothing for a product without a carat weight.
 */
export function GemWeight({ product, rattiInCarats }: { product: Product; rattiInCarats: number }) {
  const carat = product.weightcarrat;
  if (typeof carat !== 'number' || !(carat > 0)) return null;
  const price = product.saleprice ?? product.productprice;
  return (
    <dl data-testid="gem-weight" className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="font-semibold text-gray-900">Weight</dt>
      <dd className="text-gray-800">
        {carat.toFixed(2)} ct <span className="text-gray-500">·</span> {rattiOf(carat, rattiInCarats).toFixed(2)} ratti
        <span className="block text-xs text-gray-600">({rattiNote(rattiInCarats)})</span>
      </dd>
      <dt className="font-semibold text-gray-900">Price per carat</dt>
      <dd className="text-gray-800">{formatRupees(price / carat, 0)}</dd>
    </dl>
  );
}
