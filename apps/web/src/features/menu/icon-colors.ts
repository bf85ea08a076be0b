import type { TIconColor } from '@portal/contracts/menu';

/**
 * Tailwind classes of each fixed module colour: levels that keep an icon at 3:1 or more against
 * the navigation's background in both themes (WCAG 1.4.11). Written out in full so Tailwind
 * finds them.
 */
export const iconColorClasses: Record<TIconColor, string> = {
  purple: 'text-purple-600 dark:text-purple-300',
  blue: 'text-blue-600 dark:text-blue-300',
  emerald: 'text-emerald-700 dark:text-emerald-300',
  amber: 'text-amber-700 dark:text-amber-300',
  rose: 'text-rose-600 dark:text-rose-300',
  cyan: 'text-cyan-700 dark:text-cyan-300',
  indigo: 'text-indigo-600 dark:text-indigo-300',
  teal: 'text-teal-700 dark:text-teal-300',
  orange: 'text-orange-700 dark:text-orange-300',
  pink: 'text-pink-600 dark:text-pink-300',
  sky: 'text-sky-700 dark:text-sky-300',
  lime: 'text-lime-700 dark:text-lime-300',
  violet: 'text-violet-600 dark:text-violet-300',
  fuchsia: 'text-fuchsia-600 dark:text-fuchsia-300',
  red: 'text-red-600 dark:text-red-300',
  green: 'text-green-700 dark:text-green-300',
};

/** A soft tile behind a module's icon on its page, in the module's colour. */
export const iconTileClasses: Record<TIconColor, string> = {
  purple: 'bg-purple-50 dark:bg-purple-950/60',
  blue: 'bg-blue-50 dark:bg-blue-950/60',
  emerald: 'bg-emerald-50 dark:bg-emerald-950/60',
  amber: 'bg-amber-50 dark:bg-amber-950/60',
  rose: 'bg-rose-50 dark:bg-rose-950/60',
  cyan: 'bg-cyan-50 dark:bg-cyan-950/60',
  indigo: 'bg-indigo-50 dark:bg-indigo-950/60',
  teal: 'bg-teal-50 dark:bg-teal-950/60',
  orange: 'bg-orange-50 dark:bg-orange-950/60',
  pink: 'bg-pink-50 dark:bg-pink-950/60',
  sky: 'bg-sky-50 dark:bg-sky-950/60',
  lime: 'bg-lime-50 dark:bg-lime-950/60',
  violet: 'bg-violet-50 dark:bg-violet-950/60',
  fuchsia: 'bg-fuchsia-50 dark:bg-fuchsia-950/60',
  red: 'bg-red-50 dark:bg-red-950/60',
  green: 'bg-green-50 dark:bg-green-950/60',
};
