import { Link } from 'react-router';
import { useShopContacts } from '../components/shopSettings';
import { StaticPage } from './StaticPage';

export default function CancellationPage() {
  const shop = useShopContacts();
  return (
    <StaticPage title="Cancellation and Refund Policy" updated>
      <h2>Cancelling an order</h2>
      <p>
        You can cancel an order within 24 hours of placing it, provided it has not yet been dispatched. To cancel, call{' '}
        {shop.phone.label} or write to <a href={`mailto:${shop.email}`}>{shop.email}</a> with your order number. After 24 hours,
        or once the order has shipped, it can no longer be cancelled; see our <Link to="/return-policy">Return Policy</Link> for
        what can be returned.
      </p>
      <p>We may cancel an order ourselves if a stone is no longer available or the payment cannot be confirmed.</p>
      <h2>Refunds</h2>
      <ul>
        <li>A cancelled order is refunded in full, including any shipping charge.</li>
        <li>
          Returns accepted under our Return Policy (damaged, defective or wrong items, within 7 days of receipt) are refunded in
          full.
        </li>
        <li>Refunds go to the original payment method (card, UPI, net banking or wallet) within 7–10 business days.</li>
      </ul>
      <h2>Questions</h2>
      <p>
        Write to <a href={`mailto:${shop.email}`}>{shop.email}</a>; we reply within one business day.
      </p>
    </StaticPage>
  );
}
