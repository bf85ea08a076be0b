// The web app's weight per route, measured in the browser: Chromium opens each route cold (no
// cache, no service worker) and counts every script it fetches until the page is painted (its
// heading is shown) and the network is idle, lazy chunks fetched at start included, each at the
// size it crossed the wire (compressed as the portal serves it). Signed-in routes are opened in
// the tab a parent has just signed in through, as the session lives in the tab's sessionStorage.
// The heaviest module pages are found the same way, by opening every page of the demo parent's
// menu. Also counts, from the build's manifest, the route modules that are not loaded lazily.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MENU } from '@portal/contracts/menu';
import { launchChromium } from '../test/e2e/browser.ts';
import { DEMO_PASSWORD } from '../test/helper.ts';
import { options } from './options.ts';
import type { TReport } from './report.ts';

const webDir = path.resolve(import.meta.dirname, '../../web');
const FIRST_LOAD_BUDGET_KB = 150;
const SECTION = 'Web (first-load JavaScript per route, compressed as served)';
/** The routes with a budget; the heaviest module pages are found by measuring every one. */
const MEASURED_ROUTES = [
  { path: '/sign-in', signedIn: false, budgetKb: FIRST_LOAD_BUDGET_KB },
  { path: '/dashboard', signedIn: true, budgetKb: FIRST_LOAD_BUDGET_KB },
] as const;
/** How many of the heaviest module pages are reported (and audited by Lighthouse). */
const HEAVIEST_COUNT = 2;
/** The smoke run measures the first few module pages only. */
const SMOKE_MODULE_PAGES = 3;
/** How long a route may take to paint and settle on a busy machine. */
const ROUTE_TIME_MS = 60_000;
/** The signed-in frame: a route file, but not a route's page. */
const SHELL = 'src/app/routes/shell.tsx';
const ROUTE_FILE = /^src\/app\/routes\/(.+)\.tsx$/;
/** A module's page: `src/features/fees/pages/top-up-page.tsx`. */
const MODULE_PAGE_FILE = /^src\/features\/([^/]+)\/pages\/(.+?)(?:-page)?\.tsx$/;

type TManifestChunk = { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] };
type TManifest = Record<string, TManifestChunk>;

/** Builds the web app into `outDir` with a Vite manifest. */
export function buildWeb(outDir: string): void {
  const result = spawnSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'], {
    cwd: webDir,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the web build failed:\n${result.stdout}\n${result.stderr}`);
}

/** The chunk keys a chunk loads before it runs: itself and its static imports, recursively. */
function staticClosure(manifest: TManifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/** The route modules of the build in `outDir`, and those of them the entry loads eagerly. */
export function routeModules(outDir: string): { routes: string[]; eagerRoutes: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as TManifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the web manifest has no entry');
  const entryClosure = staticClosure(manifest, [entry]);
  const routes = Object.keys(manifest)
    .filter((key) => (ROUTE_FILE.test(key) && key !== SHELL) || MODULE_PAGE_FILE.test(key))
    .sort();
  const eagerRoutes = routes.filter((key) => !manifest[key]?.isDynamicEntry || entryClosure.has(key));
  return { routes, eagerRoutes };
}

/** Signs the demo parent in through the sign-in form of this tab; resolves on the dashboard. */
async function signInThroughPage(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/sign-in`, { waitUntil: 'networkidle' });
  await page.locator('input[autocomplete~="username"]').fill('parent@mogra.demo');
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL('**/dashboard');
  // The dashboard's code and answers have arrived (the app's ready signal, docs/decisions/027-ci-time.md).
  await page.waitForFunction(() => document.documentElement.dataset.appReady === '/dashboard');
}

/** A load's scripts: their bytes on the wire, their count, and their addresses (sorted). */
export type TRouteScripts = { kb: number; scripts: number; files: string[] };

/**
 * Counts, per load, the script responses of a page as they crossed the wire: the bytes
 * received in all, less their headers (DevTools protocol). Storage stays (it holds the session)
 * but no cache answers: every script of a load crosses the wire.
 */
async function scriptCounter(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  /** The script requests of the load in progress: their header bytes, then body bytes, and addresses. */
  const newLoad = () => ({
    asked: new Set<string>(),
    headerBytes: new Map<string, number>(),
    bodyBytes: [] as number[],
    files: [] as string[],
  });
  let current = newLoad();
  cdp.on('Network.requestWillBeSent', (event) => current.asked.add(event.requestId));
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script' && current.asked.has(event.requestId)) {
      current.headerBytes.set(event.requestId, event.response.encodedDataLength);
      current.files.push(new URL(event.response.url).pathname);
    }
  });
  cdp.on('Network.loadingFinished', (event) => {
    const headers = current.headerBytes.get(event.requestId);
    if (headers !== undefined) current.bodyBytes.push(event.encodedDataLength - headers);
  });
  return {
    /**
     * Opens `routePath` cold and counts its scripts until its heading is shown and the network
     * is idle; undefined when the portal sent the tab elsewhere (a module the parent lacks).
     */
    async load(origin: string, routePath: string): Promise<TRouteScripts | undefined> {
      current = newLoad();
      const { bodyBytes, files } = current;
      await page.goto(`${origin}${routePath}`, { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      if (new URL(page.url()).pathname !== routePath) return undefined;
      return {
        kb: bodyBytes.reduce((sum, size) => sum + size, 0) / 1024,
        scripts: bodyBytes.length,
        files: files.sort(),
      };
    },
  };
}

/** A tab without a service worker (a first visit has none, and it would answer from its cache), signed in if asked. */
async function openTab(browser: Browser, origin: string, signedIn: boolean) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  page.setDefaultTimeout(ROUTE_TIME_MS);
  if (signedIn) await signInThroughPage(page, origin);
  return { context, counter: await scriptCounter(context, page) };
}

