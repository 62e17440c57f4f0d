import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { adminApi } from '../../api/admin';

/** The text the merchant reads while the shop has no GSTIN (dashboard and settings). */
const NO_GSTIN_TEXT =
  'No GSTIN is set: the shop is not registered for GST. It issues Bills of Supply without tax and files no GSTR-1.';

/**
 * Said on the dashboard and the settings screen while no seller GSTIN is set, so the merchant knows why the
 * documents are bills of supply. `link` adds the way to the settings (not needed on the settings screen itself).
 */
export function NoGstinWarning({ link = false }: { link?: boolean }) {
  const q = useQuery({ queryKey: ['admin', 'settings'], queryFn: adminApi.settings.get });
  if (q.data?.settings.gstin !== '') return null;
  return (
    <p
      role="alert"
      data-testid="no-gstin"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      {NO_GSTIN_TEXT}
      {link ? (
        <>
          {' '}
          <Link to="/dashboard/settings" className="font-medium underline">
            Set the GSTIN in Settings
          </Link>
        </>
      ) : null}
    </p>
  );
}
