import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A PDF's text as poppler's pdftotext reads it (layout kept, so a table row stays on one line). */
export function pdfText(body: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pdf-'));
  const file = path.join(dir, 'doc.pdf');
  fs.writeFileSync(file, body);
  try {
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
