import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../auth/session';

/** Cart, checkout and orders need a session: visitors who are signed out go to /signin. */
export function SignedIn({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { user, loading } = useSession();
  if (loading) return fallback;
  if (!user) return <Navigate to="/signin" replace />;
  return children;
}
