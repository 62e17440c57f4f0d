import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../playwright.config.js';

/**
 * A small catalogue of our own for the browsing journeys, created through the admin API (idempotent: the
 * desktop and phone runs share one server). It sits beside the demo catalogue and does not depend on it.
 */
export const VAULT = {
  category: 'Test Vault',
  sapphire: 'Moonlight Sapphire',
  ruby: 'Starfire Ruby',
  /** 35 products "Moonlight Sapphire No. 1..35" priced ₹1,000 × n: two listing pages of 30. */
  sapphireCount: 35,
  featured: {
    productname: 'Moonlight Sapphire Oval Cut Certified Stone',
    productprice: 12345.5,
    productdescription: 'A cornflower-blue oval sapphire from Sri Lanka.\nUnheated, eye clean, with its laboratory certificate.',
    productsizes: ['5 Ratti', '6 Ratti'],
    productcolours: ['Blue', 'Navy'],
    certification: 'IGI Certified',
    origin: 'Sri Lanka',
    treatment: 'Unheated',
    shape: 'Oval',
    weightcarrat: '4.85',
    weightratti: '7.77',
    weightgrams: '0.97',
  },
  rubyProduct: 'Starfire Ruby Cushion',
  /** For the gemstone page /gemstones-ruby (category Gemstones, subcategory Ruby; shared with the demo catalogue). */
  gemstones: 'Gemstones',
  gemRuby: 'Ruby',
  gemRubyProduct: 'Burmese Ruby Oval Test Stone',
} as const;

type Json = Record<string, unknown>;

async function json(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<Json> {
  const body = (await res.json()) as Json;
  if (!res.ok()) throw new Error(`${res.url()} → ${res.status()} ${JSON.stringify(body)}`);
  return body;
}

async function pngOf(colour: string) {
  return sharp({ create: { width: 800, height: 800, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function ensureCategory(api: APIRequestContext, name: string): Promise<string> {
  const all = (await json(await api.get('/c1/api/all'))).data as { _id: string; categoryname: string }[];
  const found = all.find((c) => c.categoryname.toLowerCase() === name.toLowerCase());
  if (found) return found._id;
  return ((await json(await api.post('/c1/api/create', { data: { categoryname: name } }))).data as { _id: string })._id;
}

async function ensureSubcategory(api: APIRequestContext, name: string, categoryId: string): Promise<string> {
  const list = (await json(await api.get(`/s2/api/cat/${categoryId}`))).data as { _id: string; subcategoryname: string }[];
  const found = list.find((s) => s.subcategoryname.toLowerCase() === name.toLowerCase());
  if (found) return found._id;
  const created = await json(await api.post('/s2/api/create', { data: { subcategoryname: name, category: categoryId } }));
  return (created.data as { _id: string })._id;
}

async function productExists(api: APIRequestContext, name: string) {
  const res = await json(await api.get(`/p1/api/admin/all?limit=5&search=${encodeURIComponent(name)}`));
  return (res.products as { productname: string }[]).some((p) => p.productname === name);
}

async function createProduct(api: APIRequestContext, fields: Record<string, string>, images: Buffer[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  images.forEach((buf, i) => {
    form.append('images', new Blob([new Uint8Array(buf)], { type: 'image/png' }), `picture-${i + 1}.png`);
  });
  await json(await api.post('/p1/api/create', { multipart: form }));
}

/** Signs the request context in as the e2e administrator and makes sure the test catalogue exists. */
export async function ensureTestCatalogue(api: APIRequestContext) {
  await json(await api.post('/u1/api/signin', { data: E2E_ADMIN }));
  const categoryId = await ensureCategory(api, VAULT.category);
  const sapphireId = await ensureSubcategory(api, VAULT.sapphire, categoryId);
  const rubyId = await ensureSubcategory(api, VAULT.ruby, categoryId);
  const base = { category: categoryId, stockquantity: '5' };

  if (!(await productExists(api, `${VAULT.sapphire} No. ${VAULT.sapphireCount}`))) {
    const picture = await pngOf('#2a4fb0');
    for (let n = 1; n <= VAULT.sapphireCount; n++) {
      const name = `${VAULT.sapphire} No. ${n}`;
      if (await productExists(api, name)) continue;
      await createProduct(
        api,
        {
          ...base,
          subcategory: sapphireId,
          productname: name,
          productdescription: `Natural blue sapphire number ${n}.`,
          productprice: String(1000 * n),
          productsizes: '5 Ratti',
          productcolours: 'Blue',
        },
        n % 5 === 0 ? [picture] : [],
      );
    }
  }
  const f = VAULT.featured;
  if (!(await productExists(api, f.productname))) {
    await createProduct(
      api,
      {
        ...base,
        subcategory: sapphireId,
        productname: f.productname,
        productdescription: f.productdescription,
        productprice: String(f.productprice),
        productsizes: f.productsizes.join(', '),
        productcolours: f.productcolours.join(', '),
        certification: f.certification,
        origin: f.origin,
        treatment: f.treatment,
        shape: f.shape,
        weightcarrat: f.weightcarrat,
        weightratti: f.weightratti,
        weightgrams: f.weightgrams,
        productbrand: 'Ratna Gems',
      },
      [await pngOf('#1d3f9a'), await pngOf('#0b2470')],
    );
  }
  if (!(await productExists(api, VAULT.rubyProduct))) {
    await createProduct(
      api,
      {
        ...base,
        subcategory: rubyId,
        productname: VAULT.rubyProduct,
        productdescription: 'A pigeon-blood red ruby.',
        productprice: '45000',
      },
      [await pngOf('#b3123f')],
    );
  }
  const gemstonesId = await ensureCategory(api, VAULT.gemstones);
  const gemRubyId = await ensureSubcategory(api, VAULT.gemRuby, gemstonesId);
  if (!(await productExists(api, VAULT.gemRubyProduct))) {
    await createProduct(
      api,
      {
        category: gemstonesId,
        subcategory: gemRubyId,
        stockquantity: '3',
        productname: VAULT.gemRubyProduct,
        productdescription: 'A natural Burmese ruby for the gemstone page journey.',
        productprice: '27500',
      },
      [await pngOf('#9b0f2f')],
    );
  }
  await api.post('/u1/api/signout');
}
