/**
 * Product pictures for the demo catalogue, drawn as SVG (no network, no stock photos): faceted and
 * cabochon stones in each stone's colours, and rings, earrings, pendants and bracelets with the stone
 * set in gold or silver. Every drawing is on a 1000×1000 canvas and deterministic for its design.
 */

type StoneStyle =
  | 'brilliant'
  | 'step'
  | 'cabochon'
  | 'pearl'
  | 'opal'
  | 'catseye'
  | 'lapis'
  | 'malachite'
  | 'turquoise'
  | 'coral';

export type Shape = 'round' | 'oval' | 'cushion' | 'pear' | 'heart' | 'octagon' | 'square' | 'baguette';

export type StoneLook = {
  /** Main body colour, a lighter and a darker tone of it. */
  base: string;
  light: string;
  dark: string;
  style: StoneStyle;
};

export type Metal = 'gold' | 'silver';

export type Background = 'studio' | 'cream' | 'velvet' | 'slate';

export type Design =
  | { kind: 'stone'; look: StoneLook; shape: Shape; background: Background; tilt?: number }
  | { kind: 'profile'; look: StoneLook; shape: Shape; background: Background }
  | { kind: 'ring' | 'earrings' | 'pendant' | 'bracelet'; look: StoneLook; shape: Shape; metal: Metal; background: Background };

