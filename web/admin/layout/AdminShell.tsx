import {
  BadgePercent,
  Building2,
  ChartNoAxesColumn,
  ChevronDown,
  Coins,
  FileText,
  FolderTree,
  Gem,
  LayoutDashboard,
  LayoutTemplate,
  LogOut,
  Mail,
  Menu,
  MessageSquareWarning,
  Package,
  PanelLeftClose,
  PanelLeftOpen,
  Percent,
  QrCode,
  Receipt,
  Settings,
  ShoppingBag,
  Sparkles,
  Star,
  Store,
  Tags,
  TicketPercent,
  Truck,
  Users,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useCallback, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import type { User } from '../../api/auth';
import { useSignOut } from '../../auth/session';
import { Modal } from '../ui/Modal';
import { Notices } from '../ui/Notice';

const SIDEBAR_KEY = 'admin.sidebarCollapsed';

const NAV = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/dashboard/category', label: 'Categories', icon: FolderTree, end: false },
  { to: '/dashboard/subcategory', label: 'Subcategories', icon: Tags, end: false },
  { to: '/dashboard/products', label: 'Products', icon: Package, end: false },
  { to: '/dashboard/users', label: 'Users', icon: Users, end: false },
  { to: '/dashboard/businesses', label: 'Businesses', icon: Building2, end: false },
  { to: '/dashboard/price-groups', label: 'Price groups', icon: BadgePercent, end: false },
  { to: '/dashboard/quotes', label: 'Quotes', icon: FileText, end: false },
  { to: '/dashboard/orders', label: 'Orders', icon: ShoppingBag, end: false },
  { to: '/dashboard/sales', label: 'Sales', icon: Percent, end: false },
  { to: '/dashboard/coupons', label: 'Coupons', icon: TicketPercent, end: false },
  { to: '/dashboard/reports', label: 'Reports', icon: ChartNoAxesColumn, end: false },
  { to: '/dashboard/tax', label: 'Tax', icon: Receipt, end: false },
  { to: '/dashboard/metal-rates', label: 'Metal rates', icon: Gem, end: false },
  { to: '/dashboard/designs', label: 'Designs', icon: Sparkles, end: false },
  { to: '/dashboard/shipping', label: 'Shipping zones', icon: Truck, end: false },
  { to: '/dashboard/currencies', label: 'Currencies', icon: Coins, end: false },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings, end: false },
  { to: '/dashboard/outbox', label: 'Outbox', icon: Mail, end: false },
  { to: '/dashboard/einvoices', label: 'E-invoices', icon: QrCode, end: false },
  { to: '/dashboard/grievances', label: 'Grievances', icon: MessageSquareWarning, end: false },
  { to: '/dashboard/reviews', label: 'Reviews', icon: Star, end: false },
  { to: '/dashboard/storefront', label: 'Storefront', icon: LayoutTemplate, end: false },
  { to: '/dashboard/menus', label: 'Menus', icon: Menu, end: false },
] as const;

