import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** Nothing to show yet: what will appear here, and when. */
export function EmptyState({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
      <Icon aria-hidden="true" className="mx-auto size-8 text-slate-400" />
      <p className="mx-auto mt-3 max-w-prose text-slate-700 dark:text-slate-200">{children}</p>
    </div>
  );
}
