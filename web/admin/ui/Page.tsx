import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../ui/form';

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-gray-600">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function ErrorBanner({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div
      role="alert"
      className="mb-4 flex items-start gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="flex-1">{children}</div>
      {action}
    </div>
  );
}

/** A list that could not be loaded: what went wrong, with Retry. Nothing while the query is fine. */
export function LoadError({ query, children }: { query: { isError: boolean; refetch: () => unknown }; children: ReactNode }) {
  if (!query.isError) return null;
  return (
    <ErrorBanner
      action={
        <Button variant="secondary" onClick={() => query.refetch()}>
          Retry
        </Button>
      }
    >
      {children}
    </ErrorBanner>
  );
}
