// Free of zod, so the web app's forms read a number exactly as the server does.

/**
 * An Indian mobile number as people type it — `+91 98111 22334`, `098111-22334`, `91 9811122334` — read as its
 * ten digits: spaces and dashes are dropped, then a leading `+91`/`91` (only before ten more digits) or `0`.
 * Anything else is left as typed, so the ten-digit check still names it. Every schema that takes a mobile number
 * reads it through this one function.
 */
export function normaliseMobile(typed: string): string {
  const compact = typed.trim().replace(/[\s-]+/g, '');
  const m = /^(?:\+91|91|0)(\d{10})$/.exec(compact);
  return m ? (m[1] as string) : compact;
}
