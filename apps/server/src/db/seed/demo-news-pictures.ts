import * as fontkit from 'fontkit';
import sharp from 'sharp';
import { visualRuns, type TScriptFont } from '../../kits/documents/bidi-runs.ts';
import { fontBuffers, scriptFontFor } from '../../kits/documents/fonts.ts';

// The demo's pictures (news posts and album photos), drawn when the demo is seeded: school
// scenes in SVG (sky, buildings, children, bunting, a banner with the event's name in English
// and Arabic), rendered by sharp to JPEG like a camera's photo. Nothing is read from outside:
// the banner's letters are drawn as shapes from the fonts the PDF engine ships
// (kits/documents/fonts.ts), so they look the same on any machine. A picture is drawn once per
// process, however many times the demo is seeded.

export const DEMO_PICTURE_WIDTH = 1200;
export const DEMO_PICTURE_HEIGHT = 800;

export type TSceneKind =
  | 'sports'
  | 'science'
  | 'library'
  | 'nationalDay'
  | 'robotics'
  | 'parentsEvening'
  | 'art'
  | 'reading'
  | 'lab';

/** What a picture shows: a scene, a variation of it (`seed`) and, perhaps, a banner. */
export type TScene = { kind: TSceneKind; seed: number; banner?: { en: string; ar: string } };

const W = DEMO_PICTURE_WIDTH;
const H = DEMO_PICTURE_HEIGHT;

/** A small deterministic random sequence: the same seed draws the same picture. */
function randomOf(seed: number) {
  let state = (seed * 2_654_435_761) % 4_294_967_296 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4_294_967_296;
  };
}

type TRandom = ReturnType<typeof randomOf>;
const pick = <T>(random: TRandom, values: readonly T[]): T =>
  values[Math.floor(random() * values.length)] as T;
const between = (random: TRandom, low: number, high: number) => low + random() * (high - low);

const SKINS = ['#8d5524', '#c68642', '#e0ac69', '#f1c27d', '#ffdbac', '#a0652f'];
const SHIRTS = ['#1e88e5', '#e53935', '#43a047', '#fdd835', '#8e24aa', '#fb8c00', '#00897b', '#ffffff'];
const UNIFORMS = ['#0d47a1', '#1565c0', '#283593'];

// ---------------------------------------------------------------- letters as shapes

let fonts: Record<TScriptFont, fontkit.Font> | null = null;

function fontsOf(): Record<TScriptFont, fontkit.Font> {
  if (!fonts) {
    const open = (bytes: Buffer) => {
      const font = fontkit.create(bytes);
      if (!('layout' in font)) throw new Error('The font file is a collection');
      return font;
    };
    fonts = { latin: open(fontBuffers().latinBold), arabic: open(fontBuffers().arabicBold) };
  }
  return fonts;
}

/**
 * A line of text as SVG shapes, centred on `cx` with its baseline at `y`: its runs in visual
 * order (Arabic right to left, numbers and Latin words left to right), each with its font.
 */
function textShapes(text: string, cx: number, y: number, size: number, fill: string): string {
  const direction = /\p{Script=Arabic}/u.test(text) ? 'rtl' : 'ltr';
  const laidOut = visualRuns(text, direction, scriptFontFor).map((run) => {
    const font = fontsOf()[run.font];
    return { layout: font.layout(run.text), scale: size / font.unitsPerEm };
  });
  const width = laidOut.reduce(
    (sum, { layout, scale }) =>
      sum + layout.positions.reduce((run, position) => run + position.xAdvance, 0) * scale,
    0,
  );
  let x = cx - width / 2;
  const glyphs = laidOut.flatMap(({ layout, scale }) =>
    layout.glyphs.map((glyph, index) => {
      const position = layout.positions[index];
      const left = x + (position?.xOffset ?? 0) * scale;
      const baseline = y - (position?.yOffset ?? 0) * scale;
      x += (position?.xAdvance ?? 0) * scale;
      return `<path transform="translate(${left.toFixed(1)} ${baseline.toFixed(1)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${glyph.path.toSVG()}"/>`;
    }),
  );
  return `<g fill="${fill}">${glyphs.join('')}</g>`;
}

