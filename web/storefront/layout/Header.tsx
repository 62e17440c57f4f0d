import { ShoppingCart, User } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession, useSignOut } from '../../auth/session';

export function Header() {
  const { user } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 10);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <header className={`fixed inset-x-0 top-0 z-40 bg-white transition-shadow ${scrolled ? 'shadow-md' : ''}`}>
      <div className="bg-brand-900 px-4 py-1.5 text-xs text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2">
          <span>
            <a href="tel:+919876543210">+91 98765 43210</a> · <a href="mailto:support@ratnagems.in">support@ratnagems.in</a>
          </span>
          <span className="hidden gap-4 sm:flex">
            <span>Free Shipping</span>
            <span>Secure Payment</span>
            <span>Easy Returns</span>
          </span>
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="font-serif text-2xl font-bold text-brand-700">
          Ratna Gems
        </Link>
        <nav aria-label="Account" className="flex items-center gap-4">
          <Link to="/cart" className="relative" aria-label="Cart">
            <ShoppingCart aria-hidden className="size-6" />
          </Link>
          {user ? (
            <span className="flex items-center gap-3">
              <span className="flex items-center gap-1 text-sm font-medium">
                <User aria-hidden className="size-5" />
                <span data-testid="account-label">{user.fullname}</span>
              </span>
              <button
                type="button"
                className="text-sm text-brand-700 underline"
                onClick={async () => {
                  await signOut();
                  navigate('/');
                }}
              >
                Sign out
              </button>
            </span>
          ) : (
            <Link to="/signin" className="flex items-center gap-1 text-sm font-medium">
              <User aria-hidden className="size-5" />
              <span data-testid="account-label">Account</span>
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
