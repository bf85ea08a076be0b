import { useId, type ReactNode } from 'react';

/** A titled part of a page of cards ("To acknowledge"), its cards as a list. */
export function CardSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <ul className="space-y-4">{children}</ul>
    </section>
  );
}