// ------------------------------------------------------------------ colour helpers
type Rgb = [number, number, number];
const hexToRgb = (hex: string): Rgb => {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as Rgb;
};
const rgbToHex = (c: Rgb) =>
  `#${c
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
const mix = (a: string, b: string, t: number) => {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([0, 1, 2].map((i) => (x[i] as number) + ((y[i] as number) - (x[i] as number)) * t) as Rgb);
};
/** b in [0,1]: 0 the dark tone, 0.5 the base, 1 the light tone (and past it towards white). */
const tone = (look: StoneLook, b: number) => {
  const v = Math.max(0, Math.min(1.15, b));
  if (v < 0.5) return mix(look.dark, look.base, v * 2);
  if (v <= 1) return mix(look.base, look.light, (v - 0.5) * 2);
  return mix(look.light, '#ffffff', (v - 1) / 0.15);
};

/** Small deterministic hash noise in [0,1) so facets differ without a random source. */
const noise = (i: number, j = 0) => {
  const x = Math.sin(i * 127.1 + j * 311.7) * 43758.5453;
  return x - Math.floor(x);
};

const f = (n: number) => (Math.round(n * 10) / 10).toString();
type Pt = [number, number];
const pts = (p: Pt[]) => p.map(([x, y]) => `${f(x)},${f(y)}`).join(' ');
const poly = (p: Pt[], fill: string, extra = '') => `<polygon points="${pts(p)}" fill="${fill}"${extra}/>`;

// ------------------------------------------------------------------ outlines
/** A point on a shape's girdle, for t in [0,1), in unit space (about -1..1), clockwise from the top. */
function outlinePoint(shape: Shape, t: number): Pt {
  const a = t * Math.PI * 2 - Math.PI / 2;
  const c = Math.cos(a);
  const s = Math.sin(a);
  switch (shape) {
    case 'round':
      return [c, s];
    case 'oval':
      return [0.74 * c, s];
    case 'cushion': {
      const p = 3.2;
      const r = (Math.abs(c) ** p + Math.abs(s) ** p) ** (-1 / p);
      return [0.92 * r * c, 0.92 * r * s];
    }
    case 'square': {
      const r = 1 / Math.max(Math.abs(c), Math.abs(s));
      return [0.82 * r * c, 0.82 * r * s];
    }
    case 'octagon':
    case 'baguette': {
      const w = shape === 'baguette' ? 0.55 : 0.72;
      const h = 1;
      const cut = shape === 'baguette' ? 0.12 : 0.24;
      return rayPolygon(
        [
          [-w + cut, -h],
          [w - cut, -h],
          [w, -h + cut],
          [w, h - cut],
          [w - cut, h],
          [-w + cut, h],
          [-w, h - cut],
          [-w, -h + cut],
        ],
        a,
      );
    }
    case 'pear': {
      // A drop: pointed at the top, round at the bottom.
      const u = t * Math.PI * 2;
      const x = Math.sin(u) * Math.sin(u / 2) ** 1.2 * 0.8;
      const y = -Math.cos(u) * 1.0 + 0.05;
      return [x, y];
    }
    case 'heart': {
      const u = t * Math.PI * 2;
      const x = 16 * Math.sin(u) ** 3;
      const y = 13 * Math.cos(u) - 5 * Math.cos(2 * u) - 2 * Math.cos(3 * u) - Math.cos(4 * u);
      return [x / 17, -y / 16 - 0.12];
    }
  }
}

/** Where a ray from the centre at angle a leaves a convex polygon. */
function rayPolygon(poly: Pt[], a: number): Pt {
  const dx = Math.cos(a);
  const dy = Math.sin(a);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < poly.length; i++) {
    const [x1, y1] = poly[i] as Pt;
    const [x2, y2] = poly[(i + 1) % poly.length] as Pt;
    const ex = x2 - x1;
    const ey = y2 - y1;
    const den = dx * ey - dy * ex;
    if (Math.abs(den) < 1e-9) continue;
    const tt = (x1 * ey - y1 * ex) / den;
    const uu = (x1 * dy - y1 * dx) / den;
    if (tt > 0 && uu >= -1e-9 && uu <= 1 + 1e-9) best = Math.min(best, tt);
  }
  return [dx * best, dy * best];
}

const isStepShape = (shape: Shape) => shape === 'octagon' || shape === 'square' || shape === 'baguette';

const polygonShapes: Partial<Record<Shape, Pt[]>> = {};
/** The 8 corners of a step-cut outline (octagon, baguette) or 4 of a square. */
function stepCorners(shape: Shape): Pt[] {
  const cached = polygonShapes[shape];
  if (cached) return cached;
  let corners: Pt[];
  if (shape === 'square') {
    corners = [
      [-0.8, -0.8],
      [0.8, -0.8],
      [0.8, 0.8],
      [-0.8, 0.8],
    ];
  } else {
    const w = shape === 'baguette' ? 0.55 : 0.72;
    const cut = shape === 'baguette' ? 0.12 : 0.24;
    corners = [
      [-w + cut, -1],
      [w - cut, -1],
      [w, -1 + cut],
      [w, 1 - cut],
      [w - cut, 1],
      [-w + cut, 1],
      [-w, 1 - cut],
      [-w, -1 + cut],
    ];
  }
  polygonShapes[shape] = corners;
  return corners;
}

// ------------------------------------------------------------------ a stone seen from above
type Placement = { cx: number; cy: number; size: number; rotate?: number; squash?: number };

const place = (p: Pt, at: Placement): Pt => {
  const r = ((at.rotate ?? 0) * Math.PI) / 180;
  const x = p[0] * at.size;
  const y = p[1] * at.size * (at.squash ?? 1);
  return [at.cx + x * Math.cos(r) - y * Math.sin(r), at.cy + x * Math.sin(r) + y * Math.cos(r)];
};

const LIGHT = (-3 * Math.PI) / 4; // light from the top left
/** Where the light comes from while a drawing is made (a scene may move it; product pictures keep LIGHT). */
let light = LIGHT;

function brilliantFacets(look: StoneLook, shape: Shape, at: Placement, seed: number) {
  const n = 8;
  const sub = 6;
  const centre: Pt = shape === 'pear' ? [0, 0.22] : shape === 'heart' ? [0, 0.05] : [0, 0];
  const toward = (p: Pt, k: number): Pt => [centre[0] + (p[0] - centre[0]) * k, centre[1] + (p[1] - centre[1]) * k];
  const outline = (i: number) => outlinePoint(shape, (((i % (2 * n * sub)) + 2 * n * sub) % (2 * n * sub)) / (2 * n * sub));
  const O = (k: number) => outline(k * sub);
  const T = (j: number) => toward(O(2 * j), 0.52);
  const M = (j: number) => toward(O(2 * j + 1), 0.8);
  const out: string[] = [];
  const facet = (p: Pt[], angle: number, ring: number, idx: number) => {
    const lit = Math.cos(angle - light);
    const b = 0.5 + lit * (0.18 + ring * 0.1) + (noise(idx, seed) - 0.5) * 0.34 + (idx % 2 ? 0.08 : -0.08);
    out.push(
      poly(
        p.map((q) => place(q, at)),
        tone(look, b),
        ` stroke="${tone(look, 0.95)}" stroke-opacity="0.45" stroke-width="1.2" stroke-linejoin="round"`,
      ),
    );
  };
  const ang = (p: Pt) => Math.atan2(p[1] - centre[1], p[0] - centre[0]);
  for (let j = 0; j < n; j++) {
    const tj = T(j);
    const tj1 = T(j + 1);
    const mj = M(j);
    const mjm = M(j - 1);
    const o2j = O(2 * j);
    // star facet
    facet([tj, tj1, mj], ang(mj) + Math.PI, 0, j);
    // kite (bezel) facet
    facet([tj, mjm, o2j, mj], ang(o2j), 1, j + 10);
    // upper girdle facets, following the curved outline
    const arcA: Pt[] = [];
    const arcB: Pt[] = [];
    for (let s = 0; s <= sub; s++) {
      arcA.push(outline(2 * j * sub + s));
      arcB.push(outline((2 * j + 1) * sub + s));
    }
    facet([mj, ...arcA], ang(arcA[sub / 2] as Pt) - 0.2, 2, j + 20);
    facet([mj, ...arcB], ang(arcB[sub / 2] as Pt) + 0.2, 2, j + 30);
  }
  // table
  const table = Array.from({ length: n }, (_, j) => place(T(j), at));
  out.push(poly(table, `url(#table)`, ` stroke="${tone(look, 0.95)}" stroke-opacity="0.5" stroke-width="1.2"`));
  return out.join('');
}

