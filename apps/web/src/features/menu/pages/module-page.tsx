import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Hourglass } from 'lucide-react';
import type { TMenuEntry } from '@portal/contracts/menu';
import { paths } from '../../../config/paths.ts';
import { primaryLink } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { ModuleIconTile } from '../components/module-icon-tile.tsx';

/**
 * A module's page until the module's own issue builds its content: the module's title and
 * icon, and an honest empty state. The route, its guard and the menu entry are final.
 */
export function ModulePage({ entry, title }: { entry: TMenuEntry; title: string }) {
  const { t } = useTranslation('shell');
  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={<ModuleIconTile entry={entry} />} />
      <section
        aria-labelledby="module-empty-title"
        className="rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900"
      >
        <Hourglass aria-hidden="true" className="mx-auto size-10 text-purple-600 dark:text-purple-300" />
        <h2 id="module-empty-title" className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
          {t('module.comingSoonTitle')}
        </h2>
        <p className="mx-auto mt-2 max-w-prose text-slate-600 dark:text-slate-300">
          {t('module.comingSoonBody', { title })}
        </p>
        <Link to={paths.dashboard} className={cx('mt-6', primaryLink)}>
          {t('module.home')}
        </Link>
      </section>
    </div>
  );
}
