import type { ReactNode } from 'react';

interface TShellLayoutProps {
  /** Opens the navigation drawer; shown below `lg` only. */
  menuButton: ReactNode;
  /** The school's logo and name. */
  brand: ReactNode;
  /** Child switcher, language and theme switches, profile menu. */
  actions: ReactNode;
  /** The side navigation (from `lg` up). */
  sideNav: ReactNode;
  /** The navigation drawer (below `lg`). */
  drawer: ReactNode;
  children: ReactNode;
}

/**
 * The authenticated layout: a header across the top; under it the side navigation at the
 * start edge and the page's main content.
 */
export function ShellLayout({ menuButton, brand, actions, sideNav, drawer, children }: TShellLayoutProps) {
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="flex h-16 items-center gap-2 px-2 sm:gap-3 sm:px-4">
          <div className="lg:hidden">{menuButton}</div>
          <div className="min-w-0 flex-1">{brand}</div>
          <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">{actions}</div>
        </div>
      </header>
      {drawer}
      <div className="flex">
        {sideNav}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
          <div className="mx-auto max-w-6xl px-4 pb-16 pt-6 sm:px-6 sm:pt-8">{children}</div>
        </main>
      </div>
    </div>
  );
}
