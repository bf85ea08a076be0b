import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { paths } from '../../../config/paths.ts';
import { primaryLink } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** A module the parent's role is not granted: says so plainly, with a way home. */
export function NotAvailablePage({ title }: { title: string }) {
  const { t } = useTranslation(['shell', 'common']);
  useDocumentTitle(t('notAvailable.title'), t('common:appName'));
  return (
    <div className="mx-auto max-w-xl py-10 text-center">
      <span className="mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-amber-50 dark:bg-amber-950/60">
        <Lock aria-hidden="true" className="size-7 text-amber-700 dark:text-amber-300" />
      </span>
      <h1 className="mt-5 text-2xl font-bold text-slate-900 dark:text-white">{t('notAvailable.title')}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{t('notAvailable.body', { title })}</p>
      <Link to={paths.dashboard} className={cx('mt-6', primaryLink)}>
        {t('notAvailable.home')}
      </Link>
    </div>
  );
}
