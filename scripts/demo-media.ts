/**
 * Draws the demo shop's home page pictures and films from the same art as the seeded product pictures
 * (server/seed/art.ts): faceted stones with light, a table and a soft shadow.
 *
 *   npm run demo-media             pictures (web/public/images) and films (web/public/videos)
 *   npm run demo-media -- --images the pictures only
 *
 * The films need ffmpeg (with libvpx-vp9 and libx264) on the PATH. Every output is deterministic for the
 * drawing, so running it again changes nothing unless the art changed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { renderScene, type Scene, type SceneStone, type Shape, type StoneLook } from '../server/seed/art.js';
import { STONES } from '../server/seed/stones.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const IMAGES = path.join(ROOT, 'web/public/images');
const VIDEOS = path.join(ROOT, 'web/public/videos');

function look(subcategory: string, index = 0): StoneLook {
  const kind = STONES.find((s) => s.subcategory === subcategory);
  const found = kind?.looks[index]?.look;
  if (!found) throw new Error(`no look for ${subcategory} #${index}`);
  return found;
}

const RUBY = look('Ruby');
const BLUE = look('Natural Blue Sapphire');
const YELLOW = look('Natural Yellow Sapphire');
const EMERALD = look('Emerald');
const WHITE = look('White Sapphire');
const PEARL = look('Pearl');
const CORAL = look('Coral');
const HESSONITE = look('Hessonite');
const CATSEYE = look('Catseye');

const stone = (
  l: StoneLook,
  shape: Shape,
  cx: number,
  cy: number,
  size: number,
  extra: Partial<SceneStone> = {},
): SceneStone => ({
  look: l,
  shape,
  cx,
  cy,
  size,
  ...extra,
});

// ---------------------------------------------------------------- pictures
/** Hero slides are 1600×640; on a phone only the part round 70% of the width shows, so the main stone sits there. */
const HERO: Record<string, Scene> = {
  'hero-1': {
    width: 1600,
    height: 640,
    backdrop: ['#2a0714', '#7a1f3d'],
    glow: { x: 0.68, y: 0.45, r: 0.32, colour: '#ffd9e0', opacity: 0.35 },
    shadow: 0.55,
    stones: [
      stone(BLUE, 'cushion', 1390, 400, 105, { seed: 3 }),
      stone(YELLOW, 'oval', 860, 430, 80, { seed: 5, rotate: -20 }),
      stone(RUBY, 'oval', 1110, 300, 175, { seed: 1, rotate: 12 }),
    ],
    sparkles: [
      [1250, 160, 22, 0.85],
      [960, 250, 12, 0.6],
    ],
  },
  'hero-2': {
    width: 1600,
    height: 640,
    backdrop: ['#04201a', '#0f6b45'],
    glow: { x: 0.7, y: 0.5, r: 0.36, colour: '#e6fff2', opacity: 0.28 },
    shadow: 0.55,
    // The nine stones of the Navratna, round the ruby (the Sun) as they are set.
    stones: [
      stone(PEARL, 'round', 868, 183, 56, { seed: 2 }),
      stone(CORAL, 'oval', 1080, 120, 56, { seed: 3 }),
      stone(EMERALD, 'octagon', 1292, 183, 56, { seed: 4 }),
      stone(YELLOW, 'cushion', 1380, 335, 56, { seed: 5 }),
      stone(WHITE, 'round', 1292, 487, 56, { seed: 6 }),
      stone(BLUE, 'oval', 1080, 550, 56, { seed: 7 }),
      stone(HESSONITE, 'oval', 868, 487, 56, { seed: 8, rotate: 90 }),
      stone(CATSEYE, 'oval', 780, 335, 56, { seed: 9, rotate: 90 }),
      stone(RUBY, 'round', 1080, 335, 118, { seed: 1 }),
    ],
    sparkles: [[1030, 290, 18, 0.8]],
  },
  'hero-3': {
    width: 1600,
    height: 640,
    backdrop: ['#070d2e', '#2a1780'],
    glow: { x: 0.7, y: 0.45, r: 0.34, colour: '#dfe6ff', opacity: 0.3 },
    shadow: 0.55,
    stones: [
      stone(WHITE, 'round', 1370, 440, 70, { seed: 4 }),
      stone(WHITE, 'round', 870, 420, 52, { seed: 6 }),
      stone(BLUE, 'oval', 1110, 310, 180, { seed: 2, rotate: -8 }),
    ],
    sparkles: [
      [1010, 180, 20, 0.85],
      [1420, 380, 12, 0.7],
    ],
  },
};

