import fs from 'node:fs';
import path from 'node:path';
import type { TLogo } from './types.ts';

const mediaDir = path.resolve(import.meta.dirname, '../../../media');
const cache = new Map<string, TLogo | null>();

/**
 * The logo a school's `logo_url` names, when it is one of the server's own media files
 * (`/media/...`, SVG, PNG or JPEG); null otherwise. Nothing is fetched over the network.
 */
export function loadLogo(logoUrl: string): TLogo | null {
  if (cache.has(logoUrl)) return cache.get(logoUrl) ?? null;
  const logo = readLogo(logoUrl);
  cache.set(logoUrl, logo);
  return logo;
}

function readLogo(logoUrl: string): TLogo | null {
  if (!logoUrl.startsWith('/media/')) return null;
  try {
    const file = path.resolve(mediaDir, `.${decodeURI(logoUrl.slice('/media'.length))}`);
    if (!file.startsWith(`${mediaDir}${path.sep}`)) return null;
    const extension = path.extname(file).toLowerCase();
    if (extension === '.svg') return { kind: 'svg', svg: fs.readFileSync(file, 'utf8') };
    if (['.png', '.jpg', '.jpeg'].includes(extension)) return { kind: 'image', bytes: fs.readFileSync(file) };
  } catch {
    return null;
  }
  return null;
}
