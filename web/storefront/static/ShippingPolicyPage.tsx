import { freeShippingPolicy, useShopContacts } from '../components/shopSettings';
import { StaticPage } from './StaticPage';

export default function ShippingPolicyPage() {
  const shop = useShopContacts();
  // Where shipping is free, as the shipping zones make it true.
  const free = freeShippingPolicy(shop.freeshipping);
  return (
    <StaticPage title="Shipping Policy" updated>
      <p>We ship from Ludhiana, Punjab, to addresses across India and to about 195 countries worldwide.</p>
      <h2>Processing</h2>
      <p>
        Orders are processed within 3 business days of payment: the stone is checked against its certificate, energised if you
        asked, packed and insured.
      </p>
      <h2>Delivery times</h2>
      <ul>
        <li>Standard delivery: within 10 business days.</li>
        <li>Express delivery: within 5 business days.</li>
        <li>International delivery: within 15 business days.</li>
      </ul>
      <p>Times are counted from dispatch. Remote areas and customs clearance can add a few days.</p>
      <h2>Charges</h2>
      <p>
        {free ? `${free} Any charge for other orders is shown before you pay.` : 'Any shipping charge is shown before you pay.'}
        International orders may attract import duties or taxes in the destination country; these are paid by the buyer.
      </p>
      <h2>Tracking and insurance</h2>
      <p>
        Every parcel is insured until it is delivered. You receive a tracking number by SMS or e-mail when your order ships.
        Please check the parcel on delivery and do not accept it if the seal is broken.
      </p>
      <h2>Questions</h2>
      <p>
        Write to <a href={`mailto:${shop.email}`}>{shop.email}</a> with your order number.
      </p>
    </StaticPage>
  );
}
