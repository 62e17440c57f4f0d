import { useShopContacts } from '../components/shopSettings';
import { StaticPage } from './StaticPage';

export default function CookiePolicyPage() {
  const shop = useShopContacts();
  return (
    <StaticPage title="Cookie Policy" updated>
      <p>This policy explains the cookies and similar storage this website uses. We keep it short because we use very few.</p>
      <h2>What a cookie is</h2>
      <p>A cookie is a small text file a website stores in your browser so that it can recognise the browser later.</p>
      <h2>Cookies we use</h2>
      <ul>
        <li>
          <strong>Session cookie (sid)</strong>: keeps you signed in while you shop, so your cart, checkout and orders work. It is
          strictly necessary, cannot be read by scripts, and ends when you sign out or after 30 days.
        </li>
        <li>
          <strong>Local storage</strong>: remembers small display preferences on your device. It is never sent to us.
        </li>
      </ul>
      <h2>Cookies we do not use</h2>
      <p>We do not use advertising or cross-site tracking cookies, and we do not sell information about your visits.</p>
      <h2>Payment partner</h2>
      <p>
        When you pay, Razorpay's secure payment window may set its own cookies to process the payment and prevent fraud. These are
        governed by Razorpay's policies.
      </p>
      <h2>Your choices</h2>
      <p>
        You can delete or block cookies in your browser's settings. If you block the session cookie you can still browse the shop,
        but you will not be able to sign in, use the cart or place orders.
      </p>
      <h2>Questions</h2>
      <p>
        Write to <a href={`mailto:${shop.email}`}>{shop.email}</a>.
      </p>
    </StaticPage>
  );
}
