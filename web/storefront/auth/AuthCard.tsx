import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-white px-4 py-10">
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-8 shadow-sm">
        <Link to="/" className="mb-6 block text-center font-serif text-2xl font-bold text-brand-700">
          Ratna Gems
        </Link>
        <h1 className="mb-6 text-center text-xl font-semibold">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** Under a form: the way to the other page (e.g. "Don't have an account? Sign Up"). */
export function AuthSwitch({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <p className="mt-6 text-center text-sm text-gray-600">
      {text}{' '}
      <Link to={to} className="font-medium text-brand-700 underline">
        {label}
      </Link>
    </p>
  );
}

/** The submit button of the sign-in, sign-up and forgot-password forms. */
export const authSubmitClass =
  'w-full rounded-md bg-brand-700 py-2.5 font-semibold text-white hover:bg-brand-600 disabled:opacity-60';

/** The text shown for a failed sign-in or sign-up call. */
export function authErrorText(err: unknown) {
  const e = err as { status?: number; body?: { message?: string } };
  if (e?.status === 0) return 'Network error. Please try again later.';
  return e?.body?.message || 'Something went wrong. Please try again.';
}
