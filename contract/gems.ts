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