function readCollapsed() {
  try {
    return localStorage.getItem(SIDEBAR_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Collapsed state of the sidebar, remembered in local storage. */
function useSidebarCollapsed() {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = useCallback(() => {
    setCollapsed((c) => {
      const next = !c;
      try {
        localStorage.setItem(SIDEBAR_KEY, String(next));
      } catch {
        // private mode: the choice lasts for this page only
      }
      return next;
    });
  }, []);
  return [collapsed, toggle] as const;
}

function NavItems({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  return (
    <ul className="space-y-1">
      {NAV.map(({ to, label, icon: Icon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            onClick={onNavigate}
            title={collapsed ? label : undefined}
            aria-label={collapsed ? label : undefined}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-gold-400 focus-visible:outline-none ${
                isActive ? 'bg-white/15 text-white' : 'text-brand-100 hover:bg-white/10 hover:text-white'
              } ${collapsed ? 'justify-center' : ''}`
            }
          >
            <Icon aria-hidden className="size-5 shrink-0" />
            {collapsed ? null : <span>{label}</span>}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function UserMenu({ user }: { user: User }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        aria-label={`Account menu for ${user.fullname}`}
      >
        <span className="flex size-8 items-center justify-center rounded-full bg-brand-700 font-semibold text-white">
          {user.fullname.trim().charAt(0).toUpperCase() || 'A'}
        </span>
        <span className="hidden max-w-40 truncate font-medium sm:inline" data-testid="admin-user-name">
          {user.fullname}
        </span>
        <ChevronDown aria-hidden className="size-4 text-gray-500" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-lg border border-gray-200 bg-white p-1 text-sm shadow-lg"
        >
          <div className="px-3 py-2">
            <p className="font-medium text-gray-900">{user.fullname}</p>
            <p className="text-xs text-gray-500">
              {user.mobileno} · {user.role}
            </p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />
          <DropdownMenu.Item asChild>
            <Link
              to="/"
              className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-gray-700 outline-none data-[highlighted]:bg-gray-100"
            >
              <Store aria-hidden className="size-4" /> View shop
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={async () => {
              await signOut();
              navigate('/signin', { replace: true });
            }}
            className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-red-700 outline-none data-[highlighted]:bg-red-50"
          >
            <LogOut aria-hidden className="size-4" /> Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Back-office frame: collapsible sidebar (a drawer on phones), top bar with the user menu, the screen. */
export function AdminShell({ user }: { user: User }) {
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the top on every path change
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [location.pathname]);

  return (
    <div className="min-h-screen bg-gray-50">
      <aside
        aria-label="Admin navigation"
        data-collapsed={collapsed}
        data-testid="admin-sidebar"
        className={`fixed top-[var(--test-ribbon,0px)] bottom-0 left-0 z-30 hidden flex-col bg-brand-900 text-white transition-[width] duration-200 md:flex ${
          collapsed ? 'w-18' : 'w-64'
        }`}
      >
        <div
          className={`flex h-16 items-center border-b border-white/10 px-4 ${collapsed ? 'justify-center' : 'justify-between'}`}
        >
          {collapsed ? null : (
            <Link to="/dashboard" className="font-serif text-lg font-bold text-gold-400">
              Ratna Gems Admin
            </Link>
          )}
          <button
            type="button"
            onClick={toggleCollapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            className="rounded-md p-1.5 text-brand-100 hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-gold-400 focus-visible:outline-none"
          >
            {collapsed ? <PanelLeftOpen aria-hidden className="size-5" /> : <PanelLeftClose aria-hidden className="size-5" />}
          </button>
        </div>
        <nav aria-label="Sections" className="flex-1 overflow-y-auto p-3">
          <NavItems collapsed={collapsed} />
        </nav>
      </aside>

      <Modal open={drawerOpen} onOpenChange={setDrawerOpen} title="Ratna Gems Admin" variant="drawer" testId="admin-drawer">
        <nav aria-label="Sections" data-testid="admin-drawer-nav">
          <NavItems collapsed={false} onNavigate={() => setDrawerOpen(false)} />
        </nav>
      </Modal>

      <div className={`flex min-h-screen flex-col transition-[padding] duration-200 ${collapsed ? 'md:pl-18' : 'md:pl-64'}`}>
        <header className="sticky top-[var(--test-ribbon,0px)] z-20 flex h-16 items-center justify-between gap-3 border-b border-gray-200 bg-white/95 px-4 backdrop-blur md:px-6">
          <div className="flex items-center gap-2">
            <button
              type="button"
              className="rounded-md p-2 text-gray-700 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none md:hidden"
              aria-label="Open menu"
              onClick={() => setDrawerOpen(true)}
            >
              <Menu aria-hidden className="size-5" />
            </button>
            <span className="font-serif text-lg font-bold text-brand-700 md:hidden">Ratna Gems Admin</span>
          </div>
          <UserMenu user={user} />
        </header>
        <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 md:px-6">
          <Outlet />
        </main>
      </div>
      <Notices />
    </div>
  );
}