function stepFacets(look: StoneLook, shape: Shape, at: Placement, seed: number) {
  const corners = stepCorners(shape);
  const scales = [1, 0.86, 0.73, 0.6];
  const ring = (k: number) => corners.map(([x, y]) => [x * (scales[k] as number), y * (scales[k] as number)] as Pt);
  const out: string[] = [];
  for (let k = 0; k < scales.length - 1; k++) {
    const a = ring(k);
    const b = ring(k + 1);
    for (let i = 0; i < a.length; i++) {
      const i1 = (i + 1) % a.length;
      const mid: Pt = [((a[i] as Pt)[0] + (a[i1] as Pt)[0]) / 2, ((a[i] as Pt)[1] + (a[i1] as Pt)[1]) / 2];
      const angle = Math.atan2(mid[1], mid[0]);
      const lit = Math.cos(angle - light);
      const bright = 0.5 + lit * (0.28 - k * 0.05) + (noise(i + k * 10, seed) - 0.5) * 0.2 + (k % 2 ? 0.06 : -0.06);
      out.push(
        poly(
          [a[i] as Pt, a[i1] as Pt, b[i1] as Pt, b[i] as Pt].map((q) => place(q, at)),
          tone(look, bright),
          ` stroke="${tone(look, 0.9)}" stroke-opacity="0.4" stroke-width="1.2" stroke-linejoin="round"`,
        ),
      );
    }
  }
  out.push(
    poly(
      ring(scales.length - 1).map((q) => place(q, at)),
      'url(#table)',
      ` stroke="${tone(look, 0.9)}" stroke-opacity="0.5" stroke-width="1.2"`,
    ),
  );
  // a few long reflections across the table, typical of step cuts
  const t = ring(scales.length - 1);
  const [x0, y0] = t[0] as Pt;
  const h = Math.abs(y0) * 2;
  for (let i = 1; i <= 3; i++) {
    const yy = y0 + (h * i) / 4;
    out.push(
      `<line x1="${f(place([x0 - 0.1, yy], at)[0])}" y1="${f(place([x0 - 0.1, yy], at)[1])}" x2="${f(place([-x0 + 0.1, yy], at)[0])}" y2="${f(place([-x0 + 0.1, yy], at)[1])}" stroke="${tone(look, 0.2)}" stroke-opacity="0.25" stroke-width="${f(at.size * 0.012)}"/>`,
    );
  }
  return out.join('');
}

function outlinePath(shape: Shape, at: Placement, steps = 96) {
  if (isStepShape(shape)) {
    return `M${pts(stepCorners(shape).map((p) => place(p, at)))}Z`;
  }
  const p: Pt[] = [];
  for (let i = 0; i < steps; i++) p.push(place(outlinePoint(shape, i / steps), at));
  return `M${pts(p)}Z`;
}

/** A 4-pointed sparkle. */
const sparkle = (x: number, y: number, r: number, opacity = 0.9) =>
  `<path d="M${f(x)},${f(y - r)} L${f(x + r * 0.16)},${f(y - r * 0.16)} L${f(x + r)},${f(y)} L${f(x + r * 0.16)},${f(y + r * 0.16)} L${f(x)},${f(y + r)} L${f(x - r * 0.16)},${f(y + r * 0.16)} L${f(x - r)},${f(y)} L${f(x - r * 0.16)},${f(y - r * 0.16)}Z" fill="#ffffff" opacity="${opacity}"/>`;

