import type { ProductDelivery } from '../../../contract/catalogue';
import { Icon } from '../../ui/icons';
import { formatRupees } from '../components/links';

// Icon paths as lucide-react draws them (24×24; circles and rectangles written as paths), for <Icon d={…} />.
const AWARD =
  'm15.477 12.89 1.515 8.526a.5.5 0 0 1-.81.47l-3.58-2.687a1 1 0 0 0-1.197 0l-3.586 2.686a.5.5 0 0 1-.81-.469l1.514-8.526M6 8a6 6 0 1 0 12 0a6 6 0 1 0-12 0';
const SHIELD_CHECK =
  'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1zM9 12l2 2 4-4';
const TRUCK =
  'M14 18V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v11a1 1 0 0 0 1 1h2M15 18H9M19 18h2a1 1 0 0 0 1-1v-3.65a1 1 0 0 0-.22-.624l-3.48-4.35A1 1 0 0 0 17.52 8H14M15 18a2 2 0 1 0 4 0a2 2 0 1 0-4 0M5 18a2 2 0 1 0 4 0a2 2 0 1 0-4 0';

type Delivery = ProductDelivery | null | undefined;

/** What the page promises about delivery in India: free only when the rate its checkout would charge is. */
function deliveryText(delivery: Delivery): string {
  if (!delivery) return 'Delivery at checkout';
  return delivery.amount === 0 ? 'Free Delivery' : `Delivery ${formatRupees(delivery.amount, 'auto')}`;
}

/** The product page's three promises under the buttons: delivery (as the shipping rate has it), payment, quality. */
export function ProductPromises({ delivery }: { delivery: Delivery }) {
  return (
    <ul className="mt-6 grid grid-cols-3 gap-2 border-y border-gray-200 py-4 text-center text-xs font-medium text-gray-800 sm:text-sm">
      <li className="flex flex-col items-center gap-1" data-testid="delivery-promise">
        <Icon d={TRUCK} className="size-6 text-brand-700" />
        {deliveryText(delivery)}
      </li>
      <li className="flex flex-col items-center gap-1">
        <Icon d={SHIELD_CHECK} className="size-6 text-brand-700" />
        Secure Payment
      </li>
      <li className="flex flex-col items-center gap-1">
        <Icon d={AWARD} className="size-6 text-brand-700" />
        Best Quality
      </li>
    </ul>
  );
}
