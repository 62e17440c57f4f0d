import { Link } from 'react-router';
import { useShopContacts } from '../components/shopSettings';
import { StaticPage } from './StaticPage';

export default function ReturnPolicyPage() {
  const shop = useShopContacts();
  return (
    <StaticPage title="Return Policy" updated>
      <p>We want you to be happy with every stone. If something is wrong with your order, we will put it right.</p>
      <h2>What can be returned</h2>
      <p>
        Items can be returned within 7 days of receipt if they arrived <strong>damaged</strong>, are <strong>defective</strong>,
        or are not the item you ordered (<strong>wrong item</strong>). Other returns are not accepted.
      </p>
      <h2>Conditions</h2>
      <ul>
        <li>The item is unused and in its original packaging, with its certificate, invoice and any tags.</li>
        <li>You tell us within 7 days of receipt, with photographs (an unboxing video helps).</li>
        <li>Jewellery made or resized to your order can be returned only if it is damaged, defective or wrong.</li>
      </ul>
      <h2>How to return</h2>
      <ul>
        <li>
          Call {shop.phone.label} or write to <a href={`mailto:${shop.email}`}>{shop.email}</a> with your order number and
          photographs.
        </li>
        <li>We confirm the return and tell you how to send the item back to us.</li>
        <li>Once the item reaches us and is checked, we send a replacement or a refund, as you prefer.</li>
      </ul>
      <h2>Refunds</h2>
      <p>
        Refunds are made to the original payment method within 7–10 business days of the returned item being checked. Your bank
        may take a few more days to show it.
      </p>
      <h2>Cancellation</h2>
      <p>
        You can cancel an order within 24 hours of placing it. See our{' '}
        <Link to="/cancellation-and-refund-policy">Cancellation and Refund Policy</Link>.
      </p>
    </StaticPage>
  );
}