// ---------------------------------------------------------------- shapes of a scene

function sky(top: string, bottom: string): string {
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fffde7"/><stop offset="1" stop-color="#ffca28" stop-opacity="0"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
}

function sun(random: TRandom): string {
  const x = between(random, 150, W - 150);
  return `<circle cx="${x}" cy="130" r="150" fill="url(#glow)"/><circle cx="${x}" cy="130" r="60" fill="#ffe082"/>`;
}

function clouds(random: TRandom, count: number): string {
  return Array.from({ length: count }, () => {
    const x = between(random, 0, W);
    const y = between(random, 60, 220);
    const r = between(random, 30, 55);
    return `<g fill="#fff" opacity="0.85"><circle cx="${x}" cy="${y}" r="${r}"/><circle cx="${x + r}" cy="${y + 10}" r="${r * 0.8}"/><circle cx="${x - r}" cy="${y + 12}" r="${r * 0.7}"/></g>`;
  }).join('');
}

/** A school building across the back of the scene, with its windows. */
function schoolBuilding(random: TRandom, ground: number): string {
  const color = pick(random, ['#f5e6c8', '#efe3d0', '#e8d9bd']);
  const top = ground - 260;
  const windows = Array.from({ length: 14 }, (_, index) => {
    const x = 60 + index * 80;
    return `<rect x="${x}" y="${top + 50}" width="44" height="56" rx="4" fill="#90caf9"/><rect x="${x}" y="${top + 140}" width="44" height="56" rx="4" fill="#90caf9"/>`;
  }).join('');
  return `<rect x="20" y="${top}" width="${W - 40}" height="260" fill="${color}"/><rect x="20" y="${top - 18}" width="${W - 40}" height="22" fill="#b0856a"/>${windows}
<rect x="${W / 2 - 60}" y="${ground - 120}" width="120" height="120" fill="#8d6e63"/>`;
}

function tree(x: number, ground: number, size: number): string {
  return `<rect x="${x - size * 0.08}" y="${ground - size * 0.9}" width="${size * 0.16}" height="${size * 0.9}" fill="#6d4c41"/>
<circle cx="${x}" cy="${ground - size}" r="${size * 0.45}" fill="#388e3c"/><circle cx="${x - size * 0.3}" cy="${ground - size * 0.8}" r="${size * 0.32}" fill="#43a047"/><circle cx="${x + size * 0.3}" cy="${ground - size * 0.82}" r="${size * 0.34}" fill="#2e7d32"/>`;
}

/** A person standing at `x` on `ground`, `size` tall, arms up when cheering. */
function person(
  random: TRandom,
  x: number,
  ground: number,
  size: number,
  options: { shirt?: string; cheering?: boolean } = {},
): string {
  const skin = pick(random, SKINS);
  const shirt = options.shirt ?? pick(random, SHIRTS);
  const head = size * 0.13;
  const bodyTop = ground - size * 0.78;
  const arms = options.cheering
    ? `<path d="M${x - size * 0.12} ${bodyTop + size * 0.05} l${-size * 0.14} ${-size * 0.22}" /><path d="M${x + size * 0.12} ${bodyTop + size * 0.05} l${size * 0.14} ${-size * 0.22}" />`
    : `<path d="M${x - size * 0.12} ${bodyTop + size * 0.06} l${-size * 0.06} ${size * 0.3}" /><path d="M${x + size * 0.12} ${bodyTop + size * 0.06} l${size * 0.06} ${size * 0.3}" />`;
  return `<g stroke="${skin}" stroke-width="${size * 0.06}" stroke-linecap="round" fill="none">${arms}
<path d="M${x - size * 0.06} ${ground - size * 0.38} l${-size * 0.03} ${size * 0.37}" stroke="#37474f"/><path d="M${x + size * 0.06} ${ground - size * 0.38} l${size * 0.03} ${size * 0.37}" stroke="#37474f"/></g>
<rect x="${x - size * 0.14}" y="${bodyTop}" width="${size * 0.28}" height="${size * 0.42}" rx="${size * 0.06}" fill="${shirt}"/>
<circle cx="${x}" cy="${bodyTop - head * 1.05}" r="${head}" fill="${skin}"/>
<path d="M${x - head} ${bodyTop - head * 1.2} a${head} ${head} 0 0 1 ${head * 2} 0 z" fill="${pick(random, ['#212121', '#3e2723', '#4e342e', '#000000'])}"/>`;
}

