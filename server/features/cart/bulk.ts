import { CsvError, parse } from 'csv-parse/sync';
import { inArray, or } from 'drizzle-orm';
import { BULK_MAX_ROWS } from '../../../contract/cart.js';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { DomainError, InvalidInput } from '../../domain/errors.js';
import { addLine, type CartOwner, cartLines } from './service.js';

/** One row of a bulk order: its line number in the file (the first line is 1) and its cells, trimmed. */
type Row = { line: number; cells: string[] };

const QUANTITY_MESSAGE = 'Quantity must be a whole number from 1 to 1000';

/** A first row naming its columns rather than a product: `sku, quantity, size, colour` or the like. */
function isHeader(cells: string[]) {
  const [first = '', second = ''] = cells.map((c) => c.toLowerCase());
  return /^(quantity|qty)$/.test(second) || /^(sku|slug|product|sku\s*(or|\/)\s*slug)$/.test(first);
}

/** The file's rows, its header row left out; a file that cannot be read, has no rows or too many is a 400. */
function readRows(csv: string): Row[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      info: true,
    }) as unknown as typeof records;
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const message = `The CSV file cannot be read (line ${err.lines}): check its quotes`;
    throw new InvalidInput(message, [{ path: 'csv', message }]);
  }
  const rows = records
    .filter((r) => r.record.some((c) => c !== ''))
    .map(({ record, info }) => ({
      // A record's line is where it starts: a quoted cell may run over several lines.
      line: info.lines - (record.join('').match(/\r\n|\n|\r/g)?.length ?? 0),
      cells: record,
    }));
  if (rows[0] && isHeader(rows[0].cells)) rows.shift();
  if (rows.length === 0) {
    const message = 'The CSV file has no rows: one product a row, as SKU or slug, quantity[, size, colour]';
    throw new InvalidInput(message, [{ path: 'csv', message }]);
  }
  if (rows.length > BULK_MAX_ROWS) {
    const message = `A CSV file may have at most ${BULK_MAX_ROWS} rows besides its header (this one has ${rows.length}); nothing was added`;
    throw new InvalidInput(message, [{ path: 'csv', message }]);
  }
  return rows;
}

/** Each identifier's product id: a SKU (any case) or a slug. */
async function productIds(db: Db, identifiers: string[]) {
  const skus = [...new Set(identifiers.map((i) => i.toUpperCase()))];
  const slugs = [...new Set(identifiers.map((i) => i.toLowerCase()))];
  const found = await db
    .select({ id: products.id, sku: products.sku, slug: products.slug })
    .from(products)
    .where(or(inArray(products.sku, skus), inArray(products.slug, slugs)));
  const bySku = new Map(found.filter((p) => p.sku !== null).map((p) => [p.sku as string, p.id]));
  const bySlug = new Map(found.map((p) => [p.slug, p.id]));
  return (identifier: string) => bySku.get(identifier.toUpperCase()) ?? bySlug.get(identifier.toLowerCase());
}

/**
 * A bulk order: each good row added to the cart as `POST /c2/api/add` adds a product (cart/service.ts `addLine`: the
 * same stock, size, colour and availability rules, one row at a time), each bad row reported with its line number.
 */
export async function addCsv(db: Db, owner: CartOwner, csv: string, at: Date) {
  const rows = readRows(csv);
  const idOf = await productIds(
    db,
    rows.map((r) => r.cells[0] ?? ''),
  );
  const errors: { row: number; message: string }[] = [];
  let added = 0;
  for (const { line, cells } of rows) {
    const [identifier = '', quantityText = '', size = '', colour = '', ...extra] = cells;
    const fail = (message: string) => errors.push({ row: line, message });
    if (extra.some((c) => c !== '')) {
      fail('A row has at most 4 columns: SKU or slug, quantity, size, colour');
      continue;
    }
    if (identifier === '') {
      fail('Give the product’s SKU or slug');
      continue;
    }
    const quantity = /^\d{1,4}$/.test(quantityText) ? Number(quantityText) : Number.NaN;
    if (!(quantity >= 1 && quantity <= 1000)) {
      fail(QUANTITY_MESSAGE);
      continue;
    }
    const productId = idOf(identifier);
    if (!productId) {
      fail(`No product has the SKU or slug "${identifier.slice(0, 100)}"`);
      continue;
    }
    try {
      await addLine(db, owner, { productId, quantity, productsize: size || undefined, productcolour: colour || undefined }, at);
      added += 1;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      fail(err.message);
    }
  }
  return { added, errors, data: await cartLines(db, owner, at) };
}
