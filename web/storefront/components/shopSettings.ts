import { useQuery } from '@tanstack/react-query';
import { formatRupees } from '../../../contract/money';
import type { FreeShipping, PublicSettings, settingsRoutes } from '../../../contract/settings';
import { routeCaller } from '../../api/client';
import { SETTINGS_KEY } from '../../ssr';

/**
 * The shop's public settings (GET /a1/api/settings): its name, address and support contacts, edited by the merchant
 * on the back-office Settings screen. Every page the server sends carries them (web/ssr.ts `readShopSettings`), so the
 * header and footer show them from the first paint; they are asked for only when a page came without them.
 */
const call = routeCaller<typeof settingsRoutes>();

function useShopSettings(): PublicSettings | undefined {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: async () => (await call('GET /a1/api/settings')).settings,
    staleTime: 5 * 60_000,
  }).data;
}

/** `tel:` address of a phone number as written (`+91 98765 43210` → `tel:+919876543210`). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** WhatsApp chat link of the support phone (an Indian number without its country code gets +91). */
function whatsappHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return '';
  return `https://wa.me/${digits.length === 10 ? `91${digits}` : digits}`;
}

/** What the storefront shows of the settings: empty strings until they are known. */
export function useShopContacts() {
  const s = useShopSettings();
  const phone = s?.supportphone ?? '';
  return {
    name: s?.shopname ?? '',
    address: s?.address ?? '',
    email: s?.supportemail ?? '',
    phone: { label: phone, href: phone ? telHref(phone) : '' },
    whatsapp: whatsappHref(phone),
    /** Where shipping is free, from the shipping zones (undefined until the settings are known). */
    freeshipping: s?.freeshipping,
    legalname: s?.legalname ?? '',
    /** The grievance officer (every field '' until the merchant names one). */
    officer: s?.grievanceofficer ?? { name: '', designation: '', email: '', phone: '' },
  };
}

/** 150000 → '1,50,000' (Indian digit grouping, paise only when there are some), after "INR" as the shop writes it. */
const inrGrouping = (rupees: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(rupees);

/**
 * The header's promise of free shipping, as the shipping zones give it: "Free Shipping" when every zone ships free,
 * "Free Shipping above ₹X" when every zone does from the same amount as India, else India's ("Free Shipping in India",
 * "… above ₹X"); null when India's zone never ships free, and until the settings are known.
 */
export function freeShippingPromise(free: FreeShipping | undefined): string | null {
  if (!free || free.india === null) return null;
  if (free.worldwide === free.india)
    return free.india === 0 ? 'Free Shipping' : `Free Shipping above ${formatRupees(free.india, 'auto')}`;
  return free.india === 0 ? 'Free Shipping in India' : `Free Shipping in India above ${formatRupees(free.india, 'auto')}`;
}

/**
 * The home page's line on free shipping, as the shipping zones give it: worldwide from the highest of the zones'
 * thresholds when every zone has one ("Free worldwide shipping above INR 1,50,000."), else India's; null when
 * neither, and until the settings are known.
 */
export function freeShippingLine(free: FreeShipping | undefined): string | null {
  if (!free) return null;
  if (free.worldwide !== null)
    return free.worldwide === 0
      ? 'Free worldwide shipping.'
      : `Free worldwide shipping above INR ${inrGrouping(free.worldwide)}.`;
  if (free.india !== null)
    return free.india === 0 ? 'Free shipping in India.' : `Free shipping in India above INR ${inrGrouping(free.india)}.`;
  return null;
}

/**
 * The shipping policy's sentence on charges, as the shipping zones give it ("Shipping is free worldwide on orders
 * above INR 1,50,000."), else India's; '' when no order ships free, and until the settings are known.
 */
export function freeShippingPolicy(free: FreeShipping | undefined): string {
  if (!free) return '';
  const above = (amount: number) => (amount === 0 ? '' : ` on orders above INR ${inrGrouping(amount)}`);
  if (free.worldwide !== null) return `Shipping is free worldwide${above(free.worldwide)}.`;
  if (free.india !== null) return `Shipping is free in India${above(free.india)}.`;
  return '';
}

/** About Us's line on worldwide shipping: ", free above INR 1,50,000" only when every zone ships free from it. */
export function worldwideFreeFrom(free: FreeShipping | undefined): string {
  if (!free || free.worldwide === null) return '';
  return free.worldwide === 0 ? ', free' : `, free above INR ${inrGrouping(free.worldwide)}`;
}
