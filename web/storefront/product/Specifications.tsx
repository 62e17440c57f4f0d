import { useId } from 'react';
import { rattiOf } from '../../../contract/gems';
import type { Product } from '../../api/catalogue';

/**
 * The specification rows, in the order shown. The ratti weight (weightratti) is never shown; a stone with a carat
 * weight shows its ratti worked out from it (below), never the ratti numbers typed on the product.
 */
const SPEC_ROWS: { key: keyof Product; label: string; unit?: string }[] = [
  { key: 'sku', label: 'SKU' },
  { key: 'productbrand', label: 'Brand' },
  { key: 'certification', label: 'Certification' },
  { key: 'origin', label: 'Origin' },
  { key: 'treatment', label: 'Treatment' },
  { key: 'composition', label: 'Composition' },
  { key: 'shape', label: 'Shape' },
  { key: 'cut', label: 'Cut' },
  { key: 'excatdimensions', label: 'Exact Dimensions' },
  { key: 'dimensiontype', label: 'Dimension Type' },
  { key: 'refractiveindex', label: 'Refractive Index' },
  { key: 'specificgravity', label: 'Specific Gravity' },
  { key: 'weightcarrat', label: 'Weight (Carat)', unit: 'ct' },
  { key: 'weightratti', label: 'Weight (Ratti)' },
  { key: 'weightkachiratti', label: 'Weight (Kachi Ratti)' },
  { key: 'weightpakkiratti', label: 'Weight (Pakki Ratti)' },
  { key: 'weightgrams', label: 'Weight (Grams)', unit: 'g' },
  { key: 'returnpolicy', label: 'Return Policy' },
];

/** The rows a stone with a carat weight shows instead of the typed ratti: one ratti, worked out as the page's header does. */
const TYPED_RATTI: (keyof Product)[] = ['weightratti', 'weightkachiratti', 'weightpakkiratti'];

/**
 * Gemstone Specifications: only the fields that have a value; hidden when none has. A stone's ratti is the carat
 * weight by the shop's ratti setting (the same sum and figure as the weight under the price); the kachi and pakki
 * ratti typed on a product are shown only for one without a carat weight.
 */
export function Specifications({ product, rattiInCarats }: { product: Product; rattiInCarats: number }) {
  const id = useId();
  const carat = typeof product.weightcarrat === 'number' && product.weightcarrat > 0 ? product.weightcarrat : null;
  const rows = SPEC_ROWS.flatMap(({ key, label, unit }) => {
    if (key === 'weightratti')
      return carat === null ? [] : [{ label, value: `${rattiOf(carat, rattiInCarats).toFixed(2)} ratti` }];
    if (carat !== null && TYPED_RATTI.includes(key)) return [];
    const value = product[key];
    if (value === null || value === undefined) return [];
    if (typeof value === 'string' && value.trim() === '') return [];
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    return [{ label, value: typeof value === 'number' && unit ? `${value} ${unit}` : String(value) }];
  });
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 font-serif text-2xl font-bold text-gray-900">
        Gemstone Specifications
      </h2>
      <table className="w-full overflow-hidden rounded-lg border border-gray-200 text-left text-sm">
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} className="border-b border-gray-200 last:border-0 even:bg-gray-50">
              <th scope="row" className="w-2/5 px-4 py-2.5 font-semibold text-gray-900">
                {r.label}
              </th>
              <td className="px-4 py-2.5 break-words text-gray-800">{r.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
