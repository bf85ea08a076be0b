import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { TMenuEntry } from '@portal/contracts/menu';
import { cx } from '../../../lib/class-names.ts';
import { MenuIcon } from './menu-icon.tsx';

interface TNavListProps {
  entries: readonly TMenuEntry[];
  labelOf: (entry: TMenuEntry) => string;
  /** Icons only: each name is kept for assistive technology and shown as a tooltip. */
  collapsed?: boolean;
  /** Called when an entry is chosen (the drawer closes). */
  onNavigate?: () => void;
  /** The id of the group's name, which names the list. */
  labelledBy?: string;
  /** Drawn after each link (the pin toggle while the parent chooses pinned pages). */
  after?: (entry: TMenuEntry, label: string) => ReactNode;
}

/** The module links; the current one is highlighted and marked `aria-current="page"`. */
export function NavList({
  entries,
  labelOf,
  collapsed = false,
  onNavigate,
  labelledBy,
  after,
}: TNavListProps) {
  return (
    <ul aria-labelledby={labelledBy} className="space-y-0.5">
      {entries.map((entry) => {
        const label = labelOf(entry);
        return (
          <li key={entry.key} className={after ? 'flex items-center gap-1' : undefined}>
            <NavLink
              to={entry.path}
              end
              title={collapsed ? label : undefined}
              onClick={onNavigate}
              className={({ isActive }) =>
                cx(
                  'group flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-xl text-sm transition-colors',
                  'outline-none focus-visible:ring-2 focus-visible:ring-purple-600 focus-visible:ring-inset dark:focus-visible:ring-purple-400',
                  collapsed ? 'justify-center px-0' : 'px-3',
                  isActive
                    ? 'bg-purple-100 font-semibold text-purple-900 dark:bg-purple-900/50 dark:text-white'
                    : 'font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
                )
              }
            >
              <MenuIcon entry={entry} className="size-5" />
              <span className={collapsed ? 'sr-only' : 'min-w-0 flex-1 truncate'}>{label}</span>
            </NavLink>
            {after?.(entry, label)}
          </li>
        );
      })}
    </ul>
  );
}