let uid = 0;
/** One stone seen from above; `id` keeps gradient names unique within a drawing. */
function stoneTop(look: StoneLook, shape: Shape, at: Placement, seed: number): { defs: string; body: string } {
  const id = `s${uid++}`;
  const clip = `<clipPath id="${id}c"><path d="${outlinePath(shape, at)}"/></clipPath>`;
  const size = at.size;
  const [cx, cy] = [at.cx, at.cy];
  const defs: string[] = [clip];
  const body: string[] = [];
  const faceted = look.style === 'brilliant' || look.style === 'step';
  if (faceted) {
    defs.push(
      `<linearGradient id="${id}t" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tone(look, 0.95)}"/><stop offset="0.5" stop-color="${tone(look, 0.55)}"/><stop offset="1" stop-color="${tone(look, 0.3)}"/></linearGradient>`,
      `<radialGradient id="${id}d" cx="0.5" cy="0.5" r="0.5"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>`,
    );
    const facets = isStepShape(shape) ? stepFacets(look, shape, at, seed) : brilliantFacets(look, shape, at, seed);
    body.push(facets.replaceAll('url(#table)', `url(#${id}t)`));
    body.push(
      `<g clip-path="url(#${id}c)"><ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(size * 1.02)}" ry="${f(size * 1.02 * (at.squash ?? 1))}" fill="url(#${id}d)"/>`,
      `<polygon points="${pts([
        [cx - size * 0.9, cy - size * 0.35],
        [cx - size * 0.2, cy - size * 1.0],
        [cx - size * 0.02, cy - size * 0.92],
        [cx - size * 0.75, cy - size * 0.12],
      ])}" fill="#ffffff" opacity="0.22"/></g>`,
    );
    body.push(
      `<path d="${outlinePath(shape, at)}" fill="none" stroke="${tone(look, 0.12)}" stroke-opacity="0.55" stroke-width="${f(Math.max(1.5, size * 0.012))}"/>`,
    );
    body.push(
      sparkle(cx - size * 0.28, cy - size * 0.3, size * 0.16),
      sparkle(cx + size * 0.32, cy + size * 0.18, size * 0.09, 0.7),
    );
    return { defs: defs.join(''), body: body.join('') };
  }

  // Cabochons, pearls and opaque stones: a smooth dome with what makes each of them recognisable.
  const hx = look.style === 'pearl' ? 0.36 : 0.38;
  defs.push(
    `<radialGradient id="${id}g" cx="${hx}" cy="0.32" r="0.78"><stop offset="0" stop-color="${look.style === 'pearl' ? '#ffffff' : tone(look, 0.98)}"/><stop offset="0.45" stop-color="${look.base}"/><stop offset="1" stop-color="${look.dark}"/></radialGradient>`,
  );
  const outline = outlinePath(shape, at);
  body.push(`<path d="${outline}" fill="url(#${id}g)"/>`);
  const inside: string[] = [];
  const rnd = (k: number) => noise(k, seed);
  switch (look.style) {
    case 'opal':
      for (let k = 0; k < 26; k++) {
        const hue = Math.floor(rnd(k) * 360);
        const x = cx + (rnd(k + 50) - 0.5) * size * 1.6;
        const y = cy + (rnd(k + 90) - 0.5) * size * 1.8;
        inside.push(
          `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(size * (0.08 + rnd(k + 7) * 0.16))}" ry="${f(size * (0.05 + rnd(k + 9) * 0.1))}" transform="rotate(${Math.floor(rnd(k + 3) * 180)} ${f(x)} ${f(y)})" fill="hsl(${hue},80%,62%)" opacity="0.3"/>`,
        );
      }
      break;
    case 'catseye': {
      defs.push(
        `<linearGradient id="${id}b" x1="0" y1="0" x2="1" y2="0"><stop offset="0.38" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fffbe6" stop-opacity="0.95"/><stop offset="0.62" stop-color="#fff" stop-opacity="0"/></linearGradient>`,
      );
      inside.push(
        `<rect x="${f(cx - size)}" y="${f(cy - size * 1.1)}" width="${f(size * 2)}" height="${f(size * 2.2)}" fill="url(#${id}b)" transform="rotate(${f(8 + rnd(1) * 10)} ${f(cx)} ${f(cy)})"/>`,
      );
      break;
    }
    case 'lapis':
      for (let k = 0; k < 40; k++) {
        inside.push(
          `<circle cx="${f(cx + (rnd(k) - 0.5) * size * 1.8)}" cy="${f(cy + (rnd(k + 40) - 0.5) * size * 1.9)}" r="${f(size * (0.008 + rnd(k + 80) * 0.018))}" fill="#e8c55a" opacity="0.9"/>`,
        );
      }
      for (let k = 0; k < 3; k++) {
        const y = cy + (rnd(k + 200) - 0.5) * size;
        inside.push(
          `<path d="M${f(cx - size)},${f(y)} C${f(cx - size * 0.3)},${f(y - size * 0.2)} ${f(cx + size * 0.2)},${f(y + size * 0.25)} ${f(cx + size)},${f(y - size * 0.1)}" stroke="#dfe6f5" stroke-width="${f(size * 0.03)}" fill="none" opacity="0.28"/>`,
        );
      }
      break;
    case 'malachite':
      for (let k = 9; k >= 1; k--) {
        inside.push(
          `<ellipse cx="${f(cx + size * 0.5)}" cy="${f(cy + size * 0.6)}" rx="${f(size * 0.25 * k)}" ry="${f(size * 0.2 * k)}" fill="none" stroke="${k % 2 ? look.dark : look.light}" stroke-width="${f(size * 0.07)}" opacity="0.75"/>`,
        );
      }
      break;
    case 'turquoise':
      for (let k = 0; k < 6; k++) {
        const x0 = cx + (rnd(k) - 0.5) * size * 1.6;
        const y0 = cy + (rnd(k + 20) - 0.5) * size * 1.6;
        inside.push(
          `<path d="M${f(x0)},${f(y0)} l${f((rnd(k + 1) - 0.5) * size * 0.6)},${f((rnd(k + 2) - 0.5) * size * 0.5)} l${f((rnd(k + 3) - 0.5) * size * 0.6)},${f((rnd(k + 4) - 0.5) * size * 0.5)} l${f((rnd(k + 5) - 0.5) * size * 0.5)},${f((rnd(k + 6) - 0.5) * size * 0.6)}" stroke="#5b4636" stroke-width="${f(size * 0.018)}" fill="none" opacity="0.6" stroke-linejoin="round"/>`,
        );
      }
      break;
    case 'coral':
      for (let k = 0; k < 30; k++) {
        inside.push(
          `<circle cx="${f(cx + (rnd(k) - 0.5) * size * 1.6)}" cy="${f(cy + (rnd(k + 40) - 0.5) * size * 1.9)}" r="${f(size * 0.008)}" fill="${look.dark}" opacity="0.5"/>`,
        );
      }
      break;
    case 'pearl':
      defs.push(
        `<radialGradient id="${id}o" cx="0.7" cy="0.75" r="0.6"><stop offset="0" stop-color="#f7c9d4" stop-opacity="0.45"/><stop offset="1" stop-color="#f7c9d4" stop-opacity="0"/></radialGradient>`,
      );
      inside.push(
        `<rect x="${f(cx - size)}" y="${f(cy - size)}" width="${f(size * 2)}" height="${f(size * 2)}" fill="url(#${id}o)"/>`,
      );
      break;
    default:
      break;
  }
  defs.push(
    `<radialGradient id="${id}h" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.85"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
  );
  const glossy = look.style !== 'coral' && look.style !== 'malachite' ? 1 : 0.5;
  inside.push(
    `<ellipse cx="${f(cx - size * 0.3)}" cy="${f(cy - size * 0.38 * (at.squash ?? 1))}" rx="${f(size * 0.3)}" ry="${f(size * 0.18)}" fill="url(#${id}h)" opacity="${glossy}" transform="rotate(-30 ${f(cx - size * 0.3)} ${f(cy - size * 0.38)})"/>`,
  );
  body.push(`<g clip-path="url(#${id}c)">${inside.join('')}</g>`);
  body.push(
    `<path d="${outline}" fill="none" stroke="${look.dark}" stroke-opacity="0.5" stroke-width="${f(Math.max(1.2, size * 0.008))}"/>`,
  );
  return { defs: defs.join(''), body: body.join('') };
}

// ------------------------------------------------------------------ a stone seen from the side
function stoneProfile(look: StoneLook, shape: Shape, cx: number, cy: number, w: number, seed: number) {
  const faceted = look.style === 'brilliant' || look.style === 'step';
  const out: string[] = [];
  const defs: string[] = [];
  if (!faceted) {
    const id = `p${uid++}`;
    defs.push(
      `<radialGradient id="${id}" cx="0.38" cy="0.3" r="0.8"><stop offset="0" stop-color="${look.style === 'pearl' ? '#ffffff' : look.light}"/><stop offset="0.5" stop-color="${look.base}"/><stop offset="1" stop-color="${look.dark}"/></radialGradient>`,
    );
    if (look.style === 'pearl') {
      out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(w / 2)}" fill="url(#${id})"/>`);
    } else {
      const h = w * 0.42;
      out.push(
        `<path d="M${f(cx - w / 2)},${f(cy + h / 2)} C${f(cx - w / 2)},${f(cy - h * 0.9)} ${f(cx + w / 2)},${f(cy - h * 0.9)} ${f(cx + w / 2)},${f(cy + h / 2)} Z" fill="url(#${id})" stroke="${look.dark}" stroke-opacity="0.5" stroke-width="2"/>`,
      );
    }
    out.push(
      `<ellipse cx="${f(cx - w * 0.15)}" cy="${f(cy - w * 0.12)}" rx="${f(w * 0.12)}" ry="${f(w * 0.05)}" fill="#fff" opacity="0.55" transform="rotate(-20 ${f(cx - w * 0.15)} ${f(cy - w * 0.12)})"/>`,
    );
    return { defs: defs.join(''), body: out.join('') };
  }
  const half = w / 2;
  const crownH = w * 0.16;
  const pavH = w * (isStepShape(shape) ? 0.36 : 0.43);
  const table = w * 0.56;
  const girdle = w * 0.02;
  const top = cy - crownH;
  const girdleY = cy;
  const culet: Pt = [cx, cy + girdle + pavH];
  // crown: table edge to girdle, split into facets
  const crownPts: Pt[] = [
    [cx - half, girdleY],
    [cx - table / 2, top],
    [cx + table / 2, top],
    [cx + half, girdleY],
  ];
  out.push(poly(crownPts, tone(look, 0.55), ` stroke="${tone(look, 0.95)}" stroke-opacity="0.5" stroke-width="1.5"`));
  const crownCuts = 5;
  for (let i = 0; i < crownCuts; i++) {
    const x0 = cx - table / 2 + (table * i) / crownCuts;
    const x1 = cx - table / 2 + (table * (i + 1)) / crownCuts;
    const g0 = cx - half + (w * i) / crownCuts;
    const g1 = cx - half + (w * (i + 1)) / crownCuts;
    out.push(
      poly(
        [
          [x0, top],
          [x1, top],
          [g1, girdleY],
          [g0, girdleY],
        ],
        tone(look, 0.45 + (noise(i, seed) - 0.3) * 0.6 + (i < 2 ? 0.2 : 0)),
        ` stroke="${tone(look, 0.95)}" stroke-opacity="0.45" stroke-width="1.2"`,
      ),
    );
  }
  // girdle band
  out.push(`<rect x="${f(cx - half)}" y="${f(girdleY)}" width="${f(w)}" height="${f(girdle)}" fill="${tone(look, 0.3)}"/>`);
  // pavilion: triangles converging on the culet
  const pavCuts = 6;
  for (let i = 0; i < pavCuts; i++) {
    const g0 = cx - half + (w * i) / pavCuts;
    const g1 = cx - half + (w * (i + 1)) / pavCuts;
    out.push(
      poly(
        [[g0, girdleY + girdle], [g1, girdleY + girdle], culet],
        tone(look, 0.25 + noise(i + 10, seed) * 0.5 + (i === 1 ? 0.25 : 0)),
        ` stroke="${tone(look, 0.9)}" stroke-opacity="0.4" stroke-width="1.2"`,
      ),
    );
  }
  out.push(sparkle(cx - table * 0.2, top + crownH * 0.3, w * 0.07));
  return { defs: defs.join(''), body: out.join('') };
}

