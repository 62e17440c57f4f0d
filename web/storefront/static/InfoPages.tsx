import AboutPage from './AboutPage';
import CancellationPage from './CancellationPage';
import ContactPage from './ContactPage';
import CookiePolicyPage from './CookiePolicyPage';
import ReturnPolicyPage from './ReturnPolicyPage';
import ShippingPolicyPage from './ShippingPolicyPage';
import TermsPage from './TermsPage';

const PAGES = {
  about: AboutPage,
  contact: ContactPage,
  terms: TermsPage,
  cookies: CookiePolicyPage,
  returns: ReturnPolicyPage,
  shipping: ShippingPolicyPage,
  cancellation: CancellationPage,
};
export type InfoPageName = keyof typeof PAGES;

/** The information pages share one small chunk (one download serves them all). */
export default function InfoPage({ name }: { name: InfoPageName }) {
  const Page = PAGES[name];
  return <Page />;
}
