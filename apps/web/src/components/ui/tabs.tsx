import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../../lib/class-names.ts';
import { focusRing } from './button.tsx';

export interface TTab<T extends string> {
  id: T;
  label: string;
  icon?: ReactNode;
}

interface TTabListProps<T extends string> {
  /** The accessible name of the tab list. */
  label: string;
  tabs: readonly TTab<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** Prefix of the tab and panel ids, unique on the page. */
  idBase: string;
}

export const tabId = (idBase: string, id: string) => `${idBase}-tab-${id}`;
export const panelId = (idBase: string, id: string) => `${idBase}-panel-${id}`;

/**
 * The WAI-ARIA tabs pattern: one tab in the Tab order, arrow keys move between tabs (the
 * arrow that points to the next tab in the reading direction, so they swap in RTL), Home and
 * End go to the ends; a tab is selected as it gets focus.
 */
export function TabList<T extends string>({ label, tabs, selected, onSelect, idBase }: TTabListProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl';
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next = rtl ? 'ArrowLeft' : 'ArrowRight';
    const previous = rtl ? 'ArrowRight' : 'ArrowLeft';
    let target: number;
    if (event.key === next) target = (index + 1) % tabs.length;
    else if (event.key === previous) target = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = tabs.length - 1;
    else return;
    event.preventDefault();
    const tab = tabs[target];
    if (!tab) return;
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="grid auto-cols-fr grid-flow-col gap-1 rounded-2xl bg-slate-100 p-1 dark:bg-slate-800"
    >
      {tabs.map((tab) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) refs.current.set(tab.id, element);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(idBase, tab.id)}
            aria-selected={active}
            aria-controls={panelId(idBase, tab.id)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={cx(
              'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-3 text-sm font-semibold transition-colors',
              focusRing,
              active
                ? 'bg-white text-purple-700 shadow-sm dark:bg-slate-900 dark:text-purple-300'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
            )}
          >
            {tab.icon}
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/**
 * The panel of one tab; hidden (but kept, with its state) while another tab is selected. Its
 * name says what it holds in full ("Sign in with your password"): a panel named like its tab
 * would share its name with the password field.
 */
export function TabPanel({
  idBase,
  id,
  label,
  selected,
  children,
}: {
  idBase: string;
  id: string;
  label: string;
  selected: boolean;
  children: ReactNode;
}) {
  return (
    <div role="tabpanel" id={panelId(idBase, id)} aria-label={label} hidden={!selected}>
      {children}
    </div>
  );
}
