import type { ReactNode } from 'react';

interface TAuthCardProps {
  /** The id of the heading, which names the card. */
  titleId: string;
  heading: string;
  /** One sentence under the heading. */
  intro?: ReactNode;
  children: ReactNode;
}

/** The card of the public auth pages: sign-in, registration, forgotten password. */
export function AuthCard({ titleId, heading, intro, children }: TAuthCardProps) {
  return (
    <section
      aria-labelledby={titleId}
      className="w-full max-w-md rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-200/60 sm:p-8 dark:border-slate-800 dark:bg-slate-900 dark:shadow-none"
    >
      <h1 id={titleId} className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        {heading}
      </h1>
      {intro ? <div className="mt-1.5 text-sm text-slate-600 dark:text-slate-300">{intro}</div> : null}
      {children}
    </section>
  );
}
