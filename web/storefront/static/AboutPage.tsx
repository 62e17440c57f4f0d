import { Link } from 'react-router';
import { useShopContacts, worldwideFreeFrom } from '../components/shopSettings';
import { StaticPage } from './StaticPage';

export default function AboutPage() {
  const shop = useShopContacts();
  return (
    <StaticPage title="About Us">
      <p>
        Ratna Gems is a gemstone and jewellery wholesaler based in Ludhiana, Punjab. For over two decades we have supplied
        jewellers, astrologers and collectors across India with natural gemstones, and today we sell directly to you, at wholesale
        prices.
      </p>
      <h2>What we sell</h2>
      <p>
        Our vaults hold 10,000+ gemstones: the Vedic Navratna stones (ruby, pearl, red coral, emerald, yellow sapphire, blue
        sapphire, hessonite and cat's eye, with white zircon in place of diamond), zodiac stones, rare exclusives such as
        alexandrite, tanzanite and spinel, and semi-precious stones like amethyst, citrine, peridot and turquoise. Our workshop
        also sets rings, pendants, earrings and bracelets.
      </p>
      <h2>Why customers trust us</h2>
      <ul>
        <li>Certified stones: every gemstone is tested by an independent laboratory and comes with its certificate.</li>
        <li>Honest descriptions: origin, treatment, cut and weight are listed on each product page.</li>
        <li>Energised stones: on request, stones are energised with Vedic rituals before dispatch.</li>
        <li>10-day no-questions-asked return and refund.</li>
        <li>Worldwide shipping to about 195 countries{worldwideFreeFrom(shop.freeshipping)}.</li>
        <li>1 lakh+ happy customers in India and abroad.</li>
      </ul>
      <h2>Visit us</h2>
      <p>
        Our showroom is at {shop.address}. You are welcome during business hours: Monday to Friday 8am–5pm, Saturday 10am–8pm; we
        are closed on Sunday. See our <Link to="/contact">contact page</Link> for phone numbers and e-mail.
      </p>
    </StaticPage>
  );
}
