import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Compass } from 'lucide-react';
import { paths } from '../../config/paths.ts';
import { primaryLink } from '../../components/ui/button.tsx';
import { cx } from '../../lib/class-names.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Any unknown path, inside the signed-in shell or the public entry view (its frame decides). */
export function Component() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('notFound.title'), t('appName'));
  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto w-full max-w-md rounded-3xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <Compass aria-hidden="true" className="mx-auto size-12 text-purple-600 dark:text-purple-400" />
      <p className="mt-4 text-sm font-semibold text-purple-700 dark:text-purple-300">404</p>
      <h1 id="not-found-title" className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">
        {t('notFound.title')}
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('notFound.body')}</p>
      <Link to={paths.root} className={cx('mt-6', primaryLink)}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
