/** Which request paths are the API's or files', never a page of the web app. */

/** API prefixes: unknown paths under them are JSON 404s, never the app's HTML. */
export const API_PREFIXES = ['/u1/api', '/c1/api', '/s2/api', '/p1/api', '/c2/api', '/o1/api', '/a1/api', '/api/', '/uploads/'];

/**
 * A request for a file (a script, stylesheet, picture, font, map…) that is not there: answered 404 at once, never
 * with a page. Anything under /assets/ is one, and so is a path whose last segment ends in a dot and an extension
 * that starts with a letter (`.js`, `.woff2`, `.mp4`). A dot before digits is a decimal in a page's address
 * (`/all-max-99.5`, `/ruby-min-1.25`), which is a page.
 */
export function isFileRequest(pathname: string): boolean {
  if (pathname.startsWith('/assets/')) return true;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[a-z][a-z0-9]{0,4}$/i.test(last);
}
