import AdminApp from './AdminApp';

/** The back-office at /dashboard/orders/:id (a route of its own: three segments would rank as a product page). */
export default function AdminOrderApp() {
  return <AdminApp screen="order" />;
}
