import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

interface TPageHeaderProps {
  title: string;
  /** The module's icon tile, as the menu draws it. */
  icon?: ReactNode;
  /** The child the page is about, if it is about one. */
  childName?: string | null;
  actions?: ReactNode;
}

/** A module page's heading: the module's icon and name, and which child it is about. */
export function PageHeader({ title, icon, childName, actions }: TPageHeaderProps) {
  const { t } = useTranslation(['module', 'common']);
  useDocumentTitle(title, t('common:appName'));
  return (
    <header className="flex flex-wrap items-center gap-4">
      {icon}
      {/* At least 10rem: on a phone the actions wrap below the title rather than cover it. */}
      <div className="min-w-40 flex-1">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
        {childName ? (
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            {t('module:forChild')}{' '}
            <bdi className="font-semibold text-slate-800 dark:text-slate-100">{childName}</bdi>
          </p>
        ) : null}
      </div>
      {actions}
    </header>
  );
}