/** People standing about, those further back (higher up, smaller) drawn first. */
function crowd(
  random: TRandom,
  ground: number,
  count: number,
  sizes: [number, number],
  options: { cheering?: boolean; uniform?: boolean } = {},
): string {
  return Array.from({ length: count }, () => ({ depth: random(), x: between(random, 40, W - 40) }))
    .sort((a, b) => a.depth - b.depth)
    .map(({ depth, x }) =>
      person(random, x, ground + depth * 40, sizes[0] + depth * (sizes[1] - sizes[0]), {
        cheering: options.cheering === true && random() > 0.4,
        ...(options.uniform ? { shirt: pick(random, UNIFORMS) } : {}),
      }),
    )
    .join('');
}

/** Little flags on a line across the top of the scene. */
function bunting(colors: readonly string[], y: number): string {
  const flags = Array.from({ length: 24 }, (_, index) => {
    const x = index * 52;
    const sag = Math.sin((index / 23) * Math.PI) * 40;
    return `<path d="M${x} ${y + sag} l44 0 l-22 40 z" fill="${colors[index % colors.length]}"/>`;
  }).join('');
  return `<path d="M0 ${y} Q${W / 2} ${y + 80} ${W} ${y}" stroke="#5d4037" stroke-width="3" fill="none"/>${flags}`;
}

/** A banner hung across the scene with the event's name in English and Arabic. */
function banner(text: { en: string; ar: string }, color: string): string {
  const y = 70;
  return `<g><path d="M${W / 2 - 380} ${y} L${W / 2 - 440} 0 M${W / 2 + 380} ${y} L${W / 2 + 440} 0" stroke="#5d4037" stroke-width="4"/>
<rect x="${W / 2 - 380}" y="${y}" width="760" height="150" rx="16" fill="${color}" stroke="#fff" stroke-width="6"/>
${textShapes(text.en, W / 2, y + 66, 48, '#ffffff')}${textShapes(text.ar, W / 2, y + 128, 44, '#fff8e1')}</g>`;
}

// ---------------------------------------------------------------- the scenes

function sportsScene(random: TRandom): string {
  const ground = 470;
  const lanes = Array.from(
    { length: 6 },
    (_, index) =>
      `<rect x="0" y="${ground + 40 + index * 52}" width="${W}" height="4" fill="#fff" opacity="0.9"/>`,
  ).join('');
  const runners = Array.from({ length: 5 }, (_, index) =>
    person(random, between(random, 200, 1000), ground + 92 + index * 52, 150, {
      shirt: pick(random, SHIRTS),
      cheering: index === 0,
    }),
  ).join('');
  return `${sky('#4fc3f7', '#e1f5fe')}${sun(random)}${clouds(random, 3)}${schoolBuilding(random, ground)}
<rect y="${ground}" width="${W}" height="${H - ground}" fill="#66bb6a"/><rect y="${ground + 36}" width="${W}" height="${H - ground - 36}" fill="#d84315"/>${lanes}
${crowd(random, ground - 10, 14, [70, 100], { cheering: true })}${bunting(['#e53935', '#fdd835', '#1e88e5', '#43a047'], 20)}${runners}`;
}

