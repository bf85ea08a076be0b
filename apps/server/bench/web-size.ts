// The web app's weight per route: a production build with a manifest, and for each route the
// gzip size of the JavaScript and CSS a first visit to it loads (the entry and its static
// imports, the route's lazy chunk and its static imports, and for signed-in routes the shell;
// for a module's page, the one module route too).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { TReport } from './report.ts';

const webDir = path.resolve(import.meta.dirname, '../../web');
const FIRST_LOAD_BUDGET_KB = 150;
const SECTION = 'Web (first load per route, gzip)';
/** The routes a signed-out visitor opens; every other route file is drawn inside the shell. */
const PUBLIC_ROUTES = new Set(['sign-in', 'register', 'forgot-password', 'not-found']);
const SHELL = 'src/app/routes/shell.tsx';
/** The one route every module page is drawn in (docs/decisions/018-module-families.md). */
const MODULE_ROUTE = 'src/app/module-route.tsx';
const ROUTE_FILE = /^src\/app\/routes\/(.+)\.tsx$/;
/** A module's page, named `<family>/<page>`: `src/features/fees/pages/top-up-page.tsx` is `fees/top-up`. */
const MODULE_PAGE_FILE = /^src\/features\/([^/]+)\/pages\/(.+?)(?:-page)?\.tsx$/;

type TManifestChunk = {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
};
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

function gzipBytes(outDir: string, file: string): number {
  return zlib.gzipSync(fs.readFileSync(path.join(outDir, file))).length;
}

export type TRouteWeight = { route: string; jsKb: number; cssKb: number };

/** The JS and CSS gzip weight of a first visit to each route of the build in `outDir`. */
export function routeWeights(outDir: string): { routes: TRouteWeight[]; eagerRoutes: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as TManifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the web manifest has no entry');
  const entryClosure = staticClosure(manifest, [entry]);
  const routeKeys = Object.keys(manifest)
    .filter((key) => (ROUTE_FILE.test(key) && key !== SHELL) || MODULE_PAGE_FILE.test(key))
    .sort();
  const eagerRoutes = routeKeys.filter((key) => !manifest[key]?.isDynamicEntry || entryClosure.has(key));
  const routes = routeKeys.map((key) => {
    const modulePage = MODULE_PAGE_FILE.exec(key);
    const route = modulePage ? `${modulePage[1]}/${modulePage[2]}` : (ROUTE_FILE.exec(key)?.[1] ?? key);
    const frame = PUBLIC_ROUTES.has(route) ? [] : modulePage ? [SHELL, MODULE_ROUTE] : [SHELL];
    const chunks = staticClosure(manifest, [entry, ...frame, key]);
    const files = [...chunks].map((chunk) => manifest[chunk]).filter((chunk) => chunk !== undefined);
    const js = new Set(files.map((chunk) => chunk.file).filter((file) => file.endsWith('.js')));
    const css = new Set(files.flatMap((chunk) => chunk.css ?? []));
    const kb = (set: Set<string>) => [...set].reduce((sum, file) => sum + gzipBytes(outDir, file), 0) / 1024;
    return { route, jsKb: kb(js), cssKb: kb(css) };
  });
  return { routes, eagerRoutes };
}

/** Builds the web app into `outDir` and reports every route's first-load weight. */
export function measureWebSize(report: TReport, outDir: string): void {
  buildWeb(outDir);
  const { routes, eagerRoutes } = routeWeights(outDir);
  for (const { route, jsKb, cssKb } of routes) {
    const isSignIn = route === 'sign-in';
    report.add({
      id: `web.${route}.js`,
      section: SECTION,
      name: `/${route} JS`,
      value: jsKb,
      unit: 'KB',
      ...(isSignIn
        ? { budget: { text: `<= ${FIRST_LOAD_BUDGET_KB} KB`, pass: jsKb <= FIRST_LOAD_BUDGET_KB } }
        : {}),
    });
    report.add({ id: `web.${route}.css`, section: SECTION, name: `/${route} CSS`, value: cssKb, unit: 'KB' });
  }
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
