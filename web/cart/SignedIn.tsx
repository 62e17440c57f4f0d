import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { signInPath } from '../auth/returnTo';
import { useSession } from '../auth/session';

/** Cart, checkout and orders need a session: visitors who are signed out go to /signin and come back here after. */
function SignedIn({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { user, loading } = useSession();
  const here = useLocation();
  if (loading) return fallback;
  if (!user) return <Navigate to={signInPath(`${here.pathname}${here.search}`)} replace />;
  return children;
}

/** A page for a signed-in shopper: its title, then its content once the session is known (`fallback` until then). */
export function SignedInPage({
  title,
  width,
  fallback,
  children,
}: {
  title: string;
  /** A Tailwind max-width class. */
  width: string;
  fallback: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={`mx-auto ${width} px-4 py-6 sm:py-8`}>
      <h1 className="mb-6 font-serif text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
      <SignedIn fallback={fallback}>{children}</SignedIn>
    </section>
  );
}