function scienceScene(random: TRandom): string {
  const floor = 560;
  const tables = [180, 600, 1020]
    .map((x) => {
      const liquid = pick(random, ['#ab47bc', '#26c6da', '#66bb6a', '#ffa726']);
      return `<rect x="${x - 170}" y="${floor - 110}" width="340" height="24" rx="6" fill="#795548"/><rect x="${x - 150}" y="${floor - 86}" width="16" height="86" fill="#5d4037"/><rect x="${x + 134}" y="${floor - 86}" width="16" height="86" fill="#5d4037"/>
<rect x="${x - 130}" y="${floor - 320}" width="260" height="180" rx="8" fill="#fff" stroke="#90a4ae" stroke-width="6"/><rect x="${x - 110}" y="${floor - 300}" width="220" height="30" fill="${liquid}" opacity="0.7"/><circle cx="${x - 50}" cy="${floor - 210}" r="34" fill="${liquid}" opacity="0.5"/><rect x="${x + 10}" y="${floor - 240}" width="90" height="60" fill="#ffcc80"/>
<path d="M${x - 40} ${floor - 110} l20 -70 l40 0 l20 70 z" fill="${liquid}" opacity="0.8"/><rect x="${x - 14}" y="${floor - 200}" width="28" height="24" fill="#b0bec5"/>`;
    })
    .join('');
  return `<rect width="${W}" height="${H}" fill="#e8eaf6"/><rect y="${floor}" width="${W}" height="${H - floor}" fill="#bcaaa4"/>${tables}
${crowd(random, floor + 150, 9, [150, 210], { uniform: true })}`;
}

function libraryScene(random: TRandom): string {
  const shelves = Array.from({ length: 3 }, (_, shelf) => {
    const x = 40 + shelf * 400;
    const rows = Array.from({ length: 4 }, (_, row) => {
      const y = 80 + row * 110;
      let bookX = x + 14;
      const books: string[] = [];
      while (bookX < x + 330) {
        const width = between(random, 18, 34);
        const height = between(random, 70, 96);
        books.push(
          `<rect x="${bookX.toFixed(1)}" y="${(y + 100 - height).toFixed(1)}" width="${width.toFixed(1)}" height="${height.toFixed(1)}" fill="${pick(random, ['#c62828', '#1565c0', '#2e7d32', '#f9a825', '#6a1b9a', '#ef6c00', '#00838f', '#4e342e'])}"/>`,
        );
        bookX += width + 3;
      }
      return `${books.join('')}<rect x="${x}" y="${y + 100}" width="360" height="12" fill="#6d4c41"/>`;
    }).join('');
    return `<rect x="${x}" y="60" width="360" height="470" fill="#a1887f"/>${rows}`;
  }).join('');
  return `<rect width="${W}" height="${H}" fill="#fff3e0"/>${shelves}<rect y="540" width="${W}" height="${H - 540}" fill="#8d6e63"/>
<ellipse cx="${W / 2}" cy="690" rx="420" ry="80" fill="#e57373"/>${crowd(random, 700, 7, [130, 170], { uniform: true })}`;
}

function nationalDayScene(random: TRandom): string {
  const ground = 520;
  const flag = (x: number, y: number, scale: number) =>
    `<rect x="${x - 6}" y="${y}" width="8" height="${300 * scale}" fill="#9e9e9e"/><g transform="translate(${x} ${y}) scale(${scale})"><rect width="240" height="40" x="60" fill="#00732f"/><rect width="240" height="40" x="60" y="40" fill="#ffffff"/><rect width="240" height="40" x="60" y="80" fill="#000000"/><rect width="60" height="120" fill="#ff0000"/></g>`;
  const fireworks = Array.from({ length: 4 }, () => {
    const x = between(random, 120, W - 120);
    const y = between(random, 80, 220);
    const color = pick(random, ['#ff5252', '#69f0ae', '#ffffff', '#ffd740']);
    const rays = Array.from({ length: 12 }, (_, index) => {
      const angle = (index / 12) * Math.PI * 2;
      return `<path d="M${x} ${y} l${(Math.cos(angle) * 60).toFixed(1)} ${(Math.sin(angle) * 60).toFixed(1)}"/>`;
    }).join('');
    return `<g stroke="${color}" stroke-width="5" stroke-linecap="round">${rays}</g>`;
  }).join('');
  return `${sky('#1a237e', '#5c6bc0')}${fireworks}${schoolBuilding(random, ground)}${flag(160, 170, 0.9)}${flag(880, 190, 0.8)}
<rect y="${ground}" width="${W}" height="${H - ground}" fill="#9ccc65"/>${bunting(['#00732f', '#ffffff', '#000000', '#ff0000'], 10)}
${crowd(random, ground + 150, 16, [120, 190], { cheering: true })}`;
}

