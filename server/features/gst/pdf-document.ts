import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** DejaVu Sans (free licence, see the dejavu-fonts-ttf package): it has the ₹ sign and every Indian name's letters. */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/**
 * An A4 page of the shop's documents (invoices, credit notes, receipt vouchers, the customs declaration, a statement
 * of account): 36-point margins, the fonts `body` and `bold`, and `done`, the finished file once `doc.end()` is
 * called. The PDF library is loaded at the first document: a server that only answers shoppers never holds it.
 */
export async function openPdf(info: PDFKit.DocumentInfo) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 36, info });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