/** The scripts a cold load of `routePath` fetches until painted and idle, and their bytes on the wire. */
async function measureRoute(browser: Browser, origin: string, route: (typeof MEASURED_ROUTES)[number]) {
  const { context, counter } = await openTab(browser, origin, route.signedIn);
  try {
    const scripts = await counter.load(origin, route.path);
    if (!scripts) throw new Error(`opening ${route.path} ended elsewhere`);
    return scripts;
  } finally {
    await context.close();
  }
}

export type TModulePageScripts = TRouteScripts & { path: string };

/**
 * Every module page the demo parent's menu opens, loaded cold one after the other in one
 * signed-in tab, heaviest first: the pages whose first load fetches the most script bytes.
 * Those the parent is not granted are left out, and so is a second entry of the same page (one
 * that loads the same scripts); the smoke run stops after a few.
 */
export async function measureModulePages(browser: Browser, origin: string): Promise<TModulePageScripts[]> {
  const paths = MENU.filter((entry) => entry.key !== 'home').map((entry) => entry.path);
  const { context, counter } = await openTab(browser, origin, true);
  try {
    const measured: TModulePageScripts[] = [];
    for (const routePath of paths) {
      const scripts = await counter.load(origin, routePath);
      if (!scripts) continue;
      // Two menu entries of one page (the fee payment and its ABQIS twin) load the same files: one page.
      const files = scripts.files.join();
      if (!measured.some((other) => other.files.join() === files))
        measured.push({ path: routePath, ...scripts });
      if (options.smoke && measured.length === SMOKE_MODULE_PAGES) break;
    }
    if (measured.length < HEAVIEST_COUNT) {
      throw new Error(`only ${measured.length} module pages opened for the demo parent`);
    }
    return measured.sort((a, b) => b.kb - a.kb);
  } finally {
    await context.close();
  }
}

/** The paths of the heaviest module pages, measured in a browser of its own. */
export async function heaviestModulePages(origin: string): Promise<string[]> {
  const browser = await launchChromium();
  try {
    const pages = await measureModulePages(browser, origin);
    return pages.slice(0, HEAVIEST_COUNT).map((page) => page.path);
  } finally {
    await browser.close();
  }
}

/**
 * Reports each measured route's first-load JavaScript on the portal at `origin`, then the
 * heaviest module pages', and the lazy route modules of `outDir`. Returns the heaviest module
 * pages' paths (Lighthouse audits them).
 */
export async function measureWebSize(report: TReport, outDir: string, origin: string): Promise<string[]> {
  const browser = await launchChromium();
  let heaviest: TModulePageScripts[];
  let modulePages: number;
  try {
    for (const route of MEASURED_ROUTES) {
      const { kb, scripts } = await measureRoute(browser, origin, route);
      report.add({
        id: `web.${route.path.slice(1)}.js`,
        section: SECTION,
        name: `${route.path} JS${route.signedIn ? ' (signed in)' : ''}`,
        value: kb,
        unit: 'KB',
        budget: { text: `<= ${route.budgetKb} KB`, pass: kb <= route.budgetKb },
        note: `${scripts} scripts`,
      });
    }
    const pages = await measureModulePages(browser, origin);
    heaviest = pages.slice(0, HEAVIEST_COUNT);
    modulePages = pages.length;
  } finally {
    await browser.close();
  }
  heaviest.forEach(({ path: routePath, kb, scripts }, rank) => {
    report.add({
      id: `web.heaviest${rank + 1}.js`,
      section: SECTION,
      name: `${routePath} JS (heaviest module page ${rank + 1})`,
      value: kb,
      unit: 'KB',
      note: `${scripts} scripts; of ${modulePages} module pages`,
    });
  });
  const { routes, eagerRoutes } = routeModules(outDir);
  report.add({
    id: 'web.lazyRoutes',
    section: SECTION,
    name: 'route modules loaded lazily',
    value: routes.length - eagerRoutes.length,
    unit: `of ${routes.length}`,
    budget: { text: 'every one', pass: eagerRoutes.length === 0 },
    note: eagerRoutes.length > 0 ? `eager: ${eagerRoutes.join(', ')}` : undefined,
  });
  return heaviest.map((page) => page.path);
}
