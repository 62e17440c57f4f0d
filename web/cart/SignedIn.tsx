import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { signInPath } from '../auth/returnTo';
import { useSession } from '../auth/session';

/** Cart, checkout and orders need a session: visitors who are signed out go to /signin and come back here after. */
export function SignedIn({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { user, loading } = useSession();
  const here = useLocation();
  if (loading) return fallback;
  if (!user) return <Navigate to={signInPath(`${here.pathname}${here.search}`)} replace />;
  return children;
}
