const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** 'DD MMM YYYY, hh:mm A' in the shopper's time zone, e.g. '07 Mar 2025, 03:04 PM'. */
export function formatOrderDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const h = d.getHours();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${two(d.getDate())} ${MONTHS[d.getMonth()]} ${d.getFullYear()}, ${two(h12)}:${two(d.getMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Delivered green, Shipped blue, anything else yellow. */
export function statusClass(status: string): string {
  if (status === 'Delivered') return 'bg-green-100 text-green-800';
  if (status === 'Shipped') return 'bg-blue-100 text-blue-800';
  return 'bg-yellow-100 text-yellow-800';
}

/** Paid green, anything else red. */
export function paymentClass(paymentstatus: string): string {
  return paymentstatus === 'Paid' ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800';
}

/** A calendar day (YYYY-MM-DD, India) as 'DD MMM YYYY', e.g. '06 Apr 2025'. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return `${two(d)} ${MONTHS[m - 1]} ${y}`;
}
