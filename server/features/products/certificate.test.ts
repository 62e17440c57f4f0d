import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FilterResponse,
  MAX_CERTIFICATE_BYTES,
  type Product,
  ProductBySlugResponse,
  ProductMutationResponse,
} from '../../../contract/catalogue.js';
import { sweepMedia } from '../../media/sweep.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import {
  createCategory,
  createSubcategory,
  type FilePart,
  makeImage,
  makePdf,
  patchProduct,
  postProduct,
  storedFiles,
} from './test-kit.js';

let t: TestApp;
let admin: TestUser;
let base: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  const gemstones = await createCategory(t, admin.cookie, 'Gemstones');
  const ruby = await createSubcategory(t, admin.cookie, gemstones, 'Ruby');
  base = {
    category: gemstones,
    subcategory: ruby,
    productname: 'Certified Ruby',
    productdescription: 'A ruby with its report.',
    productprice: '50000',
    stockquantity: '1',
  };
});
afterAll(() => t.close());

const report = (body: Buffer, filename = 'report.pdf', type = 'application/pdf'): FilePart => ({
  name: 'certificate',
  filename,
  body,
  type,
});

async function created(fields: Record<string, string>, files: FilePart[] = []): Promise<Product> {
  const res = await postProduct(t, admin.cookie, { ...base, ...fields }, files);
  expect(res.statusCode, res.body).toBe(201);
  return ProductMutationResponse.parse(res.json()).product;
}

const errorOf = (res: { json(): unknown }) => res.json() as { message: string; errors?: { path: string; message: string }[] };

