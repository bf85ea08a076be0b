import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink, Link2Off } from 'lucide-react';
import type { TOutsideLink, TOutsideLinkModule } from '@portal/contracts/families/links';
import { EmptyState } from '../../../components/module/empty-state.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { schoolText } from '../../../components/module/school-text.tsx';
import { focusRing } from '../../../components/ui/button.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useGetOutsideLinkQuery } from '../api.ts';

/** What the shell gives an outside-link page: its title and icon (the links are the school's, not a child's). */
export type TOutsideLinkPageProps = { title: string; icon?: ReactNode };

/**
 * An outside-link page (docs/modules.md F7): a card per destination naming its host, opening it in
 * a new tab (never inside the portal); or, when the school has none, what will appear here.
 */
function OutsideLinkPage({ module, title, icon }: TOutsideLinkPageProps & { module: TOutsideLinkModule }) {
  const { t } = useTranslation('links');
  const query = useGetOutsideLinkQuery(module);
  const answer = query.currentData;

  const body = () => {
    if (query.isError && !answer) {
      return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
    }
    if (!answer) return <LinkSkeleton />;
    if (answer.items.length === 0) {
      return (
        <EmptyState icon={Link2Off} iconTone="muted">
          {t(`${module}.empty`)}
        </EmptyState>
      );
    }
    return (
      <ul className={answer.items.length > 1 ? 'grid gap-4 md:grid-cols-2' : 'max-w-2xl'}>
        {answer.items.map((item) => (
          <li key={item.url}>
            <LinkCard item={item} />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} />
      <p className="max-w-prose text-slate-600 dark:text-slate-300">{t(`${module}.intro`)}</p>
      {body()}
      <p className="max-w-prose text-sm text-slate-600 dark:text-slate-400">{t('outsideNote')}</p>
    </div>
  );
}

/** One destination: its name, what is there, and its host on the link that opens it in a new tab. */
function LinkCard({ item }: { item: TOutsideLink }) {
  const { t, i18n } = useTranslation('links');
  const label = schoolText(item.label, item.labelAr, i18n.language);
  const description = schoolText(item.description, item.descriptionAr, i18n.language);
  return (
    <article className="flex h-full flex-col gap-4 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="min-w-0 space-y-1">
        <h2 lang={label.lang} className="text-lg font-semibold text-slate-900 dark:text-white">
          {label.text}
        </h2>
        {description.text ? (
          <p lang={description.lang} className="text-slate-700 dark:text-slate-300">
            {description.text}
          </p>
        ) : null}
      </div>
      <a
        href={item.url}
        target="_blank"
        rel="noopener noreferrer"
        className={cx(
          'mt-auto inline-flex min-h-11 w-fit max-w-full items-center gap-2 rounded-xl bg-purple-600 px-4 text-sm font-semibold text-white hover:bg-purple-700',
          focusRing,
        )}
      >
        <span>{t('open')}</span>
        <bdi dir="ltr" lang="en" className="truncate font-mono text-xs font-normal opacity-90">
          {item.host}
        </bdi>
        <ExternalLink aria-hidden="true" className="size-4 shrink-0 rtl:-scale-x-100" />
        <span className="sr-only">{t('newTab')}</span>
      </a>
    </article>
  );
}

function LinkSkeleton() {
  return (
    <Skeleton className="max-w-2xl">
      <div className="space-y-3 rounded-3xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <Bone className="h-6 w-1/2" />
        <Bone className="h-4 w-3/4" />
        <Bone className="h-11 w-56 rounded-xl" />
      </div>
    </Skeleton>
  );
}

export const MoodlePage = (props: TOutsideLinkPageProps) => <OutsideLinkPage module="moodle" {...props} />;
export const DigitalPage = (props: TOutsideLinkPageProps) => <OutsideLinkPage module="digital" {...props} />;
export const FacebookPage = (props: TOutsideLinkPageProps) => (
  <OutsideLinkPage module="facebook" {...props} />
);
export const InstagramPage = (props: TOutsideLinkPageProps) => (
  <OutsideLinkPage module="instagram" {...props} />
);