/** Promo banners are 800×400 with the words on the left 62% (dark text): a light backdrop, stones on the right. */
const PROMO: Record<string, Scene> = {
  'promo-emerald': {
    width: 800,
    height: 400,
    backdrop: ['#eefaf3', '#b7e3cb'],
    glow: { x: 0.78, y: 0.45, r: 0.3, colour: '#ffffff', opacity: 0.8 },
    stones: [stone(EMERALD, 'octagon', 730, 290, 55, { seed: 3 }), stone(EMERALD, 'octagon', 610, 185, 115, { seed: 1 })],
  },
  'promo-ruby': {
    width: 800,
    height: 400,
    backdrop: ['#fff1f3', '#f3c2cc'],
    glow: { x: 0.78, y: 0.45, r: 0.3, colour: '#ffffff', opacity: 0.8 },
    stones: [stone(RUBY, 'round', 735, 300, 52, { seed: 3 }), stone(RUBY, 'oval', 615, 190, 120, { seed: 1, rotate: 15 })],
  },
};

/** The explore banner (1600×500) shows its right part beside (or under) the words: the stones sit right of 900. */
const EXPLORE: Scene = {
  width: 1600,
  height: 500,
  backdrop: ['#3f0d1f', '#8a5a12'],
  glow: { x: 0.75, y: 0.5, r: 0.3, colour: '#fff4d6', opacity: 0.3 },
  shadow: 0.5,
  stones: [
    stone(EMERALD, 'octagon', 960, 300, 80, { seed: 2 }),
    stone(BLUE, 'cushion', 1460, 280, 85, { seed: 3 }),
    stone(YELLOW, 'oval', 1320, 200, 70, { seed: 4, rotate: 30 }),
    stone(RUBY, 'oval', 1160, 260, 125, { seed: 1, rotate: -10 }),
  ],
  sparkles: [[1120, 150, 16, 0.8]],
};

/** Category tiles (520×360): the category's stone on a backdrop of its own colour. */
const TILE_BACKDROPS: Record<string, [string, string, StoneLook, Shape]> = {
  ruby: ['#fff3f5', '#f5cdd5', RUBY, 'oval'],
  'yellow-sapphire': ['#fffbea', '#f6e3a6', YELLOW, 'cushion'],
  coral: ['#fff5ef', '#f7d3c2', look('Coral'), 'oval'],
  opal: ['#f4fbfd', '#d3e7ee', look('Opal'), 'oval'],
  pearl: ['#fbf8f3', '#e7ddd0', PEARL, 'round'],
  tourmaline: ['#f1faf5', '#c9e8d8', look('Tourmaline', 1), 'octagon'],
  hessonite: ['#fff6ee', '#efd2b6', HESSONITE, 'oval'],
  tanzanite: ['#f5f3ff', '#d6d0f5', look('Tanzanite'), 'cushion'],
};

const tile = ([a, b, l, shape]: [string, string, StoneLook, Shape]): Scene => ({
  width: 520,
  height: 360,
  backdrop: [a, b],
  glow: { x: 0.5, y: 0.45, r: 0.32, colour: '#ffffff', opacity: 0.85 },
  stones: [stone(l, shape, 260, 165, 105, { seed: 1, rotate: shape === 'oval' ? 90 : 0, squash: shape === 'oval' ? 0.9 : 1 })],
});

// ---------------------------------------------------------------- films
/**
 * A film: a stone turning once under a fixed light (each facet brightens as it faces the light), with glints
 * that come and go. 1280×720 drawing, encoded at 960×540.
 */
type Film = {
  name: string;
  seconds: number;
  frame: (t: number) => Scene;
};

const FPS = 24;
const FILM_WIDTH = 960;
const TAU = Math.PI * 2;
const glint = (x: number, y: number, r: number, t: number, phase: number): [number, number, number, number] => {
  const v = Math.max(0, Math.sin((t + phase) * TAU));
  return [x, y, r * (0.4 + 0.6 * v), v * 0.95];
};

