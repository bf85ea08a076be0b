import type { ReactNode } from 'react';

interface TAppHeaderProps {
  /** The school's logo and name. */
  brand: ReactNode;
  /** Who is signed in, shown on larger screens. */
  userName?: string | undefined;
  /** Language and theme switches, sign-out. */
  actions: ReactNode;
  userLabel: string;
}

/** The header of the authenticated layout. */
export function AppHeader({ brand, userName, actions, userLabel }: TAppHeaderProps) {
  return (
    <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75 dark:border-slate-800 dark:bg-slate-900/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-3 sm:px-6">
        <div className="min-w-0 flex-1">{brand}</div>
        {userName ? (
          <p className="hidden min-w-0 truncate text-sm text-slate-600 md:block dark:text-slate-300">
            <span className="sr-only">{userLabel} </span>
            {userName}
          </p>
        ) : null}
        <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">{actions}</div>
      </div>
    </header>
  );
}