// ------------------------------------------------------------------ metals, backgrounds
const METAL = {
  gold: { light: '#fff1b8', base: '#d9b14a', dark: '#8a6417' },
  silver: { light: '#ffffff', base: '#c9ced6', dark: '#6f7782' },
};

function metalDefs(metal: Metal, id: string) {
  const m = METAL[metal];
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${m.light}"/><stop offset="0.35" stop-color="${m.base}"/><stop offset="0.6" stop-color="${m.dark}"/><stop offset="0.8" stop-color="${m.base}"/><stop offset="1" stop-color="${m.light}"/></linearGradient>`;
}

const BACKGROUNDS: Record<Background, [string, string]> = {
  studio: ['#ffffff', '#e6e9ef'],
  cream: ['#fffaf0', '#eadfcb'],
  velvet: ['#3a2440', '#140a18'],
  slate: ['#4a5563', '#1c232c'],
};

const shadowDefs = (bg: Background) =>
  `<radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="${bg === 'studio' || bg === 'cream' ? 0.28 : 0.5}"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`;

const shadow = (cx: number, cy: number, rx: number, ry: number) =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#shadow)"/>`;

/** A small colourless accent stone (the diamonds or zircons round a setting), cheap to draw. */
const ACCENT_DEFS = `<radialGradient id="acc" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="#ffffff"/><stop offset="0.55" stop-color="#dfe7ee"/><stop offset="1" stop-color="#8d9aa6"/></radialGradient>`;
function accent(cx: number, cy: number, r: number, metalFill: string) {
  const spokes: string[] = [];
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    spokes.push(`M${f(cx)},${f(cy)} L${f(cx + Math.cos(a) * r)},${f(cy + Math.sin(a) * r)}`);
  }
  return (
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 1.25)}" fill="${metalFill}"/>` +
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#acc)" stroke="#7d8a96" stroke-opacity="0.6" stroke-width="1"/>` +
    `<path d="${spokes.join(' ')}" stroke="#ffffff" stroke-opacity="0.55" stroke-width="1"/>` +
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.45)}" fill="#ffffff" opacity="0.5"/>`
  );
}

