import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** The icon's colour: faint, or a shade darker on a light page. */
const iconTones = {
  faint: 'text-slate-400',
  muted: 'text-slate-500 dark:text-slate-400',
} as const;

/** Nothing to show yet: what will appear here and when, and perhaps a way on. */
export function EmptyState({
  icon: Icon,
  iconTone = 'faint',
  children,
  action,
}: {
  icon: LucideIcon;
  iconTone?: keyof typeof iconTones;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
      <Icon aria-hidden="true" className={`mx-auto size-8 ${iconTones[iconTone]}`} />
      <p className="mx-auto mt-3 max-w-prose text-slate-700 dark:text-slate-200">{children}</p>
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}
