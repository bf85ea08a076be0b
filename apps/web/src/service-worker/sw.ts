// The portal's service worker (docs/decisions/025-passkeys-pwa-push.md): it keeps the app's
// shell (the page, the scripts and styles it names, the theme script and the icon) when it
// installs, and each other built file (a page's scripts, a translation) as the app uses it, so
// the pages a parent has opened open again without a network; it answers a page it cannot
// fetch with the kept app, and keeps the school's logo. Nothing personal is kept here: the last
// data seen is the web app's (src/lib/offline/).
import { BOOT_NAMESPACES } from '@portal/contracts/boot-data';
import { LANGUAGES } from '@portal/contracts/constants';
import { KEEP_FILES_MESSAGE } from './messages.ts';
import './push.ts';

/** A file of the built app, as vite-plugin-pwa lists it; `revision` is null when the name has its hash. */
type TBuiltFile = { url: string; revision: string | null };

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: TBuiltFile[] };

/** The built app's files, written in at build time. */
const BUILT_FILES = self.__WB_MANIFEST;
const APP_CACHE_PREFIX = 'portal-app-';
/** The school's logo and banner images (public): the latest copy, for the header when offline. */
const SCHOOL_MEDIA_CACHE = 'portal-school-media';
const SCHOOL_MEDIA_PATH = '/media/schools/';
/** First path segments the server answers itself: never a page of the app. */
const SERVER_PATHS = new Set(['api', 'app-icons', 'assets', 'ical', 'locales', 'media', 'sandbox-pay']);
/**
 * The files of the shell besides those the page names: the theme script, the icon, the words of
 * the offline notice, which the app loads only when the network is gone, and the translations
 * the server writes into the pages it sends (docs/decisions/032-boot-data.md), which the kept
 * page, without them, loads from here.
 */
const SHELL_FILES = [
  'index.html',
  'theme-boot.js',
  'favicon.svg',
  ...LANGUAGES.flatMap((language) =>
    ['pwa', ...BOOT_NAMESPACES].map((namespace) => `locales/${language}/${namespace}.json`),
  ),
];

/** A short hash of the list of files: each build with a change gets a cache of its own. */
function versionOf(files: readonly TBuiltFile[]): string {
  let hash = 0x811c9dc5;
  for (const char of files.map(({ url, revision }) => `${url}@${revision ?? ''}`).join('\n')) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

const appCache = `${APP_CACHE_PREFIX}${versionOf(BUILT_FILES)}`;
const addressOf = (url: string) => new URL(url, self.location.href).href;
/** Each built file's address, with whether its name carries its hash (the same content for ever). */
const builtFiles = new Map(BUILT_FILES.map(({ url, revision }) => [addressOf(url), revision === null]));
const APP_PAGE = addressOf('index.html');

/**
 * Puts a built file in this version's cache unless it is there. A file whose name carries its
 * hash is the same in every version: an earlier version's copy, else the browser's own cache,
 * serves; the others are asked for again.
 */
async function keepBuiltFile(cache: Cache, address: string): Promise<void> {
  if (await cache.match(address)) return;
  const hashed = builtFiles.get(address) === true;
  const response =
    (hashed ? await caches.match(address) : undefined) ??
    (await fetch(address, { cache: hashed ? 'force-cache' : 'no-cache' }));
  if (!response.ok) throw new Error(`${address} answered ${response.status}`);
  await cache.put(address, response);
}

/** The built files the app's page names (its entry script, the scripts it preloads, its styles). */
function filesNamedBy(page: string): string[] {
  const named = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => addressOf(match[1] ?? ''));
  return named.filter((address) => builtFiles.has(address));
}

/**
 * Keeps the shell (`SHELL_FILES` and the files the page names), all of this version, before the
 * worker takes over; the rest is kept as it is used (`builtFile`, `keepFetchedBefore`).
 */
async function keepShell(): Promise<void> {
  const cache = await caches.open(appCache);
  await Promise.all(SHELL_FILES.map((url) => keepBuiltFile(cache, addressOf(url))));
  const page = await (await cache.match(APP_PAGE))?.text();
  await Promise.all(filesNamedBy(page ?? '').map((address) => keepBuiltFile(cache, address)));
}

/** Keeps the built files among the addresses (those the page fetched before this worker answered). */
async function keepFetchedBefore(addresses: readonly string[]): Promise<void> {
  const cache = await caches.open(appCache);
  const built = addresses.filter((address) => builtFiles.has(address));
  await Promise.all(built.map((address) => keepBuiltFile(cache, address).catch(() => undefined)));
}

/** Drops the caches of earlier versions of the app. */
async function dropEarlierVersions(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(APP_CACHE_PREFIX) && name !== appCache)
      .map((name) => caches.delete(name)),
  );
}

/** Whether a path is one of the app's pages (not a file nor a path the server answers itself). */
function isAppPage(pathname: string): boolean {
  const first = pathname.split('/')[1] ?? '';
  return !SERVER_PATHS.has(first) && !/\.[a-z0-9]+$/i.test(pathname);
}

/** A page from the network as long as there is one; without, the kept app (which routes itself). */
async function pageOrKeptApp(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(APP_PAGE, { cacheName: appCache });
    if (kept) return kept;
    throw error;
  }
}

/** An answer from the network, kept in `cache` as it comes; the kept copy when there is no network. */
async function networkThenKept(cache: Cache, request: Request, key: Request | string): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

/**
 * A built file: one whose name carries its hash from this version's cache when kept; else (and
 * any other, a translation) from the network, kept (`networkThenKept`).
 */
async function builtFile(request: Request, address: string): Promise<Response> {
  const cache = await caches.open(appCache);
  const kept = builtFiles.get(address) === true ? await cache.match(address) : undefined;
  return kept ?? networkThenKept(cache, request, address);
}

/** A school image from the network, kept as it comes; the kept copy when there is no network. */
async function schoolMedia(request: Request): Promise<Response> {
  return networkThenKept(await caches.open(SCHOOL_MEDIA_CACHE), request, request);
}

self.addEventListener('install', (event) => {
  // A new version takes over at once: the shell is kept before it does.
  event.waitUntil(keepShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  // The page that registered the worker is answered by it from now on, without a reload.
  event.waitUntil(dropEarlierVersions().then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (isAppPage(url.pathname)) event.respondWith(pageOrKeptApp(request));
    return;
  }
  const address = `${url.origin}${url.pathname}`;
  if (url.search === '' && builtFiles.has(address)) event.respondWith(builtFile(request, address));
  else if (url.pathname.startsWith(SCHOOL_MEDIA_PATH)) event.respondWith(schoolMedia(request));
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; addresses?: unknown } | null;
  if (data?.type !== KEEP_FILES_MESSAGE || !Array.isArray(data.addresses)) return;
  const addresses = data.addresses.filter((address): address is string => typeof address === 'string');
  event.waitUntil(keepFetchedBefore(addresses));
});