function roboticsScene(random: TRandom): string {
  const floor = 560;
  const robot = (x: number, y: number, color: string) =>
    `<rect x="${x - 60}" y="${y - 110}" width="120" height="90" rx="12" fill="${color}"/><rect x="${x - 40}" y="${y - 170}" width="80" height="56" rx="10" fill="#cfd8dc"/><circle cx="${x - 18}" cy="${y - 142}" r="9" fill="#00e5ff"/><circle cx="${x + 18}" cy="${y - 142}" r="9" fill="#00e5ff"/>
<rect x="${x - 4}" y="${y - 196}" width="8" height="26" fill="#607d8b"/><circle cx="${x}" cy="${y - 200}" r="8" fill="#ff5252"/><circle cx="${x - 40}" cy="${y - 10}" r="22" fill="#263238"/><circle cx="${x + 40}" cy="${y - 10}" r="22" fill="#263238"/>`;
  const gear = (x: number, y: number, r: number) => {
    const teeth = Array.from(
      { length: 10 },
      (_, index) =>
        `<rect x="${x - 8}" y="${y - r - 14}" width="16" height="22" transform="rotate(${index * 36} ${x} ${y})"/>`,
    ).join('');
    return `<g fill="#90a4ae" opacity="0.5">${teeth}<circle cx="${x}" cy="${y}" r="${r}"/></g><circle cx="${x}" cy="${y}" r="${r * 0.35}" fill="#eceff1"/>`;
  };
  return `<rect width="${W}" height="${H}" fill="#eceff1"/>${gear(150, 160, 70)}${gear(1050, 140, 55)}${gear(960, 260, 40)}
<rect x="280" y="80" width="640" height="260" rx="10" fill="#263238"/><path d="M320 300 l120 -80 l100 50 l140 -120 l180 90" stroke="#69f0ae" stroke-width="8" fill="none"/>
<rect y="${floor}" width="${W}" height="${H - floor}" fill="#b0bec5"/><rect x="200" y="${floor - 30}" width="800" height="30" fill="#455a64"/>
${robot(420, floor - 30, pick(random, ['#ff7043', '#42a5f5', '#ffca28']))}${robot(780, floor - 30, pick(random, ['#66bb6a', '#ab47bc', '#26a69a']))}
${crowd(random, floor + 160, 6, [170, 220], { uniform: true, cheering: true })}`;
}

function parentsEveningScene(random: TRandom): string {
  const floor = 540;
  const desks = [220, 600, 980]
    .map(
      (
        x,
      ) => `<rect x="${x - 150}" y="${floor - 40}" width="300" height="26" rx="4" fill="#a1887f"/><rect x="${x - 130}" y="${floor - 14}" width="14" height="90" fill="#6d4c41"/><rect x="${x + 116}" y="${floor - 14}" width="14" height="90" fill="#6d4c41"/>
<rect x="${x - 40}" y="${floor - 70}" width="80" height="30" fill="#fff"/>`,
    )
    .join('');
  const lights = Array.from(
    { length: 6 },
    (_, index) => `<circle cx="${100 + index * 200}" cy="40" r="90" fill="url(#glow)" opacity="0.7"/>`,
  ).join('');
  return `<defs><radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff8e1"/><stop offset="1" stop-color="#ffe0b2" stop-opacity="0"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="#ffe0b2"/>${lights}<rect x="300" y="90" width="600" height="250" rx="8" fill="#2e7d32" stroke="#8d6e63" stroke-width="14"/>
<path d="M360 170 h220 M360 220 h300 M360 270 h180" stroke="#f1f8e9" stroke-width="10" stroke-linecap="round"/>
<rect y="${floor}" width="${W}" height="${H - floor}" fill="#a1887f"/>${desks}${crowd(random, floor + 170, 10, [170, 230])}`;
}

