import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AdminShell } from './layout/AdminShell';
import { useAdminGate } from './layout/useAdminGate';

// Each screen is its own chunk inside the admin chunk: the dashboard does not wait for the product form.
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const CategoriesPage = lazy(() => import('./categories/CategoriesPage'));
const SubcategoriesPage = lazy(() => import('./subcategories/SubcategoriesPage'));
const ProductsPage = lazy(() => import('./products/ProductsPage'));
const UsersPage = lazy(() => import('./users/UsersPage'));
const OrdersPage = lazy(() => import('./orders/OrdersPage'));
const OrderDetailPage = lazy(() => import('./orders/OrderDetailPage'));
const SalesPage = lazy(() => import('./promotions/SalesPage'));
const CouponsPage = lazy(() => import('./promotions/CouponsPage'));
const SettingsPage = lazy(() => import('./settings/SettingsPage'));
const TaxPage = lazy(() => import('./tax/TaxPage'));
const MetalRatesPage = lazy(() => import('./made-to-order/MetalRatesPage'));
const DesignsPage = lazy(() => import('./made-to-order/DesignsPage'));
const ShippingZonesPage = lazy(() => import('./shipping/ShippingZonesPage'));
const CurrenciesPage = lazy(() => import('./currencies/CurrenciesPage'));
const MenusPage = lazy(() => import('./menus/MenusPage'));
const ReportsPage = lazy(() => import('./reports/ReportsPage'));
const OutboxPage = lazy(() => import('./outbox/OutboxPage'));
const EinvoicesPage = lazy(() => import('./einvoices/EinvoicesPage'));
const GrievancesPage = lazy(() => import('./grievances/GrievancesPage'));
const ReviewsPage = lazy(() => import('./reviews/ReviewsPage'));
const BusinessesPage = lazy(() => import('./businesses/BusinessesPage'));
const PriceGroupsPage = lazy(() => import('./price-groups/PriceGroupsPage'));
const QuotesPage = lazy(() => import('./quotes/QuotesPage'));
const StorefrontPage = lazy(() => import('./storefront/StorefrontPage'));

/** Each screen under /dashboard/, by its path. */
const SCREENS: [string, React.ComponentType][] = [
  ['category', CategoriesPage],
  ['subcategory', SubcategoriesPage],
  ['products', ProductsPage],
  ['users', UsersPage],
  ['businesses', BusinessesPage],
  ['price-groups', PriceGroupsPage],
  ['quotes', QuotesPage],
  ['orders', OrdersPage],
  ['orders/:id', OrderDetailPage],
  ['sales', SalesPage],
  ['coupons', CouponsPage],
  ['reports', ReportsPage],
  ['tax', TaxPage],
  ['metal-rates', MetalRatesPage],
  ['designs', DesignsPage],
  ['shipping', ShippingZonesPage],
  ['currencies', CurrenciesPage],
  ['settings', SettingsPage],
  ['outbox', OutboxPage],
  ['einvoices', EinvoicesPage],
  ['grievances', GrievancesPage],
  ['reviews', ReviewsPage],
  ['storefront', StorefrontPage],
  ['menus', MenusPage],
];

function ScreenLoading() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading" className="space-y-3">
      <div className="h-8 w-48 animate-pulse rounded bg-gray-100" />
      <div className="h-40 animate-pulse rounded-lg bg-gray-100" />
    </div>
  );
}

/** The back-office at /dashboard/*: signed-in admins only (no session → /signin, not ADMIN → /). */
export default function AdminApp({ screen: only }: { screen?: 'order' } = {}) {
  const gate = useAdminGate();
  if (gate.status !== 'admin') {
    return (
      <div className="flex min-h-screen items-center justify-center" aria-busy="true">
        <span className="sr-only">Checking your session…</span>
        <div className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
      </div>
    );
  }
  const screen = (Screen: React.ComponentType) => (
    <Suspense fallback={<ScreenLoading />}>
      <Screen />
    </Suspense>
  );
  if (only === 'order') {
    // Mounted at /dashboard/orders/:id/* (see web/router.tsx): the order's page is the index here.
    return (
      <Routes>
        <Route element={<AdminShell user={gate.user} />}>
          <Route index element={screen(OrderDetailPage)} />
          <Route path="*" element={<Navigate to="/dashboard/orders" replace />} />
        </Route>
      </Routes>
    );
  }
  return (
    <Routes>
      <Route element={<AdminShell user={gate.user} />}>
        <Route index element={screen(DashboardPage)} />
        {SCREENS.map(([path, Screen]) => (
          <Route key={path} path={path} element={screen(Screen)} />
        ))}
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Route>
    </Routes>
  );
}
