import { createBrowserRouter } from 'react-router';
import { Layout } from './storefront/layout/Layout';

/** Each screen is its own chunk; the admin back-office is never downloaded by shoppers. */
const lazy = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const router = createBrowserRouter([
  { path: '/signin', lazy: async () => ({ Component: (await import('./storefront/auth/SignInPage')).SignInPage }) },
  { path: '/signup', lazy: async () => ({ Component: (await import('./storefront/auth/SignUpPage')).SignUpPage }) },
  { path: '/dashboard/*', lazy: lazy(() => import('./admin/AdminApp')) },
  {
    path: '/',
    Component: Layout,
    children: [
      { index: true, lazy: lazy(() => import('./storefront/home/HomePage')) },
      { path: 'cart', lazy: lazy(() => import('./storefront/cart/CartPage')) },
      { path: 'checkout', lazy: lazy(() => import('./storefront/checkout/CheckoutPage')) },
      { path: 'my-orders', lazy: lazy(() => import('./storefront/orders/MyOrdersPage')) },
      { path: 'about', lazy: lazy(() => import('./storefront/static/AboutPage')) },
      { path: 'contact', lazy: lazy(() => import('./storefront/static/ContactPage')) },
      { path: 'terms-and-conditions', lazy: lazy(() => import('./storefront/static/TermsPage')) },
      { path: 'cookie-policy', lazy: lazy(() => import('./storefront/static/CookiePolicyPage')) },
      { path: 'return-policy', lazy: lazy(() => import('./storefront/static/ReturnPolicyPage')) },
      { path: 'Return-policy', lazy: lazy(() => import('./storefront/static/ReturnPolicyPage')) },
      { path: 'shipping-policy', lazy: lazy(() => import('./storefront/static/ShippingPolicyPage')) },
      { path: 'cancellation-and-refund-policy', lazy: lazy(() => import('./storefront/static/CancellationPage')) },
      { path: 'singleproduct', lazy: lazy(() => import('./storefront/product/ProductPage')) },
      { path: ':category/:subcategory/:slug', lazy: lazy(() => import('./storefront/product/ProductPage')) },
      { path: ':term', lazy: lazy(() => import('./storefront/listing/ListingPage')) },
      { path: '*', lazy: lazy(() => import('./storefront/NotFoundPage')) },
    ],
  },
]);
