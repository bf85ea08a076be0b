import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { TMenuEntry } from '@portal/contracts/menu';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { NavMenu } from './nav-menu.tsx';

interface TSideNavProps {
  entries: readonly TMenuEntry[];
  labelOf: (entry: TMenuEntry) => string;
  /** Keys of the parent's pinned entries, shown first. */
  pinned?: readonly string[];
  /** Saves the pinned entries (the menu then offers to choose them). */
  onPinnedChange?: (keys: string[]) => void;
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
  /** The navigation landmark's name. */
  label: string;
  collapseLabel: string;
  expandLabel: string;
}

/**
 * The side navigation from `lg` up: 240 px wide, or 80 px with icons only. Below `lg` the
 * drawer takes its place.
 */
export function SideNav({
  entries,
  labelOf,
  pinned,
  onPinnedChange,
  collapsed,
  onCollapsedChange,
  label,
  collapseLabel,
  expandLabel,
}: TSideNavProps) {
  const listId = useId();
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // With many modules the list scrolls: keep the current page's entry in sight, so the
  // highlighted entry is never hidden below the fold or behind the collapse button.
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current) return;
    const box = current.getBoundingClientRect();
    const view = nav.getBoundingClientRect();
    const margin = 12;
    if (box.top < view.top) nav.scrollTop -= view.top - box.top + margin;
    else if (box.bottom > view.bottom) nav.scrollTop += box.bottom - view.bottom + margin;
  }, [pathname, collapsed, entries]);
  const toggleLabel = collapsed ? expandLabel : collapseLabel;
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    // The outer column spans the page's height (background, edge); the inner one sticks.
    <div
      className={cx(
        'hidden shrink-0 border-e border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900',
        collapsed ? 'w-20' : 'w-60',
      )}
    >
      <aside className="sticky top-16 flex h-[calc(100dvh-4rem)] flex-col">
        <nav
          ref={navRef}
          id={listId}
          aria-label={label}
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-3"
        >
          <NavMenu
            entries={entries}
            labelOf={labelOf}
            pinned={pinned}
            onPinnedChange={onPinnedChange}
            collapsed={collapsed}
          />
        </nav>
        <div
          className={cx(
            'border-t border-slate-200 p-3 dark:border-slate-800',
            collapsed && 'flex justify-center',
          )}
        >
          <button
            type="button"
            aria-expanded={!collapsed}
            aria-controls={listId}
            aria-label={toggleLabel}
            title={toggleLabel}
            onClick={() => onCollapsedChange(!collapsed)}
            className={cx(
              'inline-flex min-h-11 items-center gap-3 rounded-xl text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
              collapsed ? 'w-11 justify-center' : 'w-full px-3',
              focusRing,
            )}
          >
            <ToggleIcon aria-hidden="true" className="size-5 shrink-0 rtl:-scale-x-100" />
            {collapsed ? null : <span className="truncate">{collapseLabel}</span>}
          </button>
        </div>
      </aside>
    </div>
  );
}