// ------------------------------------------------------------------ jewellery
function prongs(cx: number, cy: number, r: number, metal: string, count = 4) {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + Math.PI / 4;
    out.push(
      `<circle cx="${f(cx + Math.cos(a) * r)}" cy="${f(cy + Math.sin(a) * r)}" r="${f(r * 0.09)}" fill="${metal}" stroke="#000" stroke-opacity="0.2" stroke-width="1"/>`,
    );
  }
  return out.join('');
}

function setStone(look: StoneLook, shape: Shape, at: Placement, metalFill: string, seed: number) {
  const s = stoneTop(look, shape, at, seed);
  const bezel = `<path d="${outlinePath(shape, { ...at, size: at.size * 1.1 })}" fill="${metalFill}" stroke="#000" stroke-opacity="0.25" stroke-width="2"/>`;
  const claws =
    isStepShape(shape) || shape === 'heart' || shape === 'pear' ? '' : prongs(at.cx, at.cy, at.size * 0.97, metalFill);
  return { defs: s.defs, body: bezel + s.body + claws };
}

function ring(look: StoneLook, shape: Shape, metal: Metal, seed: number) {
  const defs: string[] = [metalDefs(metal, 'metal'), ACCENT_DEFS];
  const body: string[] = [shadow(500, 840, 340, 60)];
  const cx = 500;
  const cy = 640;
  const rx = 290;
  const ry = 130;
  // back of the band, then the front half over it
  body.push(
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="${METAL[metal].dark}" stroke-width="40"/>`,
    `<path d="M${cx - rx},${cy} A${rx},${ry} 0 0,0 ${cx + rx},${cy}" fill="none" stroke="url(#metal)" stroke-width="58" stroke-linecap="round"/>`,
  );
  // shoulders rising to the head, set with accent stones
  body.push(
    `<path d="M${cx - rx + 20},${cy - 40} C${cx - 200},${cy - 150} ${cx - 120},${cy - 170} ${cx - 70},${cy - 200} L${cx + 70},${cy - 200} C${cx + 120},${cy - 170} ${cx + 200},${cy - 150} ${cx + rx - 20},${cy - 40}" fill="none" stroke="url(#metal)" stroke-width="34" stroke-linecap="round"/>`,
  );
  for (const side of [-1, 1]) {
    for (let i = 0; i < 3; i++) {
      body.push(accent(cx + side * (215 - i * 45), cy - 105 - i * 30, 13, 'url(#metal)'));
    }
  }
  const squash = shape === 'oval' || shape === 'pear' || shape === 'octagon' || shape === 'baguette' ? 0.78 : 0.9;
  const set = setStone(look, shape, { cx, cy: 350, size: 185, squash }, 'url(#metal)', seed);
  defs.push(set.defs);
  body.push(set.body);
  return { defs: defs.join(''), body: body.join('') };
}

function earrings(look: StoneLook, shape: Shape, metal: Metal, seed: number) {
  const defs: string[] = [metalDefs(metal, 'metal'), ACCENT_DEFS];
  const body: string[] = [];
  const dropShape: Shape =
    shape === 'round' || shape === 'cushion' || shape === 'heart' || shape === 'pear'
      ? shape
      : isStepShape(shape)
        ? 'octagon'
        : 'oval';
  for (const [k, cx] of [330, 670].entries()) {
    body.push(shadow(cx, 880, 130, 26));
    body.push(
      `<path d="M${cx},300 C${cx},170 ${cx + 95},160 ${cx + 100},235 C${cx + 103},300 ${cx + 62},335 ${cx + 42},365" fill="none" stroke="url(#metal)" stroke-width="13" stroke-linecap="round"/>`,
      `<rect x="${cx - 6}" y="300" width="12" height="110" fill="url(#metal)"/>`,
      `<circle cx="${cx}" cy="310" r="26" fill="url(#metal)" stroke="#000" stroke-opacity="0.25" stroke-width="2"/>`,
      accent(cx, 410, 26, 'url(#metal)'),
    );
    const set = setStone(look, dropShape, { cx, cy: 610, size: 150, rotate: 0 }, 'url(#metal)', seed + k);
    defs.push(set.defs);
    body.push(set.body);
  }
  return { defs: defs.join(''), body: body.join('') };
}

function pendant(look: StoneLook, shape: Shape, metal: Metal, seed: number) {
  const defs: string[] = [metalDefs(metal, 'metal'), ACCENT_DEFS];
  const body: string[] = [shadow(500, 900, 230, 40)];
  // chain: two curves made of links, meeting at the bail
  body.push(
    `<path d="M60,30 C180,320 330,400 472,420" fill="none" stroke="url(#metal)" stroke-width="11" stroke-dasharray="20 8" stroke-linecap="round"/>`,
    `<path d="M940,30 C820,320 670,400 528,420" fill="none" stroke="url(#metal)" stroke-width="11" stroke-dasharray="20 8" stroke-linecap="round"/>`,
    `<rect x="468" y="395" width="64" height="100" rx="30" fill="none" stroke="url(#metal)" stroke-width="18"/>`,
  );
  const size = 175;
  const cy = 680;
  const haloShape: Shape = shape === 'heart' || shape === 'pear' ? 'round' : shape;
  body.push(
    `<path d="${outlinePath(haloShape, { cx: 500, cy, size: size * 1.42 })}" fill="url(#metal)" stroke="#000" stroke-opacity="0.2" stroke-width="2"/>`,
  );
  for (let i = 0; i < 20; i++) {
    const p = place(outlinePoint(haloShape, i / 20), { cx: 500, cy, size: size * 1.27 });
    body.push(accent(p[0], p[1], 17, 'url(#metal)'));
  }
  const set = setStone(look, shape, { cx: 500, cy, size }, 'url(#metal)', seed);
  defs.push(set.defs);
  body.push(set.body);
  return { defs: defs.join(''), body: body.join('') };
}

function bracelet(look: StoneLook, shape: Shape, metal: Metal, seed: number) {
  const defs: string[] = [metalDefs(metal, 'metal'), ACCENT_DEFS];
  const body: string[] = [shadow(500, 830, 410, 70)];
  const cx = 500;
  const cy = 520;
  const rx = 360;
  const ry = 240;
  body.push(
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="${METAL[metal].dark}" stroke-width="34"/>`,
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="url(#metal)" stroke-width="24"/>`,
  );
  const count = 16;
  const linkShape: Shape = shape === 'pear' || shape === 'heart' ? 'oval' : shape;
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + Math.PI / 2;
    const x = cx + Math.cos(a) * rx;
    const y = cy + Math.sin(a) * ry;
    const depth = (Math.sin(a) + 1) / 2; // nearer stones (at the bottom) look larger
    const size = 36 + depth * 24;
    if (i % 2) {
      const set = setStone(look, linkShape, { cx: x, cy: y, size, rotate: (a * 180) / Math.PI + 90 }, 'url(#metal)', seed + i);
      defs.push(set.defs);
      body.push(set.body);
    } else {
      body.push(accent(x, y, size * 0.5, 'url(#metal)'));
    }
  }
  return { defs: defs.join(''), body: body.join('') };
}

// ------------------------------------------------------------------ whole pictures
/**
 * The SVG of one design at the given pixel width (square). The backdrop is a linear gradient: a
 * full-canvas radial one takes three times as long to rasterise at 1280 px.
 */
export function renderDesign(design: Design, width: number, seed = 1): string {
  uid = 0;
  light = LIGHT;
  let art: { defs: string; body: string };
  switch (design.kind) {
    case 'stone': {
      const squash = 1;
      const s = stoneTop(design.look, design.shape, { cx: 500, cy: 470, size: 330, rotate: design.tilt ?? 0, squash }, seed);
      art = { defs: s.defs, body: shadow(500, 850, 300, 50) + s.body };
      break;
    }
    case 'profile': {
      const side = stoneProfile(design.look, design.shape, 500, 420, 620, seed);
      const top = stoneTop(design.look, design.shape, { cx: 790, cy: 790, size: 140 }, seed + 7);
      art = {
        defs: side.defs + top.defs,
        body: shadow(500, 770, 320, 40) + side.body + shadow(790, 950, 140, 22) + top.body,
      };
      break;
    }
    case 'ring':
      art = ring(design.look, design.shape, design.metal, seed);
      break;
    case 'earrings':
      art = earrings(design.look, design.shape, design.metal, seed);
      break;
    case 'pendant':
      art = pendant(design.look, design.shape, design.metal, seed);
      break;
    case 'bracelet':
      art = bracelet(design.look, design.shape, design.metal, seed);
      break;
  }
  const [a, b] = BACKGROUNDS[design.background];
  const backdrop = `<linearGradient id="bg" x1="0" y1="0" x2="0.25" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${width}" viewBox="0 0 1000 1000"><defs>${backdrop}${shadowDefs(design.background)}${art.defs}</defs><rect width="1000" height="1000" fill="url(#bg)"/>${art.body}</svg>`;
}

/** A stable text key of a design (designs with equal keys draw the same picture). */
export const designKey = (d: Design) =>
  [d.kind, d.look.base, d.look.style, d.shape, d.background, 'metal' in d ? d.metal : '', 'tilt' in d ? (d.tilt ?? 0) : ''].join(
    ':',
  );

// ------------------------------------------------------------------ scenes (home page pictures, film frames)
/** One loose stone in a scene, in the scene's own pixels; `size` is its half width. */
export type SceneStone = {
  look: StoneLook;
  shape: Shape;
  cx: number;
  cy: number;
  size: number;
  rotate?: number;
  squash?: number;
  seed?: number;
};

export type Scene = {
  width: number;
  height: number;
  /** Backdrop from its top-left colour to its bottom-right one. */
  backdrop: [string, string];
  /** A soft pool of light behind the stones (fraction of the width and height, radius as a fraction of the width). */
  glow?: { x: number; y: number; r: number; colour: string; opacity: number };
  /** Shadow strength under each stone: stronger on dark backdrops. */
  shadow?: number;
  stones: SceneStone[];
  /** Extra glints: x, y, radius and opacity. */
  sparkles?: [number, number, number, number][];
  /** Direction the light comes from, in radians (default: the top left, as on product pictures). */
  lightAngle?: number;
  /** The picture's width in pixels when it is not `width` (the drawing is scaled). */
  outWidth?: number;
};

/**
 * Loose stones on a backdrop, drawn like the product pictures (facets lit from one side, a table, a soft
 * shadow below): the hero slides, banners, category tiles and the frames of the home page's films.
 */
export function renderScene(scene: Scene): string {
  uid = 0;
  light = scene.lightAngle ?? LIGHT;
  const { width: w, height: h } = scene;
  const defs: string[] = [
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${scene.backdrop[0]}"/><stop offset="1" stop-color="${scene.backdrop[1]}"/></linearGradient>`,
    `<radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="${scene.shadow ?? 0.3}"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
  ];
  const body: string[] = [`<rect width="${w}" height="${h}" fill="url(#bg)"/>`];
  if (scene.glow) {
    const g = scene.glow;
    defs.push(
      `<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${g.colour}" stop-opacity="${g.opacity}"/><stop offset="1" stop-color="${g.colour}" stop-opacity="0"/></radialGradient>`,
    );
    body.push(`<ellipse cx="${f(g.x * w)}" cy="${f(g.y * h)}" rx="${f(g.r * w)}" ry="${f(g.r * w * 0.75)}" fill="url(#glow)"/>`);
  }
  scene.stones.forEach((s) => {
    body.push(shadow(s.cx, s.cy + s.size * 1.08, s.size * 0.95, s.size * 0.17));
  });
  scene.stones.forEach((s, i) => {
    const top = stoneTop(
      s.look,
      s.shape,
      { cx: s.cx, cy: s.cy, size: s.size, rotate: s.rotate, squash: s.squash },
      s.seed ?? i + 1,
    );
    defs.push(top.defs);
    body.push(top.body);
  });
  for (const [x, y, r, o] of scene.sparkles ?? []) body.push(sparkle(x, y, r, o));
  const ow = scene.outWidth ?? w;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ow}" height="${f((ow * h) / w)}" viewBox="0 0 ${w} ${h}"><defs>${defs.join('')}</defs>${body.join('')}</svg>`;
}
