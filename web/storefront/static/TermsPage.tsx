import { Link } from 'react-router';
import { useShopContacts } from '../components/shopSettings';
import { StaticPage } from './StaticPage';

export default function TermsPage() {
  const shop = useShopContacts();
  return (
    <StaticPage title="Terms and Conditions" updated>
      <p>
        These terms apply to every purchase from Ratna Gems, Ludhiana, through this website. By placing an order you accept them.
        Please read them together with our <Link to="/shipping-policy">Shipping Policy</Link>,{' '}
        <Link to="/return-policy">Return Policy</Link> and{' '}
        <Link to="/cancellation-and-refund-policy">Cancellation and Refund Policy</Link>.
      </p>
      <h2>1. Who may buy</h2>
      <p>You must be 18 years of age or older to place an order, and the details you give us must be true and your own.</p>
      <h2>2. Products</h2>
      <p>
        Our gemstones are natural. No two stones are alike: colour, clarity and inclusions vary, and photographs may differ
        slightly from the stone you receive because of lighting and screens. The certificate supplied with a gemstone describes
        that stone; weights and dimensions are as measured by the laboratory.
      </p>
      <h2>3. Prices and payment</h2>
      <p>
        Prices are in Indian rupees (INR) and include applicable taxes. Payment is taken online through Razorpay by credit or
        debit card, UPI, net banking and wallets. We never see or store your card details. An order is placed only once the
        payment is confirmed.
      </p>
      <h2>4. Orders</h2>
      <p>
        You receive an order number once payment succeeds. We may refuse or cancel an order if a stone is no longer available, if
        the price shown was plainly wrong, or if we suspect fraud; in each case you are refunded in full.
      </p>
      <h2>5. Shipping</h2>
      <p>
        Orders are processed within 3 business days. Standard delivery takes up to 10 business days, express delivery up to 5, and
        international delivery up to 15. Details are in our <Link to="/shipping-policy">Shipping Policy</Link>.
      </p>
      <h2>6. Cancellations, returns and refunds</h2>
      <p>
        You may cancel an order within 24 hours of placing it. Damaged, defective or wrong items may be returned within 7 days of
        receipt. Refunds are made to the original payment method within 7–10 business days.
      </p>
      <h2>7. Astrological guidance</h2>
      <p>
        Benefits traditionally associated with gemstones are shared in good faith from Vedic tradition; they are not medical,
        financial or legal advice, and results are not guaranteed.
      </p>
      <h2>8. Use of the website</h2>
      <p>
        The text, photographs and design of this website belong to Ratna Gems. You may not copy them for commercial use, and you
        may not use the website to break the law or to interfere with its working.
      </p>
      <h2>9. Liability</h2>
      <p>
        Our liability for any order is limited to the amount you paid for it. Nothing in these terms limits your rights as a
        consumer under Indian law.
      </p>
      <h2>10. Law and disputes</h2>
      <p>These terms are governed by the laws of India. Disputes fall under the courts of Ludhiana, Punjab.</p>
      <h2>11. Contact</h2>
      <p>
        Ratna Gems, {shop.address}. E-mail: <a href={`mailto:${shop.email}`}>{shop.email}</a>.
      </p>
    </StaticPage>
  );
}
