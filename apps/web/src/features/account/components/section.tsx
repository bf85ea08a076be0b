import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cardBox } from '../../../components/module/styles.ts';

/** One part of the settings page: a card with its heading (which names it) and a line saying what it is for. */
export function SettingsSection({
  icon: Icon,
  title,
  intro,
  children,
}: {
  icon: LucideIcon;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cardBox}>
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <Icon aria-hidden="true" className="size-5 text-purple-700 dark:text-purple-300" />
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