const FILMS: Film[] = [
  {
    name: 'certification',
    seconds: 5,
    frame: (t) => {
      const turn = t * 360;
      return {
        width: 1280,
        height: 720,
        backdrop: ['#1b0610', '#5a1530'],
        glow: { x: 0.5, y: 0.45, r: 0.34 + 0.03 * Math.sin(t * TAU), colour: '#ffe1e8', opacity: 0.3 },
        shadow: 0.6,
        // The stone turns; the light stays where it is, so its facets take the light in turn.
        lightAngle: (-3 * Math.PI) / 4 - (turn * Math.PI) / 180,
        stones: [stone(RUBY, 'round', 640, 330, 230, { seed: 1, rotate: turn })],
        sparkles: [glint(540, 220, 34, t, 0), glint(760, 400, 24, t, 0.35), glint(700, 200, 18, t, 0.7)],
      };
    },
  },
  {
    name: 'workshop',
    seconds: 5,
    frame: (t) => {
      const turn = t * 360;
      return {
        width: 1280,
        height: 720,
        backdrop: ['#04201a', '#11543a'],
        glow: { x: 0.5, y: 0.45, r: 0.36, colour: '#eafff4', opacity: 0.25 + 0.05 * Math.sin(t * TAU) },
        shadow: 0.6,
        lightAngle: (-3 * Math.PI) / 4 - (turn * Math.PI) / 180,
        stones: [
          stone(YELLOW, 'cushion', 330, 430, 110, { seed: 4, rotate: -turn }),
          stone(BLUE, 'oval', 950, 430, 110, { seed: 5, rotate: turn }),
          stone(EMERALD, 'octagon', 640, 320, 190, { seed: 1, rotate: turn / 2 }),
        ],
        sparkles: [glint(560, 200, 30, t, 0.1), glint(990, 360, 20, t, 0.5), glint(300, 380, 18, t, 0.8)],
      };
    },
  },
];

// ---------------------------------------------------------------- writing
const svgOf = (scene: Scene) => `${renderScene(scene)}\n`;

async function writeIfChanged(file: string, body: string | Buffer) {
  const old = await fs.readFile(file).catch(() => null);
  if (old && Buffer.compare(old, Buffer.from(body)) === 0) return false;
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, body);
  return true;
}

async function writePictures() {
  const out: [string, Scene][] = [
    ...Object.entries(HERO).map(([n, s]) => [`${n}.svg`, s] as [string, Scene]),
    ...Object.entries(PROMO).map(([n, s]) => [`${n}.svg`, s] as [string, Scene]),
    ['explore.svg', EXPLORE],
    ...Object.entries(TILE_BACKDROPS).map(([n, b]) => [`categories/${n}.svg`, tile(b)] as [string, Scene]),
    // Each film's poster is its first frame, drawn as a picture.
    ...FILMS.map((film) => [`video-${film.name}.svg`, film.frame(0)] as [string, Scene]),
  ];
  for (const [name, scene] of out) {
    const svg = svgOf(scene);
    const changed = await writeIfChanged(path.join(IMAGES, name), svg);
    console.log(`${changed ? 'wrote' : 'same '} images/${name} (${(svg.length / 1024).toFixed(1)} KB)`);
  }
}

function run(cmd: string, args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}: ${err.slice(-2000)}`))));
  });
}

async function writeFilm(film: Film) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `film-${film.name}-`));
  try {
    const frames = film.seconds * FPS;
    for (let i = 0; i < frames; i++) {
      const svg = renderScene({ ...film.frame(i / frames), outWidth: FILM_WIDTH });
      await sharp(Buffer.from(svg))
        .removeAlpha()
        .png({ compressionLevel: 1 })
        .toFile(path.join(dir, `${String(i).padStart(4, '0')}.png`));
    }
    const input = ['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', path.join(dir, '%04d.png')];
    await fs.mkdir(VIDEOS, { recursive: true });
    const webm = path.join(VIDEOS, `${film.name}.webm`);
    const mp4 = path.join(VIDEOS, `${film.name}.mp4`);
    // No metadata that changes per run, so the same frames give the same file.
    await run('ffmpeg', [
      ...input,
      ...['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '30', '-row-mt', '1', '-pix_fmt', 'yuv420p', '-an'],
      ...['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', webm],
    ]);
    await run('ffmpeg', [
      ...input,
      ...['-c:v', 'libx264', '-preset', 'slow', '-crf', '22', '-pix_fmt', 'yuv420p', '-profile:v', 'main', '-an'],
      ...['-movflags', '+faststart', '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', mp4],
    ]);
    for (const file of [webm, mp4]) {
      const { size } = await fs.stat(file);
      console.log(`wrote videos/${path.basename(file)} (${(size / 1024).toFixed(0)} KB)`);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await writePictures();
if (!process.argv.includes('--images')) {
  for (const film of FILMS) await writeFilm(film);
}