describe('the lab certificate fields', () => {
  it('creates a product with its lab and report number, shown on the storefront; the free-text certification stays', async () => {
    const p = await created({
      productname: 'GIA Ruby',
      certificatelab: 'GIA',
      certificatenumber: ' 2141438167 ',
      certification: 'GIA Certified',
    });
    expect(p).toMatchObject({
      certificatelab: 'gia',
      certificatenumber: '2141438167',
      certificatefile: '',
      certification: 'GIA Certified',
    });
    const page = await t.request({ method: 'GET', url: `/p1/api/slug/${p.slug}` });
    expect(page.statusCode).toBe(200);
    expect(ProductBySlugResponse.parse(page.json()).product).toMatchObject({
      certificatelab: 'gia',
      certificatenumber: '2141438167',
    });
  });

  it('reads the lab by its label (Gübelin) and leaves both fields empty when not given', async () => {
    expect(
      await created({ productname: 'Gubelin Ruby', certificatelab: 'Gübelin', certificatenumber: '23-0123-4567' }),
    ).toMatchObject({
      certificatelab: 'gubelin',
      certificatenumber: '23-0123-4567',
    });
    expect(await created({ productname: 'Plain Ruby' })).toMatchObject({
      certificatelab: '',
      certificatenumber: '',
      certificatefile: '',
    });
  });

  it('updates the lab and number; a number alone is checked against the lab kept', async () => {
    const p = await created({ productname: 'IGI Ruby', certificatelab: 'igi', certificatenumber: 'LG612345678' });
    let res = await patchProduct(t, admin.cookie, p._id, { certificatenumber: '612345679' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({ certificatelab: 'igi', certificatenumber: '612345679' });

    res = await patchProduct(t, admin.cookie, p._id, { certificatelab: 'grs', certificatenumber: 'GRS2023-081234' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({ certificatelab: 'grs', certificatenumber: 'GRS2023-081234' });

    // The kept number is not a GIA number: switching the lab alone is refused and nothing changes.
    res = await patchProduct(t, admin.cookie, p._id, { certificatelab: 'gia' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).errors?.[0]).toMatchObject({ path: 'certificatenumber' });
    const after = await t.request({ method: 'GET', url: `/p1/api/slug/${p.slug}` });
    expect(after.json().product).toMatchObject({ certificatelab: 'grs', certificatenumber: 'GRS2023-081234' });

    // Clearing both.
    res = await patchProduct(t, admin.cookie, p._id, { certificatelab: '', certificatenumber: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({ certificatelab: '', certificatenumber: '' });
  });

  it.each([
    [{ certificatelab: 'HRD' }, 'certificatelab', /GIA, IGI, GII, GRS, SSEF, Gübelin, Other/],
    [{ certificatenumber: '12345' }, 'certificatelab', /lab that issued/],
    [{ certificatelab: 'igi', certificatenumber: 'ab' }, 'certificatenumber', /3 to 40/],
    [{ certificatelab: 'igi', certificatenumber: 'LG 6123' }, 'certificatenumber', /3 to 40/],
    [{ certificatelab: 'igi', certificatenumber: '"><script>' }, 'certificatenumber', /3 to 40/],
    [{ certificatelab: 'ssef', certificatenumber: `A${'1'.repeat(40)}` }, 'certificatenumber', /3 to 40/],
    [{ certificatelab: 'gia', certificatenumber: 'GIA2141438167' }, 'certificatenumber', /GIA report number/],
  ])('refuses %j with a message on %s', async (fields, path, message) => {
    const before = Number((await t.database.query<{ n: number }>('select count(*)::int as n from products'))[0]?.n);
    const res = await postProduct(t, admin.cookie, { ...base, productname: 'Refused Ruby', ...fields });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).errors?.[0]?.path).toBe(path);
    expect(errorOf(res).message).toMatch(message);
    expect(Number((await t.database.query<{ n: number }>('select count(*)::int as n from products'))[0]?.n)).toBe(before);
  });

  it('a shopper cannot set them', async () => {
    const shopper = await t.signUpAndIn('USER');
    const res = await postProduct(t, shopper.cookie, { ...base, certificatelab: 'gia' }, [report(makePdf())]);
    expect(res.statusCode).toBe(403);
  });
});

describe('the uploaded report', () => {
  it('stores a PDF and serves it back as a document: application/pdf, inline, nosniff, the same bytes', async () => {
    const pdf = makePdf();
    const p = await created({ productname: 'Ruby With PDF', certificatelab: 'gia', certificatenumber: '2141438167' }, [
      report(pdf),
    ]);
    expect(p.certificatefile).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\/certificate\.pdf$/);
    const res = await t.request({ method: 'GET', url: p.certificatefile as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="lab-report.pdf"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(pdf)).toBe(true);
    const head = await t.request({ method: 'HEAD', url: p.certificatefile as string });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/pdf');
    expect(Number(head.headers['content-length'])).toBe(pdf.length);
    // A product image is no document.
    const image = await created({ productname: 'Ruby With Photo' }, [
      { name: 'images', filename: 'a.jpg', body: await makeImage('jpeg'), type: 'image/jpeg' },
    ]);
    const photo = await t.request({ method: 'GET', url: image.productimages[0] as string });
    expect(photo.headers['content-disposition']).toBeUndefined();
  });

  it('takes a picture of the report through the image pipeline and keeps its full-size original', async () => {
    const p = await created({ productname: 'Ruby With Scan', certificatelab: 'igi', certificatenumber: 'LG612345678' }, [
      report(await makeImage('png', 300, 400), 'scan.png', 'image/png'),
    ]);
    expect(p.certificatefile).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\/original\.png$/);
    const res = await t.request({ method: 'GET', url: p.certificatefile as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it.each([
    ['a text file', Buffer.from('Report no. 2141438167\n'.repeat(10)), 'report.pdf'],
    ['HTML named .pdf', Buffer.from('<html><script>alert(1)</script></html>'.repeat(5)), 'report.pdf'],
    ['a PDF header without its end', Buffer.from(`%PDF-1.7\n${'x'.repeat(200)}`), 'cut.pdf'],
    ['an MP4', Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(200, 1)]), 'a.mp4'],
  ])('refuses %s (415) and keeps nothing', async (_, body, filename) => {
    const before = storedFiles(t);
    const res = await postProduct(t, admin.cookie, { ...base, productname: 'Refused Report' }, [report(body, filename)]);
    expect(res.statusCode, res.body).toBe(415);
    expect(errorOf(res).errors?.[0]?.path).toBe('certificate');
    expect(storedFiles(t)).toEqual(before);
  });

  it('refuses a PDF over 10 MB (413) and a PDF in place of a product image (415)', async () => {
    const big = Buffer.concat([makePdf(), Buffer.alloc(MAX_CERTIFICATE_BYTES, 0x20), Buffer.from('%%EOF\n')]);
    let res = await postProduct(t, admin.cookie, { ...base, productname: 'Huge Report' }, [report(big)]);
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).errors?.[0]?.path).toBe('certificate');
    res = await postProduct(t, admin.cookie, { ...base, productname: 'PDF As Image' }, [
      { name: 'images', filename: 'report.pdf', body: makePdf(), type: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(415);
  });

  it('a new report replaces the old file; certificateToDelete removes it; deleting the product removes it', async () => {
    const p = await created({ productname: 'Ruby Reports' }, [report(makePdf('first'))]);
    const first = (p.certificatefile as string).replace('/uploads/', '');
    expect(storedFiles(t)).toContain(first);

    let res = await patchProduct(t, admin.cookie, p._id, {}, [report(makePdf('second'))]);
    expect(res.statusCode, res.body).toBe(200);
    const second = (res.json().product.certificatefile as string).replace('/uploads/', '');
    expect(second).not.toBe(first);
    expect(storedFiles(t)).toContain(second);
    expect(storedFiles(t)).not.toContain(first);
    // The sweep keeps a report a product points at.
    await sweepMedia(t.database.db, t.app.media, { olderThanMs: -60_000 });
    expect(storedFiles(t)).toContain(second);

    res = await patchProduct(t, admin.cookie, p._id, { certificateToDelete: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product.certificatefile).toBe('');
    expect(storedFiles(t)).not.toContain(second);

    res = await patchProduct(t, admin.cookie, p._id, { certificateToDelete: 'yes' });
    expect(res.statusCode).toBe(400);

    res = await patchProduct(t, admin.cookie, p._id, {}, [report(makePdf('third'))]);
    const third = (res.json().product.certificatefile as string).replace('/uploads/', '');
    expect((await t.request({ method: 'DELETE', url: `/p1/api/delete/${p._id}`, cookie: admin.cookie })).statusCode).toBe(200);
    expect(storedFiles(t)).not.toContain(third);
  });
});

describe('the lab filter with the lab field', () => {
  it('finds a stone by the lab of its report as well as by the certification text, as before', async () => {
    const names = async (term: string) => {
      const res = await t.request({ method: 'GET', url: `/p1/api/filter/${term}` });
      expect(res.statusCode).toBe(200);
      return FilterResponse.parse(res.json())
        .products.map((p) => p.productname)
        .filter((n) => n.startsWith('Lab '))
        .sort();
    };
    await created({ productname: 'Lab Field SSEF', certificatelab: 'ssef', certificatenumber: '123456' });
    await created({ productname: 'Lab Text SSEF', certification: 'SSEF Switzerland' });
    await created({ productname: 'Lab Field Other', certificatelab: 'other', certification: 'IGL Jaipur' });
    await created({ productname: 'Lab Text Other', certification: 'Jaipur Gem Lab' });
    // The field names the lab: the text does not make it another.
    await created({ productname: 'Lab Field GRS Text IGI', certificatelab: 'grs', certification: 'IGI' });
    await created({ productname: 'Lab None' });

    expect(await names('lab-ssef')).toEqual(['Lab Field SSEF', 'Lab Text SSEF']);
    expect(await names('lab-grs')).toEqual(['Lab Field GRS Text IGI']);
    expect(await names('lab-igi')).toEqual([]);
    expect(await names('lab-igl')).toEqual(['Lab Field Other']);
    expect(await names('lab-other')).toEqual(['Lab Field Other', 'Lab Text Other']);
    expect(await names('lab-any')).toEqual([
      'Lab Field GRS Text IGI',
      'Lab Field Other',
      'Lab Field SSEF',
      'Lab Text Other',
      'Lab Text SSEF',
    ]);
  });
});
