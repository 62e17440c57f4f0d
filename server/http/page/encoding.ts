/** A page compressed as the browser accepts it. */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** br or gzip when the browser accepts it (and has not refused it with q=0). */
/** @forTests unit-tested with browsers' Accept-Encoding headers */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
}

export const brotli = (text: string) =>
  promisify(zlib.brotliCompress)(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
export const gzip = (text: string) => promisify(zlib.gzip)(text);
