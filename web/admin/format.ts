import { imageUrlAt } from '../../contract/images';
import { formatRupees } from '../../contract/money';
import { ApiError } from '../api/client';

const TZ = 'Asia/Kolkata';
const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: TZ });
const dateOnly = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: TZ });
const dayMonth = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** ₹1,50,000.00 (Indian digit grouping). */
export const formatINR = (rupees: number) => formatRupees(rupees, 2);
/** Compact chart label: ₹950, ₹12.5K, ₹1.5L, ₹2.1Cr. */
export function formatINRCompact(rupees: number) {
  const abs = Math.abs(rupees);
  const trim = (n: number) => String(Number(n.toFixed(1)));
  if (abs >= 1e7) return `₹${trim(rupees / 1e7)}Cr`;
  if (abs >= 1e5) return `₹${trim(rupees / 1e5)}L`;
  if (abs >= 1e3) return `₹${trim(rupees / 1e3)}K`;
  return `₹${Math.round(rupees)}`;
}
export const formatDateTime = (iso: string) => (iso ? dateTime.format(new Date(iso)) : '');
export const formatDate = (iso: string) => (iso ? dateOnly.format(new Date(iso)) : '');
/** '5 Mar' from an India-time calendar date YYYY-MM-DD. */
export const formatDayMonth = (ymd: string) => dayMonth.format(new Date(`${ymd}T00:00:00Z`));

/**
 * The text to show for a failed call: the server's message when it sent one, else `fallback`, or
 * `networkFallback` when no answer came back at all.
 */
export function errorText(err: unknown, fallback: string, networkFallback = fallback) {
  if (err instanceof ApiError) {
    if (err.status === 0) return networkFallback;
    if (err.body?.message) return namedAsOnScreen(err.body.message, err.body.errors?.[0]?.path);
    return fallback;
  }
  return networkFallback;
}

/** A list's name in an error's path, and what the screen calls one of its rows. */
const ROW_NAMES: Record<string, string> = {
  slides: 'Slide',
  banners: 'Banner',
  tiles: 'Tile',
  films: 'Film',
  faq: 'Question',
  zones: 'Zone',
  rates: 'Rate',
  countries: 'Country',
  tiers: 'Tier',
  metals: 'Metal',
  lines: 'Line',
  currencies: 'Currency',
  images: 'Picture',
};

/** `freeabove` → `free above`, `mindays` → `min days`, `validUntil` → `valid until`. */
const FIELD_WORDS: Record<string, string> = {
  freeabove: 'free above',
  mindays: 'fewest days',
  maxdays: 'most days',
  minquantity: 'minimum quantity',
  percentoff: 'percent off',
  pergram: 'rate per gram',
};
const fieldWords = (key: string) => FIELD_WORDS[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * A path the server names a field by (`slides.1.link`), as the screen names it (`Slide 2: link`): a list's row by
 * its number counted from 1, then the field in words.
 * @forTests unit-tested with the paths the back-office's lists send back
 */
export function fieldName(path: string): string {
  const parts = path.split('.');
  const words: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const next = parts[i + 1];
    if (next !== undefined && /^\d+$/.test(next) && ROW_NAMES[part]) {
      words.push(`${ROW_NAMES[part]} ${Number(next) + 1}`);
      i++;
    } else if (/^\d+$/.test(part)) {
      words.push(`no. ${Number(part) + 1}`);
    } else {
      words.push(fieldWords(part));
    }
  }
  const [head, ...rest] = words;
  if (!head) return path;
  return rest.length ? `${head}: ${rest.join(' ')}` : head;
}

/** The server's `path: message` with the path named as on the screen; any other message as it is. */
function namedAsOnScreen(message: string, path: string | undefined): string {
  const prefix = path?.includes('.') ? `${path}: ` : null;
  if (!path || !prefix || !message.startsWith(prefix)) return message;
  return `${fieldName(path)} — ${message.slice(prefix.length)}`;
}

/** Field errors of a 400 answer, keyed by field. */
export const fieldErrorsOf = (err: unknown): Record<string, string> => (err instanceof ApiError ? err.fieldErrors : {});

/** Another stored width of an uploaded image (`…/<key>/<320|640|1280>.webp`, local or object storage); other URLs unchanged. */
export const imageVariant = imageUrlAt;
/** The 320 px variant, for list thumbnails. */
export const thumbnail = (url: string) => imageVariant(url, 320);

/** India has kept one offset all year since 1945: +05:30. */
const INDIA_OFFSET_MS = 330 * 60_000;

/** An instant as a `datetime-local` value in India time: `2026-11-24T10:00`; '' for none. */
export function indiaInputValue(iso: string | Date | undefined): string {
  if (!iso) return '';
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '';
  return new Date(t + INDIA_OFFSET_MS).toISOString().slice(0, 16);
}

/** A `datetime-local` value read as India time, as the instant the API takes (`2026-11-24T10:00:00+05:30`); '' when empty. */
export const instantFromIndiaInput = (value: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+05:30` : '';
