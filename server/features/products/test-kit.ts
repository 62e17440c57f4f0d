import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { TestApp } from '../../test/helpers.js';

/** Test helpers for catalogue tests: small images made with sharp, multipart bodies, quick fixtures. */

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** A small real image (a few hundred bytes to a few KB). */
export async function makeImage(format: ImageFormat = 'jpeg', width = 96, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 20, b: 60 } } })
    .toFormat(format)
    .toBuffer();
}

/** The first bytes of a tiny MP4 (an `ftyp` box with brand isom) followed by filler. */
export function makeMp4(size = 2048): Buffer {
  const head = Buffer.concat([
    Buffer.from([0, 0, 0, 0x1c]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2mp41', 'latin1'),
  ]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 1)]);
}

/** The start of a WebM file (EBML header with doctype webm). */
export function makeWebm(size = 2048): Buffer {
  const head = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d', 'hex');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 2)]);
}

/** A small PDF a lab could send: header, one empty page, trailer, `%%EOF`. */
export function makePdf(text = 'Report 2141438167'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n` +
      `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n% ${text}\n` +
      'trailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
}

export type FilePart = { name: string; filename: string; body: Buffer; type?: string };

/** A multipart/form-data body and its content type, as a browser's FormData would send it. */
export async function multipart(fields: Record<string, string | number | undefined>, files: FilePart[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, String(v));
  for (const f of files) {
    form.append(f.name, new Blob([new Uint8Array(f.body)], { type: f.type ?? 'application/octet-stream' }), f.filename);
  }
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') as string },
  };
}

/** Every file stored under the app's uploads directory (relative keys). */
export function storedFiles(t: TestApp): string[] {
  const root = path.join(t.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .map((p) => p.split(path.sep).join('/'))
    .filter((p) => fs.statSync(path.join(root, p)).isFile())
    .sort();
}

export async function createCategory(t: TestApp, cookie: string, categoryname: string): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/c1/api/create', cookie, payload: { categoryname } });
  if (res.statusCode !== 201) throw new Error(`category: ${res.statusCode} ${res.body}`);
  return res.json().data._id;
}

export async function createSubcategory(t: TestApp, cookie: string, category: string, subcategoryname: string): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/s2/api/create', cookie, payload: { category, subcategoryname } });
  if (res.statusCode !== 201) throw new Error(`subcategory: ${res.statusCode} ${res.body}`);
  return res.json().data._id;
}

export type ProductFormFields = Record<string, string | number | undefined>;

/** Creates a product through the admin endpoint; returns the response. */
export async function postProduct(t: TestApp, cookie: string, fields: ProductFormFields, files: FilePart[] = []) {
  const body = await multipart(fields, files);
  return t.request({ method: 'POST', url: '/p1/api/create', cookie, ...body });
}

export async function patchProduct(t: TestApp, cookie: string, id: string, fields: ProductFormFields, files: FilePart[] = []) {
  const body = await multipart(fields, files);
  return t.request({ method: 'PATCH', url: `/p1/api/edit/${id}`, cookie, ...body });
}
