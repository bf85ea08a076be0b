import type { ReactNode } from 'react';

interface TPublicLayoutProps {
  /** The school's identity: name, logo, banner text, admission dates. */
  panel: ReactNode;
  /** Controls at the top of the page (language, theme). */
  toolbar: ReactNode;
  children: ReactNode;
}

/**
 * The public entry view. On a phone: the controls, the school panel, then the content. From
 * `lg` up: the school panel fills the start column, the controls and the content the end one.
 */
export function PublicLayout({ panel, toolbar, children }: TPublicLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900 lg:grid lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr] dark:bg-slate-950 dark:text-slate-100">
      <div className="flex items-center justify-end gap-1 px-3 py-2 sm:px-6 lg:col-start-2 lg:row-start-1 lg:pt-3">
        {toolbar}
      </div>
      <aside className="relative overflow-hidden bg-linear-to-br from-purple-700 via-purple-600 to-indigo-700 text-white lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:min-h-dvh rtl:bg-linear-to-bl">
        {panel}
      </aside>
      <main
        id="main"
        className="flex flex-1 items-start justify-center px-4 pb-10 pt-6 sm:px-6 lg:col-start-2 lg:row-start-2 lg:items-center lg:pt-4"
      >
        {children}
      </main>
    </div>
  );
}
