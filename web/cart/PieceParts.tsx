import { metalName } from '../../contract/metals';
import { formatRupees } from '../../contract/money';
import type { CartItem } from '../api/cart';

type PieceSetting = NonNullable<CartItem['setting']>;

const KIND_NAMES: Record<PieceSetting['kind'], string> = {
  ring: 'ring',
  pendant: 'pendant',
  bracelet: 'bracelet',
  earrings: 'earrings',
};

/** Said before payment wherever a made-to-order piece is bought (docs/made-to-order.md). */
export const PIECE_RETURNS = 'A made-to-order piece is made for you: it is returned only if defective.';

/**
 * A made-to-order piece on a cart, checkout or order line: the design, metal and ring size, and the parts of its
 * price as the server gave them (the stone before its own GST, the metal's grams at the rate, the making); the GST as
 * jewellery is inside the line's price.
 */
export function PieceParts({ setting }: { setting: PieceSetting }) {
  return (
    <div className="mt-1 text-sm text-gray-700" data-testid="piece-parts">
      <p className="font-medium text-gray-900">
        Made to order: {setting.design.name} ({KIND_NAMES[setting.kind]}), {metalName(setting.metal)}
        {setting.size !== null ? `, ring size ${setting.size}` : ''}
      </p>
      <ul className="mt-0.5 text-gray-600">
        <li>Stone (before its own GST): {formatRupees(setting.stonenet)}</li>
        <li>
          Metal: {setting.grams} g at {formatRupees(setting.rate)}/g
        </li>
        <li>Making: {formatRupees(setting.making)}</li>
        <li>GST as jewellery included</li>
      </ul>
    </div>
  );
}
