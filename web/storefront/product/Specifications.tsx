import { useId } from 'react';
import type { Product } from '../../api/catalogue';

/** The specification rows, in the order shown. The ratti weight (weightratti) is never shown. */
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
  { key: 'weightkachiratti', label: 'Weight (Kachi Ratti)' },
  { key: 'weightpakkiratti', label: 'Weight (Pakki Ratti)' },
  { key: 'weightgrams', label: 'Weight (Grams)', unit: 'g' },
  { key: 'returnpolicy', label: 'Return Policy' },
];

/** Gemstone Specifications: only the fields that have a value; hidden when none has. */
export function Specifications({ product }: { product: Product }) {
  const id = useId();
  const rows = SPEC_ROWS.flatMap(({ key, label, unit }) => {
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
