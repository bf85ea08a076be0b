import { useLocation } from 'react-router';
import { ModulePage } from '../../features/menu/pages/module-page.tsx';
import { entryByPath } from '../../features/menu/menu-access.ts';
import { useEntryLabel } from '../use-entry-label.ts';
import { Component as NotFound } from './not-found.tsx';

/**
 * Every module route of the menu but Home: one page keyed by the path, showing the module until
 * its own issue builds its content. The shell has already checked access.
 */
export function Component() {
  const { pathname } = useLocation();
  const labelOf = useEntryLabel();
  const entry = entryByPath(pathname);
  if (!entry) return <NotFound />;
  return <ModulePage entry={entry} title={labelOf(entry)} />;
}