function artScene(random: TRandom): string {
  const floor = 560;
  const easels = [230, 600, 970]
    .map((x) => {
      const paint = Array.from(
        { length: 5 },
        () =>
          `<circle cx="${(x + between(random, -90, 90)).toFixed(0)}" cy="${(250 + between(random, -60, 80)).toFixed(0)}" r="${between(random, 18, 46).toFixed(0)}" fill="${pick(random, SHIRTS)}" opacity="0.85"/>`,
      ).join('');
      return `<path d="M${x - 110} ${floor} L${x - 60} 120 M${x + 110} ${floor} L${x + 60} 120 M${x} ${floor} L${x} 120" stroke="#8d6e63" stroke-width="12"/><rect x="${x - 130}" y="150" width="260" height="220" fill="#fff" stroke="#bcaaa4" stroke-width="6"/>${paint}`;
    })
    .join('');
  return `<rect width="${W}" height="${H}" fill="#e3f2fd"/><rect y="${floor}" width="${W}" height="${H - floor}" fill="#ffcc80"/>${easels}${crowd(random, floor + 170, 7, [150, 200])}`;
}

function readingScene(random: TRandom): string {
  const floor = 520;
  const cushions = Array.from(
    { length: 6 },
    () =>
      `<ellipse cx="${between(random, 100, 1100).toFixed(0)}" cy="${between(random, 620, 720).toFixed(0)}" rx="70" ry="30" fill="${pick(random, ['#f06292', '#4fc3f7', '#aed581', '#ffd54f'])}"/>`,
  ).join('');
  return `<rect width="${W}" height="${H}" fill="#fffde7"/><rect x="60" y="80" width="340" height="260" rx="20" fill="#b3e5fc"/><circle cx="330" cy="140" r="34" fill="#ffe082"/>${tree(230, 330, 140)}
<rect x="760" y="90" width="380" height="380" fill="#a1887f"/><rect x="780" y="110" width="340" height="100" fill="#ef9a9a"/><rect x="780" y="230" width="340" height="100" fill="#90caf9"/><rect x="780" y="350" width="340" height="100" fill="#a5d6a7"/>
<rect y="${floor}" width="${W}" height="${H - floor}" fill="#c5e1a5"/><ellipse cx="${W / 2}" cy="660" rx="520" ry="110" fill="#7986cb"/>${cushions}${crowd(random, 700, 8, [110, 150], { uniform: true })}`;
}

function labScene(random: TRandom): string {
  return `${scienceScene(random)}<rect x="0" y="0" width="${W}" height="40" fill="#37474f"/>`;
}

const SCENES: Record<TSceneKind, (random: TRandom) => string> = {
  sports: sportsScene,
  science: scienceScene,
  library: libraryScene,
  nationalDay: nationalDayScene,
  robotics: roboticsScene,
  parentsEvening: parentsEveningScene,
  art: artScene,
  reading: readingScene,
  lab: labScene,
};

const BANNER_COLORS: Record<TSceneKind, string> = {
  sports: '#c62828',
  science: '#4527a0',
  library: '#00695c',
  nationalDay: '#1b5e20',
  robotics: '#0d47a1',
  parentsEvening: '#6a1b9a',
  art: '#ad1457',
  reading: '#283593',
  lab: '#37474f',
};

/** A scene as SVG text. */
export function sceneSvg(scene: TScene): string {
  const random = randomOf(scene.seed);
  const body = SCENES[scene.kind](random);
  const banner = scene.banner ? bannerOf(scene) : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}${banner}</svg>`;
}

const bannerOf = (scene: TScene) => (scene.banner ? banner(scene.banner, BANNER_COLORS[scene.kind]) : '');

const drawn = new Map<string, Promise<Uint8Array>>();

/** A scene as a JPEG photo (drawn once per process for the same scene). */
export function scenePicture(scene: TScene): Promise<Uint8Array> {
  const key = JSON.stringify(scene);
  let picture = drawn.get(key);
  if (!picture) {
    picture = sharp(Buffer.from(sceneSvg(scene)))
      .jpeg({ quality: 85 })
      .toBuffer()
      .then((bytes) => new Uint8Array(bytes));
    drawn.set(key, picture);
  }
  return picture;
}
