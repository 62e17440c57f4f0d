const TONES: Record<string, string> = {
  running: 'bg-green-100 text-green-800',
  scheduled: 'bg-blue-100 text-blue-800',
  ended: 'bg-gray-100 text-gray-700',
  off: 'bg-gray-100 text-gray-700',
  'used up': 'bg-amber-100 text-amber-900',
};

/** Where a sale or coupon stands now: running, scheduled, ended (and for a coupon, off or used up). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${TONES[status] ?? TONES.off}`}>
      {status}
    </span>
  );
}
