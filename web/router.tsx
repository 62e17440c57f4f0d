import { type ComponentType, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Layout } from './storefront/layout/Layout';

/**
 * Each screen is its own chunk; the admin back-office is never downloaded by shoppers.
 * Declarative routes (BrowserRouter + Routes) rather than a data router: the data router alone adds ~16 KB gzip to
 * the first load of every page, and no screen uses loaders or actions.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

// Sign in and sign up load together: moving from one to the other (after signing up) is then instant, and the
// page a shopper types into is never the one about to be replaced.
const loadAuthPages = () =>
  Promise.all([import('./storefront/auth/SignInPage'), import('./storefront/auth/SignUpPage')]).then(([a, b]) => ({
    ...a,
    ...b,
  }));
const SignInPage = named(loadAuthPages, 'SignInPage');
const SignUpPage = named(loadAuthPages, 'SignUpPage');
const ForgotPasswordPage = named(() => import('./storefront/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const AdminApp = page(() => import('./admin/AdminApp'));
const AdminOrderApp = page(() => import('./admin/AdminOrderApp'));
const HomePage = page(() => import('./storefront/home/HomePage'));
const CartPage = page(() => import('./storefront/cart/CartPage'));
const CheckoutPage = page(() => import('./storefront/checkout/CheckoutPage'));
const MyOrdersPage = page(() => import('./storefront/orders/MyOrdersPage'));
const AccountPage = page(() => import('./storefront/account/AccountPage'));
const InfoPage = lazy(() => import('./storefront/static/InfoPages'));
const ProductPage = page(() => import('./storefront/product/ProductPage'));
const ListingPage = page(() => import('./storefront/listing/ListingPage'));
const NotFoundPage = page(() => import('./storefront/NotFoundPage'));
const NewsletterPage = lazy(() => import('./storefront/newsletter/NewsletterPage'));

/** Starts loading the home screen's chunk before React renders, so `/` does not wait for a second round trip. */
export function preloadFirstScreen(pathname: string) {
  if (pathname === '/') void import('./storefront/home/HomePage');
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/signin" element={<SignInPage />} />
      <Route path="/signup" element={<SignUpPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/dashboard/*" element={<AdminApp />} />
      {/* Three segments would otherwise rank as a product page (/:category/:subcategory/:slug). */}
      <Route path="/dashboard/orders/:id/*" element={<AdminOrderApp />} />
      <Route path="/" element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="cart" element={<CartPage />} />
        <Route path="checkout" element={<CheckoutPage />} />
        <Route path="my-orders" element={<MyOrdersPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="about" element={<InfoPage name="about" />} />
        <Route path="contact" element={<InfoPage name="contact" />} />
        <Route path="terms-and-conditions" element={<InfoPage name="terms" />} />
        <Route path="cookie-policy" element={<InfoPage name="cookies" />} />
        <Route path="return-policy" element={<InfoPage name="returns" />} />
        <Route path="Return-policy" element={<InfoPage name="returns" />} />
        <Route path="shipping-policy" element={<InfoPage name="shipping" />} />
        <Route path="cancellation-and-refund-policy" element={<InfoPage name="cancellation" />} />
        <Route path="newsletter/confirm" element={<NewsletterPage step="confirm" />} />
        <Route path="newsletter/unsubscribe" element={<NewsletterPage step="unsubscribe" />} />
        <Route path="singleproduct" element={<ProductPage />} />
        <Route path=":category/:subcategory/:slug" element={<ProductPage />} />
        {/* "All products" has one address: /all. */}
        <Route path="products" element={<Navigate to="/all" replace />} />
        <Route path="shop" element={<Navigate to="/all" replace />} />
        <Route path=":term" element={<ListingPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
