/**
 * What gem buyers filter by, shared by the server, the web app and the listing URL grammar (contract/filter.ts):
 * origins, shapes, treatments and labs, each with the one-word key the URL uses and the words it matches in a
 * product's own text (its origin, shape, treatment or certification field), case-insensitively, as whole words.
 */

export type GemChoice = { key: string; label: string; words: readonly string[] };

export const GEM_ORIGINS: readonly GemChoice[] = [
  { key: 'burma', label: 'Burma (Myanmar)', words: ['burma', 'myanmar', 'burmese', 'mogok'] },
  { key: 'srilanka', label: 'Sri Lanka (Ceylon)', words: ['sri lanka', 'ceylon'] },
  { key: 'kashmir', label: 'Kashmir', words: ['kashmir'] },
  { key: 'thailand', label: 'Thailand', words: ['thailand', 'bangkok', 'siam'] },
  { key: 'colombia', label: 'Colombia', words: ['colombia', 'colombian'] },
  { key: 'zambia', label: 'Zambia', words: ['zambia', 'zambian'] },
  { key: 'brazil', label: 'Brazil', words: ['brazil', 'brazilian'] },
  { key: 'mozambique', label: 'Mozambique', words: ['mozambique'] },
  { key: 'madagascar', label: 'Madagascar', words: ['madagascar'] },
  { key: 'tanzania', label: 'Tanzania', words: ['tanzania', 'merelani'] },
  { key: 'afghanistan', label: 'Afghanistan', words: ['afghanistan', 'badakhshan', 'panjshir'] },
  { key: 'india', label: 'India', words: ['india'] },
  { key: 'australia', label: 'Australia', words: ['australia'] },
  { key: 'ethiopia', label: 'Ethiopia', words: ['ethiopia'] },
  { key: 'basra', label: 'Basra (Persian Gulf)', words: ['basra', 'persian gulf'] },
  { key: 'southsea', label: 'South Sea', words: ['south sea'] },
  { key: 'japan', label: 'Japan', words: ['japan', 'akoya'] },
  { key: 'italy', label: 'Italy', words: ['italy'] },
  { key: 'iran', label: 'Iran (Persia)', words: ['iran', 'nishapur', 'persia'] },
  { key: 'nigeria', label: 'Nigeria', words: ['nigeria'] },
  { key: 'vietnam', label: 'Vietnam', words: ['vietnam'] },
  { key: 'cambodia', label: 'Cambodia', words: ['cambodia'] },
  { key: 'china', label: 'China', words: ['china'] },
  { key: 'pakistan', label: 'Pakistan', words: ['pakistan'] },
];

export const GEM_SHAPES: readonly GemChoice[] = [
  'Round',
  'Oval',
  'Cushion',
  'Pear',
  'Heart',
  'Octagon',
  'Square',
  'Baguette',
  'Emerald Cut',
  'Princess',
  'Marquise',
  'Trillion',
  'Cabochon',
].map((label) => ({ key: label.toLowerCase().replace(/[^a-z]/g, ''), label, words: [label.toLowerCase()] }));

/** Untreated: the report says unheated, untreated or no treatment. Heated: heat (or glass filling…) and not that. */
export const GEM_TREATMENTS: readonly GemChoice[] = [
  { key: 'untreated', label: 'Untreated (unheated)', words: ['unheated', 'untreated', 'no treatment', 'not treated'] },
  { key: 'heated', label: 'Heated', words: ['heated', 'heat'] },
];

/** The labs a certificate may come from (the product form's list); `other` is any other, `any` any certificate. */
export const GEM_LABS: readonly GemChoice[] = [
  { key: 'gia', label: 'GIA', words: ['gia'] },
  { key: 'igi', label: 'IGI', words: ['igi'] },
  { key: 'gii', label: 'GII', words: ['gii'] },
  { key: 'grs', label: 'GRS', words: ['grs'] },
  { key: 'ssef', label: 'SSEF', words: ['ssef'] },
  { key: 'gubelin', label: 'Gübelin', words: ['gübelin', 'gubelin', 'guebelin'] },
  { key: 'igl', label: 'IGL', words: ['igl'] },
  { key: 'other', label: 'Another lab', words: [] },
  { key: 'any', label: 'Any lab certificate', words: [] },
];

