import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { TLogo } from '../../kits/documents/types.ts';

// The installed app's look, made from the school's logo (docs/decisions/025-passkeys-pwa-push.md):
// its icons and the colour of its title bar. sharp draws on libuv's threads, never on the event
// loop; each logo is drawn once per process and kept.

/** The icons a manifest names: their file names and sizes. */
export const APP_ICONS = {
  'any-192.png': { side: 192, purpose: 'any' },
  'any-512.png': { side: 512, purpose: 'any' },
  'maskable-512.png': { side: 512, purpose: 'maskable' },
} as const;
export type TAppIconName = keyof typeof APP_ICONS;

export type TAppLook = {
  /** Changes with the logo's content: icon addresses carry it, so they can be kept for a year. */
  version: string;
  /** `#rrggbb`: the logo's main colour dark enough for white text, else the portal's purple. */
  themeColor: string;
  icons: Record<TAppIconName, Buffer>;
};

/** The portal's own purple (the web app's `theme-color`), for a logo without a dark colour. */
export const PORTAL_COLOR = '#7c3aed';
/** The background of a maskable icon and of the splash screen: the logo's colours stand out on it. */
export const ICON_BACKGROUND = '#ffffff';
/** A maskable icon is cut to a circle of 80 % of its side: the logo fits inside it. */
const MASKABLE_LOGO_SHARE = 0.56;
/** White text on the title bar needs this contrast (WCAG AA). */
const TITLE_BAR_CONTRAST = 4.5;
const DRAW_TIMEOUT_S = 10;
const MAX_INPUT_PIXELS = 50_000_000;
/** Looks kept at once (one per logo a school has had since the start). */
const MAX_LOOKS = 200;

/** The mark drawn for a school without a logo the server holds: a white cap on the portal's purple. */
const FALLBACK_LOGO: TLogo = {
  kind: 'svg',
  svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120">
  <rect width="120" height="120" rx="24" fill="${PORTAL_COLOR}"/>
  <path d="M20 50 L60 32 L100 50 L60 68 Z" fill="#ffffff"/>
  <path d="M36 60 V78 C36 84 48 90 60 90 C72 90 84 84 84 78 V60 L60 71 Z" fill="#ffffff"/>
</svg>`,
};

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

function bytesOf(logo: TLogo): Buffer {
  return logo.kind === 'svg' ? Buffer.from(logo.svg) : logo.bytes;
}

/** The logo drawn in a `side` x `side` square, whole and centred, on a transparent ground. */
async function draw(logo: TLogo, side: number): Promise<Buffer> {
  const input = bytesOf(logo);
  const options = { limitInputPixels: MAX_INPUT_PIXELS };
  let density: number | undefined;
  if (logo.kind === 'svg') {
    // A drawing's size is in points at 72 dpi: the density that makes its longer side `side` pixels.
    const { width = side, height = side } = await sharp(input, options).metadata();
    density = Math.min(2_400, Math.max(1, (72 * side) / Math.max(width, height, 1)));
  }
  return sharp(input, { ...options, ...(density ? { density } : {}) })
    .timeout({ seconds: DRAW_TIMEOUT_S })
    .resize(side, side, { fit: 'contain', background: TRANSPARENT })
    .png()
    .toBuffer();
}

/** The logo smaller, in the middle of an opaque square: what a maskable icon needs. */
async function drawMaskable(logo: TLogo, side: number): Promise<Buffer> {
  const inner = await draw(logo, Math.round(side * MASKABLE_LOGO_SHARE));
  return sharp({ create: { width: side, height: side, channels: 4, background: ICON_BACKGROUND } })
    .composite([{ input: inner, gravity: 'centre' }])
    .png()
    .toBuffer();
}

/** WCAG relative luminance of a colour. */
function luminance(r: number, g: number, b: number): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast of white text on a colour. */
export function contrastWithWhite(r: number, g: number, b: number): number {
  return 1.05 / (luminance(r, g, b) + 0.05);
}

const hex = (value: number) => value.toString(16).padStart(2, '0');

/**
 * The colour most of the logo's opaque pixels share among those white text reads on: colours
 * are grouped by their 4 high bits per channel (anti-aliased edges fall with their fill) and the
 * group's most frequent exact colour is the answer. null when no pixel is dark enough.
 */
export function mainDarkColor(pixels: Buffer, channels: number): string | null {
  const groups = new Map<number, { count: number; colors: Map<number, number> }>();
  for (let offset = 0; offset + channels <= pixels.length; offset += channels) {
    const [r = 0, g = 0, b = 0] = [pixels[offset], pixels[offset + 1], pixels[offset + 2]];
    const alpha = channels === 4 ? (pixels[offset + 3] ?? 0) : 255;
    if (alpha < 250 || contrastWithWhite(r, g, b) < TITLE_BAR_CONTRAST) continue;
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const group = groups.get(key) ?? { count: 0, colors: new Map<number, number>() };
    const color = (r << 16) | (g << 8) | b;
    group.count += 1;
    group.colors.set(color, (group.colors.get(color) ?? 0) + 1);
    groups.set(key, group);
  }
  const best = [...groups.values()].sort((a, b) => b.count - a.count)[0];
  if (!best) return null;
  const [color] = [...best.colors.entries()].sort((a, b) => b[1] - a[1])[0] ?? [0];
  return `#${hex(color >> 16)}${hex((color >> 8) & 0xff)}${hex(color & 0xff)}`;
}

async function themeColorOf(logo: TLogo): Promise<string> {
  const { data, info } = await sharp(await draw(logo, 64))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return mainDarkColor(data, info.channels) ?? PORTAL_COLOR;
}

async function drawLook(logo: TLogo, version: string): Promise<TAppLook> {
  const [themeColor, any192, any512, maskable512] = await Promise.all([
    themeColorOf(logo),
    draw(logo, APP_ICONS['any-192.png'].side),
    draw(logo, APP_ICONS['any-512.png'].side),
    drawMaskable(logo, APP_ICONS['maskable-512.png'].side),
  ]);
  return {
    version,
    themeColor,
    icons: { 'any-192.png': any192, 'any-512.png': any512, 'maskable-512.png': maskable512 },
  };
}

const looks = new Map<string, Promise<TAppLook>>();

/** The version of a logo's look: a hash of its content (the fallback mark's when there is none). */
export function lookVersion(logo: TLogo | null): string {
  return createHash('sha256')
    .update(bytesOf(logo ?? FALLBACK_LOGO))
    .digest('hex')
    .slice(0, 12);
}

/**
 * The app's look for a school's logo (null: the school has none the server holds), drawn once
 * per logo content and kept; drawn from the fallback mark when sharp cannot read the logo.
 * Requests that arrive while it is drawn wait for the same drawing.
 */
export function appLook(logo: TLogo | null, onUnreadable: (error: unknown) => void): Promise<TAppLook> {
  const version = lookVersion(logo);
  let look = looks.get(version);
  if (!look) {
    look = drawLook(logo ?? FALLBACK_LOGO, version).catch((error: unknown) => {
      onUnreadable(error);
      return drawLook(FALLBACK_LOGO, version);
    });
    if (looks.size >= MAX_LOOKS) looks.delete(looks.keys().next().value ?? '');
    looks.set(version, look);
    // A failure of the fallback itself is not kept: the next request tries again.
    look.catch(() => looks.delete(version));
  }
  return look;
}
