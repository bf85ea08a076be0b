// The web app's weight per route, measured in the browser: Chromium opens each route cold (no
// cache, no service worker) and counts every script it fetches until the page is painted (its
// heading is shown) and the network is idle, lazy chunks fetched at start included, each at the
// size it crossed the wire (compressed as the portal serves it). Signed-in routes are opened in
// the tab a parent has just signed in through, as the session lives in the tab's sessionStorage.
// Also counts, from the build's manifest, the route modules that are not loaded lazily.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../test/e2e/browser.ts';
import { DEMO_PASSWORD } from '../test/helper.ts';
import type { TReport } from './report.ts';

const webDir = path.resolve(import.meta.dirname, '../../web');
const FIRST_LOAD_BUDGET_KB = 150;
const SECTION = 'Web (first-load JavaScript per route, compressed as served)';
/** The routes measured: the two with a budget, then two module pages (the fees and the attendance month). */
const MEASURED_ROUTES = [
  { path: '/sign-in', signedIn: false, budgetKb: FIRST_LOAD_BUDGET_KB },
  { path: '/dashboard', signedIn: true, budgetKb: FIRST_LOAD_BUDGET_KB },
  { path: '/feepayment', signedIn: true },
  { path: '/attendance_month', signedIn: true },
] as const;
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

export type TRouteScripts = { kb: number; scripts: number };

/** The scripts a cold load of `routePath` fetches until painted and idle, and their bytes on the wire. */
async function measureRoute(browser: Browser, origin: string, route: (typeof MEASURED_ROUTES)[number]) {
  // No service worker: a first visit has none, and it would answer from its own cache.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(ROUTE_TIME_MS);
    if (route.signedIn) await signInThroughPage(page, origin);
    // Storage stays (it holds the session) but no cache answers: every script crosses the wire.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // Per script request asked for from now on: the bytes received with its headers, then in
    // all (DevTools protocol).
    const asked = new Set<string>();
    const headerBytes = new Map<string, number>();
    const bodyBytes: number[] = [];
    cdp.on('Network.requestWillBeSent', (event) => asked.add(event.requestId));
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script' && asked.has(event.requestId)) {
        headerBytes.set(event.requestId, event.response.encodedDataLength);
      }
    });
    cdp.on('Network.loadingFinished', (event) => {
      const headers = headerBytes.get(event.requestId);
      if (headers !== undefined) bodyBytes.push(event.encodedDataLength - headers);
    });
    await page.goto(`${origin}${route.path}`, { waitUntil: 'networkidle' });
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    if (new URL(page.url()).pathname !== route.path) {
      throw new Error(`opening ${route.path} ended on ${page.url()}`);
    }
    return { kb: bodyBytes.reduce((sum, size) => sum + size, 0) / 1024, scripts: bodyBytes.length };
  } finally {
    await context.close();
  }
}

/** Reports each measured route's first-load JavaScript on the portal at `origin`, and the lazy route modules of `outDir`. */
export async function measureWebSize(report: TReport, outDir: string, origin: string): Promise<void> {
  const browser = await launchChromium();
  try {
    for (const route of MEASURED_ROUTES) {
      const { kb, scripts } = await measureRoute(browser, origin, route);
      const budgetKb = 'budgetKb' in route ? route.budgetKb : undefined;
      report.add({
        id: `web.${route.path.slice(1)}.js`,
        section: SECTION,
        name: `${route.path} JS${route.signedIn ? ' (signed in)' : ''}`,
        value: kb,
        unit: 'KB',
        ...(budgetKb ? { budget: { text: `<= ${budgetKb} KB`, pass: kb <= budgetKb } } : {}),
        note: `${scripts} scripts`,
      });
    }
  } finally {
    await browser.close();
  }
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
}