export const GEM_CHOICES = { origin: GEM_ORIGINS, shape: GEM_SHAPES, treatment: GEM_TREATMENTS, lab: GEM_LABS } as const;
export type GemChoiceKind = keyof typeof GEM_CHOICES;

/** The standard (pakki) ratti as weighed in Punjab: 182 mg, 0.91 carat; the shop can set another. */
export const DEFAULT_RATTI_IN_CARATS = 0.91;

/**
 * Ratti of a carat weight by the shop's ratti setting (carats per ratti), to 2 decimals: the one sum behind every
 * ratti the shop shows (the product page's weight and its specification table, the demo catalogue's texts).
 */
export const rattiOf = (carat: number, rattiInCarats: number) => Math.round((carat / rattiInCarats) * 100) / 100;

// ---------------------------------------------------------------- lab certificates (a product's own report)

/** The labs the product form offers for a stone's report (keys as in GEM_LABS); `other` is any other lab. */
export const CERTIFICATE_LABS = [
  { key: 'gia', label: 'GIA' },
  { key: 'igi', label: 'IGI' },
  { key: 'gii', label: 'GII' },
  { key: 'grs', label: 'GRS' },
  { key: 'ssef', label: 'SSEF' },
  { key: 'gubelin', label: 'Gübelin' },
  { key: 'other', label: 'Other' },
] as const;
export type CertificateLab = (typeof CERTIFICATE_LABS)[number]['key'];
export const CERTIFICATE_LAB_KEYS = CERTIFICATE_LABS.map((l) => l.key) as [CertificateLab, ...CertificateLab[]];

/** `gia` → `GIA`; '' for none; an unknown key as it is. */
export const certificateLabLabel = (key: string) => CERTIFICATE_LABS.find((l) => l.key === key)?.label ?? key;

/** Report numbers: letters and digits, with `-`, `/` or `.` inside (`GRS2023-081234`, `LG612345678`), 3–40 long. */
export const REPORT_NUMBER_RE = /^[A-Za-z0-9](?:[A-Za-z0-9./-]{1,38})[A-Za-z0-9]$/;
/** GIA numbers its reports with digits only (today ten of them). */
const GIA_REPORT_NUMBER_RE = /^\d{5,12}$/;

/** What is wrong with a lab and report number together (the form and the server say the same), or null. */
export function certificateProblem(
  lab: string,
  number: string,
): { path: 'certificatelab' | 'certificatenumber'; message: string } | null {
  if (lab !== '' && !CERTIFICATE_LAB_KEYS.includes(lab as CertificateLab)) {
    return {
      path: 'certificatelab',
      message: `Lab must be one of ${CERTIFICATE_LABS.map((l) => l.label).join(', ')}`,
    };
  }
  if (number === '') return null;
  if (lab === '') return { path: 'certificatelab', message: 'Choose the lab that issued the report' };
  if (!REPORT_NUMBER_RE.test(number)) {
    return {
      path: 'certificatenumber',
      message: 'Report number must be 3 to 40 letters or digits (a - / or . may join them)',
    };
  }
  if (lab === 'gia' && !GIA_REPORT_NUMBER_RE.test(number)) {
    return { path: 'certificatenumber', message: 'A GIA report number is 5 to 12 digits' };
  }
  return null;
}

/**
 * Where a shopper checks a report on the lab's own site, for labs whose report check takes the number in its
 * address: GIA's Report Check and IGI's Verify Your Report. Other labs (GII, GRS, SSEF, Gübelin…) get no link.
 */
export function labVerifyUrl(lab: string, number: string): string | null {
  const n = number.trim();
  if (!n || !REPORT_NUMBER_RE.test(n)) return null;
  if (lab === 'gia')
    return GIA_REPORT_NUMBER_RE.test(n) ? `https://www.gia.edu/report-check?reportno=${encodeURIComponent(n)}` : null;
  if (lab === 'igi') return `https://www.igi.org/verify-your-report/?r=${encodeURIComponent(n)}`;
  return null;
}
