import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pin, PinOff, Search, X } from 'lucide-react';
import { entriesOfGroup, MAX_PINNED_MODULES, MENU_GROUPS, type TMenuEntry } from '@portal/contracts/menu';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { searchEntries } from '../menu-search.ts';
import { NavList } from './nav-list.tsx';

interface TNavMenuProps {
  /** The entries the parent's authority opens. */
  entries: readonly TMenuEntry[];
  labelOf: (entry: TMenuEntry) => string;
  /** Keys of the entries the parent pinned, in their order: shown first, under Home. */
  pinned?: readonly string[];
  /** Icons only: no headings and no search; the groups are parted by lines. */
  collapsed?: boolean;
  onNavigate?: () => void;
  /** Saves a new list of pinned entries; without it the menu offers no pinning. */
  onPinnedChange?: (keys: string[]) => void;
}

/** A group's name above its entries (or a line between groups when the menu shows icons only). */
function Group({
  title,
  collapsed,
  children,
}: {
  title: string;
  collapsed: boolean;
  children: (labelledBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  if (collapsed)
    return (
      <div className="mt-2 border-t border-slate-200 pt-2 dark:border-slate-800">{children(undefined)}</div>
    );
  return (
    <div className="mt-4">
      <p
        id={id}
        className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
      >
        {title}
      </p>
      {children(id)}
    </div>
  );
}

/**
 * The menu: Home, the parent's pinned modules, then the granted modules in their groups (Money,
 * Learning, ...), each in its group's order; a search box above filters them as the parent
 * types, in English or Arabic, by the names shown and by both titles.
 */
export function NavMenu({
  entries,
  labelOf,
  pinned = [],
  collapsed = false,
  onNavigate,
  onPinnedChange,
}: TNavMenuProps) {
  const { t } = useTranslation('shell');
  const [query, setQuery] = useState('');
  const searchId = useId();
  const home = entries.filter((entry) => entry.group === null);
  const pinnedEntries = pinned.flatMap((key) => entries.filter((entry) => entry.key === key));
  const [choosingPins, setChoosingPins] = useState(false);
  const pinning = choosingPins && !collapsed && onPinnedChange !== undefined;
  const searching = !collapsed && !pinning && query.trim() !== '';
  const found = searching ? searchEntries(entries, query, labelOf) : [];
  const pinToggle = (entry: TMenuEntry, label: string) => {
    if (entry.group === null) return null;
    const isPinned = pinned.includes(entry.key);
    const tooMany = !isPinned && pinned.length >= MAX_PINNED_MODULES;
    const name = t(isPinned ? 'nav.unpin' : 'nav.pin', { name: label });
    return (
      <button
        type="button"
        aria-pressed={isPinned}
        aria-label={name}
        title={tooMany ? t('nav.pinLimit', { count: MAX_PINNED_MODULES }) : name}
        disabled={tooMany}
        onClick={() =>
          onPinnedChange?.(isPinned ? pinned.filter((key) => key !== entry.key) : [...pinned, entry.key])
        }
        className={cx(
          'inline-flex size-11 shrink-0 items-center justify-center rounded-xl hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-800',
          isPinned ? 'text-purple-700 dark:text-purple-300' : 'text-slate-500 dark:text-slate-400',
          focusRing,
        )}
      >
        {isPinned ? (
          <PinOff aria-hidden="true" className="size-4" />
        ) : (
          <Pin aria-hidden="true" className="size-4" />
        )}
      </button>
    );
  };
  const list = (shown: readonly TMenuEntry[], labelledBy?: string) => (
    <NavList
      entries={shown}
      labelOf={labelOf}
      collapsed={collapsed}
      onNavigate={onNavigate}
      labelledBy={labelledBy}
      after={pinning ? pinToggle : undefined}
    />
  );
  return (
    <>
      {collapsed || pinning ? null : (
        <div className="relative mb-3">
          <label htmlFor={searchId} className="sr-only">
            {t('nav.search')}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && query) {
                event.stopPropagation();
                event.preventDefault();
                setQuery('');
              }
            }}
            placeholder={t('nav.searchPlaceholder')}
            autoComplete="off"
            className={cx(
              'min-h-11 w-full rounded-xl border border-slate-300 bg-white ps-9 pe-10 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400',
              focusRing,
            )}
          />
          {query ? (
            <button
              type="button"
              onClick={() => setQuery('')}
              aria-label={t('nav.clearSearch')}
              title={t('nav.clearSearch')}
              className={cx(
                'absolute end-1 top-1/2 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                focusRing,
              )}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          ) : null}
        </div>
      )}
      {searching ? (
        <>
          <p role="status" className="px-3 pb-2 text-xs text-slate-600 dark:text-slate-400">
            {found.length === 0 ? t('nav.noMatch') : t('nav.matches', { count: found.length })}
          </p>
          {list(found)}
        </>
      ) : (
        <>
          {list(home)}
          {pinnedEntries.length > 0 ? (
            <Group title={t('nav.pinned')} collapsed={collapsed}>
              {(labelledBy) => list(pinnedEntries, labelledBy)}
            </Group>
          ) : null}
          {pinning ? (
            <p role="status" className="mt-3 px-3 text-xs text-slate-600 dark:text-slate-400">
              {t('nav.pinHint', { count: MAX_PINNED_MODULES })}
            </p>
          ) : null}
          {MENU_GROUPS.map((group) => {
            const shown = entriesOfGroup(entries, group).filter(
              (entry) => pinning || !pinned.includes(entry.key),
            );
            if (shown.length === 0) return null;
            return (
              <Group key={group} title={t(`nav.groups.${group}`)} collapsed={collapsed}>
                {(labelledBy) => list(shown, labelledBy)}
              </Group>
            );
          })}
          {onPinnedChange && !collapsed ? (
            <button
              type="button"
              aria-pressed={pinning}
              onClick={() => setChoosingPins(!pinning)}
              className={cx(
                'mt-4 inline-flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                focusRing,
              )}
            >
              <Pin aria-hidden="true" className="size-5 shrink-0" />
              {pinning ? t('nav.pinDone') : t('nav.choosePins')}
            </button>
          ) : null}
        </>
      )}
    </>
  );
}
