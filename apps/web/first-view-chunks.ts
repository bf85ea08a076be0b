// The chunks of the first views (docs/decisions/026-first-load.md):
// - the modules only the public pages (sign-in, registration, forgotten password) use, with
//   everything they import, in one chunk: a first visit fetches a dozen files, not fifty;
// - the icons of the entry and the public pages in a chunk of their own, and every other icon
//   in one more, which the signed-in pages fetch.
// Which modules and icons those are is read off the build itself, so a new part of the sign-in
// page joins its chunk by itself.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const LUCIDE = /[\\/]node_modules[\\/]lucide-react[\\/]/;
/** One icon's own module; the others (the icon component, its defaults) serve every icon. */
const LUCIDE_ICON = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
/** Where a first visit starts: the app's entry (which loads every page through `import()`)... */
const ENTRY = 'main.tsx';
/** ...and the pages a parent sees before signing in, with the parts they load later (passkeys, codes). */
const PUBLIC_PAGES = ['app/routes/sign-in.tsx', 'app/routes/register.tsx', 'app/routes/forgot-password.tsx'];
const SOURCE_ROOT = path.join(import.meta.dirname, 'src');
/** `import { Eye, EyeOff as Hidden } from 'lucide-react'` in a module of the app, once compiled. */
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
/** A line of lucide's index: `export { default as Eye, default as EyeIcon, ... } from './icons/eye.mjs';` */
const INDEX_EXPORT = /export\s*\{([^}]*)\}\s*from\s*'(\.\/icons\/[^']+)'/g;

type TModuleGraph = {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};

/**
 * The modules `roots` import, themselves included; through `import()` too when `dynamic`; not
 * through the modules `skipped`.
 */
function closure(
  graph: TModuleGraph,
  roots: string[],
  { dynamic, skipped = [] }: { dynamic: boolean; skipped?: readonly string[] },
): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id) || skipped.includes(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    pending.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []));
  }
  return seen;
}

/** Each exported icon name of lucide's index (`Eye`, `EyeIcon`, `LucideEye`) and its module's path. */
function iconFilesByName(indexFile: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, names = '', file = ''] of fs.readFileSync(indexFile, 'utf8').matchAll(INDEX_EXPORT)) {
    for (const name of names.split(',')) {
      files.set(name.trim().replace(/^default as /, ''), path.join(path.dirname(indexFile), file));
    }
  }
  return files;
}

/** The plugin that finds the first views' modules and icons once the graph is built, and the chunk groups. */
export function firstViewChunks() {
  /** The icon names each module of the app imports from lucide's index. */
  const iconNamesOf = new Map<string, string[]>();
  const firstViewIcons = new Set<string>();
  /** The app's modules that only the public pages reach (the entry's own excluded). */
  const publicOnly = new Set<string>();
  const plugin: Plugin = {
    name: 'portal:first-view-chunks',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(SOURCE_ROOT) || !code.includes('lucide-react')) return;
      const names = [...code.matchAll(ICON_IMPORT)].flatMap(([, list = '']) =>
        list.split(',').map((item) => item.trim().split(/\s+as\s+/)[0] ?? ''),
      );
      iconNamesOf.set(id, names.filter(Boolean));
    },
    async buildEnd() {
      const entry = path.join(SOURCE_ROOT, ENTRY);
      const publicPages = PUBLIC_PAGES.map((file) => path.join(SOURCE_ROOT, file));
      // The service worker's own build has none of them, and no icon.
      if (!this.getModuleInfo(entry)) return;
      const resolved = await this.resolve('lucide-react', entry);
      if (!resolved) this.error('first-view-chunks: lucide-react does not resolve');
      const fileOf = iconFilesByName(resolved.id);
      firstViewIcons.clear();
      const entryModules = closure(this, [entry], { dynamic: false });
      const publicModules = closure(this, publicPages, { dynamic: true });
      const firstViews = [...entryModules, ...publicModules];
      // Everything the app loads but through the public pages.
      const signedIn = closure(this, [entry], { dynamic: true, skipped: publicPages });
      publicOnly.clear();
      for (const id of publicModules) {
        if (id.startsWith(SOURCE_ROOT) && !entryModules.has(id) && !signedIn.has(id)) publicOnly.add(id);
      }
      for (const id of firstViews) {
        for (const name of iconNamesOf.get(id) ?? []) {
          const file = fileOf.get(name);
          if (!file) this.error(`first-view-chunks: ${name} (in ${id}) is not in lucide's index`);
          firstViewIcons.add(file);
        }
      }
    },
  };
  // Chunking comes after `buildEnd`: the set is complete when the groups test a module.
  const groups = [
    // With what they import (zod's, the router's, the store's code...), which the signed-in
    // pages then fetch from this chunk too: measured, a dozen fewer round trips outweigh the
    // public pages' own 7 KB there.
    { name: 'public-pages', test: (id: string) => publicOnly.has(id), priority: 3 },
    {
      name: 'icons-first-view',
      test: (id: string) => LUCIDE.test(id) && (!LUCIDE_ICON.test(id) || firstViewIcons.has(id)),
      priority: 2,
    },
    { name: 'icons', test: LUCIDE, priority: 1 },
  ];
  return { plugin, groups };
}
