import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { isEntryAllowed } from '@portal/contracts/authority';
import { MENU, type TMenuEntry } from '@portal/contracts/menu';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';

/** How many links show before "Show all". */
export const QUICK_LINKS_SHOWN = 8;

/** The modules this authority opens, without Home (the dashboard itself), in menu order. */
export function grantedModules(authority: readonly string[]): TMenuEntry[] {
  return MENU.filter((entry) => entry.key !== 'home' && isEntryAllowed(entry, authority));
}

/** How a module looks in a link: its name, its icon and the classes of the tile behind the icon. */
export interface TModuleLook {
  label: string;
  icon: ReactNode;
  tileClassName: string;
}

interface TQuickLinksProps {
  authority: readonly string[];
  /** A module's name and icon (the menu's, composed by the route). */
  describe: (entry: TMenuEntry) => TModuleLook;
}

/** One link per module granted to the parent's role, with its icon and colour. */
export function QuickLinks({ authority, describe }: TQuickLinksProps) {
  const { t } = useTranslation('dashboard');
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const modules = grantedModules(authority);
  if (modules.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('quickLinks.none')}</p>;
  }
  const shown = expanded ? modules : modules.slice(0, QUICK_LINKS_SHOWN);
  return (
    <div className="space-y-3">
      <ul id={listId} className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4">
        {shown.map((entry) => {
          const look = describe(entry);
          return (
            <li key={entry.key} className="min-w-0">
              <Link
                to={entry.path}
                className={cx(
                  // Narrow screens: the icon above the name, so a long word is never split.
                  'flex h-full min-h-14 flex-col items-start gap-2 rounded-2xl border border-slate-200 bg-white p-3 text-sm font-semibold text-slate-800 transition-colors sm:flex-row sm:items-center sm:gap-3',
                  'hover:border-purple-300 hover:bg-purple-50/60 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-purple-700 dark:hover:bg-purple-950/30',
                  focusRing,
                )}
              >
                <span
                  className={cx(
                    'inline-flex size-10 shrink-0 items-center justify-center rounded-xl',
                    look.tileClassName,
                  )}
                >
                  {look.icon}
                </span>
                <span className="min-w-0 break-words">{look.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      {modules.length > QUICK_LINKS_SHOWN ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
          className={cx(
            'inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-purple-700 hover:bg-purple-50 dark:text-purple-300 dark:hover:bg-purple-950/40',
            focusRing,
          )}
        >
          {expanded ? t('quickLinks.showFewer') : t('quickLinks.showAll', { count: modules.length })}
          <ChevronDown
            aria-hidden="true"
            className={cx(
              'size-4 transition-transform motion-reduce:transition-none',
              expanded && 'rotate-180',
            )}
          />
        </button>
      ) : null}
    </div>
  );
}
