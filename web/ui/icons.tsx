/**
 * The few line icons the first paint needs, as plain path data (24×24, 2 px stroke) so the page frame does not
 * pull an icon library into its first download. A screen that draws other icons keeps their paths itself (passed
 * as `d`), so each screen carries only the paths it draws; screens loaded later may use lucide-react.
 */
const PATHS = {
  cart: 'M3 3h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 7H6M7.5 20a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0M16.5 20a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0',
  user: 'M8 8a4 4 0 1 0 8 0a4 4 0 1 0-8 0M4 21a8 8 0 0 1 16 0',
  logOut: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M18 6 6 18M6 6l12 12',
  chevronDown: 'm6 9 6 6 6-6',
  chevronLeft: 'm15 18-6-6 6-6',
  chevronRight: 'm9 18 6-6-6-6',
  box: 'M21 8 12 3 3 8v8l9 5 9-5zM3 8l9 5 9-5M12 13v8',
  store: 'M3 9l1.5-5h15L21 9M4 9v11h16V9M9 20v-6h6v6M3 9h18',
  arrowUp: 'm5 12 7-7 7 7M12 19V5',
  chat: 'M21 12a9 9 0 0 1-13.4 7.8L3 21l1.2-4.6A9 9 0 1 1 21 12z',
  search: 'M4 11a7 7 0 1 0 14 0a7 7 0 1 0-14 0M21 21l-4.3-4.3',
} as const;

type IconName = keyof typeof PATHS;

/** A decorative icon (hidden from assistive technology: label the control that holds it): a frame icon by name, or `d`. */
export function Icon({
  name,
  d,
  className = 'size-5',
}: { className?: string } & ({ name: IconName; d?: never } | { d: string; name?: never })) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={name ? PATHS[name] : d} />
    </svg>
  );
}
