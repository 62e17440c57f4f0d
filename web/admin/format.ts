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
    if (err.body?.message) return err.body.message;
    return fallback;
  }
  return networkFallback;
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
