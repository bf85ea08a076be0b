import { useMemo, type ComponentType, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { TPageChild } from '../components/module/child-module-page.tsx';
import { selectAuthority, selectChildren, selectSelectedChild } from '../features/auth/slice.ts';
import { ModuleIconTile } from '../features/menu/components/module-icon-tile.tsx';
import { allowedEntries, entryByPath } from '../features/menu/menu-access.ts';
import { useAppSelector } from './hooks.ts';
import { useEntryLabel } from './use-entry-label.ts';

/** What every module page takes from the shell (docs/decisions/018-module-families.md). */
export type TModulePageProps = {
  /** The module's name, as the menu shows it. */
  title: string;
  /** The module's icon tile, as the menu draws it. */
  icon: ReactNode;
  /** The child chosen in the header; null when the parent has none. */
  child: TPageChild | null;
  /** The address's query: what a link into the page asks for (`?id=`...). */
  search: URLSearchParams;
  /** Every child of the parent, for a page about the whole family (a filter among several). */
  family: readonly TPageChild[];
  /** Whether the parent may open another module (by menu key): a link to it is offered only then. */
  canOpen: (moduleKey: string) => boolean;
};

/** The module of the current path as the shell shows it, and the child chosen in the header. */
function useModulePageProps(): TModulePageProps {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const labelOf = useEntryLabel();
  const entry = entryByPath(pathname);
  const selected = useAppSelector(selectSelectedChild);
  const children = useAppSelector(selectChildren);
  const authority = useAppSelector(selectAuthority);
  const allowedKeys = useMemo(
    () => new Set(allowedEntries(authority).map((allowed) => allowed.key)),
    [authority],
  );
  const canOpen = useMemo(() => (moduleKey: string) => allowedKeys.has(moduleKey), [allowedKeys]);
  const family = useMemo(
    () =>
      children.map((item) => ({
        enrollNumber: item.sims_student_enroll_number,
        name: item.sims_student_full_name,
      })),
    [children],
  );
  return {
    title: entry ? labelOf(entry) : '',
    icon: entry ? <ModuleIconTile entry={entry} /> : null,
    child: selected
      ? { enrollNumber: selected.sims_student_enroll_number, name: selected.sims_student_full_name }
      : null,
    search,
    family,
    canOpen,
  };
}

/**
 * The one route of every module that has its own page: the page drawn with what the shell
 * knows. The shell has already checked access. `module-pages.ts` loads this file and the page
 * lazily, so neither weighs on the first load of other pages.
 */
export function routeOfPage(Page: ComponentType<TModulePageProps>): { Component: ComponentType } {
  return {
    Component: function ModuleRoute() {
      return <Page {...useModulePageProps()} />;
    },
  };
}
