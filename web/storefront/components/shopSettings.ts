import { useQuery } from '@tanstack/react-query';
import type { PublicSettings, settingsRoutes } from '../../../contract/settings';
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
    freeshippingabove: s?.freeshippingabove,
    legalname: s?.legalname ?? '',
    /** The grievance officer (every field '' until the merchant names one). */
    officer: s?.grievanceofficer ?? { name: '', designation: '', email: '', phone: '' },
  };
}
